import type { TRepairLogPageRequest, TRepairRecordPageRequest } from '@masthub/shared';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { TDb } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';
import { readPage } from '../../platform/db/paging.ts';
import type { RepairRecordTable, RepairRequestTable } from '../../platform/db/schema.ts';
import { hasAllStations, stationAccessPredicate } from '../access/index.ts';

/** Repair requests (the fault report log) and repair records, with the sites and alarms they name. */
export class RepairRepository {
  constructor(private readonly db: TDb) {}

  listSites(stationIds: readonly number[]) {
    return this.db
      .selectFrom('station as s')
      .leftJoin('manufacturer as m', 'm.id', 's.manufacturer_id')
      .leftJoin('device_type as d', 'd.id', 'm.device_type_id')
      .select([
        's.id',
        's.station_code',
        's.project_name',
        's.station_type',
        's.location',
        's.longitude',
        's.latitude',
        's.pylon_height_m',
        's.data_time',
        's.repair_emails',
        's.cc_emails',
        'm.name as manufacturer_name',
        'd.name as device_type',
      ])
      .where('s.id', 'in', [...stationIds])
      .where('s.is_deleted', '=', false)
      .orderBy('s.station_code')
      .execute();
  }

  /** Repair e-mails the user sent since `since`. */
  async countMailsSince(userId: number, since: Date): Promise<number> {
    const sent = await this.db
      .selectFrom('mail_send_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('kind', '=', 'repair')
      .where('user_id', '=', userId)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(sent.n);
  }

  findRequester(userId: number) {
    return this.db
      .selectFrom('app_user as u')
      .leftJoin('dept as g', 'g.id', 'u.dept_id')
      .select(['u.user_name', 'u.phone', 'u.email', 'g.name as dept_name'])
      .where('u.id', '=', userId)
      .executeTakeFirstOrThrow();
  }

  /** The alarms of the sites: those with the ids given, else the open ones. */
  listAlarms(stationIds: number[], alarmIds: number[]) {
    let query = this.db
      .selectFrom('alarm')
      .select(['id', 'station_id', 'period_start', 'period_end', 'type'])
      .where('station_id', 'in', stationIds);
    if (alarmIds.length > 0) {
      query = query.where('id', 'in', alarmIds);
    } else {
      query = query.where('is_open', '=', true);
    }
    return query.execute();
  }

  async insertRequest(values: Insertable<RepairRequestTable>): Promise<number> {
    const row = await this.db
      .insertInto('repair_request')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async insertRecord(values: Insertable<RepairRecordTable>): Promise<number> {
    const row = await this.db
      .insertInto('repair_record')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Edits a site's repair record; false when the site has no such record. */
  async updateRecord(id: number, stationId: number, values: Updateable<RepairRecordTable>): Promise<boolean> {
    const row = await this.db
      .updateTable('repair_record')
      .set(values)
      .where('id', '=', id)
      .where('station_id', '=', stationId)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Closes an open record; false when it is closed already. */
  async closeRecord(id: number, values: Updateable<RepairRecordTable>): Promise<boolean> {
    const closed = await this.db
      .updateTable('repair_record')
      .set(values)
      .where('id', '=', id)
      .where('is_closed', '=', false)
      .returning('id')
      .executeTakeFirst();
    return closed !== undefined;
  }

  findRecordSite(id: number) {
    return this.db.selectFrom('repair_record').select(['station_id']).where('id', '=', id).executeTakeFirst();
  }

  /** A repair record with the number of alarms it answers. */
  private recordsWithAlarmCount() {
    return this.db
      .selectFrom('repair_record as r')
      .selectAll('r')
      .select((eb) =>
        eb
          .selectFrom('alarm as a')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('a.repair_id', '=', 'r.id')
          .as('alarm_count'),
      );
  }

  findRecord(id: number) {
    return this.recordsWithAlarmCount().where('r.id', '=', id).executeTakeFirstOrThrow();
  }

  /** A site's repairs, open ones first. */
  pageRecords(request: TRepairRecordPageRequest) {
    const query = this.db.selectFrom('repair_record as r').where('r.station_id', '=', request.stationId);
    return readPage(
      query,
      this.recordsWithAlarmCount()
        .where('r.station_id', '=', request.stationId)
        .orderBy('r.is_closed')
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc'),
      request,
    );
  }

  /** The fault report log of the sites the user may see. */
  pageRequests(user: TAuthUser, request: TRepairLogPageRequest) {
    let query = this.db
      .selectFrom('repair_request as r')
      .innerJoin('station as s', 's.id', 'r.station_id')
      .leftJoin('mail_send_log as m', 'm.id', 'r.mail_id');
    if (!hasAllStations(user)) query = query.where(stationAccessPredicate(user, 's'));
    if (request.stationId !== undefined) query = query.where('r.station_id', '=', request.stationId);
    if (request.keywords) {
      const p = likeContains(request.keywords);
      query = query.where(sql<boolean>`(r.station_code ILIKE ${p} OR r.project_name ILIKE ${p})`);
    }
    return readPage(
      query,
      query
        .selectAll('r')
        .select('m.status as mail_status')
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc'),
      request,
    );
  }
}
