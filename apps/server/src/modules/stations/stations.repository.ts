import type { TStationFilter, TStationPageRequest } from '@masthub/shared';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';
import { readPage } from '../../platform/db/paging.ts';
import { withRowLock } from '../../platform/db/rows.ts';
import type { DB } from '../../platform/db/schema.ts';
import { stationAccessPredicate, type TAccessSubject } from '../access/index.ts';

/** The writable columns of a site. */
export interface TStationValues {
  station_code: string;
  project_name: string;
  station_type: string;
  region_code: string | null;
  province: string | null;
  location: string;
  longitude: number;
  latitude: number;
  altitude_m: number | null;
  pylon_height_m: number | null;
  logger_utc_offset_minutes: number;
  status: number;
  start_time: Date | null;
  manufacturer_id: number | null;
  owner_party_id: number | null;
  data_admin_id: number | null;
  warn_type: string;
  warn_status: number;
  warranty_start: string | null;
  warranty_end: string | null;
  install_start: string | null;
  install_end: string | null;
  sim: string;
  repair_emails: string[];
  cc_emails: string[];
  notes: string;
  device_model: string;
  device_serial: string;
  device_firmware: string;
  measurement_heights_m: number[];
}

// 1 = within the warranty range today, 0 = outside, null = no range.
const WARRANTY_STATUS_SQL = sql<number | null>`CASE
  WHEN s.warranty_start IS NULL AND s.warranty_end IS NULL THEN NULL
  WHEN (s.warranty_start IS NULL OR s.warranty_start <= current_date)
   AND (s.warranty_end IS NULL OR s.warranty_end >= current_date) THEN 1
  ELSE 0 END`;

const SORT_COLUMNS = {
  stationCode: 's.station_code',
  projectName: 's.project_name',
  province: 's.province',
  status: 's.status',
  startTime: 's.start_time',
  dataTime: 's.data_time',
  createTime: 's.created_at',
} as const;

function keywordCondition(keywords: string) {
  const p = likeContains(keywords);
  return sql<boolean>`(s.station_code ILIKE ${p} OR s.project_name ILIKE ${p} OR s.location ILIKE ${p})`;
}

type TStationQuery = SelectQueryBuilder<DB & { s: DB['station'] }, 's', object>;

/** Live sites, always through the access predicate for lists. */
export class StationRepository {
  constructor(private readonly db: Database) {}

  /** The owners and manufacturers an import resolves names against. */
  listImportReferences() {
    return Promise.all([
      this.db.selectFrom('owner').select(['id', 'name']).execute(),
      this.db.selectFrom('manufacturer').select(['id', 'name', 'model']).execute(),
    ]);
  }

  /** Live sites the subject can see, narrowed by the list filters. */
  private filtered(subject: TAccessSubject, filter: TStationFilter & { ids?: number[] | undefined }) {
    let q: TStationQuery = this.db
      .selectFrom('station as s')
      .where('s.is_deleted', '=', false)
      .where(stationAccessPredicate(subject, 's'));
    if (filter.ids) q = q.where('s.id', 'in', filter.ids.length ? filter.ids : [-1]);
    if (filter.keywords) {
      q = q.where(keywordCondition(filter.keywords));
    }
    if (filter.stationCode) q = q.where('s.station_code', 'ilike', likeContains(filter.stationCode));
    if (filter.projectName) q = q.where('s.project_name', 'ilike', likeContains(filter.projectName));
    if (filter.stationType?.length) q = q.where('s.station_type', 'in', filter.stationType);
    if (filter.status?.length) q = q.where('s.status', 'in', filter.status);
    if (filter.regionCodes?.length) {
      // A province code (xx0000) matches every site of the province; a city code (xxyy00) its prefix.
      const prefixes = filter.regionCodes.map((c) =>
        c.endsWith('0000') ? c.slice(0, 2) : c.endsWith('00') ? c.slice(0, 4) : c,
      );
      q = q.where((eb) => eb.or(prefixes.map((p) => eb('s.region_code', 'like', `${p}%`))));
    }
    if (filter.ownerPartyId?.length) q = q.where('s.owner_party_id', 'in', filter.ownerPartyId);
    if (filter.manufacturerId?.length) q = q.where('s.manufacturer_id', 'in', filter.manufacturerId);
    if (filter.deviceTypeId?.length) {
      const types = filter.deviceTypeId;
      q = q.where((eb) =>
        eb(
          's.manufacturer_id',
          'in',
          eb.selectFrom('manufacturer').select('id').where('device_type_id', 'in', types),
        ),
      );
    }
    if (filter.dataAdminId?.length) q = q.where('s.data_admin_id', 'in', filter.dataAdminId);
    if (filter.tagIds?.length) {
      const tagIds = filter.tagIds;
      q = q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('station_tag as st')
            .select('st.tag_id')
            .whereRef('st.station_id', '=', 's.id')
            .where('st.tag_id', 'in', tagIds),
        ),
      );
    }
    if (filter.warnType?.length) q = q.where('s.warn_type', 'in', filter.warnType);
    if (filter.warnStatus?.length) q = q.where('s.warn_status', 'in', filter.warnStatus);
    // data_time is written only by ingestion (the last stored value), never by hand.
    if (filter.hasData !== undefined)
      q = q.where('s.data_time', filter.hasData === 1 ? 'is not' : 'is', null);
    if (filter.warrantyStatus !== undefined)
      q = q.where(sql<boolean>`${WARRANTY_STATUS_SQL} = ${filter.warrantyStatus}`);
    if (filter.sim) q = q.where('s.sim', 'ilike', likeContains(filter.sim));
    if (filter.createTimeRange) {
      q = q
        .where('s.created_at', '>=', filter.createTimeRange[0])
        .where('s.created_at', '<=', filter.createTimeRange[1]);
    }
    if (filter.startTimeRange) {
      q = q
        .where('s.start_time', '>=', filter.startTimeRange[0])
        .where('s.start_time', '<=', filter.startTimeRange[1]);
    }
    // A date range filter keeps sites whose range overlaps it.
    if (filter.installDateRange) {
      const [from, to] = filter.installDateRange;
      q = q.where(
        sql<boolean>`(s.install_end IS NULL OR s.install_end >= ${from}::date) AND (s.install_start IS NULL OR s.install_start <= ${to}::date) AND (s.install_start IS NOT NULL OR s.install_end IS NOT NULL)`,
      );
    }
    if (filter.warrantyDateRange) {
      const [from, to] = filter.warrantyDateRange;
      q = q.where(
        sql<boolean>`(s.warranty_end IS NULL OR s.warranty_end >= ${from}::date) AND (s.warranty_start IS NULL OR s.warranty_start <= ${to}::date) AND (s.warranty_start IS NOT NULL OR s.warranty_end IS NOT NULL)`,
      );
    }
    return q;
  }

  /** The full record columns over a filtered query. */
  private withRecordColumns(q: TStationQuery) {
    return q
      .leftJoin('owner as op', 'op.id', 's.owner_party_id')
      .leftJoin('manufacturer as m', 'm.id', 's.manufacturer_id')
      .leftJoin('device_type as dt', 'dt.id', 'm.device_type_id')
      .leftJoin('app_user as ou', 'ou.id', 's.owner_id')
      .leftJoin('app_user as cu', 'cu.id', 's.creator_id')
      .leftJoin('app_user as du', 'du.id', 's.data_admin_id')
      .selectAll('s')
      .select([
        'op.name as owner_party_name',
        'm.name as manufacturer_name',
        'm.model as manufacturer_model',
        'm.device_type_id',
        'dt.name as device_type_name',
        'ou.user_name as owner_name',
        'cu.user_name as creator_name',
        'du.user_name as data_admin_name',
        WARRANTY_STATUS_SQL.as('warranty_status'),
      ]);
  }

  async page(subject: TAccessSubject, filter: TStationPageRequest) {
    const base = this.filtered(subject, filter);
    const column = SORT_COLUMNS[filter.sortField ?? 'stationCode'];
    const order = filter.sortOrder ?? 'asc';
    const { rows: records, total } = await readPage(
      base,
      this.withRecordColumns(base)
        .orderBy(sql.ref(column), (ob) => (order === 'asc' ? ob.asc() : ob.desc()).nullsLast())
        .orderBy('s.station_code'),
      filter,
    );
    return { records, total };
  }

  /** Every matching record (coordinate export), by code. */
  listAll(subject: TAccessSubject, filter: TStationFilter & { ids?: number[] | undefined }) {
    return this.withRecordColumns(this.filtered(subject, filter)).orderBy('s.station_code').execute();
  }

  /** One live site (access is checked by the caller through StationAccess). */
  findRecord(id: number) {
    return this.withRecordColumns(
      this.db.selectFrom('station as s').where('s.is_deleted', '=', false).where('s.id', '=', id),
    ).executeTakeFirst();
  }

  /** First and last stored value of the site's original version (ingested data), if any. */
  async dataSpan(id: number): Promise<{ firstTime: Date | null; lastTime: Date | null } | undefined> {
    return this.db
      .selectFrom('dataset_version as v')
      .innerJoin('ts_version_summary as s', 's.version_id', 'v.id')
      .select(['s.first_time as firstTime', 's.last_time as lastTime'])
      .where('v.station_id', '=', id)
      .where('v.kind', '=', 'original')
      .executeTakeFirst();
  }

  async counts(subject: TAccessSubject, filter: TStationFilter) {
    const base = this.filtered(subject, filter);
    const [byStatus, byType, byProvince] = await Promise.all([
      base
        .select(['s.status', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('s.status')
        .execute(),
      base
        .select(['s.station_type', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('s.station_type')
        .execute(),
      base
        .select([
          sql<string>`coalesce(substr(s.region_code, 1, 2), '')`.as('prefix'),
          's.province',
          (eb) => eb.fn.countAll<number>().as('n'),
        ])
        .groupBy([sql`coalesce(substr(s.region_code, 1, 2), '')`, 's.province'])
        .execute(),
    ]);
    return { byStatus, byType, byProvince };
  }

  search(subject: TAccessSubject, keywords: string | undefined, ids: number[] | undefined, limit: number) {
    let q = this.filtered(subject, {});
    const match = keywords ? keywordCondition(keywords) : sql<boolean>`true`;
    // Selected values of a picker come back even when they do not match the keywords.
    q = ids?.length ? q.where((eb) => eb.or([eb('s.id', 'in', ids), match])) : q.where(match);
    if (ids?.length) q = q.orderBy(sql`s.id = ANY(${ids}::bigint[])`, 'desc');
    return q
      .select([
        's.id',
        's.station_code',
        's.project_name',
        's.location',
        's.longitude',
        's.latitude',
        's.status',
      ])
      .orderBy('s.station_code')
      .limit(limit)
      .execute();
  }

  /**
   * Compact points of every visible site matching the filters (the home map, search in map mode): one
   * query, a handful of columns, no limit. The owner party's name comes from a join on its primary key.
   */
  mapPoints(subject: TAccessSubject, filter: TStationFilter) {
    return this.filtered(subject, filter)
      .leftJoin('owner as op', 'op.id', 's.owner_party_id')
      .select([
        's.id',
        's.station_code',
        's.project_name',
        's.longitude',
        's.latitude',
        's.status',
        's.station_type',
        's.owner_party_id',
        'op.name as owner_party_name',
      ])
      .orderBy('s.station_code')
      .execute();
  }

  /** Site counts by owner party (id and name) or project name, and status, over the filters. */
  groupCounts(subject: TAccessSubject, filter: TStationFilter, groupBy: 'owner' | 'project') {
    const base = this.filtered(subject, filter);
    if (groupBy === 'project') {
      return base
        .select([
          's.project_name as key',
          's.project_name as name',
          's.status',
          (eb) => eb.fn.countAll<number>().as('n'),
        ])
        .groupBy(['s.project_name', 's.status'])
        .execute();
    }
    return base
      .leftJoin('owner as op', 'op.id', 's.owner_party_id')
      .select([
        sql<string>`coalesce(s.owner_party_id::text, '')`.as('key'),
        sql<string>`coalesce(op.name, '')`.as('name'),
        's.status',
        (eb) => eb.fn.countAll<number>().as('n'),
      ])
      .groupBy(['s.owner_party_id', 'op.name', 's.status'])
      .execute();
  }

  async projectNames(
    subject: TAccessSubject,
    keywords: string | undefined,
    limit: number,
  ): Promise<string[]> {
    const rows = await this.filtered(subject, { projectName: keywords })
      .select('s.project_name')
      .distinct()
      .orderBy('s.project_name')
      .limit(limit)
      .execute();
    return rows.map((r) => r.project_name);
  }

  /** Bounds of the subject's sites matching a filter, or undefined when none. */
  async bounds(subject: TAccessSubject, filter: TStationFilter) {
    const row = await this.filtered(subject, filter)
      .select((eb) => [
        eb.fn.min('s.longitude').as('min_lon'),
        eb.fn.min('s.latitude').as('min_lat'),
        eb.fn.max('s.longitude').as('max_lon'),
        eb.fn.max('s.latitude').as('max_lat'),
      ])
      .executeTakeFirst();
    return row?.min_lon == null ? undefined : row;
  }

  async boundsOfOwner(subject: TAccessSubject, ownerPartyId: number) {
    return this.bounds(subject, { ownerPartyId: [ownerPartyId] });
  }

  /** The live site holding a code, if any. */
  findLiveByCode(code: string, lock = false) {
    return withRowLock(
      this.db
        .selectFrom('station')
        .select(['id', 'station_code'])
        .where('station_code', '=', code)
        .where('is_deleted', '=', false),
      lock ? 'update' : null,
    ).executeTakeFirst();
  }

  findForUpdate(id: number) {
    return this.db
      .selectFrom('station')
      .selectAll()
      .where('id', '=', id)
      .where('is_deleted', '=', false)
      .forUpdate()
      .executeTakeFirst();
  }

  async tagIdsOf(stationId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('station_tag')
      .select('tag_id')
      .where('station_id', '=', stationId)
      .orderBy('created_at')
      .orderBy('tag_id')
      .execute();
    return rows.map((r) => r.tag_id);
  }

  /** Tags of the given sites, in the order they were given. */
  tagsOf(stationIds: readonly number[]) {
    if (stationIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('station_tag as st')
      .innerJoin('tag as t', 't.id', 'st.tag_id')
      .select(['st.station_id', 't.id', 't.name', 't.color'])
      .where('st.station_id', 'in', [...stationIds])
      .orderBy('st.created_at')
      .orderBy('t.name')
      .execute();
  }

  insert(values: TStationValues & { owner_id: number; creator_id: number }) {
    return this.db
      .insertInto('station')
      .values(values)
      .returning(['id', 'station_code'])
      .executeTakeFirstOrThrow();
  }

  async update(id: number, values: TStationValues) {
    await this.db
      .updateTable('station')
      .set({ ...values, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** Replaces a site's tags, keeping the time a kept tag was first given. */
  async setTags(stationId: number, tagIds: readonly number[]) {
    let del = this.db.deleteFrom('station_tag').where('station_id', '=', stationId);
    if (tagIds.length) del = del.where('tag_id', 'not in', [...tagIds]);
    await del.execute();
    if (tagIds.length) {
      await this.db
        .insertInto('station_tag')
        .values(tagIds.map((tag_id) => ({ station_id: stationId, tag_id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }

  async softDelete(id: number) {
    await this.db
      .updateTable('station')
      .set({ is_deleted: true, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  // Look-ups for the references of a site.

  async ownerPartyExists(id: number): Promise<boolean> {
    return !!(await this.db.selectFrom('owner').select('id').where('id', '=', id).executeTakeFirst());
  }

  async manufacturerExists(id: number): Promise<boolean> {
    return !!(await this.db.selectFrom('manufacturer').select('id').where('id', '=', id).executeTakeFirst());
  }

  async liveUserExists(id: number): Promise<boolean> {
    return !!(await this.db
      .selectFrom('app_user')
      .select('id')
      .where('id', '=', id)
      .where('is_deleted', '=', false)
      .executeTakeFirst());
  }

  findTags(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('tag')
      .select(['id', 'name', 'is_enabled'])
      .where('id', 'in', [...ids])
      .execute();
  }
}
