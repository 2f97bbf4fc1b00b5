// The path around the statistics computation, measured phase by phase (issue 33, "measure first"), on a
// real (embedded) PostgreSQL holding the five-year NREL M5 mast with all its channels. Each phase is run
// on its own in this process, as the compute thread runs it:
// - `stats_path.query_ms.m5` / `…transfer_mb`: SELECT of every chunk row of the version (values and
//   flags as stored) — the query and the bytes PostgreSQL hands over;
// - `stats_path.inflate_ms.m5` and `store.decode_mbps.m5`: decoding those rows to Float32/Uint8 arrays
//   (decoded bytes per second); `store.bytes_per_value.m5`: stored value bytes per grid slot, and how
//   much of that PostgreSQL compressed again (TOAST) — `store.toast_saving_pct.m5`;
// - `stats_path.compute_ms.m5`: packages/wind over the loaded series (buildAnalysis);
// - `stats_path.schema_ms.m5`: the response schema check (zod) of the answer;
// - `stats_path.serialise_ms.m5` / `…answer_mb`: JSON.stringify of the answer;
// - `stats_path.thread_copy_ms.m5`: the answer's JSON crossing from a worker thread (postMessage);
// - `stats_path.compress_ms.m5` / `…answer_br_mb`: brotli quality 1, what the API now sends to the web.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { ZStatisticsRequest, ZStatisticsResult } from '@masthub/shared';
import { sql } from 'kysely';
import { decodeFlags, decodeValues } from '../apps/server/src/modules/timeseries/chunk.ts';
import {
  deriveSdFromTi,
  loadSeries,
  openTimeSeriesStore,
} from '../apps/server/src/modules/timeseries/index.ts';
import { buildAnalysis } from '../apps/server/src/modules/wind-data/statistics/build-analysis.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { encodeBody } from '../apps/server/src/platform/http/pre-serialized.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { createServer } from '../apps/server/src/server.ts';
import { ingestM5, M5_GZ } from './m5.ts';
import type { TBenchResult } from './run.ts';

function best(times: number[]): number {
  return Math.min(...times);
}

async function timed<T>(runs: number, fn: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const times: number[] = [];
  let value!: T;
  for (let k = 0; k < runs; k++) {
    const t = performance.now();
    value = await fn();
    times.push(performance.now() - t);
  }
  return { ms: best(times), value };
}

/** The time a string takes to cross a MessageChannel (as a worker's answer does). */
function crossing(text: string): Promise<number> {
  const { port1, port2 } = new MessageChannel();
  return new Promise((resolve) => {
    const t = performance.now();
    port2.once('message', () => {
      resolve(performance.now() - t);
      port1.close();
      port2.close();
    });
    port1.postMessage(text);
  });
}

export async function benchStatsPath(): Promise<TBenchResult[]> {
  if (!existsSync(M5_GZ)) {
    console.warn(`stats_path skipped: ${M5_GZ} not found (../shared is absent in a user's clone)`);
    return [];
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-bench-path-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'fatal',
    ADMIN_PASSWORD: 'Bench#Path2026',
    SEED_DEMO_DATA: 'false',
    JOBS_ENABLED: 'false',
    COMPUTE_THREADS: '0',
    PORT: '0',
    WEB_DIST_DIR: '/nonexistent-web-dist',
  });
  const server = await createServer(config, createLogger(config));
  try {
    const { stationId, versionId } = await ingestM5(server, dataDir, {
      code: '900003',
      name: 'NREL M5 path',
    });
    const db = server.db;
    const store = openTimeSeriesStore(db);
    const channels = (await store.listChannels(versionId)).filter((c) => c.intervalS === 600);
    const sizes = await sql<{ stored: string; inline: string; slots: string; present: string }>`
      SELECT sum(octet_length("values")) AS stored, sum(pg_column_size("values")) AS inline,
             sum(slot_count) AS slots, sum(value_count) AS present
      FROM ts_chunk WHERE version_id = ${versionId}`.execute(db);
    const size = sizes.rows[0]!;
    const query = await timed(3, async () => {
      const r = await sql<{ values: Buffer; flags: Buffer; slot_count: number }>`
        SELECT "values", flags, slot_count FROM ts_chunk
        WHERE channel_id = ANY(${channels.map((c) => c.id)}::bigint[])`.execute(db);
      return r.rows;
    });
    const rows = query.value;
    const transferBytes = rows.reduce((s, r) => s + r.values.length + r.flags.length, 0);
    const inflate = await timed(3, () => {
      let bytes = 0;
      for (const r of rows) {
        bytes += decodeValues(r.values, r.slot_count).byteLength;
        bytes += decodeFlags(r.flags, r.slot_count).byteLength;
      }
      return bytes;
    });
    const range = await sql<{ a: Date; b: Date }>`
      SELECT min(first_time) AS a, max(last_time) AS b FROM ts_chunk WHERE version_id = ${versionId}`.execute(
      db,
    );
    const { a, b } = range.rows[0]!;
    const loaded = await loadSeries(store, channels, a.getTime(), b.getTime() + 600_000);
    const request = ZStatisticsRequest.parse({ versionId });
    const input = {
      version: { id: versionId, stationId: stationId, name: 'original', kind: 'original' },
      loaded: deriveSdFromTi(loaded),
      utcOffsetMinutes: 480,
      language: 'zh' as const,
      options: {
        sectors: request.sectors,
        includeSuspicious: request.includeSuspicious,
        weibullMethod: request.weibullMethod,
      },
    };
    const compute = await timed(3, () => buildAnalysis(input));
    const schema = await timed(3, () => ZStatisticsResult.parse(compute.value));
    const serialise = await timed(3, () => JSON.stringify(schema.value));
    const json = serialise.value;
    const copies: number[] = [];
    for (let k = 0; k < 3; k++) copies.push(await crossing(json));
    const compress = await timed(3, () => encodeBody(Buffer.from(json), 'br'));
    const mb = (n: number) => Math.round((n / 1e6) * 10) / 10;
    const decodedBytes = inflate.value;
    const stored = Number(size.stored);
    const inline = Number(size.inline);
    console.log(
      `  (M5 path: ${rows.length} chunk rows, ${mb(transferBytes)} MB stored → ${mb(decodedBytes)} MB decoded; ` +
        `query ${Math.round(query.ms)} ms, inflate ${Math.round(inflate.ms)} ms, compute ${Math.round(compute.ms)} ms, ` +
        `schema ${Math.round(schema.ms)} ms, serialise ${Math.round(serialise.ms)} ms (${mb(json.length)} MB), ` +
        `thread copy ${Math.round(best(copies))} ms, br ${Math.round(compress.ms)} ms (${mb(compress.value.length)} MB))`,
    );
    return [
      { name: 'stats_path.query_ms.m5', value: Math.round(query.ms), unit: 'ms' },
      { name: 'stats_path.transfer_mb.m5', value: mb(transferBytes), unit: 'MB' },
      { name: 'stats_path.inflate_ms.m5', value: Math.round(inflate.ms), unit: 'ms' },
      {
        name: 'store.decode_mbps.m5',
        value: Math.round(decodedBytes / 1e6 / (inflate.ms / 1000)),
        unit: 'MB/s',
      },
      {
        name: 'store.bytes_per_value.m5',
        value: Math.round((stored / Number(size.slots)) * 1000) / 1000,
        unit: 'B/slot',
      },
      {
        name: 'store.toast_saving_pct.m5',
        value: Math.round((1 - inline / stored) * 1000) / 10,
        unit: '%',
      },
      { name: 'stats_path.compute_ms.m5', value: Math.round(compute.ms), unit: 'ms' },
      { name: 'stats_path.schema_ms.m5', value: Math.round(schema.ms), unit: 'ms' },
      { name: 'stats_path.serialise_ms.m5', value: Math.round(serialise.ms), unit: 'ms' },
      { name: 'stats_path.answer_mb.m5', value: mb(json.length), unit: 'MB' },
      { name: 'stats_path.thread_copy_ms.m5', value: Math.round(best(copies) * 10) / 10, unit: 'ms' },
      { name: 'stats_path.compress_ms.m5', value: Math.round(compress.ms), unit: 'ms' },
      { name: 'stats_path.answer_br_mb.m5', value: mb(compress.value.length), unit: 'MB' },
    ];
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
