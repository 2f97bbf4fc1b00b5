import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.ts';
import { findFreePort } from '../../src/platform/db/embedded.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { createServer } from '../../src/server.ts';
import { until } from '../second-process.ts';
import { TEST_ADMIN_PASSWORD } from '../test-server.ts';

/**
 * The embedded PostgreSQL stops under a running server (killed, crashed, taken by the OOM killer; issue
 * 26): the server starts it again and answers as before, or — when it cannot — the process exits
 * non-zero so a supervisor can start it again, instead of answering 503 forever.
 */
const dataDirs: string[] = [];
function newDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'masthub-pg-restart-'));
  // As root the embedded PostgreSQL runs as `postgres`, which must be able to reach its folder.
  chmodSync(dir, 0o755);
  dataDirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** The postmaster's pid and port, from its postmaster.pid (lines 1 and 4). */
function postmasterOf(dataDir: string): { pid: number; port: number } {
  const lines = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

describe('the embedded PostgreSQL stopping under a running server', () => {
  it('is started again, and the server answers from the same data as before', async () => {
    const dataDir = newDataDir();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      SEED_DEMO_DATA: 'false',
      JOBS_ENABLED: 'false',
      COMPUTE_THREADS: '1',
      WEB_DIST_DIR: '/nonexistent-web-dist',
    });
    const lost: Error[] = [];
    const server = await createServer(config, createLogger(config), { onDatabaseLost: (e) => lost.push(e) });
    try {
      const health = () => server.app.inject({ method: 'GET', url: '/api/health' });
      const login = () =>
        server.app.inject({
          method: 'POST',
          url: '/api/security/sys/user/login',
          payload: { account: 'admin', password: TEST_ADMIN_PASSWORD },
        });
      expect((await login()).statusCode).toBe(200);
      const before = postmasterOf(dataDir);
      process.kill(before.pid, 'SIGKILL');
      await until(
        'the restarted PostgreSQL',
        async () => {
          const now = (() => {
            try {
              return postmasterOf(dataDir);
            } catch {
              return undefined;
            }
          })();
          return now && now.pid !== before.pid && (await health()).statusCode === 200 ? now : undefined;
        },
        60_000,
      );
      expect(postmasterOf(dataDir).port).toBe(before.port);
      // The process's pool reconnects: a login reads and writes the same database.
      expect((await login()).statusCode).toBe(200);
      expect(lost).toEqual([]);
    } finally {
      await server.close();
    }
  }, 180_000);

  it('exits non-zero when it cannot be started again, so a supervisor can restart MastHub', async () => {
    const dataDir = newDataDir();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.resolve(import.meta.dirname, '../../src/main-api.ts')],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(await findFreePort()),
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          SEED_DEMO_DATA: 'false',
          ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
          JOBS_ENABLED: 'false',
          COMPUTE_THREADS: '1',
          LOG_LEVEL: 'info',
          WEB_DIST_DIR: '/nonexistent-web-dist',
          EMBEDDED_DB_RESTARTS: '1',
        },
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    let holder: net.Server | undefined;
    try {
      await until(
        'MastHub ready',
        async () => (output.includes('"MastHub ready"') ? true : undefined),
        120_000,
      );
      const { pid, port } = postmasterOf(dataDir);
      process.kill(pid, 'SIGKILL');
      // Something else takes the database's port the moment it is free: the restart cannot bind it.
      holder = await new Promise<net.Server>((resolve, reject) => {
        const deadline = Date.now() + 10_000;
        const attempt = () => {
          const server = net.createServer();
          server.once('error', () =>
            Date.now() > deadline ? reject(new Error('the port stayed taken')) : setTimeout(attempt, 10),
          );
          server.listen(port, '127.0.0.1', () => resolve(server));
        };
        attempt();
      });
      const code = await Promise.race([
        exited,
        new Promise<'running'>((r) => setTimeout(() => r('running'), 30_000)),
      ]);
      expect(code, output.slice(-2000)).toBe(1);
      expect(output).toContain('could not be restarted after 1 attempt(s)');
    } finally {
      holder?.close();
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 180_000);
});
