// Ingestion parse throughput for `npm run bench` (issue 5): the NREL M5 CSV (139 MB, 107 columns) parsed
// by the hand-rolled byte loop of apps/server/src/modules/ingestion/parsers with the rule recognition
// proposes, every channel. MB/s of uncompressed bytes, best of 3, gunzip and recognition excluded.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseFile, recognize } from '../apps/server/src/modules/ingestion/parsers/index.ts';

const M5_PATH = path.resolve(
  import.meta.dirname,
  '../../shared/samples/real-mast/nrel-nwtc-m5/nrel_nwtc_m5_10min_2012-08_2017-09.csv.gz',
);

export async function benchIngestParse(): Promise<Array<{ name: string; value: number; unit: string }>> {
  if (!existsSync(M5_PATH)) {
    console.log('ingest.parse_mbps.m5: skipped, ../shared/samples is absent');
    return [];
  }
  const bytes = gunzipSync(readFileSync(M5_PATH));
  const fileName = 'nrel_nwtc_m5_10min_2012-08_2017-09.csv';
  const recognition = recognize(bytes, fileName);
  let bestMs = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    const parsed = parseFile(bytes, fileName, recognition.rule, recognition.channels);
    bestMs = Math.min(bestMs, performance.now() - t0);
    if (parsed.rowCount === 0) throw new Error('benchIngestParse: nothing parsed');
  }
  const mb = bytes.length / 1e6;
  return [
    { name: 'ingest.parse_mbps.m5', value: Math.round((mb / (bestMs / 1000)) * 10) / 10, unit: 'MB/s' },
    benchPreview(bytes, fileName),
  ];
}

/**
 * What the upload preview waits for on a 10 MB logger file (issue 40): recognition with its evidence and
 * doubts, the values of every column parsed and checked against what each column was read as. The first
 * 10 MB of the M5 CSV (cut at a line end, 107 columns), best of 3.
 */
function benchPreview(m5: Uint8Array, fileName: string): { name: string; value: number; unit: string } {
  let end = 10_000_000;
  while (end < m5.length && m5[end - 1] !== 0x0a) end++;
  const bytes = m5.subarray(0, end);
  let bestMs = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    const recognition = recognize(bytes, fileName);
    bestMs = Math.min(bestMs, performance.now() - t0);
    if (recognition.channels.length === 0) throw new Error('benchPreview: nothing recognised');
  }
  return { name: 'ingest.preview_ms.10mb', value: Math.round(bestMs), unit: 'ms' };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchIngestParse()) console.log(r.name, r.value, r.unit);
}
