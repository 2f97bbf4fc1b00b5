import { RECOVERY_BANDS } from '@masthub/shared';
import type { Database } from '../../../platform/db/database.ts';
import {
  loadForAnalysis,
  openTimeSeriesStore,
  siteReconstruction,
  type TTimeSeriesStore,
} from '../../timeseries/index.ts';
import type { TPeriod } from './periods.ts';
import { ReportRepository } from './reports.repository.ts';

/** Flag of a value marked invalid (SPEC §4): it does not count as recovered. */
const INVALID_FLAG = 3;
/** Flag of a filled (interpolated, reconstructed) value: lack when measured, valid after reconstruction. */
const FILLED_FLAG = 1;

export interface THeightFigures {
  heightM: number;
  /** Measured recovery: valid values / expected values in the period, 0–1 (filled values are lack). */
  recovery: number;
  /** Recovery after reconstruction: valid and filled values / expected values, 0–1 (issue 45 §1). */
  recoveryAfter: number;
  meanSpeed: number | null;
  maxGust: number | null;
}

export interface TSiteFigures {
  stationId: number;
  stationCode: string;
  projectName: string;
  status: number;
  lastDataTime: Date | null;
  /** The measured recovery of the site: the mean over its wind speed heights (0 without data). */
  recovery: number;
  /** The recovery after reconstruction of the site (filled values valid), as `recovery`. */
  recoveryAfter: number;
  heights: THeightFigures[];
  /** Alarms raised before the period and not closed when it began (carried over). */
  alarmsOpenAtStart: number;
  alarmsRaised: number;
  alarmsClosed: number;
  alarmsHandled: number;
  /** Alarms raised before the period's end and not closed by then. */
  alarmsOpenAtEnd: number;
  repairsRequested: number;
  repairsClosed: number;
  /** What happened to the site's alarms and repairs in the period, for the detail table, by time. */
  events: TSiteEvent[];
}

/**
 * One line of a site's alarm and repair history in a period: an alarm carried over (open at the start),
 * raised or closed in it, a repair requested or closed. `text` is the alarm type or the repair's words.
 */
export interface TSiteEvent {
  time: Date;
  kind: 'alarm_open' | 'alarm_raised' | 'alarm_closed' | 'repair_requested' | 'repair_closed';
  text: string;
}

/** A site of the group with a long-term default and its convergence as stored when the report is made. */
export interface TLongTermFigures {
  stationCode: string;
  projectName: string;
  /** Empty unless `isReferenceVisible`. */
  referenceName: string;
  /**
   * Whether the report may name the reference (issue 39 §5): it lives on the site itself or on another of
   * the report's sites, which its readers are meant to see; otherwise it reads "a reference you cannot view".
   */
  isReferenceVisible: boolean;
  /** Null: not computed yet; `isFailed`: could not be computed. */
  status: 'converged' | 'not_yet' | 'too_short' | null;
  isFailed: boolean;
  months: number;
  latestLtMps: number | null;
  latestUMcp: number | null;
  monthsNeeded: number | null;
}

export interface TReportFigures {
  period: TPeriod;
  sites: TSiteFigures[];
  /** The group's sites with a long-term default (issue 28): the long-term section, when any. */
  longTerm: TLongTermFigures[];
  reporting: number;
  silent: number;
  /** Sites per SPEC §9 recovery band (0–30, 30–50 … 90–100). */
  bands: { from: number; to: number; count: number }[];
}

function bandsOf(sites: TSiteFigures[]): TReportFigures['bands'] {
  const bands = RECOVERY_BANDS.slice(0, -1).map((from, i) => ({
    from,
    to: RECOVERY_BANDS[i + 1]!,
    count: 0,
  }));
  for (const s of sites) {
    const percent = s.recovery * 100;
    const band = bands.find((b, i) => percent < b.to || i === bands.length - 1)!;
    band.count += 1;
  }
  return bands;
}

/**
 * The recovery after reconstruction per height in [fromMs, toMs) of the site's reconstructed version (the
 * working version of its latest gap reconstruction not undone: issue 45 §1; the reconstruction writes only
 * there), valid and filled values over expected, the better boom per height; empty when the site has none
 * other than `originalId`. The caller takes the larger of this and the original's figure: a working
 * version may have invalidated measured values the original still counts.
 */
async function reconstructedRecovery(
  db: Database,
  store: TTimeSeriesStore,
  stationId: number,
  originalId: number,
  fromMs: number,
  toMs: number,
): Promise<Map<number, number>> {
  const byHeight = new Map<number, number>();
  const site = await siteReconstruction(db, stationId);
  if (!site || site.versionId === originalId) return byHeight;
  const channels = (await store.listChannels(site.versionId)).filter(
    (c) => c.element === 'ws' && c.statistic === 'mean' && c.heightM !== null,
  );
  if (channels.length === 0) return byHeight;
  const read = await loadForAnalysis(store, site.versionId, channels, fromMs, toMs);
  for (const c of channels) {
    const series = read.channels.find((x) => x.row.id === c.id);
    if (!series) continue;
    const expected = Math.max(1, Math.round((toMs - fromMs) / (c.intervalS * 1000)));
    let valid = 0;
    for (let i = 0; i < series.values.length; i++) {
      if (Number.isFinite(series.values[i]!) && series.flags[i]! < INVALID_FLAG) valid += 1;
    }
    byHeight.set(c.heightM!, Math.max(byHeight.get(c.heightM!) ?? 0, Math.min(1, valid / expected)));
  }
  return byHeight;
}

/**
 * What a group report says about its sites in a period: recovery and mean speed per height and the
 * maximum gust from the stored 10-minute data of each site's original version (only the speed
 * channels are read), the alarms open at the start, raised, closed, handled and open at the end of the
 * period, repairs, and the status now. Sites without data in the period are counted as silent with 0 %
 * recovery: a report of a silent fleet is still a report.
 */
export async function collectFigures(
  db: Database,
  stationIds: readonly number[],
  period: TPeriod,
): Promise<TReportFigures> {
  const store = openTimeSeriesStore(db);
  const fromMs = period.start.getTime();
  const toMs = period.end.getTime();
  const reports = new ReportRepository(db);
  const stations = await reports.listSites(stationIds);
  const [alarms, repairs, closes, campaigns] = await Promise.all([
    reports.listAlarmsAround(stationIds, period),
    reports.listRepairRequestsIn(stationIds, period),
    reports.listRepairClosesIn(stationIds, period),
    reports.listLongTermCampaigns(stationIds),
  ]);
  const sites: TSiteFigures[] = [];
  for (const station of stations) {
    const stationId = Number(station.id);
    const heights: THeightFigures[] = [];
    const version = await store.findOriginalVersion(stationId);
    if (version) {
      const channels = (await store.listChannels(version.id)).filter(
        (c) => c.element === 'ws' && (c.statistic === 'mean' || c.statistic === 'max') && c.heightM !== null,
      );
      if (channels.length > 0) {
        // The one analysis read (issue 41 §1): a value outside physical limits is no mean and no gust.
        const read = await loadForAnalysis(store, version.id, channels, fromMs, toMs);
        const expected = Math.max(1, Math.round((toMs - fromMs) / ((channels[0]!.intervalS ?? 600) * 1000)));
        const byHeight = new Map<number, THeightFigures>();
        for (const c of channels) {
          const series = read.channels.find((x) => x.row.id === c.id);
          const h = byHeight.get(c.heightM!) ?? {
            heightM: c.heightM!,
            recovery: 0,
            recoveryAfter: 0,
            meanSpeed: null,
            maxGust: null,
          };
          if (series) {
            let valid = 0;
            let filled = 0;
            let sum = 0;
            let max = Number.NEGATIVE_INFINITY;
            for (let i = 0; i < series.values.length; i++) {
              const v = series.values[i]!;
              if (!Number.isFinite(v) || series.flags[i]! >= INVALID_FLAG) continue;
              valid += 1;
              if (series.flags[i] === FILLED_FLAG) filled += 1;
              sum += v;
              if (v > max) max = v;
            }
            if (c.statistic === 'mean' && valid > 0) {
              // Two booms at one height: the better covered one speaks for it (measured: WIND-ANALYSIS §3,
              // filled values are lack; after reconstruction: filled values valid, issue 45 §1).
              const recovery = (valid - filled) / expected;
              if (recovery >= h.recovery) {
                h.recovery = Math.min(1, recovery);
                h.meanSpeed = sum / valid;
              }
              h.recoveryAfter = Math.max(h.recoveryAfter, Math.min(1, valid / expected));
            }
            if (c.statistic === 'max' && valid > 0) h.maxGust = Math.max(h.maxGust ?? max, max);
          }
          byHeight.set(c.heightM!, h);
        }
        const rebuilt = await reconstructedRecovery(db, store, stationId, version.id, fromMs, toMs);
        for (const [heightM, after] of rebuilt) {
          const h = byHeight.get(heightM);
          if (h) h.recoveryAfter = Math.max(h.recoveryAfter, after);
        }
        heights.push(...[...byHeight.values()].sort((a, b) => b.heightM - a.heightM));
      }
    }
    const siteAlarms = alarms.filter((a) => Number(a.station_id) === stationId);
    const inPeriod = (t: Date | null) => t !== null && t >= period.start && t < period.end;
    /** Open at `moment`: raised before it, and still open or closed only after it. */
    const openAt = (a: (typeof siteAlarms)[number], moment: Date) =>
      a.created_at < moment && (a.is_open || a.period_end >= moment);
    const closedIn = (a: (typeof siteAlarms)[number]) => !a.is_open && inPeriod(a.period_end);
    const siteRepairs = repairs.filter((r) => Number(r.station_id) === stationId);
    const siteCloses = closes.filter((r) => Number(r.station_id) === stationId);
    const speedHeights = heights.filter((h) => h.meanSpeed !== null || h.recovery > 0);
    const meanOver = (of: (h: THeightFigures) => number) =>
      speedHeights.length > 0 ? speedHeights.reduce((sum, h) => sum + of(h), 0) / speedHeights.length : 0;
    const events: TSiteEvent[] = [
      ...siteAlarms
        .filter((a) => openAt(a, period.start))
        .map((a) => ({ time: a.created_at, kind: 'alarm_open' as const, text: a.type })),
      ...siteAlarms
        .filter((a) => inPeriod(a.created_at))
        .map((a) => ({ time: a.created_at, kind: 'alarm_raised' as const, text: a.type })),
      ...siteAlarms
        .filter(closedIn)
        .map((a) => ({ time: a.period_end, kind: 'alarm_closed' as const, text: a.type })),
      ...siteRepairs.map((r) => ({ time: r.created_at, kind: 'repair_requested' as const, text: r.reason })),
      ...siteCloses.map((r) => ({
        time: r.closed_at!,
        kind: 'repair_closed' as const,
        text: r.maintain_result,
      })),
    ];
    sites.push({
      stationId,
      stationCode: station.station_code,
      projectName: station.project_name,
      status: station.status,
      lastDataTime: station.data_time,
      recovery: meanOver((h) => h.recovery),
      recoveryAfter: meanOver((h) => h.recoveryAfter),
      heights,
      alarmsOpenAtStart: siteAlarms.filter((a) => openAt(a, period.start)).length,
      alarmsRaised: siteAlarms.filter((a) => inPeriod(a.created_at)).length,
      alarmsClosed: siteAlarms.filter(closedIn).length,
      alarmsHandled: siteAlarms.filter((a) => inPeriod(a.handle_time)).length,
      alarmsOpenAtEnd: siteAlarms.filter((a) => openAt(a, period.end)).length,
      repairsRequested: siteRepairs.length,
      repairsClosed: siteCloses.length,
      events: events.sort((a, b) => a.time.getTime() - b.time.getTime()),
    });
  }
  // A site whose values were all filled sent nothing: silent (measured recovery 0).
  const reporting = sites.filter((s) => s.recovery > 0).length;
  const reportSites = new Set(stationIds.map(Number));
  const longTerm = campaigns.map((c) => {
    const referenceSite = c.reference_station_id === null ? null : Number(c.reference_station_id);
    const isReferenceVisible = referenceSite !== null && reportSites.has(referenceSite);
    return {
      stationCode: c.station_code,
      projectName: c.project_name,
      referenceName: isReferenceVisible ? c.reference_name : '',
      isReferenceVisible,
      status: c.error === null ? c.status : null,
      isFailed: c.error !== null,
      months: c.months ?? 0,
      latestLtMps: c.latest_lt_mps,
      latestUMcp: c.latest_u_mcp,
      monthsNeeded: c.months_needed,
    };
  });
  return { period, sites, longTerm, reporting, silent: sites.length - reporting, bands: bandsOf(sites) };
}
