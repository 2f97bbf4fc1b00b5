// Parquet download of a whole version (issue 32): the five-year NREL M5 mast, every channel, over HTTP on
// a real (embedded) PostgreSQL, written in a compute thread. `export.parquet_ms.m5_all` (target ≤ 1 500)
// is the median of three downloads from the request to the last byte; `export.parquet_size_pct_of_csv.m5`
// (target ≤ 40) the file's size against the CSV export of the same version (values and flags alike).
// `export.arrow_ms.m5_all` is the Arrow IPC stream for comparison; the CSV's own figures
// (`export.csv_ms.m5_all` …) are bench/exports.ts's, with the other text formats.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { createServer } from '../apps/server/src/server.ts';
import { ingestM5, M5_GZ } from './m5.ts';
import type { TBenchResult } from './run.ts';

const ADMIN_PASSWORD = 'Bench#2026pw';
const RUNS = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function benchParquet(): Promise<TBenchResult[]> {
  if (!existsSync(M5_GZ)) {
    console.warn(`export.parquet_ms.m5_all skipped: ${M5_GZ} not found (../shared is absent)`);
    return [];
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-bench-parquet-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD,
    SEED_DEMO_DATA: 'false',
    PORT: '0',
    HOST: '127.0.0.1',
  });
  const server = await createServer(config, createLogger(config));
  try {
    const { versionId } = await ingestM5(server, dataDir, { code: '900002', name: 'NREL M5 parquet' });
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${address}/api/security/sys/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password: ADMIN_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    /** Downloads the whole version in a format: milliseconds to the last byte, and bytes. */
    const download = async (format: number): Promise<{ ms: number; bytes: number }> => {
      const t = performance.now();
      const r = await fetch(`${address}/api/web/version/export`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token, 'utc-code': 'UTC+00:00' },
        body: JSON.stringify({ versionId, format }),
      });
      if (r.status !== 200) throw new Error(`export ${format}: ${r.status} ${await r.text()}`);
      let bytes = 0;
      const reader = r.body!.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.length;
      return { ms: performance.now() - t, bytes };
    };
    const csv = await download(1);
    const parquet: { ms: number; bytes: number }[] = [];
    for (let i = 0; i < RUNS; i++) parquet.push(await download(6));
    const arrow = await download(7);
    return [
      { name: 'export.parquet_ms.m5_all', value: Math.round(median(parquet.map((p) => p.ms))), unit: 'ms' },
      {
        name: 'export.parquet_size_pct_of_csv.m5',
        value: Math.round((parquet[0]!.bytes / csv.bytes) * 1000) / 10,
        unit: '%',
      },
      { name: 'export.parquet_mb.m5', value: Math.round(parquet[0]!.bytes / 1e5) / 10, unit: 'MB' },
      { name: 'export.arrow_ms.m5_all', value: Math.round(arrow.ms), unit: 'ms' },
    ];
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npx tsx bench/parquet.ts` runs this benchmark alone; with --json the figures are the last line.
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchParquet();
  console.log(process.argv.includes('--json') ? JSON.stringify(figures) : figures);
  process.exit(0);
}
