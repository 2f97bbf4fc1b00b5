import { type Language, localDateRange, type TLidarVerifyResult } from '@masthub/shared';
import ExcelJS from 'exceljs';
import { say } from '../../i18n/index.ts';
import { textsIn } from '../../i18n/pick.ts';
import { writeWorkbook } from '../../platform/xlsx/write-workbook.ts';

const round = (v: number | null | undefined, digits = 4) =>
  v === null || v === undefined || !Number.isFinite(v) ? null : Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * The lidar-versus-mast check as an xlsx workbook in the caller's language: one row per height with the
 * regressions through the origin and with offset, the mean difference, the direction regression, ✓/✗ at
 * the best-practice and minimum levels and the verdict; then the criteria with their source. The period's
 * dates are those of the reader's zone (`utcOffsetMinutes`, the request's `utc-code`), as on the screen.
 */
export async function buildLidarVerifyWorkbook(
  result: TLidarVerifyResult,
  language: Language,
  utcOffsetMinutes: number,
): Promise<Buffer> {
  const period = localDateRange(Date.parse(result.startTime), Date.parse(result.endTime), utcOffsetMinutes);
  const t = textsIn(language, 'lidarVerify.');
  const mark = (pass: boolean) => (pass ? t.yes : t.no);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(t['sheet.pairs']);
  sheet.addRow([
    say(language, 'lidarVerify.sheet.head', {
      lidar: result.lidar.stationName,
      lidarVersion: result.lidar.versionName,
      mast: result.mast.stationName,
      mastVersion: result.mast.versionName,
      start: period.start,
      end: period.end,
    }),
  ]).font = { italic: true };
  sheet.addRow([result.summary]).font = { bold: true };
  sheet.addRow([
    t['col.height'],
    t['col.mastHeight'],
    t['col.lidarChannel'],
    t['col.mastChannel'],
    t['col.pairs'],
    t['col.originSlope'],
    t['col.originR2'],
    t['col.offsetSlope'],
    t['col.offsetIntercept'],
    t['col.offsetR2'],
    t['col.meanLidar'],
    t['col.meanMast'],
    t['col.meanDifference'],
    t['col.directionPairs'],
    t['col.directionSlope'],
    t['col.directionOffset'],
    t['col.directionR2'],
    t['col.bestPractice'],
    t['col.minimum'],
    t['col.verdict'],
  ]).font = { bold: true };
  for (const h of result.heights) {
    sheet.addRow([
      h.heightM,
      h.mastHeightM,
      h.lidarSpeedChannel.name,
      h.mastSpeedChannel.name,
      h.speed.pairCount,
      round(h.speed.throughOrigin?.slope),
      round(h.speed.throughOrigin?.rSquared),
      round(h.speed.withOffset?.slope),
      round(h.speed.withOffset?.intercept),
      round(h.speed.withOffset?.rSquared),
      round(h.speed.meanLidar, 3),
      round(h.speed.meanMast, 3),
      round(h.speed.meanDifference, 3),
      h.direction?.pairCount ?? null,
      round(h.direction?.slope),
      round(h.direction?.offsetDeg, 2),
      round(h.direction?.rSquared),
      mark(h.bestPractice.pass),
      mark(h.minimum.pass),
      h.verdictText,
    ]);
  }
  sheet.columns.forEach((c) => {
    c.width = 16;
  });
  const kpis = book.addWorksheet(t['sheet.kpis']);
  kpis.addRow([result.kpiSource]);
  kpis.addRow([t['col.criterion'], t['col.bestPractice'], t['col.minimum']]).font = { bold: true };
  const { bestPractice: b, minimum: m } = result.kpis;
  kpis.addRow([t['criterion.speedSlope'], b.speedSlope.join(' – '), m.speedSlope.join(' – ')]);
  kpis.addRow([t['criterion.speedRSquared'], b.speedRSquared, m.speedRSquared]);
  kpis.addRow([t['criterion.directionSlope'], b.directionSlope.join(' – '), m.directionSlope.join(' – ')]);
  kpis.addRow([t['criterion.directionRSquared'], b.directionRSquared, m.directionRSquared]);
  kpis.addRow([t['criterion.directionOffsetDeg'], b.directionOffsetDeg, m.directionOffsetDeg]);
  kpis.getColumn(1).width = 28;
  return writeWorkbook(book);
}
