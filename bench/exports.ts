// Text exports of a whole version (issue 43 §2): the five-year NREL M5 mast over HTTP on a real (embedded)
// PostgreSQL, written in a compute thread, from the request to the last byte (median of three downloads;
// EXPORT_RUNS=1 for a single one). `export.csv_ms.m5_all` (target ≤ 4 000 ms, ≥ 40 MB/s) is the
// time-series CSV of every channel with its flags; `export.txt_ms.m5_all` the Windographer .txt of every
// channel; `export.tws_ms.m5_all` (WindSim), `export.tim_ms.m5_all` (Meteodyn) and `export.tab_ms.m5_all`
// (WAsP, a frequency table: a few hundred bytes, its time is reading and binning) the speed / vane pair.
// Each with `export.<format>_mb.m5` (size) and `export.<format>_mbps.m5_all` (MB/s; target ≥ 10).
import { existsSync } from 'node:fs';
import { M5_GZ, m5ExportServer } from './m5.ts';
import type { TBenchResult } from './run.ts';

/** Format codes of SPEC §9 by the name the figures carry. */
const FORMATS = [
  { key: 'csv', code: 1 },
  { key: 'txt', code: 4 },
  { key: 'tws', code: 3 },
  { key: 'tim', code: 2 },
  { key: 'tab', code: 5 },
] as const;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function benchExports(
  only: readonly string[] = FORMATS.map((f) => f.key),
): Promise<TBenchResult[]> {
  if (!existsSync(M5_GZ)) {
    console.warn(`export.csv_ms.m5_all skipped: ${M5_GZ} not found (../shared is absent)`);
    return [];
  }
  const runs = Number(process.env['EXPORT_RUNS'] ?? 3);
  const m5 = await m5ExportServer({ code: '900003', name: 'NREL M5 exports' });
  const download = m5.download;
  try {
    const results: TBenchResult[] = [];
    for (const { key, code } of FORMATS) {
      if (!only.includes(key)) continue;
      const downloads: { ms: number; bytes: number }[] = [];
      for (let i = 0; i < runs; i++) downloads.push(await download(code));
      const ms = median(downloads.map((d) => d.ms));
      const bytes = downloads[0]!.bytes;
      results.push(
        { name: `export.${key}_ms.m5_all`, value: Math.round(ms), unit: 'ms' },
        { name: `export.${key}_mb.m5`, value: Math.round(bytes / 1e5) / 10, unit: 'MB' },
        { name: `export.${key}_mbps.m5_all`, value: Math.round((bytes / 1e3 / ms) * 10) / 10, unit: 'MB/s' },
      );
    }
    return results;
  } finally {
    await m5.close();
  }
}

// `npx tsx bench/exports.ts [csv txt …]` runs this benchmark alone; with --json the figures are the last line.
if (import.meta.url === `file://${process.argv[1]}`) {
  const keys = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const figures = await benchExports(keys.length > 0 ? keys : undefined);
  console.log(process.argv.includes('--json') ? JSON.stringify(figures) : figures);
  process.exit(0);
}
