import {
  ALARM_TYPE_NAMES,
  type Language,
  RECOVERY_BANDS,
  STATION_STATUSES,
  STATION_TYPES,
  stationStatusColor,
  type THubOverview,
  type THubQuery,
  type THubRecovery,
} from '@masthub/shared';
import type { Expression, SqlBool } from 'kysely';
import { say } from '../../i18n/index.ts';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import type { TJobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { hasAllStations, stationAccessPredicate } from '../access/index.ts';
import type { TRawFileRow } from '../ingestion/index.ts';
import { reasonOf } from '../ingestion/index.ts';
import { periodLabel } from '../reports/index.ts';
import { backfillStationDays, currentWindowTo, rollStationWindows } from '../timeseries/index.ts';
import { HubRepository, type TRecoveryRow } from './hub.repository.ts';
import { longTermCampaigns } from './long-term-campaigns.ts';

const DAY_MS = 86_400_000;
const WORST = 10;

const AGE_BUCKETS = ['lt1d', 'd1to7', 'd7to30', 'gt30d'] as const;

/** The UTC day starting at or before `ms`. */
function dayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * The recovery of the sites in a window of whole UTC days [to − days, to): valid slots over the slots
 * expected since the later of the window start and the site's first data (a site commissioned inside
 * the window is not punished for the days before it existed). Pure, for the tests.
 */
export function windowRecovery(
  rows: readonly TRecoveryRow[],
  pick: 'valid7' | 'valid30',
  days: number,
  toMs: number,
): THubRecovery {
  const fromMs = toMs - days * DAY_MS;
  const bands = RECOVERY_BANDS.slice(0, -1).map((from, i) => ({
    from,
    to: RECOVERY_BANDS[i + 1]!,
    count: 0,
  }));
  const filledKey = pick === 'valid7' ? 'filled7' : 'filled30';
  // Bands and the worst list go by the measured figure; the one after reconstruction stands beside it.
  const rates: { row: TRecoveryRow; pct: number; afterPct: number }[] = [];
  for (const row of rows) {
    const firstDay = dayStart(row.first_time.getTime());
    if (firstDay >= toMs) continue;
    const windowDays = (toMs - Math.max(fromMs, firstDay)) / DAY_MS;
    const expected = row.expected ?? 144;
    const valid = row[pick] ?? 0;
    const pct = Math.min(100, (valid / (windowDays * expected)) * 100);
    const afterPct = Math.min(100, ((valid + (row[filledKey] ?? 0)) / (windowDays * expected)) * 100);
    rates.push({ row, pct, afterPct });
    let band = bands.length - 1;
    while (band > 0 && pct < bands[band]!.from) band--;
    bands[band]!.count++;
  }
  rates.sort((a, b) => a.pct - b.pct || a.row.station_code.localeCompare(b.row.station_code));
  return {
    days,
    from: isoDay(fromMs),
    // The last day counted (the window ends before today).
    to: isoDay(toMs - DAY_MS),
    sites: rates.length,
    meanPct: rates.length > 0 ? rates.reduce((s, r) => s + r.pct, 0) / rates.length : null,
    meanAfterPct: rates.length > 0 ? rates.reduce((s, r) => s + r.afterPct, 0) / rates.length : null,
    filledSites: rates.filter((r) => (r.row[filledKey] ?? 0) > 0).length,
    bands,
    worst: rates.slice(0, WORST).map((r) => ({
      stationId: Number(r.row.id),
      stationCode: r.row.station_code,
      projectName: r.row.project_name,
      recoveryPct: Math.round(r.pct * 10) / 10,
      recoveryAfterPct: Math.round(r.afterPct * 10) / 10,
    })),
  };
}

/**
 * The hub (/hub): one call with the fleet's figures for the caller's own sites, every one from
 * indexed tables (the register, station_day, alarms, repairs, applications, reports, raw files) —
 * never from the time series.
 */
export class HubService {
  private readonly hub: HubRepository;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
  ) {
    this.hub = new HubRepository(db);
  }

  async overview(user: TAuthUser, query: THubQuery, language: Language): Promise<THubOverview> {
    const now = Date.now();
    const visible: Expression<SqlBool> = stationAccessPredicate(user, 's');
    const isAll = hasAllStations(user);
    const toMs = dayStart(now);
    const silentBefore = new Date(now - query.silentDays * DAY_MS);
    const since24h = new Date(now - DAY_MS);
    const isReviewer = user.features.has('system.apply');

    const [
      counts,
      silent,
      longest,
      recovery,
      alarms,
      repairs,
      oldestRepairs,
      applications,
      reports,
      files,
      failures,
      storage,
      dbSize,
      campaigns,
      receipts,
    ] = await Promise.all([
      this.hub.countByStatusAndType(visible),
      this.hub.countSilent(visible, silentBefore),
      this.hub.listLongestSilent(visible, silentBefore, WORST),
      this.hub.listRecovery(visible, currentWindowTo(now)),
      this.hub.countOpenAlarms(visible, now),
      this.hub.countOpenRepairs(visible),
      this.hub.listOldestRepairs(visible),
      this.hub.countPendingApplications(visible, isAll, isReviewer, user.id),
      this.hub.listLatestReports(visible, isAll),
      this.hub.summariseIngestion(visible, isAll, since24h),
      this.hub.listFailureReasons(visible, isAll, since24h),
      this.hub.summariseStorage(visible),
      user.isAdmin ? this.hub.findDatabaseSize() : Promise.resolve(null),
      this.hub.listLongTermCampaigns(visible),
      this.hub.summariseReceiptFindings(visible, WORST),
    ]);

    const byStatus = new Map<number, number>();
    const byType = new Map<string, number>();
    let total = 0;
    for (const r of counts) {
      byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + r.n);
      byType.set(r.station_type, (byType.get(r.station_type) ?? 0) + r.n);
      total += r.n;
    }
    const alarmRows = alarms;
    const sumAlarms = (key: 'n' | 'unhandled' | 'lt1d' | 'd1to7' | 'd7to30' | 'gt30d') =>
      alarmRows.reduce((s, r) => s + r[key], 0);
    const ingest = files[0]!;
    const store = storage[0]!;
    return {
      generatedAt: new Date(now).toISOString(),
      stations: {
        total,
        byStatus: STATION_STATUSES.map((s) => ({
          key: String(s.value),
          name: s.name[language],
          count: byStatus.get(s.value) ?? 0,
          color: stationStatusColor(s.value),
        })),
        byType: STATION_TYPES.map((t) => ({
          key: t.value,
          name: t.name[language],
          count: byType.get(t.value) ?? 0,
        })),
      },
      silent: {
        days: query.silentDays,
        count: silent[0]?.silent ?? 0,
        neverCount: silent[0]?.never ?? 0,
        longest: longest.map((r) => ({
          stationId: Number(r.id),
          stationCode: r.station_code,
          projectName: r.project_name,
          lastDataTime: r.data_time.toISOString(),
          silentDays: Math.floor((now - r.data_time.getTime()) / DAY_MS),
        })),
      },
      recovery7: windowRecovery(recovery, 'valid7', 7, toMs),
      recovery30: windowRecovery(recovery, 'valid30', 30, toMs),
      alarms: {
        open: sumAlarms('n'),
        unhandled: sumAlarms('unhandled'),
        byType: alarmRows.map((r) => ({
          key: r.type,
          name: ALARM_TYPE_NAMES[r.type as keyof typeof ALARM_TYPE_NAMES]?.[language] ?? r.type,
          count: r.n,
        })),
        byAge: AGE_BUCKETS.map((key) => ({
          key,
          name: say(language, `hub.age.${key}`),
          count: sumAlarms(key),
        })),
      },
      repairs: {
        inProgress: repairs[0]?.n ?? 0,
        oldest: oldestRepairs.map((r) => ({
          id: Number(r.id),
          stationId: Number(r.station_id),
          stationCode: r.station_code,
          projectName: r.project_name,
          faultType: r.fault_type,
          createdAt: r.created_at.toISOString(),
        })),
      },
      applications: { pending: applications[0]?.n ?? 0, isReviewer },
      reports: reports.map((r) => {
        const delivery =
          r.mail_status === 'sent'
            ? 'sent'
            : r.mail_status === 'failed'
              ? 'failed'
              : r.mail_status === null
                ? 'notSent'
                : 'waiting';
        return {
          id: Number(r.id),
          groupId: Number(r.group_id),
          groupName: r.name,
          statementType: r.statement_type,
          statementDate: periodLabel(r.statement_type, { start: r.period_start, end: r.period_end }),
          periodStart: r.period_start.toISOString(),
          periodEnd: r.period_end.toISOString(),
          status: r.status,
          statusName: say(language, `hub.report.${r.status}`),
          delivery,
          deliveryName: say(language, `hub.delivery.${delivery}`),
          generateTime: r.generate_time?.toISOString() ?? null,
        };
      }),
      ingestion: {
        files: ingest.files,
        parsed: ingest.parsed,
        failed: ingest.failed,
        waiting: ingest.waiting,
        values: ingest.vals,
        failures: failures.map((r) => ({
          reasonKey: r.reason_key ?? '',
          reason:
            reasonOf(
              { reason_key: r.reason_key, reason: r.reason, reason_details: r.reason_details } as TRawFileRow,
              language,
            ) ?? '',
          count: r.n,
        })),
      },
      longTerm: longTermCampaigns(campaigns, language),
      receipts: {
        sites: receipts.counts.sites,
        openFindings: receipts.counts.findings,
        errors: receipts.counts.errors,
        latest: receipts.latest.map((r) => ({
          stationId: Number(r.station_id),
          stationCode: r.station_code,
          projectName: r.project_name,
          receiptId: Number(r.receipt_id),
          findingId: Number(r.id),
          check: r.check_kind,
          key: r.finding_key,
          severity: r.severity,
          fileName: r.file_name,
          createTime: r.created_at.toISOString(),
        })),
      },
      storage: {
        rawFiles: store.files,
        rawBytes: store.bytes,
        storedValues: store.vals,
        databaseBytes: dbSize ? (dbSize[0]?.bytes ?? null) : null,
      },
    };
  }

  /** Once per installation (pg-boss singleton): per-day recovery of sites whose data came before it existed. */
  async registerJobs(jobs: TJobs): Promise<void> {
    await jobs.work('hub.backfill-days', async () => {
      const sites = await backfillStationDays(this.db);
      if (sites > 0) this.log.info({ sites }, 'per-day recovery back-filled');
    });
    await jobs.send('hub.backfill-days', {}, { singletonKey: 'hub.backfill-days' });
    // Shortly after midnight UTC the windows move on; until they are rolled the hub sums the day rows itself.
    await jobs.work('hub.roll-windows', async () => {
      await rollStationWindows(this.db, currentWindowTo(Date.now()));
    });
    await jobs.schedule('hub.roll-windows', '2 0 * * *', {});
  }
}
