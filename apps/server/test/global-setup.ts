import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/platform/db/database.ts';
import { startEmbeddedDatabase, type TEmbeddedDatabase } from '../src/platform/db/embedded.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { createLogger } from '../src/platform/logger.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the test server, pointing at its maintenance database. */
    testAdminUrl: string;
    /** The migrated database each test file clones. */
    testTemplate: string;
  }
}

/**
 * Once per run: a real PostgreSQL (TEST_DATABASE_URL, else an embedded one in a temp folder), and a
 * template database migrated once; each test file then clones it (apps/server/test/db.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const log = createLogger({ LOG_LEVEL: 'warn' });
  let embedded: TEmbeddedDatabase | null = null;
  let tmp: string | null = null;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'masthub-test-pg-'));
    embedded = await startEmbeddedDatabase(tmp, log);
    adminUrl = embedded.url;
  }
  const template = `masthub_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;
  // The pool only: Kysely's destroy() would not end a pool it never used, leaving a connection
  // on the template that blocks every clone until it idles out.
  const { pool } = createDatabase(templateUrl.toString(), 2);
  await migrate(pool);
  await pool.end();
  // pg-boss's schema too, so each test server's job queue starts without installing it.
  const boss = new PgBoss({
    connectionString: templateUrl.toString(),
    max: 1,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
  project.provide('testAdminUrl', adminUrl);
  project.provide('testTemplate', template);

  return async () => {
    // Drop what this run created, including clones a crashed test file left behind.
    const left = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'masthub_t_%' OR datname = $1",
      [template],
    );
    for (const { datname } of left.rows) {
      if (datname === template || datname.includes(`_${process.pid}_`)) {
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
      }
    }
    await admin.end();
    await embedded?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  };
}
