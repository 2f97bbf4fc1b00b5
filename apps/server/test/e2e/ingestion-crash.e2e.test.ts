import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standaloneAlarmService } from '../../src/modules/alarms/alarms.service.ts';
import { IngestionService } from '../../src/modules/ingestion/ingestion.service.ts';
import { parserPort } from '../../src/modules/ingestion/parser-binding.ts';
import { StationLogService } from '../../src/modules/station-log/station-log.service.ts';
import { createDatabase, type Database } from '../../src/platform/db/database.ts';
import { LocalFileStore } from '../../src/platform/files/file-store.ts';
import { PgBossJobs } from '../../src/platform/jobs/jobs.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { dataArrivedListeners } from '../../src/wiring/data-arrived.ts';
import { createTestDatabase } from '../db.ts';
import { buildStation } from '../test-server.ts';

const CHANNELS = 40;
const ROWS = 2 * 52_560; // two years of 10-minute rows
const VERSION_LOCK_CLASS = 74_521_106;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let tmp: string;
let file: string;

/** A two-year, 40-channel 10-minute CSV (~30 MB): long enough to kill its store transaction. */
async function writeBigFile(target: string): Promise<void> {
  const out = createWriteStream(target);
  const header = ['Timestamp', ...Array.from({ length: CHANNELS }, (_, c) => `WS_${c + 10}m_Avg`)].join(',');
  out.write(`${header}\n`);
  const start = Date.UTC(2022, 0, 1);
  let buffer = '';
  for (let r = 0; r < ROWS; r++) {
    const t = new Date(start + r * 600_000).toISOString();
    let line = `${t.slice(0, 10)} ${t.slice(11, 19)}`;
    for (let c = 0; c < CHANNELS; c++) line += `,${((r * 7 + c * 13) % 2000) / 100}`;
    buffer += `${line}\n`;
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await new Promise<void>((r2) => out.once('drain', () => r2()));
      buffer = '';
    }
  }
  out.end(buffer);
  await new Promise<void>((r) => out.once('finish', () => r()));
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, 4).db;
  tmp = mkdtempSync(path.join(os.tmpdir(), 'masthub-crash-'));
  file = path.join(tmp, 'big.csv');
  await writeBigFile(file);
}, 120_000);

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

async function holdsVersionLock(): Promise<boolean> {
  const r = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pg_locks
    WHERE locktype = 'advisory' AND classid = ${VERSION_LOCK_CLASS} AND granted
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(db);
  return r.rows[0]!.n > 0;
}

describe('a crash during ingestion', () => {
  it('leaves nothing half-written; after a restart the file is parsed fully', async () => {
    const station = await buildStation(db);
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.resolve(import.meta.dirname, '../ingest-child.ts')],
      {
        env: {
          ...process.env,
          DATABASE_URL: database.url,
          DATA_DIR: tmp,
          FILE: file,
          STATION_ID: String(station.id),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    // Kill it the moment it holds the version lock: inside the store transaction.
    let isInside = false;
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline && child.exitCode === null) {
      if (await holdsVersionLock()) {
        isInside = true;
        child.kill('SIGKILL');
        break;
      }
      await new Promise((r) => setTimeout(r, 2));
    }
    expect(isInside, `the child never reached the store transaction: ${output}`).toBe(true);
    expect(await exited).toBe('SIGKILL');
    // The server rolls the dead connection's transaction back.
    for (let i = 0; i < 200 && (await holdsVersionLock()); i++) await new Promise((r) => setTimeout(r, 50));
    const rows = await db.selectFrom('raw_file').selectAll().where('station_id', '=', station.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('parsing');
    const partial = await db.selectFrom('ts_chunk').select('channel_id').execute();
    expect(partial).toEqual([]);

    // Restart: the unfinished file is queued again and parsed.
    const jobs = new PgBossJobs(database.url, {
      isWorking: true,
      log: createLogger({ LOG_LEVEL: 'silent' }),
    });
    await jobs.start();
    try {
      const service = new IngestionService(
        db,
        new LocalFileStore(path.join(tmp, 'files')),
        parserPort,
        jobs,
        createLogger({ LOG_LEVEL: 'silent' }),
        new StationLogService(db),
        dataArrivedListeners(standaloneAlarmService(db, createLogger({ LOG_LEVEL: 'silent' }))),
      );
      await service.startWorkers();
      let status = 'parsing';
      for (let i = 0; i < 600 && status !== 'parsed' && status !== 'failed'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = (
          await db
            .selectFrom('raw_file')
            .select('status')
            .where('id', '=', rows[0]!.id)
            .executeTakeFirstOrThrow()
        ).status;
      }
      expect(status).toBe('parsed');
      const total = await db
        .selectFrom('ts_chunk')
        .select((eb) => [
          eb.fn.sum<number>('value_count').as('values'),
          eb.fn.countAll<number>().as('chunks'),
        ])
        .executeTakeFirstOrThrow();
      expect(Number(total.values)).toBe(ROWS * CHANNELS);
      expect(Number(total.chunks)).toBe(24 * CHANNELS);
    } finally {
      await jobs.stop();
    }
  }, 180_000);
});
