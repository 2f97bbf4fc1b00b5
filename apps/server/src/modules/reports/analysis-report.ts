import {
  ANALYSIS_SECTION_NAMES,
  formatUnit,
  type Language,
  type TAnalysisSection,
  type TStatisticsChannel,
  type TStatisticsResult,
} from '@masthub/shared';
import { GB_TURBULENCE_GRADES } from '../wind-data/index.ts';
import { toPng } from './charts.ts';
import type { TBlock } from './compose.ts';
import type { TChartImage } from './render.ts';

/** What the report says about its site and request, beside the statistics. */
export interface TAnalysisReportMeta {
  reportName: string;
  station: {
    code: string;
    projectName: string;
    location: string;
    longitude: number;
    latitude: number;
    altitudeM: number | null;
    mastHeightM: number | null;
    manufacturerName: string;
  };
  versionName: string;
  /** Local report dates as requested, 'YYYY-MM-DD'. */
  startDate: string;
  endDate: string;
  targetHeightM: number;
  sectorWidthDeg: number;
  /** The 12 months of the wind year and their analysis (speeds at every height), when chosen. */
  windYear?: { start: string; end: string; result: TStatisticsResult } | undefined;
  generatedAt: Date;
  ownerName: string;
}

/** WIND-ANALYSIS §6: without a second height the shear exponent is taken as 1/7. */
export const DEFAULT_SHEAR_EXPONENT = 1 / 7;
/** NB/T 31147 asks for further analysis above this exponent (WIND-ANALYSIS §6). */
const SHEAR_ATTENTION = 0.2;
/** Recovery accepted by NB/T 31147 (WIND-ANALYSIS §3). */
const RECOVERY_ACCEPTED_PCT = 90;
/** GB/T 18710 WPD class lower bounds (classes 2–7) at 10, 30 and 50 m (WIND-ANALYSIS §8.3). */
const WPD_CLASS_BOUNDS: Record<number, readonly number[]> = {
  10: [100, 150, 200, 250, 300, 400],
  30: [160, 240, 320, 400, 480, 640],
  50: [200, 300, 400, 500, 600, 800],
};

/** The GB/T 18710 power density class (1–7) at 10, 30 or 50 m; undefined at other heights. */
export function wpdClass(heightM: number | null, wpd: number | null): number | undefined {
  if (heightM === null || wpd === null) return undefined;
  const bounds = WPD_CLASS_BOUNDS[heightM];
  if (!bounds) return undefined;
  return 1 + bounds.filter((b) => wpd >= b).length;
}

/**
 * Mean speed and power density carried from a measured height to the target height with the power law
 * (WIND-ANALYSIS §6): V₂ = V₁(z₂/z₁)^α; a uniform factor on every speed scales ½ρv³ by its cube.
 */
export function extrapolateToHeight(
  meanSpeed: number,
  powerDensity: number | null,
  fromHeightM: number,
  toHeightM: number,
  alpha: number,
): { meanSpeed: number; powerDensity: number | null } {
  const factor = (toHeightM / fromHeightM) ** alpha;
  return {
    meanSpeed: meanSpeed * factor,
    powerDensity: powerDensity === null ? null : powerDensity * factor ** 3,
  };
}

/** The IEC 61400-1 category in the report's language ('above A+' is packages/wind's word for "beyond A+"). */
function iecCategoryText(category: string | null, language: Language): string {
  if (category === null) return '—';
  if (category === 'above A+') return language === 'zh' ? '高于 A+' : 'above A+';
  return category;
}

const fmt = (v: number | null | undefined, digits = 2): string =>
  v === null || v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(digits);

const T = {
  zh: {
    subtitle: (m: TAnalysisReportMeta) =>
      `站点 ${m.station.code} · 数据版本 ${m.versionName} · ${m.startDate} ~ ${m.endDate} · 编制 ${m.ownerName} · 生成于 ${m.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    chapter: (n: number, name: string) => `${n}. ${name}`,
    item: '项目',
    value: '内容',
    code: '站点编号',
    project: '项目名称',
    location: '位置',
    coords: '经纬度',
    altitude: '海拔',
    mast: '塔高',
    manufacturer: '测风设备厂家',
    version: '数据版本',
    period: '数据时段',
    interval: '记录间隔',
    records: '记录数',
    channel: '通道',
    element: '要素',
    height: '高度',
    unit: '单位',
    overviewText:
      '本报告依据 GB/T 18710《风电场风能资源评估方法》与 NB/T 31147 的结构编写，所有统计只使用有效数据（无效与覆冰标记的数据不参与计算）。',
    recoveryText:
      '有效数据完整率 = (应测数目 − 缺测数目 − 无效数据数目) / 应测数目（GB/T 18710）；NB/T 31147 要求不低于 90 %。',
    recoveryLow: (list: string) => `完整率低于 90 % 的通道：${list}。`,
    recoveryOk: '所有通道的有效数据完整率均不低于 90 %。',
    should: '应测数',
    lack: '缺测数',
    invalid: '无效数',
    valid: '有效数',
    rate: '完整率 %',
    recoveryChart: '各风速通道逐月有效数据完整率（%）',
    mean: '平均风速 m/s',
    sd: '标准差',
    max: '最大风速',
    gust: '最大阵风',
    wpd: '风功率密度 W/m²',
    wpdClass: '功率密度等级',
    monthlyChart: '各高度逐月平均风速（m/s）',
    weibullA: '尺度参数 A',
    weibullK: '形状参数 k',
    weibullMean: 'Weibull 平均风速',
    weibullWpd: 'Weibull 风功率密度',
    freqChart: (h: string) => `${h} 风速频率分布与 Weibull 拟合`,
    frequency: '频率 %',
    sector: '扇区',
    meanSector: '平均风速',
    energy: '风能 %',
    roseChart: (h: string) => `${h} 风向玫瑰图与风能玫瑰图（%）`,
    prevailing: (dir: string, f: string, e: string, edir: string) =>
      `主导风向为 ${dir}（频率 ${f} %），主导风能方向为 ${edir}（${e} %）。`,
    calm: (pct: string) => `静风（< 0.5 m/s）占 ${pct} %。`,
    tiName: '风速区间',
    tiAvg: '平均湍流强度',
    tiSd: '标准差',
    tiRep: '代表湍流强度',
    tiSample: '样本数',
    ti15: (h: string, ti: string, iec: string, gb: string) =>
      `${h} 15 m/s 风速段代表湍流强度 ${ti}，IEC 61400-1 湍流类别 ${iec}，GB/T 18710 评价：${gb}。`,
    tiChart: (h: string) => `${h} 代表湍流强度随风速变化与 IEC 曲线`,
    alpha: '风切变指数 α',
    z0: '粗糙度 z0 (m)',
    shearText: (a: string, note: string) => `按幂律拟合各高度平均风速得到风切变指数 α = ${a}。${note}`,
    shearHigh: 'α 大于 0.2，按 NB/T 31147 须进一步分析。',
    shearNone: '只有一个测量高度，风切变指数取 1/7（0.143）。',
    shearChart: '风廓线（各高度平均风速与幂律拟合）',
    bySector: '分扇区风切变指数',
    density: '空气密度',
    densitySource: (measured: boolean, c: string) =>
      measured ? '由实测气温与气压（及湿度）逐条计算。' : `无气温或气压通道，取标准空气密度 ${c} kg/m³。`,
    validAvg: '有效平均值',
    correlationText: (ref: string) =>
      `以 ${ref} 风速为参考，按参考风向扇区对各高度风速做线性回归（y = a + b·x）；相关程度按相关系数 r 与决定系数 r² 描述。`,
    correlationLine: (b: string, a: string, r: string, n: string, words: string) =>
      `全部扇区：斜率 ${b}，截距 ${a}，r = ${r}（${n} 组），${words}。`,
    words: (r: string, r2: string) => `${r}，${r2}`,
    sectorRange: '扇区范围',
    intercept: '截距 a',
    slope: '斜率 b',
    corrected: '订正值',
    strength: '相关程度',
    month: '月份',
    extremeText:
      '50 年一遇最大风速：资料不足 10 年时按 GB/T 18710 取 5 倍年平均风速（五倍法），满 10 年时用 Gumbel 分布拟合年最大值。',
    avg: '年平均风速',
    fivefold: '五倍平均风速',
    v50: '50 年一遇风速',
    ewm: '极大风速估计',
    periodText: (base: string) => `以整个报告时段最高层平均风速 ${base} m/s 为基准，对比多年平均时段：`,
    periodName: '时段',
    periodAvg: '平均风速 m/s',
    deviate: '偏差 m/s',
    deviateRate: '偏差率 %',
    periodNone: '未选择多年平均时段，或数据不足以计算年平均。',
    coverage: '数据覆盖',
    comparable: '可比性',
    yearCoverage: (year: number, months: number, recovery: string) =>
      months === 0 ? `${year} 年无数据` : `${year} 年 ${months} 个月，完整率 ${recovery} %`,
    isComparable: '可比',
    notComparable: '不可比（不足 12 个月）',
    partialNote:
      '注：不足 12 个月数据的年份只代表部分季节，其平均风速不是年平均，与全时段平均的对比仅供参考（标为“不可比”）。',
    conclusionText: '主要结论如下（风速与风功率密度以最高测量层为准）：',
    cPeriod: '数据时段',
    cRecovery: '最高层风速有效数据完整率',
    cMean: '最高层平均风速',
    cWpd: '最高层平均风功率密度',
    cWindYear: (s: string, e: string) => `风年 ${s} ~ ${e} 平均风速 / 风功率密度`,
    cWeibull: 'Weibull 参数 A / k',
    cDirection: '主导风向 / 主导风能方向',
    cTi: '15 m/s 代表湍流强度（IEC 类别）',
    cShear: '风切变指数 α',
    cTarget: (h: number) => `${h} m 高度推算平均风速 / 风功率密度`,
    cDensity: '平均空气密度',
    cExtreme: '50 年一遇最大风速（最高层）',
  },
  en: {
    subtitle: (m: TAnalysisReportMeta) =>
      `Site ${m.station.code} · version ${m.versionName} · ${m.startDate} ~ ${m.endDate} · by ${m.ownerName} · generated ${m.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    chapter: (n: number, name: string) => `${n}. ${name}`,
    item: 'Item',
    value: 'Value',
    code: 'Site code',
    project: 'Project',
    location: 'Location',
    coords: 'Coordinates',
    altitude: 'Altitude',
    mast: 'Mast height',
    manufacturer: 'Logger manufacturer',
    version: 'Data version',
    period: 'Data period',
    interval: 'Interval',
    records: 'Records',
    channel: 'Channel',
    element: 'Element',
    height: 'Height',
    unit: 'Unit',
    overviewText:
      'This report follows the structure of GB/T 18710 (wind resource assessment of wind farms) and NB/T 31147. Every statistic uses usable data only: values marked invalid or icing are left out.',
    recoveryText:
      'Data recovery = (expected − missing − invalid) / expected (GB/T 18710); NB/T 31147 asks for at least 90 %.',
    recoveryLow: (list: string) => `Channels below 90 % recovery: ${list}.`,
    recoveryOk: 'Every channel recovers at least 90 %.',
    should: 'Expected',
    lack: 'Missing',
    invalid: 'Invalid',
    valid: 'Valid',
    rate: 'Recovery %',
    recoveryChart: 'Monthly data recovery of the wind speed channels (%)',
    mean: 'Mean speed m/s',
    sd: 'SD',
    max: 'Max speed',
    gust: 'Max gust',
    wpd: 'Power density W/m²',
    wpdClass: 'WPD class',
    monthlyChart: 'Monthly mean wind speed by height (m/s)',
    weibullA: 'Scale A',
    weibullK: 'Shape k',
    weibullMean: 'Weibull mean speed',
    weibullWpd: 'Weibull power density',
    freqChart: (h: string) => `Speed frequency distribution and Weibull fit at ${h}`,
    frequency: 'Frequency %',
    sector: 'Sector',
    meanSector: 'Mean speed',
    energy: 'Energy %',
    roseChart: (h: string) => `Wind rose and energy rose at ${h} (%)`,
    prevailing: (dir: string, f: string, e: string, edir: string) =>
      `The prevailing wind direction is ${dir} (${f} % of the time); most energy comes from ${edir} (${e} %).`,
    calm: (pct: string) => `Calms (< 0.5 m/s): ${pct} %.`,
    tiName: 'Speed bin',
    tiAvg: 'Mean TI',
    tiSd: 'SD',
    tiRep: 'Representative TI',
    tiSample: 'Samples',
    ti15: (h: string, ti: string, iec: string, gb: string) =>
      `At ${h} the representative turbulence intensity at 15 m/s is ${ti}: IEC 61400-1 category ${iec}, GB/T 18710 grade: ${gb}.`,
    tiChart: (h: string) => `Representative turbulence intensity by speed at ${h} with the IEC curves`,
    alpha: 'Shear exponent α',
    z0: 'Roughness z0 (m)',
    shearText: (a: string, note: string) =>
      `A power law fitted to the mean speeds of the heights gives a shear exponent α = ${a}. ${note}`,
    shearHigh: 'α is above 0.2: NB/T 31147 asks for further analysis.',
    shearNone: 'Only one height is measured: the shear exponent is taken as 1/7 (0.143).',
    shearChart: 'Wind profile (mean speed by height and the power-law fit)',
    bySector: 'Shear exponent by sector',
    density: 'Air density',
    densitySource: (measured: boolean, c: string) =>
      measured
        ? 'Computed record by record from the measured temperature and pressure (and humidity).'
        : `No temperature or pressure channel: the standard air density ${c} kg/m³ is used.`,
    validAvg: 'Valid mean',
    correlationText: (ref: string) =>
      `Each height's speed is regressed on the ${ref} speed (y = a + b·x) by sector of the reference vane; the strength is worded from r and r².`,
    correlationLine: (b: string, a: string, r: string, n: string, words: string) =>
      `All sectors: slope ${b}, intercept ${a}, r = ${r} (${n} pairs): ${words}.`,
    words: (r: string, r2: string) => `${r} correlation, ${r2} fit`,
    sectorRange: 'Sector',
    intercept: 'Intercept a',
    slope: 'Slope b',
    corrected: 'Corrected',
    strength: 'Strength',
    month: 'Month',
    extremeText:
      '50-year extreme wind: with fewer than 10 years of data GB/T 18710 takes 5 × the annual mean speed; from 10 years on a Gumbel fit of the annual maxima is used.',
    avg: 'Annual mean',
    fivefold: '5 × mean',
    v50: 'V50',
    ewm: 'Extreme estimate',
    periodText: (base: string) =>
      `Against the whole report period's mean at the highest height, ${base} m/s, the multi-year average periods compare as follows:`,
    periodName: 'Period',
    periodAvg: 'Mean speed m/s',
    deviate: 'Deviation m/s',
    deviateRate: 'Deviation %',
    periodNone: 'No multi-year period was chosen, or the data do not give annual means.',
    coverage: 'Data',
    comparable: 'Comparable',
    yearCoverage: (year: number, months: number, recovery: string) =>
      months === 0
        ? `${year}: no data`
        : `${year}: ${months} ${months === 1 ? 'month' : 'months'}, ${recovery} % recovery`,
    isComparable: 'yes',
    notComparable: 'no: under 12 months',
    partialNote:
      'Note: a year with fewer than 12 months of data covers only some seasons, so its mean is not an annual mean; its comparison with the whole period is for reference only (marked “not comparable”).',
    conclusionText: 'Main findings (speeds and power densities at the highest measured height):',
    cPeriod: 'Data period',
    cRecovery: 'Recovery of the highest speed channel',
    cMean: 'Mean speed at the highest height',
    cWpd: 'Mean power density at the highest height',
    cWindYear: (s: string, e: string) => `Wind year ${s} ~ ${e}: mean speed / power density`,
    cWeibull: 'Weibull A / k',
    cDirection: 'Prevailing wind / energy direction',
    cTi: 'Representative TI at 15 m/s (IEC category)',
    cShear: 'Shear exponent α',
    cTarget: (h: number) => `Mean speed / power density extrapolated to ${h} m`,
    cDensity: 'Mean air density',
    cExtreme: '50-year extreme wind (highest height)',
  },
} as const;

type TText = (typeof T)['zh'] | (typeof T)['en'];

/** The facts several chapters and the conclusion share. */
interface TKeyFigures {
  channelsById: Map<number, TStatisticsChannel>;
  speeds: TStatisticsChannel[];
  top: TStatisticsChannel | undefined;
  alpha: number;
  alphaMeasured: boolean;
  prevailing: { direction: string; frequency: number; energyDirection: string; energy: number } | undefined;
}

function keyFigures(result: TStatisticsResult): TKeyFigures {
  const channelsById = new Map(result.channels.map((c) => [c.channelId, c]));
  const speeds = result.channels
    .filter((c) => c.element === 'ws' && c.statistic === 'avg')
    .sort((a, b) => (a.heightM ?? 0) - (b.heightM ?? 0));
  const top = speeds.at(-1);
  const exponent = result.shear?.exponent ?? null;
  const rose = result.rose.items.find((r) => r.speedChannelId === top?.channelId) ?? result.rose.items.at(-1);
  let prevailing: TKeyFigures['prevailing'];
  if (rose && rose.sectors.length > 0) {
    const byFrequency = [...rose.sectors].sort((a, b) => b.frequencyPct - a.frequencyPct)[0]!;
    const byEnergy = [...rose.sectors].sort((a, b) => b.energyPct - a.energyPct)[0]!;
    prevailing = {
      direction: result.rose.labels[byFrequency.index] ?? String(byFrequency.centreDeg),
      frequency: byFrequency.frequencyPct,
      energyDirection: result.rose.labels[byEnergy.index] ?? String(byEnergy.centreDeg),
      energy: byEnergy.energyPct,
    };
  }
  return {
    channelsById,
    speeds,
    top,
    alpha: exponent ?? DEFAULT_SHEAR_EXPONENT,
    alphaMeasured: exponent !== null,
    prevailing,
  };
}

function table(columns: [string, number][], rows: string[][]): TBlock {
  return { kind: 'table', columns: columns.map(([title, width]) => ({ title, width })), rows };
}

/**
 * An analysis report of one data version as blocks (the renderers of the group reports lay them out in
 * Word and PDF) and the charts they name: the chapters of the template in GB/T 18710 / NB/T 31147 order,
 * every number taken from the statistics analysis (WIND-ANALYSIS §3, §6, §8) of the chosen channels.
 */
export function composeAnalysisReport(
  result: TStatisticsResult,
  meta: TAnalysisReportMeta,
  sections: readonly TAnalysisSection[],
  language: Language,
): { blocks: TBlock[]; charts: Map<string, TChartImage> } {
  const t: TText = T[language];
  const k = keyFigures(result);
  const blocks: TBlock[] = [{ kind: 'title', text: meta.reportName, subtitle: t.subtitle(meta) }];
  const charts = new Map<string, TChartImage>();
  const summaryOf = (channelId: number) => result.summary.rows.find((r) => r.channelId === channelId);
  sections.forEach((section, i) => {
    blocks.push({ kind: 'heading', text: t.chapter(i + 1, ANALYSIS_SECTION_NAMES[section][language]) });
    switch (section) {
      case 'overview':
        blocks.push({ kind: 'paragraph', text: t.overviewText });
        blocks.push(
          table(
            [
              [t.item, 1],
              [t.value, 2],
            ],
            [
              [t.code, meta.station.code],
              [t.project, meta.station.projectName],
              [t.location, meta.station.location || '—'],
              [t.coords, `${meta.station.longitude.toFixed(5)}°E, ${meta.station.latitude.toFixed(5)}°N`],
              [t.altitude, meta.station.altitudeM === null ? '—' : `${meta.station.altitudeM} m`],
              [t.mast, meta.station.mastHeightM === null ? '—' : `${meta.station.mastHeightM} m`],
              [t.manufacturer, meta.station.manufacturerName || '—'],
              [t.version, meta.versionName],
              [t.period, `${meta.startDate} ~ ${meta.endDate}`],
              [t.interval, `${result.intervalMinutes} min`],
              [t.records, String(result.recordCount)],
            ],
          ),
        );
        blocks.push(
          table(
            [
              [t.channel, 2],
              [t.element, 2],
              [t.height, 1],
              [t.unit, 1],
            ],
            result.channels.map((c) => [c.name, c.elementName, c.heightTag, formatUnit(c.unit)]),
          ),
        );
        break;
      case 'recovery': {
        blocks.push({ kind: 'paragraph', text: t.recoveryText });
        const overall = result.recovery.rows.filter((r) => !r.isMonth);
        blocks.push(
          table(
            [
              [t.channel, 3],
              [t.height, 1],
              [t.should, 1],
              [t.lack, 1],
              [t.invalid, 1],
              [t.valid, 1],
              [t.rate, 1],
              [t.validAvg, 1],
              [t.wpd, 1],
            ],
            overall.map((r) => [
              r.channelName,
              r.heightTag,
              String(r.shouldCount),
              String(r.lackCount),
              String(r.invalidCount),
              String(r.validCount),
              fmt(r.validRate, 1),
              fmt(r.validAvg),
              fmt(r.avgWindPower, 1),
            ]),
          ),
        );
        const low = overall.filter((r) => r.validRate !== null && r.validRate < RECOVERY_ACCEPTED_PCT);
        blocks.push({
          kind: 'paragraph',
          text:
            low.length > 0
              ? t.recoveryLow(low.map((r) => `${r.channelName} ${fmt(r.validRate, 1)} %`).join(', '))
              : t.recoveryOk,
        });
        const speedIds = new Set(k.speeds.map((s) => s.channelId));
        const series = result.recovery.byChannel.filter((c) => speedIds.has(c.channelId));
        if (series.length > 0 && result.recovery.months.length > 0) {
          charts.set(
            'recovery',
            toPng({
              legend: { top: 0 },
              grid: { left: 50, right: 20, top: 40, bottom: 50 },
              xAxis: { type: 'category', data: result.recovery.months },
              yAxis: { type: 'value', min: 0, max: 100 },
              series: series.map((c) => ({
                type: 'line',
                name: k.channelsById.get(c.channelId)?.heightTag ?? String(c.channelId),
                data: c.rates,
                symbolSize: 4,
              })),
            }),
          );
          blocks.push({ kind: 'chart', id: 'recovery', caption: t.recoveryChart });
        }
        break;
      }
      case 'speed': {
        blocks.push(
          table(
            [
              [t.height, 1],
              [t.mean, 1],
              [t.sd, 1],
              [t.max, 1],
              [t.gust, 1],
              [t.wpd, 1],
              [t.wpdClass, 1],
              [t.rate, 1],
            ],
            k.speeds.map((c) => {
              const r = summaryOf(c.channelId);
              return [
                c.heightTag,
                fmt(r?.mean),
                fmt(r?.sd),
                fmt(r?.max, 1),
                fmt(r?.gustMax, 1),
                fmt(r?.avgWindPower, 1),
                String(wpdClass(c.heightM, r?.avgWindPower ?? null) ?? '—'),
                fmt(r?.validRate, 1),
              ];
            }),
          ),
        );
        const monthly = result.monthly.series.filter((s) =>
          k.speeds.some((c) => c.channelId === s.channelId),
        );
        if (monthly.length > 0 && result.monthly.months.length > 0) {
          charts.set(
            'monthly',
            toPng({
              legend: { top: 0 },
              grid: { left: 50, right: 20, top: 40, bottom: 50 },
              xAxis: { type: 'category', data: result.monthly.months },
              yAxis: { type: 'value', name: 'm/s' },
              series: monthly.map((s) => ({
                type: 'line',
                name: s.heightTag,
                data: s.byYearMonth,
                symbolSize: 4,
              })),
            }),
          );
          blocks.push({ kind: 'chart', id: 'monthly', caption: t.monthlyChart });
        }
        break;
      }
      case 'distribution': {
        const items = result.frequency.items.filter((f) => k.speeds.some((c) => c.channelId === f.channelId));
        blocks.push(
          table(
            [
              [t.height, 1],
              [t.weibullA, 1],
              [t.weibullK, 1],
              [t.weibullMean, 1],
              [t.weibullWpd, 1],
            ],
            items.map((f) => [
              f.heightTag,
              fmt(f.weibull?.scale),
              fmt(f.weibull?.shape, 3),
              fmt(f.weibull?.meanSpeed),
              fmt(f.weibull?.powerDensity, 1),
            ]),
          ),
        );
        const topItem = items.find((f) => f.channelId === k.top?.channelId);
        if (topItem) {
          charts.set(
            'frequency',
            toPng({
              grid: { left: 50, right: 20, top: 30, bottom: 40 },
              xAxis: { type: 'value', name: 'm/s', min: 0 },
              yAxis: { type: 'value', name: '%' },
              series: [
                {
                  type: 'bar',
                  barWidth: '60%',
                  itemStyle: { color: '#1677ff' },
                  data: topItem.bins.map((b) => [b.centre, b.frequencyPct]),
                },
                {
                  type: 'line',
                  smooth: true,
                  showSymbol: false,
                  itemStyle: { color: '#d4380d' },
                  data: topItem.curve.speed.map((v, j) => [v, topItem.curve.pct[j]]),
                },
              ],
            }),
          );
          blocks.push({ kind: 'chart', id: 'frequency', caption: t.freqChart(topItem.heightTag) });
        }
        break;
      }
      case 'rose': {
        const rose =
          result.rose.items.find((r) => r.speedChannelId === k.top?.channelId) ?? result.rose.items.at(-1);
        if (!rose) break;
        blocks.push(
          table(
            [
              [t.sector, 1],
              [t.frequency, 1],
              [t.meanSector, 1],
              [t.energy, 1],
            ],
            rose.sectors.map((s) => [
              result.rose.labels[s.index] ?? String(s.centreDeg),
              fmt(s.frequencyPct),
              fmt(s.meanSpeed),
              fmt(s.energyPct),
            ]),
          ),
        );
        if (k.prevailing) {
          blocks.push({
            kind: 'paragraph',
            text: `${t.prevailing(k.prevailing.direction, fmt(k.prevailing.frequency, 1), fmt(k.prevailing.energy, 1), k.prevailing.energyDirection)} ${t.calm(fmt(rose.calmPct, 1))}`,
          });
        }
        charts.set(
          'rose',
          toPng(
            {
              legend: { top: 0 },
              angleAxis: {
                type: 'category',
                data: result.rose.labels,
                startAngle: 90 + 180 / result.rose.labels.length,
              },
              radiusAxis: {},
              polar: { radius: '72%' },
              series: [
                {
                  type: 'bar',
                  coordinateSystem: 'polar',
                  name: t.frequency,
                  data: rose.sectors.map((s) => s.frequencyPct),
                },
                {
                  type: 'bar',
                  coordinateSystem: 'polar',
                  name: t.energy,
                  data: rose.sectors.map((s) => s.energyPct),
                },
              ],
            },
            { width: 700, height: 520 },
          ),
        );
        blocks.push({ kind: 'chart', id: 'rose', caption: t.roseChart(rose.heightTag) });
        break;
      }
      case 'turbulence': {
        if (result.turbulence.items.length === 0) {
          blocks.push({ kind: 'paragraph', text: '—' });
          break;
        }
        for (const item of result.turbulence.items) {
          blocks.push({ kind: 'heading', level: 2, text: item.heightTag });
          blocks.push(
            table(
              [
                [t.tiName, 1],
                [t.tiAvg, 1],
                [t.tiSd, 1],
                [t.tiRep, 1],
                [t.tiSample, 1],
              ],
              item.rows
                .filter((r) => r.sample > 0)
                .map((r) => [
                  r.name === 'all' ? (language === 'zh' ? '全部' : 'all') : r.name,
                  fmt(r.avg, 3),
                  fmt(r.sd, 3),
                  fmt(r.represent, 3),
                  String(r.sample),
                ]),
            ),
          );
          blocks.push({
            kind: 'paragraph',
            text: t.ti15(
              item.heightTag,
              fmt(item.ti15, 3),
              iecCategoryText(item.iecCategory, language),
              item.gbGrade ? (GB_TURBULENCE_GRADES[item.gbGrade]?.[language] ?? item.gbGrade) : '—',
            ),
          });
        }
        const topTi =
          result.turbulence.items.find((i) => i.channelId === k.top?.channelId) ??
          result.turbulence.items.at(-1)!;
        charts.set(
          'turbulence',
          toPng({
            legend: { top: 0 },
            grid: { left: 50, right: 20, top: 40, bottom: 40 },
            xAxis: { type: 'value', name: 'm/s', min: 0 },
            yAxis: { type: 'value', name: 'TI' },
            series: [
              {
                type: 'line',
                name: t.tiRep,
                data: topTi.bins.filter((b) => b.representTi !== null).map((b) => [b.speed, b.representTi]),
              },
              ...result.turbulence.iecCurves.categories.map((c) => ({
                type: 'line' as const,
                name: `IEC ${c.category}`,
                showSymbol: false,
                lineStyle: { type: 'dashed' as const },
                data: result.turbulence.iecCurves.speed.map((v, j) => [v, c.ti[j]]),
              })),
            ],
          }),
        );
        blocks.push({ kind: 'chart', id: 'turbulence', caption: t.tiChart(topTi.heightTag) });
        break;
      }
      case 'shear': {
        const shear = result.shear;
        if (!shear || shear.exponent === null) {
          blocks.push({ kind: 'paragraph', text: t.shearNone });
          break;
        }
        blocks.push({
          kind: 'paragraph',
          text: t.shearText(fmt(shear.exponent, 3), shear.exponent > SHEAR_ATTENTION ? t.shearHigh : ''),
        });
        blocks.push(
          table(
            [
              [t.height, 1],
              [t.mean, 1],
            ],
            shear.heightsM.map((h, j) => [`${h} m`, fmt(shear.meanSpeeds[j])]),
          ),
        );
        blocks.push(
          table(
            [
              [t.alpha, 1],
              [t.z0, 1],
            ],
            [[fmt(shear.exponent, 3), fmt(shear.roughness, 4)]],
          ),
        );
        const sectorRows = shear.bySector.filter((s) => s.exponent !== null);
        if (sectorRows.length > 0) {
          blocks.push({ kind: 'heading', level: 2, text: t.bySector });
          blocks.push(
            table(
              [
                [t.sector, 1],
                [t.alpha, 1],
                [t.tiSample, 1],
              ],
              sectorRows.map((s) => [s.label, fmt(s.exponent, 3), String(s.count)]),
            ),
          );
        }
        charts.set(
          'shear',
          toPng(
            {
              grid: { left: 60, right: 30, top: 30, bottom: 40 },
              xAxis: { type: 'value', name: 'm/s' },
              yAxis: { type: 'value', name: 'm' },
              series: [
                {
                  type: 'scatter',
                  symbolSize: 10,
                  data: shear.heightsM.map((h, j) => [shear.meanSpeeds[j], h]),
                },
                {
                  type: 'line',
                  showSymbol: false,
                  data: shear.profile.heightM.map((h, j) => [shear.profile.speed[j], h]),
                },
              ],
            },
            { width: 700, height: 420 },
          ),
        );
        blocks.push({ kind: 'chart', id: 'shear', caption: t.shearChart });
        break;
      }
      case 'correlation': {
        const c = result.correlation;
        if (c.items.length === 0 || c.referenceHeightTag === null) {
          blocks.push({ kind: 'paragraph', text: '—' });
          break;
        }
        blocks.push({ kind: 'paragraph', text: t.correlationText(c.referenceHeightTag) });
        for (const item of c.items) {
          blocks.push({ kind: 'heading', level: 2, text: `${item.heightTag} ~ ${c.referenceHeightTag}` });
          blocks.push({
            kind: 'paragraph',
            text: t.correlationLine(
              fmt(item.slope, 4),
              fmt(item.intercept, 3),
              fmt(item.r, 4),
              String(item.count),
              item.strength ? t.words(item.strength.rText, item.strength.rSquaredText) : '—',
            ),
          });
          blocks.push(
            table(
              [
                [t.sectorRange, 1],
                [t.tiSample, 1],
                [t.intercept, 1],
                [t.slope, 1],
                ['r', 1],
                [t.corrected, 1],
                [t.strength, 1],
              ],
              item.sectors.map((r) => [
                r.sectorRange,
                String(r.count),
                fmt(r.intercept, 3),
                fmt(r.slope, 4),
                fmt(r.r, 4),
                fmt(r.correctedValue),
                r.strength?.rText ?? '—',
              ]),
            ),
          );
        }
        break;
      }
      case 'air_density': {
        const d = result.airDensity;
        blocks.push({
          kind: 'paragraph',
          text: t.densitySource(d.source === 'measured', fmt(d.constant, 3)),
        });
        if (d.source === 'measured') {
          blocks.push(
            table(
              [
                [t.month, 1],
                [`${t.density} kg/m³`, 1],
                [t.tiSample, 1],
              ],
              [
                ...d.byCalendarMonth.map((m) => [String(m.month), fmt(m.mean, 3), String(m.count)]),
                [language === 'zh' ? '全年' : 'Year', fmt(d.mean, 3), String(d.count)],
              ],
            ),
          );
        }
        break;
      }
      case 'extreme':
        blocks.push({ kind: 'paragraph', text: t.extremeText });
        blocks.push(
          table(
            [
              [t.height, 1],
              [t.avg, 1],
              [t.fivefold, 1],
              [t.max, 1],
              [t.gust, 1],
              [t.v50, 1],
              [t.ewm, 1],
            ],
            result.extreme.rows.map((r) => [
              r.height,
              fmt(r.avg),
              fmt(r.fivefoldMax, 1),
              fmt(r.max, 1),
              fmt(r.gustMax, 1),
              fmt(r.v50, 1),
              fmt(r.ewmMax, 1),
            ]),
          ),
        );
        break;
      case 'period': {
        const p = result.monthly.periodComparison;
        if (p.rows.length === 0 || p.baselineMean === null) {
          blocks.push({ kind: 'paragraph', text: t.periodNone });
          break;
        }
        const coverage = yearCoverage(result, p.channelId);
        const rows = p.rows.map((r) => {
          const years = Array.from({ length: r.endYear - r.startYear + 1 }, (_, j) => r.startYear + j);
          const isComparable = years.every((y) => (coverage.get(y)?.months ?? 0) === 12);
          return {
            cells: [
              r.name,
              fmt(r.avgSpeed),
              fmt(r.deviate),
              fmt(r.rate, 1),
              years
                .map((y) =>
                  t.yearCoverage(y, coverage.get(y)?.months ?? 0, fmt(coverage.get(y)?.recovery, 1)),
                )
                .join(language === 'zh' ? '；' : '; '),
              isComparable ? t.isComparable : t.notComparable,
            ],
            isComparable,
          };
        });
        blocks.push({ kind: 'paragraph', text: t.periodText(fmt(p.baselineMean)) });
        blocks.push(
          table(
            [
              [t.periodName, 1],
              [t.periodAvg, 1],
              [t.deviate, 1],
              [t.deviateRate, 1],
              [t.coverage, 2.4],
              [t.comparable, 1.2],
            ],
            rows.map((r) => r.cells),
          ),
        );
        if (rows.some((r) => !r.isComparable)) blocks.push({ kind: 'paragraph', text: t.partialNote });
        break;
      }
      case 'conclusion':
        blocks.push({ kind: 'paragraph', text: t.conclusionText });
        blocks.push(
          table(
            [
              [t.item, 2],
              [t.value, 2],
            ],
            conclusionRows(result, meta, k, t, language),
          ),
        );
        break;
    }
  });
  return { blocks, charts };
}

/**
 * Per calendar year of a speed channel: the months that hold data and the year's recovery (valid values
 * ÷ the slots of the whole calendar year, %), so a year with a few months is not taken for an annual mean.
 */
function yearCoverage(
  result: TStatisticsResult,
  channelId: number | null,
): Map<number, { months: number; recovery: number | null }> {
  const out = new Map<number, { months: number; recovery: number | null }>();
  const series = result.monthly.series.find((s) => s.channelId === channelId);
  result.monthly.months.forEach((label, i) => {
    if (series?.byYearMonth[i] === null || series?.byYearMonth[i] === undefined) return;
    const year = Number(label.slice(0, 4));
    const entry = out.get(year) ?? { months: 0, recovery: null };
    entry.months += 1;
    out.set(year, entry);
  });
  for (const y of result.recovery.yearly) {
    if (y.channelId !== channelId) continue;
    const entry = out.get(y.year) ?? { months: 0, recovery: null };
    entry.recovery = y.coverage;
    out.set(y.year, entry);
  }
  return out;
}

function conclusionRows(
  result: TStatisticsResult,
  meta: TAnalysisReportMeta,
  k: TKeyFigures,
  t: TText,
  language: Language,
): string[][] {
  const top = k.top;
  const topSummary = top ? result.summary.rows.find((r) => r.channelId === top.channelId) : undefined;
  const rows: string[][] = [[t.cPeriod, `${meta.startDate} ~ ${meta.endDate}`]];
  if (top && topSummary) {
    rows.push([t.cRecovery, `${top.heightTag}: ${fmt(topSummary.validRate, 1)} %`]);
    rows.push([t.cMean, `${top.heightTag}: ${fmt(topSummary.mean)} m/s`]);
    rows.push([t.cWpd, `${top.heightTag}: ${fmt(topSummary.avgWindPower, 1)} W/m²`]);
    if (meta.windYear) {
      // The wind year is analysed over the same channels: the same channel id.
      const wy = meta.windYear.result.summary.rows.find((r) => r.channelId === top.channelId);
      rows.push([
        t.cWindYear(meta.windYear.start, meta.windYear.end),
        wy ? `${fmt(wy.mean)} m/s / ${fmt(wy.avgWindPower, 1)} W/m²` : '—',
      ]);
    }
    rows.push([t.cWeibull, `${fmt(topSummary.weibullScale)} m/s / ${fmt(topSummary.weibullShape, 3)}`]);
  }
  if (k.prevailing) rows.push([t.cDirection, `${k.prevailing.direction} / ${k.prevailing.energyDirection}`]);
  const ti =
    result.turbulence.items.find((i) => i.channelId === top?.channelId) ?? result.turbulence.items.at(-1);
  if (ti)
    rows.push([t.cTi, `${ti.heightTag}: ${fmt(ti.ti15, 3)} (${iecCategoryText(ti.iecCategory, language)})`]);
  rows.push([t.cShear, k.alphaMeasured ? fmt(k.alpha, 3) : `${fmt(k.alpha, 3)} (1/7)`]);
  if (top && topSummary && topSummary.mean !== null && top.heightM !== null && top.heightM > 0) {
    const at = extrapolateToHeight(
      topSummary.mean,
      topSummary.avgWindPower,
      top.heightM,
      meta.targetHeightM,
      k.alpha,
    );
    rows.push([t.cTarget(meta.targetHeightM), `${fmt(at.meanSpeed)} m/s / ${fmt(at.powerDensity, 1)} W/m²`]);
  }
  rows.push([
    t.cDensity,
    `${fmt(result.airDensity.source === 'measured' ? result.airDensity.mean : result.airDensity.constant, 3)} kg/m³`,
  ]);
  const extreme = result.extreme.rows.find((r) => r.channelId === top?.channelId);
  if (extreme) rows.push([t.cExtreme, `${fmt(extreme.v50 ?? extreme.fivefoldMax, 1)} m/s`]);
  return rows;
}
