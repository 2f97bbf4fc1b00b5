// Parquet download of a whole version (issue 32): the five-year NREL M5 mast, every channel, over HTTP on
// a real (embedded) PostgreSQL, written in a compute thread. `export.parquet_ms.m5_all` (target ≤ 1 500)
// is the median of three downloads from the request to the last byte; `export.parquet_size_pct_of_csv.m5`
// (target ≤ 40) the file's size against the CSV export of the same version (values and flags alike).
// `export.arrow_ms.m5_all` is the Arrow IPC stream for comparison; the CSV's own figures
// (`export.csv_ms.m5_all` …) are bench/exports.ts's, with the other text formats.
import { existsSync } from 'node:fs';
import { M5_GZ, m5ExportServer } from './m5.ts';
import type { TBenchResult } from './run.ts';

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
  const m5 = await m5ExportServer({ code: '900002', name: 'NREL M5 parquet' });
  const download = m5.download;
  try {
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
    await m5.close();
  }
}

// `npx tsx bench/parquet.ts` runs this benchmark alone; with --json the figures are the last line.
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchParquet();
  console.log(process.argv.includes('--json') ? JSON.stringify(figures) : figures);
  process.exit(0);
}
