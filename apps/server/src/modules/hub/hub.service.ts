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
import { type Expression, type SqlBool, sql } from 'kysely';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import type { TJobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { hasAllStations, stationAccessPredicate } from '../access/index.ts';
import type { TRawFileRow } from '../ingestion/index.ts';
import { reasonOf } from '../ingestion/index.ts';
import { periodLabel } from '../reports/index.ts';
import { backfillStationDays, currentWindowTo, rollStationWindows } from '../timeseries/index.ts';

const DAY_MS = 86_400_000;
const WORST = 10;

const AGE_BUCKETS: { key: string; name: Record<Language, string> }[] = [
  { key: 'lt1d', name: { zh: '1 天内', en: 'Under 1 day' } },
  { key: 'd1to7', name: { zh: '1–7 天', en: '1–7 days' } },
  { key: 'd7to30', name: { zh: '7–30 天', en: '7–30 days' } },
  { key: 'gt30d', name: { zh: '30 天以上', en: 'Over 30 days' } },
];

const REPORT_STATUS_NAMES = {
  generating: { zh: '生成中', en: 'Generating' },
  success: { zh: '已生成', en: 'Generated' },
  failure: { zh: '生成失败', en: 'Failed' },
} as const;
const DELIVERY_NAMES = {
  sent: { zh: '已发送', en: 'Sent' },
  waiting: { zh: '待发送', en: 'Waiting' },
  failed: { zh: '发送失败', en: 'Not delivered' },
  notSent: { zh: '未发送', en: 'Not sent' },
} as const;

/** The UTC day starting at or before `ms`. */
function dayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

interface TRecoveryRow {
  id: number;
  station_code: string;
  project_name: string;
  first_time: Date;
  valid7: number | null;
  valid30: number | null;
  expected: number | null;
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
  const rates: { row: TRecoveryRow; pct: number }[] = [];
  for (const row of rows) {
    const firstDay = dayStart(row.first_time.getTime());
    if (firstDay >= toMs) continue;
    const windowDays = (toMs - Math.max(fromMs, firstDay)) / DAY_MS;
    const expected = row.expected ?? 144;
    const valid = row[pick] ?? 0;
    const pct = Math.min(100, (valid / (windowDays * expected)) * 100);
    rates.push({ row, pct });
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
    bands,
    worst: rates.slice(0, WORST).map((r) => ({
      stationId: Number(r.row.id),
      stationCode: r.row.station_code,
      projectName: r.row.project_name,
      recoveryPct: Math.round(r.pct * 10) / 10,
    })),
  };
}

/**
 * The hub (/hub): one call with the fleet's figures for the caller's own sites, every one from
 * indexed tables (the register, station_day, alarms, repairs, applications, reports, raw files) —
 * never from the time series.
 */
export class HubService {
  constructor(
    private readonly db: Database,
    private readonly log: Logger,
  ) {}

  async overview(user: TAuthUser, query: THubQuery, language: Language): Promise<THubOverview> {
    const now = Date.now();
    const visible: Expression<SqlBool> = stationAccessPredicate(user, 's');
    const isAll = hasAllStations(user);
    const toMs = dayStart(now);
    const silentBefore = new Date(now - query.silentDays * DAY_MS);
    const since24h = new Date(now - DAY_MS);
    const isReviewer = user.features.has('system.apply');

    // The windows move with the UTC day: the first call of a day (or the daily job) rolls every site's.
    await rollStationWindows(this.db, currentWindowTo(now));
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
    ] = await Promise.all([
      sql<{ status: number; station_type: string; n: number }>`
          SELECT s.status, s.station_type, count(*)::int AS n FROM station s
           WHERE NOT s.is_deleted AND ${visible} GROUP BY 1, 2`.execute(this.db),
      sql<{ silent: number; never: number }>`
          SELECT count(*) FILTER (WHERE s.data_time < ${silentBefore})::int AS silent,
                 count(*) FILTER (WHERE s.data_time IS NULL)::int AS never
            FROM station s WHERE NOT s.is_deleted AND s.status <> -1 AND ${visible}`.execute(this.db),
      sql<{ id: number; station_code: string; project_name: string; data_time: Date }>`
          SELECT s.id, s.station_code, s.project_name, s.data_time FROM station s
           WHERE NOT s.is_deleted AND s.status <> -1 AND s.data_time < ${silentBefore} AND ${visible}
           ORDER BY s.data_time, s.station_code LIMIT ${WORST}`.execute(this.db),
      sql<TRecoveryRow>`
          SELECT s.id, s.station_code, s.project_name, sm.first_time, r.valid7, r.valid30, r.expected_slots AS expected
            FROM station s
            JOIN dataset_version dv ON dv.station_id = s.id AND dv.kind = 'original'
            JOIN ts_version_summary sm ON sm.version_id = dv.id AND sm.first_time IS NOT NULL
            LEFT JOIN station_recovery r ON r.station_id = s.id
           WHERE NOT s.is_deleted AND s.status <> -1 AND ${visible}`.execute(this.db),
      sql<{
        type: string;
        n: number;
        unhandled: number;
        lt1d: number;
        d1to7: number;
        d7to30: number;
        gt30d: number;
      }>`
          SELECT a.type, count(*)::int AS n,
                 count(*) FILTER (WHERE a.handle_status = 'unprocessed')::int AS unhandled,
                 count(*) FILTER (WHERE a.created_at >= ${new Date(now - DAY_MS)})::int AS lt1d,
                 count(*) FILTER (WHERE a.created_at < ${new Date(now - DAY_MS)} AND a.created_at >= ${new Date(now - 7 * DAY_MS)})::int AS d1to7,
                 count(*) FILTER (WHERE a.created_at < ${new Date(now - 7 * DAY_MS)} AND a.created_at >= ${new Date(now - 30 * DAY_MS)})::int AS d7to30,
                 count(*) FILTER (WHERE a.created_at < ${new Date(now - 30 * DAY_MS)})::int AS gt30d
            FROM alarm a JOIN station s ON s.id = a.station_id
           WHERE a.is_open AND NOT s.is_deleted AND ${visible}
           GROUP BY a.type`.execute(this.db),
      sql<{ n: number }>`
          SELECT count(*)::int AS n FROM repair_record r JOIN station s ON s.id = r.station_id
           WHERE NOT r.is_closed AND NOT s.is_deleted AND ${visible}`.execute(this.db),
      sql<{
        id: number;
        station_id: number;
        station_code: string;
        project_name: string;
        fault_type: string;
        created_at: Date;
      }>`
          SELECT r.id, r.station_id, s.station_code, s.project_name, r.fault_type, r.created_at
            FROM repair_record r JOIN station s ON s.id = r.station_id
           WHERE NOT r.is_closed AND NOT s.is_deleted AND ${visible}
           ORDER BY r.created_at LIMIT 5`.execute(this.db),
      isReviewer
        ? sql<{ n: number }>`
              SELECT count(*)::int AS n FROM download_application a
               WHERE a.audit_status = 'pending' AND a.applicant_id IS DISTINCT FROM ${user.id}
                 AND ${
                   isAll
                     ? sql`true`
                     : sql`NOT EXISTS (SELECT 1 FROM download_application_station das JOIN station s ON s.id = das.station_id
                                        WHERE das.application_id = a.id AND NOT (${visible}))`
}`.execute(this.db)
        : sql<{ n: number }>`
              SELECT count(*)::int AS n FROM download_application a
               WHERE a.audit_status = 'pending' AND a.applicant_id = ${user.id}`.execute(this.db),
      sql<{
        id: number;
        group_id: number;
        name: string;
        statement_type: 'weekly' | 'monthly';
        period_start: Date;
        period_end: Date;
        status: 'generating' | 'success' | 'failure';
        generate_time: Date | null;
        mail_status: string | null;
      }>`
          SELECT r.id, r.group_id, g.name, r.statement_type, r.period_start, r.period_end, r.status,
                 r.generate_time, m.status AS mail_status
            FROM group_report r JOIN report_group g ON g.id = r.group_id
            LEFT JOIN mail_send_log m ON m.id = r.mail_id
           WHERE ${
             isAll
               ? sql`true`
               : sql`NOT EXISTS (SELECT 1 FROM report_group_station gs JOIN station s ON s.id = gs.station_id
                                  WHERE gs.group_id = g.id AND NOT (${visible}))`
}
           ORDER BY r.created_at DESC, r.id DESC LIMIT 5`.execute(this.db),
      sql<{ files: number; parsed: number; failed: number; waiting: number; vals: number }>`
          SELECT count(*)::int AS files,
                 count(*) FILTER (WHERE f.status = 'parsed')::int AS parsed,
                 count(*) FILTER (WHERE f.status = 'failed')::int AS failed,
                 count(*) FILTER (WHERE f.status IN ('pending', 'parsing'))::int AS waiting,
                 coalesce(sum(f.value_count) FILTER (WHERE f.status = 'parsed'), 0)::float8 AS vals
            FROM raw_file f LEFT JOIN station s ON s.id = f.station_id
           WHERE f.created_at >= ${since24h}
             AND ${isAll ? sql`true` : sql`s.id IS NOT NULL AND ${visible}`}`.execute(this.db),
      sql<{ reason_key: string | null; reason: string | null; reason_details: unknown; n: number }>`
          SELECT f.reason_key, (array_agg(f.reason))[1] AS reason, (array_agg(f.reason_details))[1] AS reason_details,
                 count(*)::int AS n
            FROM raw_file f LEFT JOIN station s ON s.id = f.station_id
           WHERE f.created_at >= ${since24h} AND f.status = 'failed'
             AND ${isAll ? sql`true` : sql`s.id IS NOT NULL AND ${visible}`}
           GROUP BY f.reason_key ORDER BY n DESC LIMIT 10`.execute(this.db),
      sql<{ files: number; bytes: number; vals: number }>`
          WITH v AS (SELECT s.id FROM station s WHERE NOT s.is_deleted AND ${visible})
          SELECT (SELECT count(*) FROM raw_file f WHERE f.station_id IN (SELECT id FROM v))::int AS files,
                 (SELECT coalesce(sum(f.size_bytes), 0) FROM raw_file f WHERE f.station_id IN (SELECT id FROM v))::float8 AS bytes,
                 (SELECT coalesce(sum(sm.value_count), 0) FROM dataset_version dv JOIN ts_version_summary sm ON sm.version_id = dv.id
                   WHERE dv.station_id IN (SELECT id FROM v))::float8 AS vals`.execute(this.db),
      user.isAdmin
        ? sql<{ bytes: number }>`SELECT pg_database_size(current_database())::float8 AS bytes`.execute(
            this.db,
          )
        : Promise.resolve(null),
    ]);

    const byStatus = new Map<number, number>();
    const byType = new Map<string, number>();
    let total = 0;
    for (const r of counts.rows) {
      byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + r.n);
      byType.set(r.station_type, (byType.get(r.station_type) ?? 0) + r.n);
      total += r.n;
    }
    const alarmRows = alarms.rows;
    const sumAlarms = (key: 'n' | 'unhandled' | 'lt1d' | 'd1to7' | 'd7to30' | 'gt30d') =>
      alarmRows.reduce((s, r) => s + r[key], 0);
    const ingest = files.rows[0]!;
    const store = storage.rows[0]!;
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
        count: silent.rows[0]?.silent ?? 0,
        neverCount: silent.rows[0]?.never ?? 0,
        longest: longest.rows.map((r) => ({
          stationId: Number(r.id),
          stationCode: r.station_code,
          projectName: r.project_name,
          lastDataTime: r.data_time.toISOString(),
          silentDays: Math.floor((now - r.data_time.getTime()) / DAY_MS),
        })),
      },
      recovery7: windowRecovery(recovery.rows, 'valid7', 7, toMs),
      recovery30: windowRecovery(recovery.rows, 'valid30', 30, toMs),
      alarms: {
        open: sumAlarms('n'),
        unhandled: sumAlarms('unhandled'),
        byType: alarmRows.map((r) => ({
          key: r.type,
          name: ALARM_TYPE_NAMES[r.type as keyof typeof ALARM_TYPE_NAMES]?.[language] ?? r.type,
          count: r.n,
        })),
        byAge: AGE_BUCKETS.map((b) => ({
          key: b.key,
          name: b.name[language],
          count: sumAlarms(b.key as 'lt1d' | 'd1to7' | 'd7to30' | 'gt30d'),
        })),
      },
      repairs: {
        inProgress: repairs.rows[0]?.n ?? 0,
        oldest: oldestRepairs.rows.map((r) => ({
          id: Number(r.id),
          stationId: Number(r.station_id),
          stationCode: r.station_code,
          projectName: r.project_name,
          faultType: r.fault_type,
          createdAt: r.created_at.toISOString(),
        })),
      },
      applications: { pending: applications.rows[0]?.n ?? 0, isReviewer },
      reports: reports.rows.map((r) => {
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
          statusName: REPORT_STATUS_NAMES[r.status][language],
          delivery,
          deliveryName: DELIVERY_NAMES[delivery][language],
          generateTime: r.generate_time?.toISOString() ?? null,
        };
      }),
      ingestion: {
        files: ingest.files,
        parsed: ingest.parsed,
        failed: ingest.failed,
        waiting: ingest.waiting,
        values: ingest.vals,
        failures: failures.rows.map((r) => ({
          reasonKey: r.reason_key ?? '',
          reason:
            reasonOf(
              { reason_key: r.reason_key, reason: r.reason, reason_details: r.reason_details } as TRawFileRow,
              language,
            ) ?? '',
          count: r.n,
        })),
      },
      storage: {
        rawFiles: store.files,
        rawBytes: store.bytes,
        storedValues: store.vals,
        databaseBytes: dbSize ? (dbSize.rows[0]?.bytes ?? null) : null,
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
    // Shortly after midnight UTC the windows move on, so the day's first hub call finds them rolled.
    await jobs.work('hub.roll-windows', async () => {
      await rollStationWindows(this.db, currentWindowTo(Date.now()));
    });
    await jobs.schedule('hub.roll-windows', '2 0 * * *', {});
  }
}
