// Archive limits for `npm run bench` (issue 26): how long refusing a 1 MB zip holding 1 GiB takes and
// the peak RSS it leaves, and what the counted inflate costs before exceljs opens an ordinary workbook
// (5 000 rows × 12 columns of 10-minute data) against the exceljs read itself. Best of 3. Run in a
// process of its own so the RSS is this bench's.
import ExcelJS from 'exceljs';
import { DEFAULT_ARCHIVE_LIMITS, unzipWithinLimits } from '../apps/server/src/platform/files/zip-limits.mjs';
import { buildGibibyteZip } from '../apps/server/test/archives.ts';

async function bestMs(run: () => Promise<unknown>): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await run();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

export async function benchArchives(): Promise<Array<{ name: string; value: number; unit: string }>> {
  const bomb = buildGibibyteZip();
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 5);
  const refuseMs = await bestMs(async () => {
    try {
      await unzipWithinLimits(bomb, DEFAULT_ARCHIVE_LIMITS, { keep: false });
    } catch {
      return;
    }
    throw new Error('benchArchives: the bomb was not refused');
  });
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);

  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('data');
  sheet.addRow(['Time', ...Array.from({ length: 11 }, (_, k) => `WS_${10 + k * 10}m`)]);
  for (let i = 0; i < 5000; i++) {
    sheet.addRow([
      new Date(Date.UTC(2024, 0, 1) + i * 600_000),
      ...Array.from({ length: 11 }, (_, k) => 5 + ((i * (k + 3)) % 97) / 10),
    ]);
  }
  const xlsx = Buffer.from(await book.xlsx.writeBuffer());
  const checkMs = await bestMs(() => unzipWithinLimits(xlsx, DEFAULT_ARCHIVE_LIMITS, { keep: false }));
  const loadMs = await bestMs(() => new ExcelJS.Workbook().xlsx.load(xlsx as never));
  return [
    { name: 'archive.bomb_1gib_refuse_ms', value: Math.round(refuseMs), unit: 'ms' },
    { name: 'archive.bomb_1gib_peak_rss_mb', value: Math.round(peakRss / 2 ** 20), unit: 'MB' },
    { name: 'archive.xlsx_5k_rows_check_ms', value: Math.round(checkMs * 10) / 10, unit: 'ms' },
    { name: 'archive.xlsx_5k_rows_exceljs_ms', value: Math.round(loadMs), unit: 'ms' },
  ];
}

// `npx tsx bench/archives.ts` runs this benchmark alone; with --json the figures are the last line.
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchArchives();
  console.log(process.argv.includes('--json') ? JSON.stringify(figures) : figures);
  process.exit(0);
}
