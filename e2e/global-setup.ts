import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { hashPassword } from '../apps/server/src/platform/auth/passwords.ts';
import {
  findFreePort,
  startEmbeddedDatabase,
  type TEmbeddedDatabase,
} from '../apps/server/src/platform/db/embedded.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
// @ts-expect-error plain ESM script without types
import { ensureWebBuilt, root } from '../scripts/web-build.mjs';

export const E2E_ADMIN_PASSWORD = 'E2e#Admin2026';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    adminPassword: string;
    outputDir: string;
  }
}

async function waitForHealth(url: string, server: ChildProcess, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not answer /api/health in time');
}

/**
 * The browser suite runs against the real app: the built web app served by a MastHub server process
 * with the demo data, on a real PostgreSQL (TEST_DATABASE_URL, else an embedded one).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!ensureWebBuilt()) throw new Error('the web app did not build');
  const log = createLogger({ LOG_LEVEL: 'warn' });
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'masthub-e2e-'));
  // As root the embedded PostgreSQL runs as `postgres`, which must be able to reach its folder.
  chmodSync(tmp, 0o755);
  let embedded: TEmbeddedDatabase | null = null;
  let databaseUrl: string;
  let dropDatabase = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    const name = `masthub_e2e_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    embedded = await startEmbeddedDatabase(path.join(tmp, 'db'), log);
    databaseUrl = embedded.url;
  }
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/main-api.ts')],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        // Links in e-mails are built from PUBLIC_URL only (never from a request's Host header).
        PUBLIC_URL: baseUrl,
        DATABASE_URL: databaseUrl,
        DATA_DIR: path.join(tmp, 'data'),
        ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        SEED_DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
        // The webhook spec posts to a receiver on this machine (refused by the default SSRF guard).
        WEBHOOK_ALLOW_PRIVATE: 'true',
      },
    },
  );
  await waitForHealth(baseUrl, server, 60_000);
  // Demo users get random passwords printed once at the first start; the suite logs in as one of them
  // with a password it sets here, as an administrator would by resetting it.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query('UPDATE app_user SET password_hash = $1 WHERE account = $2', [
    await hashPassword(E2E_ADMIN_PASSWORD),
    'eng_zhang01',
  ]);
  // The demo's two years of 10-minute data go in through the real ingestion in the background. Tests
  // start once it is in: they then run against the whole demo (alarms, repairs, data on three masts)
  // and do not race the import for the two cores (heavy specs timed out while it ran).
  const started = Date.now();
  for (;;) {
    const done = await db.query(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'seed.demo-timeseries' AND state = 'completed'",
    );
    if (done.rows[0].n > 0) break;
    if (Date.now() - started > 600_000) throw new Error('the demo data import did not finish in 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  console.log(`  demo data imported in ${Math.round((Date.now() - started) / 1000)} s; browser tests start`);
  await db.end();
  const outputDir = path.join(root, 'test-results', 'e2e');
  project.provide('baseUrl', baseUrl);
  project.provide('databaseUrl', databaseUrl);
  project.provide('adminPassword', E2E_ADMIN_PASSWORD);
  project.provide('outputDir', outputDir);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    await dropDatabase();
    await embedded?.stop();
    rmSync(tmp, { recursive: true, force: true });
  };
}
