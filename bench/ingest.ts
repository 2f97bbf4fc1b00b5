// Ingestion and store figures for `npm run bench` (issue 5): whole upload → stored and queryable for
// the NREL M5 CSV (139 MB, 107 columns) and a one-year 40-channel 10-minute file (~15 MB), peak RSS
// of the M5 ingest, and reading one channel-year back. Against a real (embedded) PostgreSQL.
import { createReadStream, createWriteStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { standaloneAlarmService } from '../apps/server/src/modules/alarms/alarms.service.ts';
import { IngestionService } from '../apps/server/src/modules/ingestion/ingestion.service.ts';
import { parserPort } from '../apps/server/src/modules/ingestion/parser-binding.ts';
import { StationLogService } from '../apps/server/src/modules/station-log/station-log.service.ts';
import { TimeSeriesRepository } from '../apps/server/src/modules/timeseries/timeseries.repository.ts';
import { createDatabase, type Database } from '../apps/server/src/platform/db/database.ts';
import { startEmbeddedDatabase } from '../apps/server/src/platform/db/embedded.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { LocalFileStore } from '../apps/server/src/platform/files/file-store.ts';
import type { TJobs } from '../apps/server/src/platform/jobs/jobs.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { dataArrivedListeners } from '../apps/server/src/wiring/data-arrived.ts';

type TResult = { name: string; value: number; unit: string };

const M5_GZ = path.resolve(
  import.meta.dirname,
  '../../shared/samples/real-mast/nrel-nwtc-m5/nrel_nwtc_m5_10min_2012-08_2017-09.csv.gz',
);

let stationSeq = 0;
async function newStation(db: Database): Promise<number> {
  stationSeq += 1;
  const row = await db
    .insertInto('station')
    .values({
      station_code: String(800000 + stationSeq),
      project_name: `bench ${stationSeq}`,
      longitude: 115,
      latitude: 40,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One year of 10-minute rows, 40 channels (~15 MB). */
async function writeYear40(target: string): Promise<void> {
  const out = createWriteStream(target);
  out.write(`TIMESTAMP,${Array.from({ length: 40 }, (_, c) => `Spd${10 + c * 5}m_Avg`).join(',')}\n`);
  const start = Date.UTC(2023, 0, 1);
  let buffer = '';
  for (let r = 0; r < 52_560; r++) {
    const iso = new Date(start + r * 600_000).toISOString();
    let line = `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
    for (let c = 0; c < 40; c++) line += `,${(((r * 31 + c * 17) % 2500) / 100).toFixed(2)}`;
    buffer += `${line}\n`;
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      buffer = '';
    }
  }
  out.end(buffer);
  await new Promise<void>((resolve) => out.once('finish', () => resolve()));
}

export async function benchIngest(): Promise<TResult[]> {
  const log = createLogger({ LOG_LEVEL: process.env.BENCH_LOG_LEVEL === 'debug' ? 'debug' : 'warn' });
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'masthub-bench-ingest-'));
  const embedded = await startEmbeddedDatabase(tmp, log);
  const { db, pool } = createDatabase(embedded.url, 8);
  const results: TResult[] = [];
  try {
    await migrate(pool);
    const noJobs = { isWorking: false, send: async () => null } as unknown as TJobs;
    const alarms = standaloneAlarmService(db, log);
    const service = new IngestionService(
      db,
      new LocalFileStore(path.join(tmp, 'files')),
      parserPort,
      noJobs,
      log,
      new StationLogService(db),
      dataArrivedListeners(alarms),
    );
    const store = new TimeSeriesRepository(db);

    // A one-year, 40-channel file.
    const year40 = path.join(tmp, 'year40.csv');
    await writeYear40(year40);
    const yearStation = await newStation(db);
    let t = performance.now();
    const yr = await service.ingestFile({
      stationId: yearStation,
      fileName: 'year40.csv',
      source: 'upload',
      path: year40,
    });
    const yearS = (performance.now() - t) / 1000;
    if (yr.status !== 'parsed') throw new Error(`year40 not parsed: ${JSON.stringify(yr)}`);
    console.log(`  (year40 file ${(statSync(year40).size / 1e6).toFixed(1)} MB)`);
    results.push({ name: 'ingest.total_s.year40', value: Math.round(yearS * 100) / 100, unit: 's' });

    // The abnormal-data evaluation ingestion runs after storing a file: the site's QC rules over the
    // file's year of 40 channels (median of 3; the first run, inside the ingest above, opened the alarms).
    const evaluations: number[] = [];
    for (let i = 0; i < 3; i++) {
      t = performance.now();
      await alarms.evaluateAbnormal(yearStation, Date.UTC(2023, 0, 1), Date.UTC(2024, 0, 1) - 600_000);
      evaluations.push(performance.now() - t);
    }
    evaluations.sort((a, b) => a - b);
    results.push({ name: 'alarms.on_ingest_ms.year40', value: Math.round(evaluations[1]!), unit: 'ms' });

    // Reading one channel-year back (median of 20 reads of different channels).
    const version = (await store.findOriginalVersion(yearStation))!;
    const channels = await store.listChannels(version.id);
    const from = Date.UTC(2023, 0, 1);
    const to = Date.UTC(2024, 0, 1);
    const reads: number[] = [];
    for (let i = 0; i < 20; i++) {
      const channel = channels[i % channels.length]!;
      t = performance.now();
      const series = await store.readChannel(channel.id, from, to);
      reads.push(performance.now() - t);
      if (series?.values.length !== 52_560) throw new Error('channel-year read returned the wrong length');
    }
    reads.sort((a, b) => a - b);
    results.push({ name: 'store.read_channel_year_ms', value: Math.round(reads[10]! * 10) / 10, unit: 'ms' });

    if (existsSync(M5_GZ) && !process.env.SKIP_M5) {
      const m5 = path.join(tmp, 'nrel_nwtc_m5_10min_2012-08_2017-09.csv');
      await pipeline(createReadStream(M5_GZ), createGunzip(), createWriteStream(m5));
      const m5Station = await newStation(db);
      (globalThis as { gc?: () => void }).gc?.();
      let peak = process.memoryUsage().rss;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      t = performance.now();
      const r = await service.ingestFile({
        stationId: m5Station,
        fileName: path.basename(m5),
        // As the other M5 benches: a file with doubts (M5's humidity reads past 100 %) arriving unwatched is
        // held since issue 40, and an upload is confirmed in the preview first; 'seed' reads it through the
        // same parse and store path without the hold.
        source: 'seed',
        path: m5,
      });
      const m5S = (performance.now() - t) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      if (r.status !== 'parsed') throw new Error(`M5 not parsed: ${JSON.stringify(r)}`);
      results.push({ name: 'ingest.total_s.m5', value: Math.round(m5S * 100) / 100, unit: 's' });
      results.push({ name: 'ingest.peak_rss_mb.m5', value: Math.round(peak / 1048576), unit: 'MB' });
    } else {
      console.log('ingest.total_s.m5 / ingest.peak_rss_mb.m5: skipped, ../shared/samples is absent');
    }
  } finally {
    await db.destroy();
    await embedded.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchIngest()) console.log(r.name, r.value, r.unit);
}
