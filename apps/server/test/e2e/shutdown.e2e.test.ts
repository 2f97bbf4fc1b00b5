import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../src/platform/db/embedded.ts';

const mainApi = path.resolve(import.meta.dirname, '../../src/main-api.ts');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-shutdown-'));
// As root the embedded PostgreSQL runs as `postgres`, which must be able to reach its folder.
chmodSync(dataDir, 0o755);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * A real `npm start` process (embedded PostgreSQL, job workers on) stopped with SIGTERM (issue 12): the
 * workers stop before the database, nothing is logged as an error, no log line carries an object graph,
 * a staged upload left by an earlier crash is cleaned at the next start, and the database is down after.
 */
describe('stopping the server with SIGTERM', () => {
  it('stops workers before the database, logs no error and leaves no PostgreSQL behind', async () => {
    const port = await findFreePort();
    const start = () =>
      spawn(process.execPath, ['--import', 'tsx', mainApi], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          SEED_DEMO_DATA: 'false',
          ADMIN_PASSWORD: 'Admin#2026pw',
          JOBS_ENABLED: 'true',
          LOG_LEVEL: 'info',
          WEB_DIST_DIR: '/nonexistent-web-dist',
        },
      });
    const run = async (beforeStop?: () => Promise<void>) => {
      const child = start();
      const lines: string[] = [];
      let buffer = '';
      const collect = (chunk: Buffer) => {
        buffer += String(chunk);
        const parts = buffer.split('\n');
        buffer = parts.pop() ?? '';
        lines.push(...parts);
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (lines.some((l) => l.includes('"MastHub ready"'))) {
            clearInterval(timer);
            resolve();
          }
        }, 50);
        child.once('exit', (code) => {
          clearInterval(timer);
          reject(new Error(`exited early with ${code}:\n${lines.join('\n')}`));
        });
      });
      await beforeStop?.();
      // Let the workers poll at least once.
      await new Promise((r) => setTimeout(r, 1500));
      child.kill('SIGTERM');
      const code = await new Promise<number | null>((r) => child.once('exit', r));
      if (buffer) lines.push(buffer);
      return { code, lines };
    };

    const first = await run();
    expect(first.code).toBe(0);
    const json = first.lines.filter((l) => l.startsWith('{'));
    expect(json.some((l) => l.includes('"shutting down"'))).toBe(true);
    const errors = json.filter((l) => (JSON.parse(l) as { level: number }).level >= 50);
    expect(errors).toEqual([]);
    for (const line of first.lines) expect(line.length).toBeLessThan(2000);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    // A part left by an upload cut off long ago is removed at the next start.
    const { mkdirSync, writeFileSync, utimesSync } = await import('node:fs');
    const tmp = path.join(dataDir, 'files', 'tmp');
    mkdirSync(tmp, { recursive: true });
    const stale = path.join(tmp, 'cut-off.part');
    writeFileSync(stale, 'half an upload');
    const old = new Date(Date.now() - 60 * 60_000);
    utimesSync(stale, old, old);
    const second = await run(async () => {
      expect(existsSync(stale)).toBe(false);
    });
    expect(second.code).toBe(0);
    expect(second.lines.some((l) => l.includes('removed staged uploads'))).toBe(true);
  }, 120_000);
});
