import {
  formatUnit,
  type Language,
  localMinute,
  STATISTICS_TABS,
  type TStatisticsResult,
  type TStatisticsTab,
  type TSuitabilityResult,
} from '@masthub/shared';
import ExcelJS from 'exceljs';
import { writeWorkbook } from '../../../platform/xlsx/write-workbook.ts';
import { addSuitabilitySheets } from '../../suitability/index.ts';
import {
  writeAirDensityByMonth,
  writeJointTables,
  writeMommSideBySide,
  writeMonthlyMaxima,
  writeTurbulenceDetail,
} from './build-workbook-details.ts';
import { AIR_DENSITY_SOURCES, GB_TURBULENCE_GRADES, header, SHEET_NAMES } from './statistics-labels.ts';
import { fixed, SheetWriter, seriesHeaderOf, strengthText, type TSheetInput } from './workbook-writer.ts';

function writeSummary(w: SheetWriter, { result }: TSheetInput): void {
  w.table(
    [
      'channel',
      'element',
      'height',
      'unit',
      'count',
      'mean',
      'sd',
      'min',
      'max',
      'validRate',
      'avgWindPower',
      'usefulWindHours',
      'weibullScale',
      'weibullShape',
      'gustMax',
      'meanDirection',
      'directionSdYamartino',
    ],
    result.summary.rows.map((r) => [
      r.channelName,
      r.element,
      r.heightTag,
      formatUnit(r.unit),
      r.count,
      fixed(r.mean, 3),
      fixed(r.sd, 3),
      fixed(r.min, 3),
      fixed(r.max, 3),
      fixed(r.validRate, 2),
      fixed(r.avgWindPower, 2),
      fixed(r.usefulWindHours, 1),
      fixed(r.weibullScale, 3),
      fixed(r.weibullShape, 3),
      fixed(r.gustMax, 2),
      fixed(r.meanDirection, 1),
      fixed(r.directionSdYamartino, 1),
    ]),
  );
}

function writeRecovery(w: SheetWriter, { result, name }: TSheetInput): void {
  // Times on the clock the analysis was read in (the request's zone), as the screen shows them.
  const at = (iso: string | null | undefined) =>
    iso ? localMinute(Date.parse(iso), result.utcOffsetMinutes) : null;
  w.table(
    [
      'channel',
      'element',
      'dataPhase',
      'height',
      'shouldCount',
      'lackCount',
      'invalidCount',
      'validCount',
      'validRateMeasured',
      'filledCount',
      'validWithFilledRate',
      'validAvg',
      'avgWindPower',
    ],
    result.recovery.rows.map((r) => [
      r.channelName,
      r.element,
      r.dataPhase,
      r.heightTag,
      r.shouldCount,
      r.lackCount,
      r.invalidCount,
      r.validCount,
      fixed(r.validRate, 2),
      r.filledCount,
      fixed(r.validWithFilledRate, 2),
      fixed(r.validAvg, 3),
      fixed(r.avgWindPower, 2),
    ]),
  );

  w.table(
    ['channel', 'year', 'records', 'yearCoverage', 'mean', 'maxValue', 'maxTime'],
    result.recovery.yearly.map((y) => [
      name(y.channelId),
      y.year,
      y.count,
      fixed(y.coverage, 2),
      fixed(y.mean, 3),
      fixed(y.max, 3),
      at(y.maxTime),
    ]),
  );
  w.table(
    ['channel', 'gapCount', 'daysLost', 'gapFrom', 'gapTo'],
    result.recovery.gaps.flatMap((g) =>
      g.longest.length === 0
        ? [[name(g.channelId), g.gapCount, fixed(g.daysLost, 3), null, null]]
        : g.longest.map((gap, i) => [
            i === 0 ? name(g.channelId) : '',
            i === 0 ? g.gapCount : null,
            fixed(gap.daysLost, 3),
            at(gap.from),
            at(gap.to),
          ]),
    ),
  );
}

function writeFrequency(w: SheetWriter, { result, name }: TSheetInput): void {
  w.table(
    [
      'channel',
      'height',
      'records',
      'meanSpeed',
      'weibullMethod',
      'weibullScale',
      'weibullShape',
      'weibullMean',
      'weibullPower',
    ],
    result.frequency.items.map((item) => [
      name(item.channelId),
      item.heightTag,
      item.count,
      fixed(item.mean, 3),
      item.weibull?.method ?? null,
      fixed(item.weibull?.scale ?? null, 3),
      fixed(item.weibull?.shape ?? null, 3),
      fixed(item.weibull?.meanSpeed ?? null, 3),
      fixed(item.weibull?.powerDensity ?? null, 2),
    ]),
  );
  w.table(
    ['channel', 'height', 'binCentre', 'speedBin', 'records', 'frequencyPct', 'weibullPct'],
    result.frequency.items.flatMap((item) =>
      item.bins.map((b) => [
        name(item.channelId),
        item.heightTag,
        b.centre,
        `${b.lower}–${b.upper}`,
        b.count,
        fixed(b.frequencyPct, 3),
        fixed(b.weibullPct, 3),
      ]),
    ),
  );
}

function writeTurbulence(w: SheetWriter, { result, language, name }: TSheetInput): void {
  // A lidar's or sodar's TI (from the speed dispersion) is not a cup's: said above its tables, as on screen.
  if (result.turbulence.tiSource === 'remote_sensing' && result.turbulence.tiNote) {
    w.title(result.turbulence.tiNote);
  }
  w.table(
    ['channel', 'height', 'ti15', 'iecCategory', 'gbGrade'],
    result.turbulence.items.map((item) => [
      name(item.channelId),
      item.heightTag,
      fixed(item.ti15, 4),
      item.iecCategory,
      item.gbGrade ? (GB_TURBULENCE_GRADES[item.gbGrade]?.[language] ?? item.gbGrade) : null,
    ]),
  );
  w.table(
    ['channel', 'height', 'tiName', 'tiAvg', 'tiSd', 'tiRepresent', 'tiSample'],
    result.turbulence.items.flatMap((item) =>
      item.rows.map((r) => [
        name(item.channelId),
        item.heightTag,
        r.name,
        fixed(r.avg, 4),
        fixed(r.sd, 4),
        fixed(r.represent, 4),
        r.sample,
      ]),
    ),
  );
}

function writeAirDensity(w: SheetWriter, { result, language }: TSheetInput): void {
  const air = result.airDensity;
  w.table(
    ['source', 'count', 'mean', 'sd', 'min', 'max'],
    [
      [
        AIR_DENSITY_SOURCES[air.source][language],
        air.count,
        fixed(air.mean, 4),
        fixed(air.sd, 4),
        fixed(air.min, 4),
        fixed(air.max, 4),
      ],
    ],
    header('airDensity', language),
  );
  w.table(
    ['month', 'count', 'airDensity'],
    air.byCalendarMonth.map((m) => [m.month, m.count, fixed(m.mean, 4)]),
  );
  w.table(
    ['hour', 'airDensity'],
    air.byHour.map((v, hour) => [hour, fixed(v, 4)]),
  );
}

function writeMonthly(w: SheetWriter, { result, name }: TSheetInput): void {
  const seriesHeader = seriesHeaderOf(name);
  const monthly = result.monthly;
  w.table(
    ['yearMonth', ...monthly.series.map(seriesHeader)],
    monthly.months.map((label, i) => [
      label,
      ...monthly.series.map((s) => fixed(s.byYearMonth[i] ?? null, 3)),
    ]),
  );
  w.table(
    ['month', ...monthly.series.map(seriesHeader)],
    Array.from({ length: 12 }, (_, m) => [
      m + 1,
      ...monthly.series.map((s) => fixed(s.byCalendarMonth[m] ?? null, 3)),
    ]),
  );
  w.table(
    ['momm', ...monthly.series.map(seriesHeader)],
    [['', ...monthly.series.map((s) => fixed(s.momm, 3))]],
  );
  w.table(
    ['periodName', 'avgSpeed', 'deviate', 'rate'],
    monthly.periodComparison.rows.map((r) => [
      r.name,
      fixed(r.avgSpeed, 3),
      fixed(r.deviate, 3),
      fixed(r.rate, 2),
    ]),
  );
}

function writeDaily(w: SheetWriter, { result, name }: TSheetInput): void {
  const seriesHeader = seriesHeaderOf(name);
  const daily = result.daily;
  w.table(
    ['hour', ...daily.series.map(seriesHeader)],
    Array.from({ length: 24 }, (_, h) => [h, ...daily.series.map((s) => fixed(s.byHour[h] ?? null, 3))]),
  );
  for (const s of daily.series) {
    if (!s.byMonthHour) continue;
    w.table(
      ['month', ...Array.from({ length: 24 }, (_, h) => ({ text: String(h) }))],
      s.byMonthHour.map((row, m) => [m + 1, ...row.map((v) => fixed(v, 2))]),
      `${name(s.channelId)} 12 × 24`,
    );
  }
}

function writeRose(w: SheetWriter, { result, name }: TSheetInput): void {
  w.table(
    [
      'channel',
      'height',
      'directionChannel',
      'sector',
      'records',
      'frequencyPct',
      'meanSpeed',
      'energyPct',
      'powerDensity',
    ],
    result.rose.items.flatMap((item) =>
      item.sectors.map((s) => [
        name(item.speedChannelId),
        item.heightTag,
        name(item.directionChannelId),
        result.rose.labels[s.index] ?? String(s.index),
        s.count,
        fixed(s.frequencyPct, 3),
        fixed(s.meanSpeed, 3),
        fixed(s.energyPct, 3),
        fixed(s.powerDensity, 2),
      ]),
    ),
  );
  w.table(
    ['channel', 'height', 'records', 'calmPct'],
    result.rose.items.map((item) => [
      name(item.speedChannelId),
      item.heightTag,
      item.totalCount,
      fixed(item.calmPct, 3),
    ]),
  );
}

function writeCorrelation(w: SheetWriter, { result, name }: TSheetInput): void {
  const correlation = result.correlation;
  // How the pairs were averaged and fitted: every line below is of this period and method.
  w.table(
    ['correlationPeriod', 'correlationCoverage', 'correlationMethod'],
    [
      [
        correlation.periodName,
        correlation.coverage === null ? null : fixed(correlation.coverage * 100, 1),
        correlation.methodName,
      ],
    ],
  );
  w.table(
    [
      'reference',
      'target',
      'height',
      'records',
      'slope',
      'intercept',
      'r',
      'rSquared',
      'throughOrigin',
      'strength',
    ],
    correlation.items.map((item) => [
      name(correlation.referenceChannelId),
      name(item.targetChannelId),
      item.heightTag,
      item.count,
      fixed(item.slope, 4),
      fixed(item.intercept, 4),
      fixed(item.r, 4),
      fixed(item.rSquared, 4),
      fixed(item.throughOriginSlope, 4),
      item.strength ? strengthText(item.strength) : null,
    ]),
  );
  w.table(
    ['target', 'sectorRange', 'records', 'intercept', 'slope', 'r', 'rSquared', 'correctedValue', 'strength'],
    correlation.items.flatMap((item) =>
      item.sectors.map((s) => [
        name(item.targetChannelId),
        s.sectorRange,
        s.count,
        fixed(s.intercept, 4),
        fixed(s.slope, 4),
        fixed(s.r, 4),
        fixed(s.rSquared, 4),
        fixed(s.correctedValue, 3),
        s.strength ? strengthText(s.strength) : null,
      ]),
    ),
  );
}

function writeExtreme(w: SheetWriter, { result, name }: TSheetInput): void {
  w.table(
    ['channel', 'height', 'extremeAvg', 'fivefoldMax', 'extremeMax', 'gustMax', 'v50', 'ewmMax'],
    result.extreme.rows.map((r) => [
      name(r.channelId),
      r.height,
      fixed(r.avg, 3),
      fixed(r.fivefoldMax, 3),
      fixed(r.max, 3),
      fixed(r.gustMax, 3),
      fixed(r.v50, 3),
      fixed(r.ewmMax, 3),
    ]),
  );
  const gumbel = result.extreme.gumbel;
  if (gumbel) {
    w.table(
      ['year', 'annualMax', 'coverage'],
      gumbel.annualMaxima.map((m) => [m.year, fixed(m.max, 3), fixed(m.coverage * 100, 1)]),
      `${name(gumbel.channelId)} Gumbel`,
    );
    if (gumbel.fit) {
      w.table(
        ['gumbelLocation', 'gumbelScale', 'v50', 'records'],
        [
          [
            fixed(gumbel.fit.location, 3),
            fixed(gumbel.fit.scale, 3),
            fixed(gumbel.fit.returnValue, 3),
            gumbel.fit.count,
          ],
        ],
      );
    }
  }
}

function writeShear(w: SheetWriter, { result }: TSheetInput): void {
  const shear = result.shear;
  if (shear) {
    w.table(
      ['heights', 'meanSpeed', 'shearExponent', 'roughness', 'records'],
      shear.heightsM.map((h, i) => [
        h,
        fixed(shear.meanSpeeds[i] ?? null, 3),
        i === 0 ? fixed(shear.exponent, 4) : null,
        i === 0 ? fixed(shear.roughness, 4) : null,
        i === 0 ? shear.count : null,
      ]),
    );
    w.table(
      ['hour', 'shearExponent', 'records'],
      shear.byHour.map((h) => [h.hour, fixed(h.exponent, 4), h.count]),
    );
    w.table(
      ['sector', 'shearExponent', 'records'],
      shear.bySector.map((s) => [s.label, fixed(s.exponent, 4), s.count]),
    );
    w.table(
      ['month', ...Array.from({ length: 24 }, (_, h) => ({ text: String(h) }))],
      shear.byMonthHour.map((row, m) => [m + 1, ...row.map((v) => fixed(v, 3))]),
    );
  } else {
    w.table(['noData'], []);
  }
}

/** One writer per sheet, each writing that tab's tables. */
const SHEETS: Record<TStatisticsTab, (w: SheetWriter, input: TSheetInput) => void> = {
  summary: writeSummary,
  recovery: writeRecovery,
  frequency: writeFrequency,
  turbulence: (w, input) => {
    writeTurbulence(w, input);
    writeTurbulenceDetail(w, input);
  },
  airDensity: (w, input) => {
    writeAirDensity(w, input);
    writeAirDensityByMonth(w, input);
  },
  monthly: (w, input) => {
    writeMonthly(w, input);
    writeMommSideBySide(w, input);
  },
  daily: writeDaily,
  rose: (w, input) => {
    writeRose(w, input);
    writeJointTables(w, input);
  },
  correlation: writeCorrelation,
  extreme: (w, input) => {
    writeExtreme(w, input);
    writeMonthlyMaxima(w, input);
  },
  shear: writeShear,
};

/**
 * The export of one analysis: one sheet per tab (STATISTICS_TABS order), each with the tab's tables,
 * headers in the caller's language and units in the headers.
 */
export async function buildStatisticsWorkbook(
  result: TStatisticsResult,
  language: Language,
  /** The site suitability to add as its sheets after the 11 tabs (issue 29), when asked for. */
  suitability?: TSuitabilityResult,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'MastHub';
  const channelName = new Map(result.channels.map((c) => [c.channelId, c.name]));
  const name = (id: number | null) => (id === null ? '' : (channelName.get(id) ?? String(id)));
  const writers = {} as Record<TStatisticsTab, SheetWriter>;
  for (const tab of STATISTICS_TABS) {
    writers[tab] = new SheetWriter(workbook.addWorksheet(SHEET_NAMES[tab][language]), language);
  }

  const input: TSheetInput = { result, language, name };
  for (const tab of STATISTICS_TABS) SHEETS[tab](writers[tab], input);

  for (const writer of Object.values(writers)) {
    writer.sheet.columns.forEach((column) => {
      column.width = 16;
    });
    writer.sheet.getColumn(1).width = 22;
  }
  if (suitability) addSuitabilitySheets(workbook, suitability, language, result.utcOffsetMinutes);
  return writeWorkbook(workbook);
}
