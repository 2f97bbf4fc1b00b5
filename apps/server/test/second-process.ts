import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deadPort } from './smtp.ts';
import { TEST_ADMIN_PASSWORD } from './test-server.ts';

/** Polls `probe` every 500 ms until it returns a value, or throws after `timeoutMs`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * A second MastHub server process (the real entry point) on the test server's database, with its own data
 * folder and the given settings; resolves once it answers /api/health. `stop()` ends it and its folder.
 */
export async function startSecondProcess(
  databaseUrl: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-second-'));
  const port = await deadPort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/main-api.ts')],
    {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        SEED_DEMO_DATA: 'false',
        ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
        WEB_DIST_DIR: '/nonexistent-web-dist',
        ...env,
      },
      stdio: 'ignore',
    },
  );
  await until(
    'the second process',
    async () => {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      return ok ? true : undefined;
    },
    60_000,
  );
  return {
    child,
    port,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
