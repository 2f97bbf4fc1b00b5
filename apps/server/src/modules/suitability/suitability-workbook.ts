import {
  type Language,
  localDateRange,
  localMinute,
  type TSuitabilityResult,
  utcLabel,
} from '@masthub/shared';
import ExcelJS from 'exceljs';
import { say } from '../../i18n/index.ts';
import { textsIn } from '../../i18n/pick.ts';
import { writeWorkbook } from '../../platform/xlsx/write-workbook.ts';
import { addColdClimateSheet } from './cold-climate-sheet.ts';

const round = (v: number | null | undefined, digits = 3) =>
  v === null || v === undefined || !Number.isFinite(v) ? null : Math.round(v * 10 ** digits) / 10 ** digits;

/** ✓, ✗ or — for a pass, a failure or nothing judged. */
export function passMark(pass: boolean | null, language: Language): string {
  const t = textsIn(language, 'suitability.');
  return pass === true ? t.yes : pass === false ? t.no : t.unknown;
}

/**
 * The site suitability sheets, added to `book` (a standalone workbook, or another workbook that carries
 * the check beside its own sheets): the class table with ✓/✗ per class I/II/III × A+/A/B/C, the verdict
 * of each class, the turbulence bins against the four NTM curves, every extreme-wind estimate, shear and
 * inflow by sector, and the notes. The period's dates are those of the reader's zone (`utcOffsetMinutes`, the
 * request's `utc-code`), as on the screen.
 */
export function addSuitabilitySheets(
  book: ExcelJS.Workbook,
  result: TSuitabilityResult,
  language: Language,
  utcOffsetMinutes: number,
): void {
  const period = localDateRange(Date.parse(result.startTime), Date.parse(result.endTime), utcOffsetMinutes);
  const t = textsIn(language, 'suitability.');
  const bold = (row: ExcelJS.Row) => {
    row.font = { bold: true };
  };
  const table = book.addWorksheet(t['sheet.table']);
  table.addRow([
    say(language, 'suitability.sheet.head', {
      version: result.versionName,
      start: period.start,
      end: period.end,
      hub: String(result.hubHeight),
      channel: result.speedChannel.name,
    }),
  ]).font = { italic: true };
  table.addRow([result.verdictText]).font = { bold: true };
  bold(
    table.addRow([
      t['col.check'],
      t['col.value'],
      t['col.unit'],
      t['col.method'],
      t['col.records'],
      t['col.status'],
      ...result.classKeys,
    ]),
  );
  for (const c of result.checks) {
    table.addRow([
      c.name,
      round(c.siteValue, 4),
      c.unit,
      c.methodName,
      c.records,
      t[`status.${c.status}`],
      ...c.pass.map((p, k) => (c.status === 'judged' ? passMark(p, language) : round(c.limits[k], 3))),
    ]);
  }
  table.addRow([]);
  bold(table.addRow([t['report.notes']]));
  for (const n of result.notes) table.addRow([n.text]);

  const verdicts = book.addWorksheet(t['sheet.verdicts']);
  bold(
    verdicts.addRow([t['col.class'], t['col.suitable'], t['col.deciding'], t['col.margin'], t['col.failed']]),
  );
  const checkName = new Map(result.checks.map((c) => [c.key, c.name]));
  for (const v of result.verdicts) {
    verdicts.addRow([
      v.key,
      passMark(v.isSuitable, language),
      v.decidingCheck ? checkName.get(v.decidingCheck) : null,
      round(v.decidingMargin === null ? null : v.decidingMargin * 100, 2),
      v.failedChecks.map((k) => checkName.get(k)).join(', '),
    ]);
  }

  const turbulence = book.addWorksheet(t['sheet.turbulence']);
  bold(
    turbulence.addRow([
      t['col.bin'],
      t['col.count'],
      t['col.sigmaRep'],
      t['col.tiRep'],
      ...(['A+', 'A', 'B', 'C'] as const).map((c) =>
        say(language, 'suitability.report.ntm', { category: c }),
      ),
      t['col.judged'],
    ]),
  );
  for (const b of result.turbulence?.bins ?? []) {
    turbulence.addRow([
      b.centreMps,
      b.count,
      round(b.sigmaRepTi, 4),
      round(b.tiRep, 4),
      round(b.ntmTi['A+'], 4),
      round(b.ntmTi.A, 4),
      round(b.ntmTi.B, 4),
      round(b.ntmTi.C, 4),
      passMark(b.isJudged, language),
    ]);
  }

  const extremes = book.addWorksheet(t['sheet.extremes']);
  bold(
    extremes.addRow([
      t['col.method'],
      t['col.estimate'],
      t['col.records'],
      t['col.offered'],
      t['col.chosen'],
      t['col.note'],
    ]),
  );
  for (const e of result.extremes.estimates) {
    extremes.addRow([
      e.name,
      round(e.valueMps, 2),
      e.records,
      passMark(e.isOffered, language),
      e.isChosen ? t.yes : '',
      e.reason?.text ?? e.description,
    ]);
  }
  const g = result.extremes.gust;
  extremes.addRow([]);
  extremes.addRow([g.methodName, round(g.valueMps, 2)]);
  // The maxima the methods stood on, each with its time and flag (issue 41 §1).
  extremes.addRow([]);
  bold(extremes.addRow([t['report.maxima']]));
  bold(
    extremes.addRow([
      t['col.method'],
      say(language, 'suitability.col.time', { zone: utcLabel(utcOffsetMinutes) }),
      t['col.maximum'],
      t['col.flag'],
      t['col.fitted'],
    ]),
  );
  const methodName = new Map(result.extremes.estimates.map((e) => [e.method, e.name]));
  for (const m of result.extremes.maxima) {
    extremes.addRow([
      methodName.get(m.method) ?? m.method,
      localMinute(Date.parse(m.time), utcOffsetMinutes),
      round(m.valueMps, 2),
      m.flag,
      passMark(m.isUsed, language),
    ]);
  }

  const sectors = book.addWorksheet(t['sheet.sectors']);
  bold(
    sectors.addRow([
      t['col.sector'],
      t['col.alpha'],
      t['col.count'],
      t['col.inflow'],
      t['col.count'],
      t['col.flagged'],
    ]),
  );
  const shear = result.shear?.bySector ?? [];
  const inflow = result.inflow?.bySector ?? [];
  for (let i = 0; i < Math.max(shear.length, inflow.length); i++) {
    const s = shear[i];
    const w = inflow[i];
    sectors.addRow([
      s?.label ?? w?.label,
      round(s?.value, 3),
      s?.count ?? null,
      round(w?.value, 2),
      w?.count ?? null,
      s?.isFlagged || w?.isFlagged ? t.no : '',
    ]);
  }
  if (result.coldClimate) addColdClimateSheet(book, result.coldClimate, language, utcOffsetMinutes);
}

/** The site suitability as its own xlsx workbook. */
export async function buildSuitabilityWorkbook(
  result: TSuitabilityResult,
  language: Language,
  utcOffsetMinutes: number,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  addSuitabilitySheets(book, result, language, utcOffsetMinutes);
  return writeWorkbook(book);
}
