import { z } from 'zod';
import { ZAnalysisBasis } from './analysis-basis.schema.ts';
import { MCP_METHOD_KEYS } from './longterm.schema.ts';
import { CORRELATION_PERIOD_KEYS, JOINT_TABLE_BIN_KINDS, WEIBULL_METHODS } from './statistics.schema.ts';

/**
 * The result of a statistics analysis (statistics.schema.ts): one section per tab with the SPEC §3 report
 * rows and the series their charts need. Every number is JSON-safe: a value that cannot be computed is null.
 */

const ZNum = z.number().nullable();

/** A channel taking part in the analysis. */
export const ZStatisticsChannel = z.object({
  channelId: z.number().int(),
  name: z.string(),
  /** Element code: ws, wd, T, RH, p, rho, other. */
  element: z.string(),
  /** Localised element name with the statistic, e.g. 风速 / "Wind speed SD". */
  elementName: z.string(),
  heightM: z.number().nullable(),
  /** "80m". */
  heightTag: z.string(),
  /** avg, sd, max or min. */
  statistic: z.string(),
  unit: z.string(),
});
export type TStatisticsChannel = z.infer<typeof ZStatisticsChannel>;

/** Summary tab: one row per channel (WIND-ANALYSIS §8.1). */
export const ZSummaryRow = z.object({
  channelId: z.number().int(),
  channelName: z.string(),
  element: z.string(),
  heightTag: z.string(),
  unit: z.string(),
  count: z.number().int(),
  mean: ZNum,
  sd: ZNum,
  min: ZNum,
  max: ZNum,
  /** %. */
  validRate: ZNum,
  /** W/m² (speed averages). */
  avgWindPower: ZNum,
  /** Hours with 3 ≤ v ≤ 25 m/s (有效风速小时数). */
  usefulWindHours: ZNum,
  weibullScale: ZNum,
  weibullShape: ZNum,
  /** Highest value of the paired max (gust) channel, m/s. */
  gustMax: ZNum,
  /** Vector mean direction of a vane, °. */
  meanDirection: ZNum,
  /** Standard deviation of a vane's directions by the Yamartino (1984) estimator, ° (the name says the method). */
  directionSdYamartino: ZNum,
});
export type TSummaryRow = z.infer<typeof ZSummaryRow>;

/** SPEC §3 report statistics row; `isMonth` marks the per-month rows under the period row. */
export const ZElementReportRow = z.object({
  channelId: z.number().int(),
  channelName: z.string(),
  element: z.string(),
  dataPhase: z.string(),
  heightTag: z.string(),
  shouldCount: z.number().int(),
  lackCount: z.number().int(),
  invalidCount: z.number().int(),
  validCount: z.number().int(),
  /** Measured recovery (实测完整率), %: filled values count as lack (WIND-ANALYSIS §3). */
  validRate: ZNum,
  /** Filled values (flag 1, e.g. reconstructed) among `lackCount` (issue 45 §1). */
  filledCount: z.number().int(),
  /** Recovery after reconstruction (重建后完整率), %: filled values counted as valid. */
  validWithFilledRate: ZNum,
  validAvg: ZNum,
  avgWindPower: ZNum,
  isMonth: z.boolean(),
});
export type TElementReportRow = z.infer<typeof ZElementReportRow>;

export const ZRecoverySection = z.object({
  rows: z.array(ZElementReportRow),
  /** "YYYY-MM" local months of the range. */
  months: z.array(z.string()),
  /** Recovery rate (%) per channel and month, for the chart. */
  byChannel: z.array(
    z.object({
      channelId: z.number().int(),
      rates: z.array(ZNum),
      /** Recovery after reconstruction (%) per month: filled values counted as valid. */
      ratesWithFilled: z.array(ZNum),
    }),
  ),
  /** Per channel and calendar year: values, coverage of the whole year (%), mean, maximum and its time. */
  yearly: z.array(
    z.object({
      channelId: z.number().int(),
      year: z.number().int(),
      count: z.number().int(),
      coverage: ZNum,
      mean: ZNum,
      max: ZNum,
      maxTime: z.string().nullable(),
    }),
  ),
  /** Breaks in the time continuity per channel (valid values only), the longest first (at most 50 listed). */
  gaps: z.array(
    z.object({
      channelId: z.number().int(),
      gapCount: z.number().int(),
      daysLost: z.number(),
      longest: z.array(z.object({ from: z.string(), to: z.string(), daysLost: z.number() })),
    }),
  ),
});

export const ZWeibull = z.object({
  method: z.enum(WEIBULL_METHODS),
  /** A, m/s. */
  scale: z.number(),
  /** k. */
  shape: z.number(),
  count: z.number().int(),
  /** A·Γ(1+1/k), m/s. */
  meanSpeed: ZNum,
  /** ½ρA³Γ(1+3/k), W/m². */
  powerDensity: ZNum,
});
export type TWeibull = z.infer<typeof ZWeibull>;

export const ZFrequencyItem = z.object({
  channelId: z.number().int(),
  heightTag: z.string(),
  count: z.number().int(),
  mean: ZNum,
  bins: z.array(
    z.object({
      centre: z.number(),
      lower: z.number(),
      upper: z.number(),
      count: z.number().int(),
      frequencyPct: z.number(),
      /** Weibull probability of the bin, %. */
      weibullPct: ZNum,
    }),
  ),
  weibull: ZWeibull.nullable(),
  /** Weibull density × 100 (% per m/s) on a fine speed grid, for the curve. */
  curve: z.object({ speed: z.array(z.number()), pct: z.array(z.number()) }),
});
export type TFrequencyItem = z.infer<typeof ZFrequencyItem>;

/** SPEC §3 turbulence row (name, avg, sd, represent, sample). */
export const ZTurbulenceRow = z.object({
  name: z.string(),
  avg: ZNum,
  sd: ZNum,
  represent: ZNum,
  sample: z.number().int(),
});
export type TTurbulenceRow = z.infer<typeof ZTurbulenceRow>;

export const ZTurbulenceItem = z.object({
  channelId: z.number().int(),
  sdChannelId: z.number().int(),
  heightTag: z.string(),
  rows: z.array(ZTurbulenceRow),
  /** Bins by speed centre, m/s. */
  bins: z.array(
    z.object({
      speed: z.number(),
      count: z.number().int(),
      meanTi: ZNum,
      representTi: ZNum,
      p90Ti: ZNum,
      /** brightwind `Char_TI` = mean + sd/V. */
      characteristicTi: ZNum,
    }),
  ),
  /** All records with U ≥ 3 m/s: count, mean, sd, representative (mean + 1.28 sd) and empirical P90 of TI. */
  overall: z.object({
    count: z.number().int(),
    meanTi: ZNum,
    sdTi: ZNum,
    representTi: ZNum,
    p90Ti: ZNum,
  }),
  /** brightwind's characteristic TI (mean + sd/V) of the 15 m/s bin. */
  characteristicTi15: ZNum,
  /** TI by direction sector of the nearest vane (labels as the rose); empty without a vane. */
  bySector: z.array(
    z.object({
      label: z.string(),
      count: z.number().int(),
      meanTi: ZNum,
      representTi: ZNum,
      p90Ti: ZNum,
    }),
  ),
  directionChannelId: z.number().int().nullable(),
  /** Representative TI of the 15 m/s bin and its IEC category / GB grade. */
  ti15: ZNum,
  iecCategory: z.string().nullable(),
  gbGrade: z.string().nullable(),
});
export type TTurbulenceItem = z.infer<typeof ZTurbulenceItem>;

export const ZTurbulenceSection = z.object({
  items: z.array(ZTurbulenceItem),
  /**
   * Where the TI comes from (issue 31): cup anemometers, or a lidar's/sodar's speed dispersion — a
   * volume average over the probe length, not comparable to cup TI; `tiNote` says so in the request
   * language ('' for cups).
   */
  tiSource: z.enum(['cup', 'remote_sensing']).optional(),
  tiNote: z.string().optional(),
  /** IEC 61400-1 NTM curves TI(V) = I_ref(0.75 + 5.6/V). */
  iecCurves: z.object({
    speed: z.array(z.number()),
    categories: z.array(z.object({ category: z.string(), ti: z.array(z.number()) })),
  }),
});

export const ZAirDensitySection = z.object({
  /** measured: from T and p (humid with RH); constant: 1.225 kg/m³. */
  source: z.enum(['measured', 'constant']),
  temperatureChannelId: z.number().int().nullable(),
  pressureChannelId: z.number().int().nullable(),
  humidityChannelId: z.number().int().nullable(),
  constant: z.number(),
  count: z.number().int(),
  mean: ZNum,
  sd: ZNum,
  min: ZNum,
  max: ZNum,
  byCalendarMonth: z.array(z.object({ month: z.number().int(), count: z.number().int(), mean: ZNum })),
  /** Every local year-month of the range ("YYYY-MM"): values, coverage (%) and mean density. */
  byYearMonth: z.array(z.object({ month: z.string(), count: z.number().int(), coverage: ZNum, mean: ZNum })),
  byHour: z.array(ZNum),
});

export const ZMonthlySeries = z.object({
  channelId: z.number().int(),
  element: z.string(),
  heightTag: z.string(),
  unit: z.string(),
  /** Parallel to `months`. */
  byYearMonth: z.array(ZNum),
  /** Calendar months 1–12 pooled over years. */
  byCalendarMonth: z.array(ZNum),
  /** Mean of monthly means (brightwind's definition, no coverage threshold). */
  momm: ZNum,
  /** MOMM over the year-months that reach the request's coverage threshold, both definitions (§8.6). */
  mommBrightwind: ZNum,
  mommMastHub: ZNum,
  yearMonthsUsed: z.number().int(),
  calendarMonthsUsed: z.number().int(),
});

/** SPEC §3 period comparison row (name, avgSpeed, deviate, rate). */
export const ZPeriodComparisonRow = z.object({
  name: z.string(),
  /** The calendar years the row averages (inclusive). */
  startYear: z.number().int(),
  endYear: z.number().int(),
  avgSpeed: ZNum,
  deviate: ZNum,
  rate: ZNum,
});
export type TPeriodComparisonRow = z.infer<typeof ZPeriodComparisonRow>;

export const ZMonthlySection = z.object({
  months: z.array(z.string()),
  /** The coverage threshold (fraction) of mommBrightwind / mommMastHub. */
  mommMinCoverage: z.number(),
  series: z.array(ZMonthlySeries),
  /** Each calendar year (up to 3, newest) of the highest speed against the whole period's mean. */
  periodComparison: z.object({
    channelId: z.number().int().nullable(),
    baselineMean: ZNum,
    rows: z.array(ZPeriodComparisonRow),
  }),
});

export const ZDailySection = z.object({
  series: z.array(
    z.object({
      channelId: z.number().int(),
      element: z.string(),
      heightTag: z.string(),
      unit: z.string(),
      /** Local hours 0–23. */
      byHour: z.array(ZNum),
      /** [month 1–12][hour 0–23], speed averages only. */
      byMonthHour: z.array(z.array(ZNum)).nullable(),
    }),
  ),
});

/**
 * Joint speed × direction frequency table (brightwind `freq_table`, WIND-ANALYSIS §8.7): 1 m/s bins — centred
 * on integers [k − 0.5, k + 0.5) (first [0, 0.5); the default, as brightwind) or [k, k + 1), as `bins` says —
 * × the request's sectors, % of all records with both values; rows up to the highest bin with data.
 */
export const ZJointFrequencyTable = z.object({
  /** Which speed bins the rows are (the request's `jointTableBins`). */
  bins: z.enum(JOINT_TABLE_BIN_KINDS),
  lower: z.array(z.number()),
  upper: z.array(z.number()),
  /** pct[bin][sector]. */
  pct: z.array(z.array(z.number())),
  /** Σ over bins per sector, %. */
  sectorPct: z.array(z.number()),
  totalCount: z.number().int(),
});
export type TJointFrequencyTable = z.infer<typeof ZJointFrequencyTable>;

export const ZRoseItem = z.object({
  speedChannelId: z.number().int(),
  directionChannelId: z.number().int(),
  heightTag: z.string(),
  directionHeightTag: z.string(),
  totalCount: z.number().int(),
  calmCount: z.number().int(),
  calmPct: ZNum,
  sectors: z.array(
    z.object({
      index: z.number().int(),
      centreDeg: z.number(),
      count: z.number().int(),
      frequencyPct: z.number(),
      meanSpeed: ZNum,
      energyPct: z.number(),
      powerDensity: ZNum,
    }),
  ),
  jointTable: ZJointFrequencyTable,
});
export type TRoseItem = z.infer<typeof ZRoseItem>;

export const ZRoseSection = z.object({
  /** Localised sector labels (16: 北, 北东北 … / N, NNE …; 12: centre angles). */
  labels: z.array(z.string()),
  calmThreshold: z.number(),
  items: z.array(ZRoseItem),
});

const ZStrength = z.object({
  r: z.enum(['weak', 'moderate', 'strong']),
  rSquared: z.enum(['low', 'moderate', 'high']),
  rText: z.string(),
  rSquaredText: z.string(),
});

/** SPEC §3 correlation sector row plus R² and wording. */
export const ZCorrelationSectorRow = z.object({
  sectorRange: z.string(),
  count: z.number().int(),
  intercept: ZNum,
  slope: ZNum,
  r: ZNum,
  rSquared: ZNum,
  correctedValue: ZNum,
  strength: ZStrength.nullable(),
});
export type TCorrelationSectorRow = z.infer<typeof ZCorrelationSectorRow>;

export const ZCorrelationItem = z.object({
  targetChannelId: z.number().int(),
  heightTag: z.string(),
  count: z.number().int(),
  slope: ZNum,
  intercept: ZNum,
  r: ZNum,
  rSquared: ZNum,
  strength: ZStrength.nullable(),
  throughOriginSlope: ZNum,
  sectors: z.array(ZCorrelationSectorRow),
  /** A sample (≤ 2000) of the concurrent pairs (period means when averaged): x reference, y target, m/s. */
  scatter: z.object({ x: z.array(z.number()), y: z.array(z.number()) }),
  /** The method's all-sector line over the range of x (SpeedSort: from the origin below its cutoff). */
  line: z.object({ x: z.array(z.number()), y: z.array(z.number()) }),
});
export type TCorrelationItem = z.infer<typeof ZCorrelationItem>;

export const ZCorrelationSection = z.object({
  /** The averaging of the pairs, its name in the caller's language, and the coverage (null for '10min'). */
  period: z.enum(CORRELATION_PERIOD_KEYS),
  periodName: z.string(),
  coverage: ZNum,
  /** The method of every line (overall and per sector) and its name in the caller's language. */
  method: z.enum(MCP_METHOD_KEYS),
  methodName: z.string(),
  referenceChannelId: z.number().int().nullable(),
  referenceHeightTag: z.string().nullable(),
  directionChannelId: z.number().int().nullable(),
  items: z.array(ZCorrelationItem),
});

/** SPEC §3 extreme wind row (height, avg, fivefoldMax, max, ewmMax). */
export const ZExtremeRow = z.object({
  channelId: z.number().int(),
  height: z.string(),
  avg: ZNum,
  fivefoldMax: ZNum,
  max: ZNum,
  gustMax: ZNum,
  /** 50-year 10-min speed used for ewmMax (Gumbel when fitted, else fivefoldMax). */
  v50: ZNum,
  ewmMax: ZNum,
});
export type TExtremeRow = z.infer<typeof ZExtremeRow>;

/** Monthly maxima with their time (the periodic-maxima input, WIND-ANALYSIS §14) of one speed and its gust. */
export const ZMonthlyMaxima = z.object({
  channelId: z.number().int(),
  heightTag: z.string(),
  gustChannelId: z.number().int().nullable(),
  months: z.array(
    z.object({
      /** Local "YYYY-MM". */
      month: z.string(),
      count: z.number().int(),
      /** % of the calendar month's slots. */
      coverage: ZNum,
      max: ZNum,
      /** ISO UTC start of the record holding the maximum. */
      maxTime: z.string().nullable(),
      gustMax: ZNum,
      gustMaxTime: z.string().nullable(),
    }),
  ),
});
export type TMonthlyMaxima = z.infer<typeof ZMonthlyMaxima>;

export const ZExtremeSection = z.object({
  rows: z.array(ZExtremeRow),
  /** Per speed average, highest first. */
  monthlyMaxima: z.array(ZMonthlyMaxima),
  /** Gumbel analysis of the annual maxima of the highest speed (Gringorten over years with ≥ 80 % coverage; needs ≥ 3). */
  gumbel: z
    .object({
      channelId: z.number().int(),
      heightTag: z.string(),
      /** Every year's maximum; `coverage` = usable records / slots of the calendar year, `isUsed` ≥ 80 %. */
      annualMaxima: z.array(
        z.object({ year: z.number().int(), max: z.number(), coverage: z.number(), isUsed: z.boolean() }),
      ),
      /** Plotting positions of the used years: reduced variate y = −ln(−ln F), speed. */
      points: z.array(z.object({ reducedVariate: z.number(), speed: z.number() })),
      fit: z
        .object({
          location: z.number(),
          scale: z.number(),
          returnPeriod: z.number(),
          returnValue: z.number(),
          count: z.number().int(),
          line: z.object({ reducedVariate: z.array(z.number()), speed: z.array(z.number()) }),
        })
        .nullable(),
    })
    .nullable(),
});

export const ZShearSection = z.object({
  /** True when the user chose the two heights. */
  isExplicit: z.boolean(),
  channelIds: z.array(z.number().int()),
  heightsM: z.array(z.number()),
  count: z.number().int(),
  exponent: ZNum,
  /** Log-law roughness length z0, m. */
  roughness: ZNum,
  meanSpeeds: z.array(ZNum),
  /** Power-law profile through the fitted exponent, for the chart. */
  profile: z.object({ heightM: z.array(z.number()), speed: z.array(z.number()) }),
  byHour: z.array(z.object({ hour: z.number().int(), count: z.number().int(), exponent: ZNum })),
  bySector: z.array(z.object({ label: z.string(), count: z.number().int(), exponent: ZNum })),
  byMonthHour: z.array(z.array(ZNum)),
});
export type TShearSection = z.infer<typeof ZShearSection>;

/** The whole analysis: one section per tab (STATISTICS_TABS). */
export const ZStatisticsResult = z.object({
  versionId: z.number().int(),
  stationId: z.number().int(),
  versionName: z.string(),
  /** Grid range actually analysed, ISO UTC [start, end). */
  startTime: z.string(),
  endTime: z.string(),
  intervalMinutes: z.number(),
  recordCount: z.number().int(),
  utcOffsetMinutes: z.number().int(),
  sectors: z.number().int(),
  includeSuspicious: z.boolean(),
  weibullMethod: z.enum(WEIBULL_METHODS),
  /** What the statistics stood on: records used and left out by why, per channel (issue 41 §1). */
  basis: ZAnalysisBasis,
  channels: z.array(ZStatisticsChannel),
  summary: z.object({ rows: z.array(ZSummaryRow) }),
  recovery: ZRecoverySection,
  frequency: z.object({ items: z.array(ZFrequencyItem) }),
  turbulence: ZTurbulenceSection,
  airDensity: ZAirDensitySection,
  monthly: ZMonthlySection,
  daily: ZDailySection,
  rose: ZRoseSection,
  correlation: ZCorrelationSection,
  extreme: ZExtremeSection,
  /** Null with fewer than two speed heights. */
  shear: ZShearSection.nullable(),
});
export type TStatisticsResult = z.infer<typeof ZStatisticsResult>;
