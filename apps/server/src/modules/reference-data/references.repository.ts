import { type Expression, type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { TDb } from '../../platform/db/database.ts';
import { readPage } from '../../platform/db/paging.ts';
import type { ReferenceSeriesTable } from '../../platform/db/schema.ts';
import { hasAllStations, stationAccessPredicate } from '../access/index.ts';

/** A point and a radius: the references (or sites) within it. */
export interface TNear {
  latitude: number;
  longitude: number;
  radiusKm: number;
}

/** Great-circle distance (haversine, R = 6371 km) from a point to the row's latitude/longitude columns. */
function distanceKm(near: Pick<TNear, 'latitude' | 'longitude'>, alias: string) {
  const lat = sql.ref(`${alias}.latitude`);
  const lon = sql.ref(`${alias}.longitude`);
  return sql<number>`(2 * 6371 * asin(sqrt(least(1,
    power(sin(radians(${lat} - ${near.latitude}) / 2), 2)
    + cos(radians(${near.latitude})) * cos(radians(${lat})) * power(sin(radians(${lon} - ${near.longitude}) / 2), 2)))))`;
}

const LISTED = [
  'r.id',
  'r.station_id',
  's.project_name as station_name',
  'r.name',
  'r.source',
  'r.latitude',
  'r.longitude',
  'r.height_m',
  'r.utc_offset_minutes',
  'r.files',
  'r.interval_minutes',
  'r.first_time',
  'r.last_time',
  'r.record_count',
  'r.channels',
  'r.uploader_name',
  'r.created_at',
] as const;

/**
 * Reference series and their columns (migration 0023). A reference is visible where its home site is:
 * every list joins the site and keeps live sites the caller may view.
 */
export class ReferencesRepository {
  constructor(private readonly db: TDb) {}

  private visible(user: TAuthUser): Expression<SqlBool> {
    return hasAllStations(user) ? sql<SqlBool>`true` : stationAccessPredicate(user, 's');
  }

  private visibleQuery(user: TAuthUser) {
    return this.db
      .selectFrom('reference_series as r')
      .innerJoin('station as s', 's.id', 'r.station_id')
      .where('s.is_deleted', '=', false)
      .where(this.visible(user));
  }

  /** The visible references (of one home site, or within a radius), nearest or newest first. */
  page(
    user: TAuthUser,
    filter: { stationId?: number; near?: TNear },
    window: { pageNo: number; pageSize: number },
  ) {
    let query = this.visibleQuery(user);
    if (filter.stationId !== undefined) query = query.where('r.station_id', '=', filter.stationId);
    const near = filter.near;
    if (near) query = query.where(distanceKm(near, 'r'), '<=', near.radiusKm);
    const listed = query.select([
      ...LISTED,
      (near ? distanceKm(near, 'r') : sql<number | null>`NULL::double precision`).as('distance_km'),
    ]);
    return readPage(
      query,
      near
        ? listed.orderBy('distance_km', 'asc').orderBy('r.id', 'asc')
        : listed.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc'),
      window,
    );
  }

  /** Every visible reference within a radius, nearest first (the candidate ranking). */
  listNear(user: TAuthUser, near: TNear) {
    return this.visibleQuery(user)
      .where(distanceKm(near, 'r'), '<=', near.radiusKm)
      .select([...LISTED, distanceKm(near, 'r').as('distance_km')])
      .orderBy('distance_km', 'asc')
      .orderBy('r.id', 'asc')
      .execute();
  }

  /** Live sites the caller may view within a radius of a point, nearest first, one site left out. */
  listSitesNear(user: TAuthUser, near: TNear, exceptStationId: number) {
    return this.db
      .selectFrom('station as s')
      .where('s.is_deleted', '=', false)
      .where(this.visible(user))
      .where('s.id', '<>', exceptStationId)
      .where(distanceKm(near, 's'), '<=', near.radiusKm)
      .select(['s.id', 's.project_name', distanceKm(near, 's').as('distance_km')])
      .orderBy('distance_km', 'asc')
      .orderBy('s.id', 'asc')
      .execute();
  }

  /** A site's coordinates (the target of a ranking). */
  findStationPoint(stationId: number) {
    return this.db
      .selectFrom('station')
      .select(['id', 'project_name', 'latitude', 'longitude'])
      .where('id', '=', stationId)
      .executeTakeFirst();
  }

  find(id: number) {
    return this.db
      .selectFrom('reference_series as r')
      .innerJoin('station as s', 's.id', 'r.station_id')
      .select([...LISTED, sql<number | null>`NULL::double precision`.as('distance_km')])
      .where('r.id', '=', id)
      .executeTakeFirst();
  }

  /** Stores a reference and its columns' values. */
  async insert(
    values: Insertable<ReferenceSeriesTable>,
    columns: readonly { key: string; values: Buffer }[],
  ): Promise<number> {
    const row = await this.db
      .insertInto('reference_series')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const c of columns) {
      await this.db
        .insertInto('reference_series_column')
        .values({ reference_id: Number(row.id), key: c.key, values: c.values })
        .execute();
    }
    return Number(row.id);
  }

  async update(id: number, values: Updateable<ReferenceSeriesTable>): Promise<void> {
    await this.db.updateTable('reference_series').set(values).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('reference_series').where('id', '=', id).execute();
  }

  /** The stamps and the named columns of a reference. */
  async readColumns(id: number, keys: readonly string[]) {
    const row = await this.db
      .selectFrom('reference_series')
      .select('times')
      .where('id', '=', id)
      .executeTakeFirst();
    const columns =
      keys.length === 0
        ? []
        : await this.db
            .selectFrom('reference_series_column')
            .select(['key', 'values'])
            .where('reference_id', '=', id)
            .where('key', 'in', [...keys])
            .execute();
    return { times: row?.times, columns };
  }

  /** Versions whose lineage names the reference (a long-term version generated against it). */
  async countVersionsNaming(id: number): Promise<number> {
    const row = await this.db
      .selectFrom('dataset_version')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(
        sql<SqlBool>`lineage @> ${JSON.stringify([{ params: { reference: { kind: 'reference', referenceId: id } } }])}::jsonb`,
      )
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
