import { type Expression, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';

/** The recovery figures of a site with data (per-day counts over the 7- and 30-day windows). */
export interface TRecoveryRow {
  id: number;
  station_code: string;
  project_name: string;
  first_time: Date;
  valid7: number | null;
  valid30: number | null;
  /** What filled values add to valid7 / valid30 (recovery after reconstruction, migration 0048). */
  filled7: number | null;
  filled30: number | null;
  expected: number | null;
}

const DAY_MS = 86_400_000;

/**
 * The hub's figures, each one statement over indexed tables, for the sites `visible` admits (a
 * predicate on `station s`); `isAll` when the caller sees every site.
 */
export class HubRepository {
  constructor(private readonly db: Database) {}

  async countByStatusAndType(visible: Expression<SqlBool>) {
    const result = await sql<{ status: number; station_type: string; n: number }>`
          SELECT s.status, s.station_type, count(*)::int AS n FROM station s
           WHERE NOT s.is_deleted AND ${visible} GROUP BY 1, 2`.execute(this.db);
    return result.rows;
  }

  async countSilent(visible: Expression<SqlBool>, silentBefore: Date) {
    const result = await sql<{ silent: number; never: number }>`
          SELECT count(*) FILTER (WHERE s.data_time < ${silentBefore})::int AS silent,
                 count(*) FILTER (WHERE s.data_time IS NULL)::int AS never
            FROM station s WHERE NOT s.is_deleted AND s.status <> -1 AND ${visible}`.execute(this.db);
    return result.rows;
  }

  async listLongestSilent(visible: Expression<SqlBool>, silentBefore: Date, limit: number) {
    const result = await sql<{ id: number; station_code: string; project_name: string; data_time: Date }>`
          SELECT s.id, s.station_code, s.project_name, s.data_time FROM station s
           WHERE NOT s.is_deleted AND s.status <> -1 AND s.data_time < ${silentBefore} AND ${visible}
           ORDER BY s.data_time, s.station_code LIMIT ${limit}`.execute(this.db);
    return result.rows;
  }

  /**
   * Each visible site's valid slots of the 7 and 30 whole days before `windowTo` (today, UTC): its
   * station_recovery row when it is rolled to that day, else summed from station_day here — the nightly
   * job rolls the rows (hub.roll-windows); the hub, a read, writes nothing (issue 39 §1) and shows the same
   * figures before and after the roll.
   */
  async listRecovery(visible: Expression<SqlBool>, windowTo: string) {
    const result = await sql<TRecoveryRow>`
          SELECT s.id, s.station_code, s.project_name, sm.first_time,
                 CASE WHEN r.window_to = ${windowTo}::date THEN r.valid7 ELSE d.valid7 END AS valid7,
                 CASE WHEN r.window_to = ${windowTo}::date THEN r.valid30 ELSE d.valid30 END AS valid30,
                 CASE WHEN r.window_to = ${windowTo}::date THEN r.filled7 ELSE d.filled7 END AS filled7,
                 CASE WHEN r.window_to = ${windowTo}::date THEN r.filled30 ELSE d.filled30 END AS filled30,
                 CASE WHEN r.window_to = ${windowTo}::date THEN r.expected_slots
                      ELSE coalesce(d.expected, r.expected_slots) END AS expected
            FROM station s
            JOIN dataset_version dv ON dv.station_id = s.id AND dv.kind = 'original'
            JOIN ts_version_summary sm ON sm.version_id = dv.id AND sm.first_time IS NOT NULL
            LEFT JOIN station_recovery r ON r.station_id = s.id
            LEFT JOIN LATERAL (
                 SELECT coalesce(sum(valid_slots) FILTER (WHERE day >= ${windowTo}::date - 7), 0)::int AS valid7,
                        coalesce(sum(valid_slots), 0)::int AS valid30,
                        coalesce(sum(filled_slots) FILTER (WHERE day >= ${windowTo}::date - 7), 0)::int AS filled7,
                        coalesce(sum(filled_slots), 0)::int AS filled30,
                        max(expected_slots) AS expected
                   FROM station_day
                  WHERE station_id = s.id AND r.window_to IS DISTINCT FROM ${windowTo}::date
                    AND day >= ${windowTo}::date - 30 AND day < ${windowTo}::date) d ON true
           WHERE NOT s.is_deleted AND s.status <> -1 AND ${visible}`.execute(this.db);
    return result.rows;
  }

  async countOpenAlarms(visible: Expression<SqlBool>, now: number) {
    const result = await sql<{
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
           GROUP BY a.type`.execute(this.db);
    return result.rows;
  }

  async countOpenRepairs(visible: Expression<SqlBool>) {
    const result = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM repair_record r JOIN station s ON s.id = r.station_id
           WHERE NOT r.is_closed AND NOT s.is_deleted AND ${visible}`.execute(this.db);
    return result.rows;
  }

  async listOldestRepairs(visible: Expression<SqlBool>) {
    const result = await sql<{
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
           ORDER BY r.created_at LIMIT 5`.execute(this.db);
    return result.rows;
  }

  async countPendingApplications(
    visible: Expression<SqlBool>,
    isAll: boolean,
    isReviewer: boolean,
    userId: number,
  ) {
    const result = await (isReviewer
      ? sql<{ n: number }>`
              SELECT count(*)::int AS n FROM download_application a
               WHERE a.audit_status = 'pending' AND a.applicant_id IS DISTINCT FROM ${userId}
                 AND ${
                   isAll
                     ? sql`true`
                     : sql`NOT EXISTS (SELECT 1 FROM download_application_station das JOIN station s ON s.id = das.station_id
                                        WHERE das.application_id = a.id AND NOT (${visible}))`
}`.execute(this.db)
      : sql<{ n: number }>`
              SELECT count(*)::int AS n FROM download_application a
               WHERE a.audit_status = 'pending' AND a.applicant_id = ${userId}`.execute(this.db));
    return result.rows;
  }

  async listLatestReports(visible: Expression<SqlBool>, isAll: boolean) {
    const result = await sql<{
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
           ORDER BY r.created_at DESC, r.id DESC LIMIT 5`.execute(this.db);
    return result.rows;
  }

  async summariseIngestion(visible: Expression<SqlBool>, isAll: boolean, since24h: Date) {
    const result = await sql<{
      files: number;
      parsed: number;
      failed: number;
      waiting: number;
      vals: number;
    }>`
          SELECT count(*)::int AS files,
                 count(*) FILTER (WHERE f.status = 'parsed')::int AS parsed,
                 count(*) FILTER (WHERE f.status = 'failed')::int AS failed,
                 count(*) FILTER (WHERE f.status IN ('pending', 'parsing'))::int AS waiting,
                 coalesce(sum(f.value_count) FILTER (WHERE f.status = 'parsed'), 0)::float8 AS vals
            FROM raw_file f LEFT JOIN station s ON s.id = f.station_id
           WHERE f.created_at >= ${since24h}
             AND ${isAll ? sql`true` : sql`s.id IS NOT NULL AND ${visible}`}`.execute(this.db);
    return result.rows;
  }

  async listFailureReasons(visible: Expression<SqlBool>, isAll: boolean, since24h: Date) {
    const result = await sql<{
      reason_key: string | null;
      reason: string | null;
      reason_details: unknown;
      n: number;
    }>`
          SELECT f.reason_key, (array_agg(f.reason))[1] AS reason, (array_agg(f.reason_details))[1] AS reason_details,
                 count(*)::int AS n
            FROM raw_file f LEFT JOIN station s ON s.id = f.station_id
           WHERE f.created_at >= ${since24h} AND f.status = 'failed'
             AND ${isAll ? sql`true` : sql`s.id IS NOT NULL AND ${visible}`}
           GROUP BY f.reason_key ORDER BY n DESC LIMIT 10`.execute(this.db);
    return result.rows;
  }

  async summariseStorage(visible: Expression<SqlBool>) {
    const result = await sql<{ files: number; bytes: number; vals: number }>`
          WITH v AS (SELECT s.id FROM station s WHERE NOT s.is_deleted AND ${visible})
          SELECT (SELECT count(*) FROM raw_file f WHERE f.station_id IN (SELECT id FROM v))::int AS files,
                 (SELECT coalesce(sum(f.size_bytes), 0) FROM raw_file f WHERE f.station_id IN (SELECT id FROM v))::float8 AS bytes,
                 (SELECT coalesce(sum(sm.value_count), 0) FROM dataset_version dv JOIN ts_version_summary sm ON sm.version_id = dv.id
                   WHERE dv.station_id IN (SELECT id FROM v))::float8 AS vals`.execute(this.db);
    return result.rows;
  }

  async findDatabaseSize() {
    const result = await sql<{
      bytes: number;
    }>`SELECT pg_database_size(current_database())::float8 AS bytes`.execute(this.db);
    return result.rows;
  }

  /**
   * Open findings of the visible sites' data receipts (migration 0026): per site the count and errors,
   * and the latest few findings (newest first).
   */
  async summariseReceiptFindings(visible: Expression<SqlBool>, latest: number) {
    const [counts, rows] = await Promise.all([
      sql<{ sites: number; findings: number; errors: number }>`
          SELECT count(DISTINCT f.station_id)::int AS sites, count(*)::int AS findings,
                 count(*) FILTER (WHERE f.severity = 'error')::int AS errors
            FROM receipt_finding f JOIN station s ON s.id = f.station_id
           WHERE f.status = 'open' AND NOT s.is_deleted AND ${visible}`.execute(this.db),
      sql<{
        id: number;
        receipt_id: number;
        station_id: number;
        station_code: string;
        project_name: string;
        check_kind: string;
        finding_key: string;
        severity: 'info' | 'warning' | 'error';
        file_name: string;
        created_at: Date;
      }>`
          SELECT f.id, f.receipt_id, s.id AS station_id, s.station_code, s.project_name, f.check_kind,
                 f.finding_key, f.severity, rf.file_name, r.created_at
            FROM receipt_finding f
            JOIN station s ON s.id = f.station_id
            JOIN data_receipt r ON r.id = f.receipt_id
            JOIN raw_file rf ON rf.id = r.raw_file_id
           WHERE f.status = 'open' AND NOT s.is_deleted AND ${visible}
           ORDER BY f.id DESC LIMIT ${latest}`.execute(this.db),
    ]);
    return { counts: counts.rows[0]!, latest: rows.rows };
  }

  /** The visible sites with a long-term default and their stored convergence (migration 0024). */
  async listLongTermCampaigns(visible: Expression<SqlBool>) {
    const result = await sql<{
      id: number;
      station_code: string;
      project_name: string;
      status: 'converged' | 'not_yet' | 'too_short' | null;
      months: number | null;
      months_needed: number | null;
      has_error: boolean | null;
    }>`
          SELECT s.id, s.station_code, s.project_name, c.status, c.months, c.months_needed,
                 c.error IS NOT NULL AS has_error
            FROM longterm_site_default d
            JOIN station s ON s.id = d.station_id
            LEFT JOIN longterm_convergence c ON c.station_id = d.station_id
           WHERE NOT s.is_deleted AND ${visible}
           ORDER BY s.station_code`.execute(this.db);
    return result.rows;
  }
}
