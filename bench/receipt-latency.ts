// Data receipt latency for `npm run bench` (issue 30, WIND-ANALYSIS §15):
// - `receipt.latency_s.upload`: a demo mast (four cup heights, two vanes, T/RH/p: 22 channels) with one
//   seeded month of history on a real (embedded) PostgreSQL with the job queues and worker threads running,
//   then its next month uploaded (source 'upload', the production path: stored, parsed, the data-arrived
//   listener queues `receipt.compute`, a worker thread runs every check against the 30 days before). The
//   figure is the seconds from the file's data being stored (raw_file.parsed_at) to its receipt being
//   readable as computed (polled every 20 ms), median of 3 uploads (three sites). Target ≤ 60.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoMonthFiles, seedDemoTimeseries } from '../apps/server/src/modules/seed/demo-timeseries.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { createServer } from '../apps/server/src/server.ts';
import type { TBenchResult } from './run.ts';

const HISTORY_MONTH = Date.UTC(2025, 5, 1);
const SITES = 3;

export async function benchReceiptLatency(): Promise<TBenchResult[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-bench-receipt-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'Bench#Receipt2026',
    SEED_DEMO_DATA: 'false',
    PORT: '0',
    HOST: '127.0.0.1',
  });
  const log = createLogger(config);
  const server = await createServer(config, log, { warmComputeThreads: true });
  const db = server.db;
  try {
    await server.warmUp();
    const sites = [];
    for (let k = 0; k < SITES; k++) {
      const row = await db
        .insertInto('station')
        .values({
          station_code: String(870000 + k),
          project_name: `回执基准 ${k}`,
          longitude: 115,
          latitude: 40,
          station_type: 'met_mast',
          pylon_height_m: 100,
          altitude_m: 1350,
          logger_utc_offset_minutes: 0,
        })
        .returning(['id', 'station_code'])
        .executeTakeFirstOrThrow();
      sites.push(row);
    }
    await seedDemoTimeseries(db, server.services.ingestion, log, {
      siteCount: SITES,
      months: 1,
      firstMonth: HISTORY_MONTH,
    });
    const latencies: number[] = [];
    for (const [k, site] of sites.entries()) {
      const july = [
        ...demoMonthFiles({
          siteIndex: k,
          topM: 100,
          altitudeM: 1350,
          utcOffsetMinutes: 0,
          firstMonth: HISTORY_MONTH,
          months: 2,
        }),
      ][1]!;
      const result = await server.services.ingestion.ingestFile({
        stationId: site.id,
        fileName: `${site.station_code}_202507.csv`,
        source: 'upload',
        bytes: july.content,
      });
      if (result.status !== 'parsed')
        throw new Error(`the bench file was not parsed: ${JSON.stringify(result)}`);
      const deadline = Date.now() + 120_000;
      for (;;) {
        const row = await db
          .selectFrom('data_receipt as r')
          .innerJoin('raw_file as f', 'f.id', 'r.raw_file_id')
          .select(['r.status', 'f.parsed_at'])
          .where('r.raw_file_id', '=', result.rawFileId)
          .executeTakeFirst();
        if (row && row.status !== 'pending') {
          if (row.status !== 'done') throw new Error(`the bench receipt ${row.status}`);
          latencies.push((Date.now() - row.parsed_at!.getTime()) / 1000);
          break;
        }
        if (Date.now() > deadline) throw new Error('no receipt within 120 s');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    latencies.sort((a, b) => a - b);
    const median = latencies[Math.floor(latencies.length / 2)]!;
    return [{ name: 'receipt.latency_s.upload', value: Math.round(median * 100) / 100, unit: 's' }];
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npx tsx bench/receipt-latency.ts` runs this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchReceiptLatency());
  process.exit(0);
}
