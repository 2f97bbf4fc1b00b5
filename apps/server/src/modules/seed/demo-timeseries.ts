import type { TParseRule, TRecognizedChannel } from '@masthub/shared';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import type { TJobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { TIngestion } from '../ingestion/index.ts';

/**
 * Demo 10-minute data (issue 5): for a few demo masts, two years of monthly logger files generated
 * deterministically and imported through the real ingestion path (ingestFile, source 'seed'), as files
 * would arrive from a logger. The weather is synthetic but shaped like a real mast's:
 * - hub-height speed: a Weibull marginal (k ≈ 2.1) driven by a slow AR(1) "synoptic" process, with a
 *   seasonal (windier winter/spring) and diurnal cycle;
 * - vertical shear with α ≈ 0.12 (day) to 0.25 (night) between four cup heights;
 * - SD (turbulence falling with speed), max and min per 10 minutes;
 * - direction from two prevailing sectors (NW in winter, SE in summer) plus veer and noise;
 * - temperature (seasonal + diurnal), relative humidity and pressure (altitude + synoptic);
 * - gaps (logger outages: rows missing; a sensor fault: one column empty for days);
 * - an icing episode in winter: T < 0 °C with the top cups stuck near zero and SD ≈ 0;
 * - tower shadow between the two top booms (135° and 315°): the downwind cup reads up to 25 % low.
 */

export const DEMO_PERIOD = { firstMonth: Date.UTC(2023, 0, 1), months: 24 };

/** The demo period as of `now`: the 24 whole months before the current one, so the data ends recently. */
export function demoFirstMonthFor(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - DEMO_PERIOD.months, 1);
}
export const DEMO_SITE_COUNT = 3;
const sqlLowerName = sql`lower(name)`;
const STEP_MS = 600_000;

export const DEMO_PARSE_RULE_NAME = '演示测风塔 CSV（10 分钟）';

/**
 * Beijing time (station.logger_utc_offset_minutes' default): the demo loggers write their stamps in the
 * zone of their site, so a month file covers the site's local month — October's ends 31 October 23:50.
 */
export const DEMO_UTC_OFFSET_MINUTES = 480;

export const DEMO_RULE: TParseRule = {
  encoding: 'utf-8',
  fieldStartRow: 1,
  fieldDelimiter: ',',
  dataStartRow: 2,
  dataDelimiter: ',',
  dataStartColumn: 2,
  dateStartColumn: 1,
  dateEndColumn: 1,
  dateFormat: 'YYYY-MM-DD HH:mm:ss',
  missingValue: '-9999',
  utcOffsetMinutes: DEMO_UTC_OFFSET_MINUTES,
  timestampIsPeriodEnd: false,
  decimalSeparator: '.',
  intervalMinutes: 10,
};

/** mulberry32. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 via erf). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

interface TColumn {
  name: string;
  channel: Omit<TRecognizedChannel, 'column'>;
}

/** Cup heights as the demo channel configuration has them: top, ~80 %, ~50 % and 10 m. */
export function demoSpeedHeights(topM: number): number[] {
  const heights = [topM, Math.round((topM * 0.8) / 10) * 10, Math.round(topM / 2 / 10) * 10, 10];
  return [...new Set(heights)].filter((h) => h >= 10).sort((a, b) => b - a);
}

const STAT_SUFFIX = { mean: 'Avg', sd: 'SD', max: 'Max', min: 'Min' } as const;

/** The logger's columns for a mast; names and data keys match the demo channel configuration. */
export function demoColumns(topM: number): TColumn[] {
  const columns: TColumn[] = [];
  const heights = demoSpeedHeights(topM);
  for (const h of heights) {
    for (const statistic of ['mean', 'sd', 'max', 'min'] as const) {
      columns.push({
        name: `Spd${h}m_${STAT_SUFFIX[statistic]}`,
        channel: {
          name: `Spd${h}m_${STAT_SUFFIX[statistic]}`,
          element: 'ws',
          heightM: h,
          statistic,
          unit: 'm/s',
          dataKey: `ws_${h}_${statistic}`,
          tag: `${h}m`,
        },
      });
    }
  }
  // The second top cup on the opposite boom (tower shadow pair).
  for (const statistic of ['mean', 'sd'] as const) {
    columns.push({
      name: `Spd${topM}mB_${STAT_SUFFIX[statistic]}`,
      channel: {
        name: `Spd${topM}mB_${STAT_SUFFIX[statistic]}`,
        element: 'ws',
        heightM: topM,
        statistic,
        unit: 'm/s',
        dataKey: `ws_${topM}_B_${statistic}`,
        tag: `${topM}mB`,
      },
    });
  }
  for (const h of [topM - 2, Math.round(topM / 2 / 10) * 10 - 2].filter(
    (v, i, a) => v > 8 && a.indexOf(v) === i,
  )) {
    for (const statistic of ['mean', 'sd'] as const) {
      columns.push({
        name: `Dir${h}m_${STAT_SUFFIX[statistic]}`,
        channel: {
          name: `Dir${h}m_${STAT_SUFFIX[statistic]}`,
          element: 'wd',
          heightM: h,
          statistic,
          unit: 'deg',
          dataKey: `wd_${h}_${statistic}`,
          tag: `${h}m`,
        },
      });
    }
  }
  for (const [element, name, unit] of [
    ['T', 'Tmp8m_Avg', 'deg_C'],
    ['RH', 'RH8m_Avg', '%'],
    ['p', 'Prs8m_Avg', 'hPa'],
  ] as const) {
    columns.push({
      name,
      channel: {
        name,
        element,
        heightM: 8,
        statistic: 'mean',
        unit,
        dataKey: `${element.toLowerCase()}_8_mean`,
        tag: '8m',
      },
    });
  }
  return columns;
}

/** The rule's channel mapping for a mast (column 1 is the stamp). */
export function demoRuleChannels(topM: number): TRecognizedChannel[] {
  return demoColumns(topM).map((c, i) => ({ ...c.channel, column: i + 2 }));
}

const SCALE = [1, 10, 100, 1000];
const PAD = ['', '0', '00', '000'];

/** A fixed-decimals rendering, several times faster than toFixed for the millions of demo values. */
function fmt(v: number, decimals: number): string {
  if (!Number.isFinite(v)) return '-9999';
  const scale = SCALE[decimals]!;
  const n = Math.round(v * scale);
  const a = n < 0 ? -n : n;
  const whole = Math.floor(a / scale);
  const frac = String(a - whole * scale);
  return `${n < 0 ? '-' : ''}${whole}.${PAD[decimals - frac.length] ?? ''}${frac}`;
}

/** "HH:mm:ss" of each 10-minute step of a day. */
const TIMES_OF_DAY = Array.from({ length: 144 }, (_, i) => {
  const h = Math.floor(i / 6);
  return `${String(h).padStart(2, '0')}:${String((i % 6) * 10).padStart(2, '0')}:00`;
});

/**
 * The site's synthetic weather, one month file at a time (monthly logger files), deterministic in
 * (siteIndex, topM, altitudeM, utcOffsetMinutes). Stamps are the logger's wall clock in the site's zone
 * (`utcOffsetMinutes`, default Beijing time) and each file holds one local calendar month; `firstMonth`
 * is that wall clock's first month (as Date.UTC of its 1st). Yields { fileName-suffix, csv bytes }.
 */
export function* demoMonthFiles(options: {
  siteIndex: number;
  topM: number;
  altitudeM: number;
  firstMonth?: number;
  months?: number;
  utcOffsetMinutes?: number;
  /** Called at every 10-minute step (logger wall clock ms) with the top-height speed and the direction before noise. */
  onWeather?: (wallClockMs: number, topSpeedMps: number, directionDeg: number) => void;
}): Generator<{ month: string; content: Buffer }> {
  const { siteIndex, topM } = options;
  // The weather's diurnal cycle follows Beijing solar time, whatever zone the logger writes in.
  const hourShift = 8 - (options.utcOffsetMinutes ?? DEMO_UTC_OFFSET_MINUTES) / 60;
  const firstMonth = options.firstMonth ?? DEMO_PERIOD.firstMonth;
  const months = options.months ?? DEMO_PERIOD.months;
  const random = createRandom(0x5eed + siteIndex * 7919);
  const columns = demoColumns(topM);
  const heights = demoSpeedHeights(topM);
  const dirHeights = columns
    .filter((c) => c.channel.element === 'wd' && c.channel.statistic === 'mean')
    .map((c) => c.channel.heightM!);
  const weibullK = 2.0 + 0.1 * siteIndex;
  const weibullA = 7.2 + 0.6 * siteIndex; // at the top height
  const pressureBase = 1013.25 * Math.exp(-options.altitudeM / 8434);
  // Slow processes: synoptic speed, direction regime and pressure anomaly.
  let z = 0;
  let dirNoise = 0;
  let pressureAnomaly = 0;
  const rho = Math.exp(-1 / 144); // ~1-day memory at 10-minute steps
  const innovation = Math.sqrt(1 - rho * rho);
  // Gaps and faults, decided up front per month: [start, end) in ms.
  const header = `TIMESTAMP,${columns.map((c) => c.name).join(',')}\n`;
  for (let m = 0; m < months; m++) {
    const monthStart = Date.UTC(
      new Date(firstMonth).getUTCFullYear(),
      new Date(firstMonth).getUTCMonth() + m,
      1,
    );
    const monthEnd = Date.UTC(
      new Date(monthStart).getUTCFullYear(),
      new Date(monthStart).getUTCMonth() + 1,
      1,
    );
    const outage = random() < 0.35 ? monthStart + Math.floor(random() * 25) * 86_400_000 : -1;
    const outageEnd = outage + (6 + Math.floor(random() * 60)) * 3_600_000;
    const faultColumn = random() < 0.2 ? Math.floor(random() * columns.length) : -1;
    const faultStart = monthStart + Math.floor(random() * 20) * 86_400_000;
    const faultEnd = faultStart + (1 + Math.floor(random() * 4)) * 86_400_000;
    const month = new Date(monthStart);
    // One icing episode per site: the second January, 3–4 days.
    const isIcingMonth = month.getUTCMonth() === 0 && m >= 12;
    const icingStart = monthStart + (10 + siteIndex) * 86_400_000;
    const icingEnd = icingStart + (3 + (siteIndex % 2)) * 86_400_000 + 12 * 3_600_000;
    const lines: string[] = [header];
    const row = new Array<string>(columns.length + 1);
    const yearStart = Date.UTC(month.getUTCFullYear(), 0, 1);
    let dayPrefix = '';
    let dayStart = -1;
    for (let t = monthStart; t < monthEnd; t += STEP_MS) {
      z = rho * z + innovation * gaussian(random);
      dirNoise = 0.995 * dirNoise + 0.1 * gaussian(random);
      pressureAnomaly = 0.998 * pressureAnomaly + 0.25 * gaussian(random);
      if (t >= dayStart + 86_400_000 || dayStart < 0) {
        dayStart = t - (t % 86_400_000);
        dayPrefix = `${new Date(dayStart).toISOString().slice(0, 10)} `;
      }
      const stepOfDay = (t - dayStart) / STEP_MS;
      const dayOfYear = (t - yearStart) / 86_400_000;
      const hour = stepOfDay / 6 + hourShift; // local solar-ish time (UTC+8)
      const season = 1 + 0.18 * Math.cos((2 * Math.PI * (dayOfYear - 60)) / 365.25);
      const night = Math.cos((2 * Math.PI * (hour - 3)) / 24); // +1 at 03:00, -1 at 15:00
      const u = Math.min(Math.max(normalCdf(z), 1e-6), 1 - 1e-6);
      const topSpeed = Math.max(
        0.2,
        weibullA * season * (1 + 0.08 * night) * (-Math.log(1 - u)) ** (1 / weibullK),
      );
      // Direction: NW (315°) in winter, SE (135°) in summer, switching with the season and weather.
      const summer = Math.sin((2 * Math.PI * (dayOfYear - 100)) / 365.25);
      const regime = summer + 0.8 * Math.tanh(dirNoise) > 0.2 ? 135 : 315;
      const baseDirection = regime + 25 * Math.tanh(dirNoise * 2);
      // The weather itself, logger on or off (the demo reference series is made from it).
      options.onWeather?.(t, topSpeed, (baseDirection + 360) % 360);
      if (t >= outage && t < outageEnd) continue; // logger off: no row
      const alpha = 0.185 + 0.065 * night;
      const temperature =
        6 -
        options.altitudeM / 200 +
        15 * Math.sin((2 * Math.PI * (dayOfYear - 110)) / 365.25) -
        4.5 * night +
        0.8 * gaussian(random);
      const isIcing = isIcingMonth && t >= icingStart && t < icingEnd;
      const iceTemperature = isIcing
        ? Math.min(temperature, -3 - 2 * Math.abs(Math.sin(t / 3.6e6)))
        : temperature;
      const direction = (baseDirection + 10 * gaussian(random) + 360) % 360;
      let c = 0;
      row[c++] = dayPrefix + TIMES_OF_DAY[stepOfDay]!;
      const speeds: number[] = [];
      for (const h of heights) {
        const v = topSpeed * (h / topM) ** alpha;
        const ti = 0.07 + 0.45 / (v + 2) + 0.015 * Math.abs(gaussian(random));
        let mean = v;
        let sd = v * ti;
        // Tower shadow on the 135° boom: wind from ~315° passes the tower first.
        if (h === topM) {
          const off = ((direction - 315 + 540) % 360) - 180;
          mean *= 1 - 0.25 * Math.exp(-(off * off) / (2 * 12 * 12));
        }
        if (isIcing && h >= topM * 0.8) {
          mean = 0.3 + 0.05 * Math.abs(Math.sin(t / 7e5));
          sd = 0.01;
        }
        speeds.push(mean);
        const max = mean + (2.2 + 0.6 * random()) * sd;
        const min = Math.max(0, mean - (2.0 + 0.5 * random()) * sd);
        row[c++] = fmt(mean, 2);
        row[c++] = fmt(sd, 3);
        row[c++] = fmt(max, 2);
        row[c++] = fmt(min, 2);
      }
      {
        // Second top cup on the 315° boom: shadowed for wind from ~135°.
        const off = ((direction - 135 + 540) % 360) - 180;
        let mean =
          topSpeed * (1 - 0.25 * Math.exp(-(off * off) / (2 * 12 * 12))) * (1 + 0.01 * gaussian(random));
        let sd = mean * (0.07 + 0.45 / (mean + 2));
        if (isIcing) {
          mean = 0.28;
          sd = 0.01;
        }
        row[c++] = fmt(mean, 2);
        row[c++] = fmt(sd, 3);
      }
      for (const h of dirHeights) {
        const veer = (topM - h) * 0.08;
        const d = isIcing && h >= topM * 0.8 ? 312.4 : (direction - veer + 360) % 360;
        row[c++] = fmt(d, 1);
        row[c++] = fmt(isIcing ? 0.2 : 6 + 12 / (speeds[0]! + 1) + 2 * random(), 1);
      }
      // Relative humidity rises as the air cools down to 0 °C, and falls again in colder air (dry
      // continental winters: below 0 °C the air holds little water), so saturation with frost — the
      // meteorological icing of the cold-climate section — is an occasional night, not half the winter
      // (which made every demo site IEA ice class 5). The icing episode is in cloud (+30 %).
      const rh = Math.min(
        100,
        Math.max(
          8,
          62 +
            20 * night -
            1.2 * (Math.max(temperature, 0) - 10) +
            1.5 * Math.min(temperature, 0) +
            8 * gaussian(random) +
            (isIcing ? 30 : 0),
        ),
      );
      row[c++] = fmt(iceTemperature, 1);
      row[c++] = fmt(rh, 1);
      row[c++] = fmt(pressureBase + pressureAnomaly - 0.35 * (temperature - 10), 1);
      if (faultColumn >= 0 && t >= faultStart && t < faultEnd) row[faultColumn + 1] = '-9999';
      lines.push(`${row.join(',')}\n`);
    }
    const label = `${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
    yield { month: label, content: Buffer.from(lines.join(''), 'utf8') };
  }
}

/**
 * First start with demo data: picks the first demo masts, gives them the demo parse rule and imports
 * their generated files through ingestion (parsed with the site's rule, as fetched files would be).
 */
export async function seedDemoTimeseries(
  db: Database,
  ingestion: TIngestion,
  log: Logger,
  options: { siteCount?: number; months?: number; firstMonth?: number } = {},
): Promise<{ sites: number; files: number; ms: number }> {
  const started = performance.now();
  const sites = await db
    .selectFrom('station')
    .select(['id', 'station_code', 'pylon_height_m', 'altitude_m', 'logger_utc_offset_minutes'])
    .where('station_type', '=', 'met_mast')
    .where('pylon_height_m', 'is not', null)
    .where('is_deleted', '=', false)
    .orderBy('id')
    .limit(options.siteCount ?? DEMO_SITE_COUNT)
    .execute();
  let files = 0;
  await Promise.all(
    sites.map(async (site, siteIndex) => {
      const topM = site.pylon_height_m!;
      // The rule reads the stamps in the site's logger zone, as the generated files are written in it.
      const utcOffsetMinutes = site.logger_utc_offset_minutes;
      const rule = await db
        .insertInto('parse_rule')
        .values({
          name: `${DEMO_PARSE_RULE_NAME} ${topM}m${utcOffsetMinutes === DEMO_UTC_OFFSET_MINUTES ? '' : ` ${utcLabel(utcOffsetMinutes)}`}`,
          encoding: DEMO_RULE.encoding,
          field_start_row: DEMO_RULE.fieldStartRow,
          field_delimiter: DEMO_RULE.fieldDelimiter,
          data_start_row: DEMO_RULE.dataStartRow,
          data_delimiter: DEMO_RULE.dataDelimiter,
          data_start_column: DEMO_RULE.dataStartColumn,
          date_start_column: DEMO_RULE.dateStartColumn,
          date_end_column: DEMO_RULE.dateEndColumn,
          date_format: DEMO_RULE.dateFormat,
          missing_value: DEMO_RULE.missingValue,
          utc_offset_minutes: utcOffsetMinutes,
          timestamp_is_period_end: DEMO_RULE.timestampIsPeriodEnd,
          decimal_separator: '.',
          interval_minutes: 10,
          channels: JSON.stringify(demoRuleChannels(topM)),
          notes: '演示数据：测风塔数据采集器的月度 CSV 文件',
          updater_name: '系统管理员',
        })
        .onConflict((oc) => oc.expression(sqlLowerName).doUpdateSet({ updated_at: new Date() }))
        .returning('id')
        .executeTakeFirstOrThrow();
      // The site has measured since the first demo month (installed the two weeks before, three years of
      // warranty from then) and is monitored normally.
      const firstMonth = options.firstMonth ?? DEMO_PERIOD.firstMonth;
      const isoDay = (offsetDays: number, plusYears = 0) => {
        const d = new Date(firstMonth + offsetDays * 86_400_000);
        d.setUTCFullYear(d.getUTCFullYear() + plusYears);
        return d.toISOString().slice(0, 10);
      };
      await db
        .updateTable('station')
        .set({
          parse_rule_id: rule.id,
          // Local midnight of the first month.
          start_time: new Date(firstMonth - utcOffsetMinutes * 60_000),
          status: 0,
          install_start: isoDay(-14),
          install_end: isoDay(-1),
          warranty_start: isoDay(-1),
          warranty_end: isoDay(-2, 3),
        })
        .where('id', '=', site.id)
        .execute();
      for (const file of demoMonthFiles({
        siteIndex,
        topM,
        altitudeM: site.altitude_m ?? 1000,
        utcOffsetMinutes,
        ...(options.months ? { months: options.months } : {}),
        ...(options.firstMonth ? { firstMonth: options.firstMonth } : {}),
      })) {
        const result = await ingestion.ingestFile({
          stationId: site.id,
          fileName: `${site.station_code}_${file.month}.csv`,
          source: 'seed',
          bytes: file.content,
        });
        if (result.status !== 'parsed' && result.status !== 'duplicate') {
          log.warn({ stationId: site.id, month: file.month, result }, 'demo data file not parsed');
        }
        files++;
      }
    }),
  );
  const ms = Math.round(performance.now() - started);
  log.info({ sites: sites.length, files, ms }, 'demo 10-minute data imported');
  return { sites: sites.length, files, ms };
}

/** `UTC+08:00` of an offset in minutes. */
function utcLabel(offsetMinutes: number): string {
  const abs = Math.abs(offsetMinutes);
  const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `UTC${offsetMinutes < 0 ? '-' : '+'}${hhmm}`;
}

/**
 * The demo import runs as a job so the first start answers at once and an interrupted import resumes
 * (pg-boss retries it; files already imported come back as duplicates).
 */
export async function registerDemoTimeseriesJob(
  jobs: TJobs,
  db: Database,
  ingestion: TIngestion,
  log: Logger,
  afterImport: () => Promise<unknown>,
): Promise<void> {
  await jobs.work('seed.demo-timeseries', async ({ data }) => {
    await seedDemoTimeseries(db, ingestion, log, data.firstMonthMs ? { firstMonth: data.firstMonthMs } : {});
    // The demo sites now hold data: their silence since is looked at right away (the sweep), and the
    // operations loop is shown on them (handled alarms, repairs).
    await afterImport();
  });
}
