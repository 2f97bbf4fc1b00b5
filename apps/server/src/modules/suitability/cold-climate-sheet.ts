import { type Language, localMinute, type TColdClimate } from '@masthub/shared';
import type ExcelJS from 'exceljs';
import { textsIn } from '../../i18n/pick.ts';

const round = (v: number | null | undefined, digits: number) =>
  v === null || v === undefined || !Number.isFinite(v) ? null : Math.round(v * 10 ** digits) / 10 ** digits;
const range = (r: readonly [number, number | null] | null) =>
  r === null ? '' : r[1] === null ? `> ${r[0]}` : `${r[0]}–${r[1]}`;

/**
 * The cold-climate sheet of the suitability workbook (issue 45 §2): the summary, per year the IEA ice class
 * with its loss range, the icing shares and the IEC 61400-1 temperature figures, the IEA table, the periods.
 */
export function addColdClimateSheet(
  book: ExcelJS.Workbook,
  cold: TColdClimate,
  language: Language,
  utcOffsetMinutes: number,
): void {
  const t = textsIn(language, 'suitability.cold.');
  const sheet = book.addWorksheet(t.sheet);
  const bold = (row: ExcelJS.Row) => {
    row.font = { bold: true };
  };
  sheet.addRow([cold.summary]).font = { bold: true };
  sheet.addRow([cold.source]).font = { italic: true };
  sheet.addRow([]);
  bold(
    sheet.addRow([
      t['col.year'],
      t['col.iceClass'],
      t['col.loss'],
      t['col.meteorological'],
      t['col.instrumental'],
      t['col.minTemperature'],
      t['col.below20'],
      t['col.below30'],
      t['col.temperatureHours'],
      t['col.humidityHours'],
    ]),
  );
  for (const y of cold.years) {
    sheet.addRow([
      y.year,
      y.iceClass,
      range(y.productionLossPct),
      round(y.meteorologicalIcingPct, 3),
      round(y.instrumentalIcingPct, 3),
      round(y.minTemperatureC, 1),
      round(y.hoursBelowMinus20C, 1),
      round(y.hoursBelowMinus30C, 1),
      round(y.temperatureHours, 1),
      round(y.humidityHours, 1),
    ]);
  }
  sheet.addRow([]);
  bold(sheet.addRow([t['col.iceClass'], t['col.meteorological'], t['col.instrumental'], t['col.loss']]));
  for (const c of cold.iceClasses) {
    sheet.addRow([
      c.iceClass,
      range(c.meteorologicalPct),
      range(c.instrumentalPct),
      range(c.productionLossPct),
    ]);
  }
  sheet.addRow([]);
  bold(sheet.addRow([t['col.kind'], t['col.start'], t['col.end'], t['col.evidence'], t['col.channels']]));
  for (const p of cold.periods) {
    sheet.addRow([
      p.kindName,
      localMinute(Date.parse(p.startTime), utcOffsetMinutes),
      localMinute(Date.parse(p.endTime), utcOffsetMinutes),
      p.evidence,
      p.channels.join(', '),
    ]);
  }
}
