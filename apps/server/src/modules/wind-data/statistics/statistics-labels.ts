import type { Language, TLocalized, TStatisticsTab } from '@masthub/shared';

/**
 * Texts the statistics analysis writes itself (element names in the report rows, the xlsx export's
 * sheets and headers), in both languages. The web has its own copy of the screen texts (statistics.json).
 */

const ELEMENT_NAMES: Record<string, TLocalized> = {
  ws: { zh: '风速', en: 'Wind speed' },
  wd: { zh: '风向', en: 'Wind direction' },
  T: { zh: '温度', en: 'Temperature' },
  RH: { zh: '相对湿度', en: 'Relative humidity' },
  p: { zh: '气压', en: 'Air pressure' },
  rho: { zh: '空气密度', en: 'Air density' },
  other: { zh: '其他', en: 'Other' },
};

const STATISTIC_SUFFIX: Record<string, TLocalized> = {
  avg: { zh: '', en: '' },
  sd: { zh: '标准差', en: ' SD' },
  max: { zh: '最大值', en: ' max' },
  min: { zh: '最小值', en: ' min' },
};

/** "风速", "风速标准差" / "Wind speed", "Wind speed SD". */
export function elementName(element: string, statistic: string, language: Language): string {
  const name = (ELEMENT_NAMES[element] ?? ELEMENT_NAMES.other!)[language];
  return name + (STATISTIC_SUFFIX[statistic]?.[language] ?? '');
}

/** "80m", or '' without a height. */
export function heightTagOf(heightM: number | null | undefined): string {
  return heightM === null || heightM === undefined ? '' : `${heightM}m`;
}

/** The "all records" turbulence row name. */
export const ALL_RECORDS: TLocalized = { zh: '全部', en: 'All' };

/** GB/T 18710 turbulence grades at 15 m/s. */
export const GB_TURBULENCE_GRADES: Record<string, TLocalized> = {
  low: { zh: '较低', en: 'low' },
  moderate: { zh: '中等', en: 'moderate' },
  high: { zh: '较高', en: 'high' },
};

export const AIR_DENSITY_SOURCES: Record<'measured' | 'constant', TLocalized> = {
  measured: { zh: '由温度、气压（湿度）计算', en: 'from temperature and pressure (humidity)' },
  constant: { zh: '标准空气密度 1.225 kg/m³', en: 'standard air density 1.225 kg/m³' },
};

/** Sheet names of the export (≤ 31 characters, none of : \ / ? * [ ]). */
export const SHEET_NAMES: Record<TStatisticsTab, TLocalized> = {
  summary: { zh: '概要', en: 'Summary' },
  recovery: { zh: '数据完整率', en: 'Data recovery' },
  frequency: { zh: '风速频率分布', en: 'Speed frequency' },
  turbulence: { zh: '湍流强度', en: 'Turbulence intensity' },
  airDensity: { zh: '空气密度', en: 'Air density' },
  monthly: { zh: '年变化', en: 'Yearly variation' },
  daily: { zh: '日变化', en: 'Daily variation' },
  rose: { zh: '风向玫瑰图', en: 'Wind rose' },
  correlation: { zh: '风速相关性', en: 'Speed correlation' },
  extreme: { zh: '极端风速', en: 'Extreme wind' },
  shear: { zh: '风切变', en: 'Wind shear' },
};

export const EXPORT_FILE_NAME: TLocalized = { zh: '统计分析', en: 'statistics' };

/** Column headers and captions of the export, units in the headers. */
export const HEADERS = {
  channel: { zh: '通道', en: 'Channel' },
  element: { zh: '要素', en: 'Element' },
  height: { zh: '高度', en: 'Height' },
  unit: { zh: '单位', en: 'Unit' },
  count: { zh: '有效数据个数', en: 'Valid records' },
  mean: { zh: '平均值', en: 'Mean' },
  sd: { zh: '标准差', en: 'SD' },
  min: { zh: '最小值', en: 'Min' },
  max: { zh: '最大值', en: 'Max' },
  validRate: { zh: '有效数据完整率 (%)', en: 'Data recovery (%)' },
  avgWindPower: { zh: '平均风功率密度 (W/m²)', en: 'Mean wind power density (W/m²)' },
  usefulWindHours: { zh: '有效风速小时数 (h)', en: 'Hours at 3–25 m/s (h)' },
  weibullScale: { zh: '威布尔 A (m/s)', en: 'Weibull A (m/s)' },
  weibullShape: { zh: '威布尔 k', en: 'Weibull k' },
  gustMax: { zh: '最大阵风 (m/s)', en: 'Max gust (m/s)' },
  meanDirection: { zh: '平均风向 (°)', en: 'Mean direction (°)' },
  dataPhase: { zh: '数据时段', en: 'Period' },
  shouldCount: { zh: '应测数目', en: 'Expected records' },
  lackCount: { zh: '缺测数目', en: 'Missing records' },
  invalidCount: { zh: '无效数目', en: 'Invalid records' },
  validCount: { zh: '有效数目', en: 'Valid records' },
  validAvg: { zh: '有效数据平均值', en: 'Mean of valid data' },
  yearCoverage: { zh: '全年覆盖率 (%)', en: 'Coverage of the year (%)' },
  maxValue: { zh: '最大值', en: 'Maximum' },
  maxTime: { zh: '最大值时间 (UTC)', en: 'Time of the maximum (UTC)' },
  gapCount: { zh: '中断次数', en: 'Breaks' },
  daysLost: { zh: '缺失天数', en: 'Days lost' },
  gapFrom: { zh: '中断前最后一条 (UTC)', en: 'Last value before (UTC)' },
  gapTo: { zh: '中断后第一条 (UTC)', en: 'First value after (UTC)' },
  speedBin: { zh: '风速区间 (m/s)', en: 'Speed bin (m/s)' },
  binCentre: { zh: '区间中值 (m/s)', en: 'Bin centre (m/s)' },
  records: { zh: '样本数', en: 'Records' },
  frequencyPct: { zh: '频率 (%)', en: 'Frequency (%)' },
  weibullPct: { zh: '威布尔拟合 (%)', en: 'Weibull fit (%)' },
  weibullMethod: { zh: '拟合方法', en: 'Fit method' },
  weibullMean: { zh: '威布尔平均风速 (m/s)', en: 'Weibull mean speed (m/s)' },
  weibullPower: { zh: '威布尔风功率密度 (W/m²)', en: 'Weibull power density (W/m²)' },
  tiName: { zh: '风速段', en: 'Speed bin' },
  tiAvg: { zh: '平均湍流强度', en: 'Mean TI' },
  tiSd: { zh: '湍流强度标准差', en: 'SD of TI' },
  tiRepresent: { zh: '代表湍流强度', en: 'Representative TI' },
  tiSample: { zh: '样本数', en: 'Samples' },
  ti15: { zh: '15 m/s 代表湍流强度', en: 'Representative TI at 15 m/s' },
  iecCategory: { zh: 'IEC 湍流类别', en: 'IEC turbulence category' },
  gbGrade: { zh: '国标湍流等级', en: 'GB/T 18710 grade' },
  source: { zh: '计算方式', en: 'Source' },
  airDensity: { zh: '空气密度 (kg/m³)', en: 'Air density (kg/m³)' },
  month: { zh: '月份', en: 'Month' },
  hour: { zh: '时刻', en: 'Hour' },
  yearMonth: { zh: '年月', en: 'Year-month' },
  momm: { zh: '月平均值的平均 (MOMM)', en: 'Mean of monthly means (MOMM)' },
  periodName: { zh: '时段', en: 'Period' },
  avgSpeed: { zh: '平均风速 (m/s)', en: 'Mean speed (m/s)' },
  deviate: { zh: '偏差 (m/s)', en: 'Deviation (m/s)' },
  rate: { zh: '偏差率 (%)', en: 'Deviation (%)' },
  sector: { zh: '扇区', en: 'Sector' },
  directionChannel: { zh: '风向通道', en: 'Direction channel' },
  energyPct: { zh: '风能频率 (%)', en: 'Energy (%)' },
  meanSpeed: { zh: '平均风速 (m/s)', en: 'Mean speed (m/s)' },
  powerDensity: { zh: '风功率密度 (W/m²)', en: 'Power density (W/m²)' },
  calmPct: { zh: '静风频率 (%)', en: 'Calm (%)' },
  reference: { zh: '参考通道', en: 'Reference' },
  target: { zh: '目标通道', en: 'Target' },
  sectorRange: { zh: '扇区范围 (°)', en: 'Sector range (°)' },
  intercept: { zh: '截距', en: 'Intercept' },
  slope: { zh: '斜率', en: 'Slope' },
  r: { zh: '相关系数 R', en: 'R' },
  rSquared: { zh: '决定系数 R²', en: 'R²' },
  correctedValue: { zh: '订正值 (m/s)', en: 'Corrected value (m/s)' },
  strength: { zh: '相关性', en: 'Correlation' },
  throughOrigin: { zh: '过原点斜率', en: 'Slope through origin' },
  extremeAvg: { zh: '平均风速 (m/s)', en: 'Mean speed (m/s)' },
  fivefoldMax: { zh: '5倍平均风速 (m/s)', en: '5 × mean speed (m/s)' },
  extremeMax: { zh: '最大10分钟平均风速 (m/s)', en: 'Max 10-min mean (m/s)' },
  v50: { zh: '50年一遇最大风速 (m/s)', en: '50-year 10-min speed (m/s)' },
  ewmMax: { zh: '50年一遇极大风速 (m/s)', en: '50-year extreme gust (m/s)' },
  year: { zh: '年份', en: 'Year' },
  annualMax: { zh: '年最大风速 (m/s)', en: 'Annual maximum (m/s)' },
  coverage: { zh: '年数据覆盖率 (%)', en: 'Coverage of the year (%)' },
  gumbelLocation: { zh: 'Gumbel 位置参数 u (m/s)', en: 'Gumbel location u (m/s)' },
  gumbelScale: { zh: 'Gumbel 尺度参数 1/α (m/s)', en: 'Gumbel scale 1/α (m/s)' },
  shearExponent: { zh: '风切变指数 α', en: 'Shear exponent α' },
  roughness: { zh: '粗糙度 z0 (m)', en: 'Roughness z0 (m)' },
  heights: { zh: '高度 (m)', en: 'Heights (m)' },
  noData: { zh: '无数据', en: 'No data' },
} as const satisfies Record<string, TLocalized>;

export type THeaderKey = keyof typeof HEADERS;

export function header(key: THeaderKey, language: Language): string {
  return HEADERS[key][language];
}
