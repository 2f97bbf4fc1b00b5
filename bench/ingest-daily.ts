// Ingestion throughput for `npm run bench` (issue 18): `ingest.daily_files_per_min` — 3 000 daily logger
// files (40 channels × 144 ten-minute rows each, 100 sites × 30 days: the BrightHub peak of a morning's
// FTP drop) stored and queued at once, then parsed by one worker process's job queue (concurrency as
// configured) on this machine. Target ≥ 600 files/min (all 3 000 in ≤ 5 min) with peak RSS ≤ 1 GB
// (`ingest.daily_peak_rss_mb`).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { createServer } from '../apps/server/src/server.ts';
import { DAILY_CHANNELS, DAILY_ROWS, dailyFile, rememberLayout } from './daily-files.ts';
import { loginAt } from './load-users.ts';
import type { TBenchResult } from './run.ts';

// INGEST_DAILY_SITES makes it smaller (a check that it runs).
const SITES = Number(process.env.INGEST_DAILY_SITES ?? 100);
const DAYS = 30;
const CHANNELS = DAILY_CHANNELS;
const ROWS = DAILY_ROWS;

export async function benchIngestDaily(): Promise<TBenchResult[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-bench-daily-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'fatal',
    ADMIN_PASSWORD: 'Bench#Daily2026',
    SEED_DEMO_DATA: 'false',
    JOBS_ENABLED: 'true',
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_DIST_DIR: '/nonexistent-web-dist',
  });
  const server = await createServer(config, createLogger(config));
  try {
    const stations = await server.db
      .insertInto('station')
      .values(
        Array.from({ length: SITES }, (_, i) => ({
          station_code: String(800000 + i),
          project_name: `日文件基准 ${i + 1}`,
          longitude: 110 + i / 100,
          latitude: 40,
        })),
      )
      .returning('id')
      .execute();
    const ingestion = server.services.ingestion;
    // FTP files of a layout nobody confirmed are held (issue 40): each site's layout is confirmed once in the
    // preview, as a person does for a new logger, on a day after the measured ones.
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `${address}/api`;
    const token = await loginAt(base, 'admin', 'Bench#Daily2026');
    for (const [s, station] of stations.entries())
      await rememberLayout(base, token, station.id, dailyFile(s, DAYS));
    // Those files parse in the job queue: their values are in before the measured ones go.
    for (;;) {
      const r = await sql<{ busy: number }>`
        SELECT count(*)::int AS busy FROM raw_file WHERE status IN ('pending', 'parsing')`.execute(server.db);
      if (r.rows[0]!.busy === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const before = await sql<{
      n: number | null;
    }>`SELECT sum(value_count)::float8 AS n FROM ts_chunk`.execute(server.db);
    // Store and record every file first (as a fetch of many files does), then queue them all at once.
    const ids: number[] = [];
    for (let day = 0; day < DAYS; day++) {
      for (let s = 0; s < SITES; s++) {
        const staged = await ingestion.stage(Readable.from([dailyFile(s, day)]), 10 * 1024 * 1024);
        const stored = await ingestion.recordStaged(staged, {
          stationId: stations[s]!.id,
          fileName: `${800000 + s}_202610${String(day + 1).padStart(2, '0')}.csv`,
          source: 'ftp',
        });
        ids.push(stored.row.id);
      }
    }
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 100);
    const started = performance.now();
    for (const id of ids) await ingestion.enqueueParse(id);
    let done = 0;
    for (;;) {
      const r = await sql<{ done: number; failed: number }>`
        SELECT count(*) FILTER (WHERE status IN ('parsed', 'failed'))::int AS done,
               count(*) FILTER (WHERE status = 'failed')::int AS failed
          FROM raw_file WHERE id = ANY(${ids})`.execute(server.db);
      done = r.rows[0]!.done;
      if (r.rows[0]!.failed > 0) throw new Error(`${r.rows[0]!.failed} daily files failed`);
      if (done >= ids.length) break;
      if (performance.now() - started > 20 * 60_000) throw new Error(`only ${done} files parsed in 20 min`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const minutes = (performance.now() - started) / 60_000;
    clearInterval(sampler);
    const values = await sql<{ n: number }>`SELECT sum(value_count)::float8 AS n FROM ts_chunk`.execute(
      server.db,
    );
    const stored = values.rows[0]!.n - (before.rows[0]!.n ?? 0);
    if (stored !== SITES * DAYS * CHANNELS * ROWS) {
      throw new Error(`stored ${stored} values, expected ${SITES * DAYS * CHANNELS * ROWS}`);
    }
    console.log(
      `  (daily files: ${ids.length} in ${(minutes * 60).toFixed(1)} s, peak RSS ${Math.round(peakRss / 1048576)} MB)`,
    );
    return [
      { name: 'ingest.daily_files_per_min', value: Math.round(ids.length / minutes), unit: 'files/min' },
      { name: 'ingest.daily_peak_rss_mb', value: Math.round(peakRss / 1048576), unit: 'MB' },
    ];
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npx tsx bench/ingest-daily.ts` runs this benchmark alone.
// With --json (as `npm run bench` runs it, in a process of its own) the figures are the last line, as JSON.
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchIngestDaily();
  console.log(process.argv.includes('--json') ? JSON.stringify(figures) : figures);
  process.exit(0);
}
