import { localMinute } from '@masthub/shared';
import { header } from './statistics-labels.ts';
import { fixed, type SheetWriter, type TSheetInput } from './workbook-writer.ts';

/**
 * The workbook tables of the figures issue 29 added (joint frequency table, TI by sector and overall,
 * MOMM both ways, air density by year-month, monthly maxima), under each tab's own tables.
 */

export function writeJointTables(w: SheetWriter, { result, language, name }: TSheetInput): void {
  for (const item of result.rose.items) {
    const t = item.jointTable;
    w.table(
      ['speedBin', ...result.rose.labels.map((text) => ({ text }))],
      [
        ...t.pct.map((row, b) => [`${t.lower[b]}–${t.upper[b]}`, ...row.map((v) => fixed(v, 4))]),
        [header('frequencyPct', language), ...t.sectorPct.map((v) => fixed(v, 4))],
      ],
      `${name(item.speedChannelId)} × ${name(item.directionChannelId)}: ${header('jointTable', language)}, ${header(t.bins === 'centred' ? 'binsCentred' : 'binsIntegerStart', language)}`,
    );
  }
}

export function writeTurbulenceDetail(w: SheetWriter, { result, language, name }: TSheetInput): void {
  const items = result.turbulence.items;
  if (items.length === 0) return;
  w.table(
    ['channel', 'height', 'tiSample', 'tiAvg', 'tiSd', 'tiRepresent', 'tiP90', 'tiCharacteristic15'],
    items.map((item) => [
      name(item.channelId),
      item.heightTag,
      item.overall.count,
      fixed(item.overall.meanTi, 4),
      fixed(item.overall.sdTi, 4),
      fixed(item.overall.representTi, 4),
      fixed(item.overall.p90Ti, 4),
      fixed(item.characteristicTi15, 4),
    ]),
    header('tiOverall', language),
  );
  w.table(
    ['channel', 'height', 'directionChannel', 'sector', 'tiSample', 'tiAvg', 'tiRepresent', 'tiP90'],
    items.flatMap((item) =>
      item.bySector.map((s) => [
        name(item.channelId),
        item.heightTag,
        name(item.directionChannelId),
        s.label,
        s.count,
        fixed(s.meanTi, 4),
        fixed(s.representTi, 4),
        fixed(s.p90Ti, 4),
      ]),
    ),
    header('tiBySector', language),
  );
}

export function writeAirDensityByMonth(w: SheetWriter, { result, language }: TSheetInput): void {
  const months = result.airDensity.byYearMonth;
  if (months.length === 0) return;
  w.table(
    ['yearMonth', 'count', 'monthCoverage', 'airDensity'],
    months.map((m) => [m.month, m.count, fixed(m.coverage, 2), fixed(m.mean, 4)]),
    header('densityByYearMonth', language),
  );
}

export function writeMommSideBySide(w: SheetWriter, { result, name }: TSheetInput): void {
  const { series, mommMinCoverage } = result.monthly;
  w.table(
    [
      'channel',
      'height',
      'mommThreshold',
      'mommBrightwind',
      'mommMastHub',
      'yearMonthsUsed',
      'calendarMonthsUsed',
    ],
    series.map((s) => [
      name(s.channelId),
      s.heightTag,
      fixed(mommMinCoverage * 100, 1),
      fixed(s.mommBrightwind, 3),
      fixed(s.mommMastHub, 3),
      s.yearMonthsUsed,
      s.calendarMonthsUsed,
    ]),
  );
}

export function writeMonthlyMaxima(w: SheetWriter, { result, language, name }: TSheetInput): void {
  const maxima = result.extreme.monthlyMaxima;
  // Times on the clock the analysis was read in (the request's zone), as the screen shows them.
  const at = (iso: string | null | undefined) =>
    iso ? localMinute(Date.parse(iso), result.utcOffsetMinutes) : null;
  if (maxima.length === 0) return;
  w.table(
    [
      'channel',
      'height',
      'yearMonth',
      'count',
      'monthCoverage',
      'maxValue',
      'maxTime',
      'gustMax',
      'gustMaxTime',
    ],
    maxima.flatMap((m) =>
      m.months.map((row) => [
        name(m.channelId),
        m.heightTag,
        row.month,
        row.count,
        fixed(row.coverage, 2),
        fixed(row.max, 3),
        at(row.maxTime),
        fixed(row.gustMax, 3),
        at(row.gustMaxTime),
      ]),
    ),
    header('monthlyMaxima', language),
  );
}
