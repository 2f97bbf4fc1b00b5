import type { Language, TEnergyResult } from '@masthub/shared';
import ExcelJS from 'exceljs';
import { say } from '../../i18n/index.ts';
import { textsIn } from '../../i18n/pick.ts';
import { writeWorkbook } from '../../platform/xlsx/write-workbook.ts';
import { addUncertaintySheet } from './energy-workbook-uncertainty.ts';

const round = (v: number | null | undefined, digits = 2) =>
  v === null || v === undefined || !Number.isFinite(v) ? null : Math.round(v * 10 ** digits) / 10 ** digits;

/** The energy yield as an xlsx workbook: summary, by month, by hour, by sector, site power curves. */
export async function buildEnergyWorkbook(result: TEnergyResult, language: Language): Promise<Buffer> {
  const t = textsIn(language, 'energyWorkbook.');
  const book = new ExcelJS.Workbook();
  const bold = (row: ExcelJS.Row) => {
    row.font = { bold: true };
  };
  const summary = book.addWorksheet(t.summary);
  summary.addRow([
    say(language, 'energyWorkbook.setup', {
      version: result.versionName,
      channel: result.speedChannel.name,
      channelHeight: String(result.speedChannel.heightM),
      hubHeight: String(result.hubHeight),
      shear: result.shearExponent.toFixed(3),
      shearMode: result.shearMode,
      density: result.meanDensity.toFixed(3),
      densitySource: result.densitySource,
    }),
  ]).font = { italic: true };
  const lt = result.longTerm;
  const pct = (v: number | null) => (v === null ? '—' : (v * 100).toFixed(2));
  if (lt) {
    summary.addRow([
      say(language, 'energyWorkbook.longTerm', {
        reference: lt.referenceName,
        method: lt.methodName,
        uTotal: pct(lt.uTotal),
        uMcp: pct(lt.uMcp),
        uLt: pct(lt.uLt),
      }),
    ]).font = { italic: true };
  }
  bold(
    summary.addRow([
      t.turbine,
      t.rated,
      t.hubSpeed,
      t.gross,
      t.plain,
      t.weibull,
      t.weibullSector,
      t.cf,
      t.flh,
      t.loss,
      t.net,
      say(language, 'energyWorkbook.exceedance', { p: 'P50' }),
      say(language, 'energyWorkbook.exceedance', { p: 'P75' }),
      say(language, 'energyWorkbook.exceedance', { p: 'P90' }),
      ...(lt ? [t.sensitivity, t.uAep] : []),
      t.turbineClass,
      t.siteClass,
      t.classSuitable,
    ]),
  );
  // The site's IEC class at hub height (WIND-ANALYSIS §14) beside each turbine's class and whether it covers it.
  const site = result.siteClass;
  const siteClass = site ? `${site.windClass ?? '—'}${site.category ?? ''}` : t.notJudged;
  const suitable = (v: boolean | null) => (v === null ? t.notJudged : v ? t.yes : t.no);
  for (const r of result.turbines) {
    summary.addRow([
      `${r.manufacturer} ${r.model}`.trim(),
      r.ratedKw,
      round(r.hubMeanSpeed),
      round(r.grossMwh, 1),
      round(r.plainGrossMwh, 1),
      round(r.weibull?.grossMwh, 1),
      round(r.weibullBySectorMwh, 1),
      round(r.capacityFactor === null ? null : r.capacityFactor * 100),
      round(r.fullLoadHours, 0),
      round(r.lossFactor * 100),
      round(r.netMwh, 1),
      round(r.exceedance.P50, 1),
      round(r.exceedance.P75, 1),
      round(r.exceedance.P90, 1),
      ...(lt ? [round(r.aepSensitivity, 3), round(r.uAep === null ? null : r.uAep * 100)] : []),
      r.iecClass ?? t.notJudged,
      siteClass,
      suitable(r.classSuitable),
    ]);
  }
  const monthly = book.addWorksheet(t.monthly);
  bold(
    monthly.addRow([
      t.month,
      ...result.turbines.flatMap((r) => [`${r.model} ${t.meanPower}`, `${r.model} ${t.energy}`]),
    ]),
  );
  for (let m = 0; m < 12; m++) {
    monthly.addRow([
      m + 1,
      ...result.turbines.flatMap((r) => [
        round(r.byMonth[m]?.meanPowerKw, 1),
        round(r.byMonth[m]?.grossMwh, 1),
      ]),
    ]);
  }
  const hourly = book.addWorksheet(t.hourly);
  bold(hourly.addRow([t.hour, ...result.turbines.map((r) => `${r.model} ${t.meanPower}`)]));
  for (let h = 0; h < 24; h++)
    hourly.addRow([h, ...result.turbines.map((r) => round(r.byHour[h]?.meanPowerKw, 1))]);
  if (result.sectorLabels.length > 0) {
    const sectors = book.addWorksheet(t.sectors);
    bold(
      sectors.addRow([
        t.sector,
        t.frequency,
        t.meanSpeed,
        ...result.turbines.flatMap((r) => [`${r.model} ${t.meanPower}`, `${r.model} ${t.share}`]),
      ]),
    );
    result.sectorLabels.forEach((label, s) => {
      const first = result.turbines[0]?.bySector[s];
      sectors.addRow([
        label,
        round((first?.frequency ?? 0) * 100),
        round(first?.meanSpeed),
        ...result.turbines.flatMap((r) => [
          round(r.bySector[s]?.meanPowerKw, 1),
          round(
            r.bySector[s]?.energyShare === null || r.bySector[s]?.energyShare === undefined
              ? null
              : r.bySector[s]!.energyShare! * 100,
          ),
        ]),
      ]);
    });
  }
  const curves = book.addWorksheet(t.curves);
  bold(curves.addRow([t.speed, ...result.turbines.map((r) => `${r.model} ${t.power}`)]));
  const speeds = result.turbines.reduce<number[]>(
    (a, r) => (r.siteCurve.speed.length > a.length ? r.siteCurve.speed : a),
    [],
  );
  for (const [i, v] of speeds.entries()) {
    curves.addRow([v, ...result.turbines.map((r) => round(r.siteCurve.power[i], 1))]);
  }
  addUncertaintySheet(book, result, language);
  for (const sheet of book.worksheets)
    sheet.columns.forEach((c) => {
      c.width = 18;
    });
  return writeWorkbook(book);
}
