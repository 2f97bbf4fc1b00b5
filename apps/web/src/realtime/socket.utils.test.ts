import { describe, expect, it } from 'vitest';
import {
  buildHeartbeat,
  buildSocketUrl,
  createTabSuffix,
  notificationKind,
  parseSocketFrame,
} from './socket.utils.ts';

describe('buildSocketUrl(input)', () => {
  it('builds the ws URL on http and wss on https', () => {
    const base = {
      host: 'localhost:5173',
      userId: 7,
      suffix: 'a1b2c3',
      language: 'zh' as const,
      token: 't/k+n',
    };
    expect(buildSocketUrl({ ...base, protocol: 'http:' })).toBe(
      'ws://localhost:5173/api/web/websocket/7-a1b2c3/zh?token=t%2Fk%2Bn',
    );
    expect(buildSocketUrl({ ...base, protocol: 'https:', language: 'en' })).toBe(
      'wss://localhost:5173/api/web/websocket/7-a1b2c3/en?token=t%2Fk%2Bn',
    );
  });
});

describe('buildHeartbeat(userId)', () => {
  it('is the SPEC §7 ping', () => {
    expect(JSON.stringify(buildHeartbeat(3))).toBe(
      '{"heartbeat":true,"userId":3,"toUserId":0,"message":"ping"}',
    );
  });
});

describe('parseSocketFrame(data)', () => {
  it('recognises heartbeats', () => {
    expect(parseSocketFrame('{"heartbeat":true,"userId":0,"toUserId":3,"message":"pong"}')).toEqual({
      kind: 'heartbeat',
    });
  });

  it('reads pushed messages', () => {
    const frame = parseSocketFrame(
      JSON.stringify({
        id: 12,
        type: 'alarm',
        message: '站点 000123 数据缺失',
        description: '连续 2 天无数据',
        messageType: 'warn',
        createTime: '2024-05-01 08:00:00',
      }),
    );
    expect(frame).toEqual({
      kind: 'message',
      message: {
        id: 12,
        type: 'alarm',
        message: '站点 000123 数据缺失',
        description: '连续 2 天无数据',
        messageType: 'warn',
        createTime: '2024-05-01 08:00:00',
      },
    });
  });

  it('reads processing-task frames', () => {
    const task = {
      id: 41,
      versionId: 7,
      stationId: 3,
      kind: 'tower_shadow',
      status: 'running',
      progress: 35,
      params: { method: 'gb' },
      result: null,
      errorKey: null,
      error: null,
      creatorName: '管理员',
      createTime: '2026-05-01T00:00:00.000Z',
      startTime: '2026-05-01T00:00:01.000Z',
      finishTime: null,
    };
    expect(parseSocketFrame(JSON.stringify({ event: 'task', task }))).toEqual({ kind: 'task', task });
  });

  it('ignores task frames without the task fields', () => {
    expect(parseSocketFrame('{"event":"task"}')).toEqual({ kind: 'unknown' });
    expect(parseSocketFrame('{"event":"task","task":{"id":"41","status":"running"}}')).toEqual({
      kind: 'unknown',
    });
  });

  it('reads change frames of the topics it knows, with their site', () => {
    expect(parseSocketFrame('{"event":"changed","topic":"receipts","stationId":7}')).toEqual({
      kind: 'change',
      change: { event: 'changed', topic: 'receipts', stationId: 7 },
    });
    expect(parseSocketFrame('{"event":"changed","topic":"access-tokens"}')).toEqual({
      kind: 'change',
      change: { event: 'changed', topic: 'access-tokens' },
    });
  });

  it('ignores change frames of unknown topics or without their site', () => {
    expect(parseSocketFrame('{"event":"changed","topic":"weather"}')).toEqual({ kind: 'unknown' });
    expect(parseSocketFrame('{"event":"changed","topic":"receipts"}')).toEqual({ kind: 'unknown' });
  });

  it('ignores anything else', () => {
    expect(parseSocketFrame('not json')).toEqual({ kind: 'unknown' });
    expect(parseSocketFrame('[1]')).toEqual({ kind: 'unknown' });
    expect(parseSocketFrame('{"type":"alarm"}')).toEqual({ kind: 'unknown' });
    expect(parseSocketFrame(new ArrayBuffer(2))).toEqual({ kind: 'unknown' });
  });
});

describe('createTabSuffix(random)', () => {
  it('returns 12 hex characters', () => {
    expect(createTabSuffix((bytes) => bytes.fill(171))).toBe('abababababab');
    expect(createTabSuffix()).toMatch(/^[0-9a-f]{12}$/);
  });
});

describe('notificationKind(messageType)', () => {
  it('shows a failed report or task with the error icon, a new alarm as a warning and a finished one as success', () => {
    expect(notificationKind('error')).toBe('error');
    expect(notificationKind('warning')).toBe('warning');
    expect(notificationKind('success')).toBe('success');
  });

  it('shows information, and any type it does not know, with the info icon', () => {
    expect(notificationKind('info')).toBe('info');
    expect(notificationKind('')).toBe('info');
    expect(notificationKind('open')).toBe('info');
  });
});
