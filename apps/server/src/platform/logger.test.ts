import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl, serializeError } from './logger.ts';

describe('redactUrl', () => {
  it('hides the websocket token and other secrets but keeps the rest of the URL', () => {
    expect(redactUrl('/api/web/websocket/7-ab12/zh?token=0123456789abcdef')).toBe(
      '/api/web/websocket/7-ab12/zh?token=[redacted]',
    );
    expect(redactUrl('/d?a=1&signature=xyz&b=2')).toBe('/d?a=1&signature=[redacted]&b=2');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});

describe('createLogger', () => {
  it('writes a request line without the token from its URL', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = createLogger({ LOG_LEVEL: 'info' }, sink);
    log.info({ req: { method: 'GET', url: '/api/web/websocket/1-x/en?token=SECRET-TOKEN' } }, 'incoming');
    expect(lines.join('')).toContain('token=[redacted]');
    expect(lines.join('')).not.toContain('SECRET-TOKEN');
  });
});

describe('serializeError', () => {
  it('keeps message, code and stack but never an object hanging off the error', () => {
    const error = Object.assign(new Error('Connection terminated'), {
      code: '57P01',
      client: { connectionParameters: { password: 'pw' }, queue: new Array(100).fill('x') },
    });
    const out = serializeError(error);
    expect(out).toMatchObject({ type: 'Error', message: 'Connection terminated', code: '57P01' });
    expect(JSON.stringify(out)).not.toContain('connectionParameters');
  });
});
