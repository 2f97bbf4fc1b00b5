import type { TLtConvergenceStatus } from '@masthub/shared';
import type { Selectable } from 'kysely';
import type { TDb } from '../../platform/db/database.ts';
import type { LongtermConvergenceTable, LongtermSiteDefaultTable } from '../../platform/db/schema.ts';

export type TSiteDefaultRow = Selectable<LongtermSiteDefaultTable> & {
  version_name: string | null;
  version_kind: string | null;
};
export type TConvergenceRow = Selectable<LongtermConvergenceTable>;

/** A site default to write (every column but who and when, which come from the caller). */
export interface TSiteDefaultValues {
  stationId: number;
  targetVersionId: number;
  speedChannelId: number;
  speedChannelName: string;
  directionChannelId: number | null;
  directionChannelName: string | null;
  reference: Record<string, unknown>;
  referenceName: string;
  /** The site the reference lives on. */
  referenceStationId: number;
  method: string;
  period: string;
  sectors: number;
  coverage: number;
  longTermStart: string | null;
  longTermEnd: string | null;
  utcOffsetMinutes: number;
  updatedBy: number | null;
  updatedByName: string;
}

/** A convergence to store. */
export interface TConvergenceValues {
  stationId: number;
  months: number;
  series: unknown[];
  status: TLtConvergenceStatus;
  monthsNeeded: number | null;
  latestLtMps: number | null;
  previousLtMps: number | null;
  latestUMcp: number | null;
  changeThreeMonths: number | null;
  nextMonthStart: Date | null;
  error: string | null;
}

/** The site defaults of the long-term workbench and their stored convergence (migration 0024). */
export class LongTermConvergenceRepository {
  constructor(private readonly db: TDb) {}

  async findDefault(stationId: number): Promise<TSiteDefaultRow | undefined> {
    return this.db
      .selectFrom('longterm_site_default as d')
      .leftJoin('dataset_version as v', 'v.id', 'd.target_version_id')
      .selectAll('d')
      .select(['v.name as version_name', 'v.kind as version_kind'])
      .where('d.station_id', '=', stationId)
      .executeTakeFirst();
  }

  async upsertDefault(values: TSiteDefaultValues): Promise<void> {
    const row = {
      target_version_id: values.targetVersionId,
      speed_channel_id: values.speedChannelId,
      speed_channel_name: values.speedChannelName,
      direction_channel_id: values.directionChannelId,
      direction_channel_name: values.directionChannelName,
      reference: JSON.stringify(values.reference),
      reference_name: values.referenceName,
      reference_station_id: values.referenceStationId,
      method: values.method,
      period: values.period,
      sectors: values.sectors,
      coverage: values.coverage,
      long_term_start: values.longTermStart,
      long_term_end: values.longTermEnd,
      utc_offset_minutes: values.utcOffsetMinutes,
      updated_by: values.updatedBy,
      updated_by_name: values.updatedByName,
      updated_at: new Date(),
    };
    await this.db
      .insertInto('longterm_site_default')
      .values({ station_id: values.stationId, ...row })
      .onConflict((oc) => oc.column('station_id').doUpdateSet(row))
      .execute();
  }

  /** Deletes the default and its stored convergence; whether there was one. */
  async deleteDefault(stationId: number): Promise<boolean> {
    await this.db.deleteFrom('longterm_convergence').where('station_id', '=', stationId).execute();
    const deleted = await this.db
      .deleteFrom('longterm_site_default')
      .where('station_id', '=', stationId)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows) > 0;
  }

  /** The sites with a default, in id order (the nightly recompute). */
  async listDefaultStationIds(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('longterm_site_default as d')
      .innerJoin('station as s', 's.id', 'd.station_id')
      .select('d.station_id')
      .where('s.is_deleted', '=', false)
      .orderBy('d.station_id')
      .execute();
    return rows.map((r) => Number(r.station_id));
  }

  async findConvergence(stationId: number): Promise<TConvergenceRow | undefined> {
    return this.db
      .selectFrom('longterm_convergence')
      .selectAll()
      .where('station_id', '=', stationId)
      .executeTakeFirst();
  }

  /** Whether the site has a default, and when data brings a month its stored series has not seen. */
  async findArrivalThreshold(
    stationId: number,
  ): Promise<{ hasConvergence: boolean; nextMonthStart: Date | null } | undefined> {
    const row = await this.db
      .selectFrom('longterm_site_default as d')
      .leftJoin('longterm_convergence as c', 'c.station_id', 'd.station_id')
      .select(['c.station_id as convergence_station', 'c.next_month_start'])
      .where('d.station_id', '=', stationId)
      .executeTakeFirst();
    if (!row) return undefined;
    return { hasConvergence: row.convergence_station !== null, nextMonthStart: row.next_month_start };
  }

  async upsertConvergence(values: TConvergenceValues): Promise<void> {
    const row = {
      computed_at: new Date(),
      months: values.months,
      series: JSON.stringify(values.series),
      status: values.status,
      months_needed: values.monthsNeeded,
      latest_lt_mps: values.latestLtMps,
      previous_lt_mps: values.previousLtMps,
      latest_u_mcp: values.latestUMcp,
      change_three_months: values.changeThreeMonths,
      next_month_start: values.nextMonthStart,
      error: values.error,
    };
    await this.db
      .insertInto('longterm_convergence')
      .values({ station_id: values.stationId, ...row })
      .onConflict((oc) => oc.column('station_id').doUpdateSet(row))
      .execute();
  }
}
