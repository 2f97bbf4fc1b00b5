import type { TStationLogPageRequest, TStationLogType, TText } from '@masthub/shared';
import type { Database } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';
import { readPage } from '../../platform/db/paging.ts';
import { hasAllStations, stationAccessPredicate, type TAccessSubject } from '../access/index.ts';

export interface TStationLogInsert {
  operatorId: number | null;
  operatorAccount: string;
  operatorName: string;
  type: TStationLogType;
  location: string;
  objects: TText;
  stationId: number | null;
  details: unknown;
}

/** Writes and reads the station log (station_log rows), newest first. */
export class StationLogRepository {
  constructor(private readonly db: Database) {}

  /** A user as the log names them. */
  findUser(id: number) {
    return this.db
      .selectFrom('app_user')
      .select(['id', 'account', 'user_name'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insert(entry: TStationLogInsert): Promise<{ id: number }> {
    // The station code is copied so the row still reads right after the site is deleted or recoded.
    return this.db
      .insertInto('station_log')
      .values((eb) => ({
        operator_id: entry.operatorId,
        operator_account: entry.operatorAccount,
        operator_name: entry.operatorName,
        type: entry.type,
        location: entry.location,
        objects_text: JSON.stringify(entry.objects),
        station_id: entry.stationId,
        station_code:
          entry.stationId === null
            ? null
            : eb.selectFrom('station').select('station_code').where('id', '=', entry.stationId),
        details: entry.details === undefined ? null : JSON.stringify(entry.details),
      }))
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  /** Rows of stations the subject can see (rows without a station only for all-station subjects). */
  async page(subject: TAccessSubject, filter: TStationLogPageRequest) {
    let query = this.db.selectFrom('station_log as l').leftJoin('station as s', 's.id', 'l.station_id');
    if (!hasAllStations(subject)) {
      query = query.where('s.id', 'is not', null).where(stationAccessPredicate(subject, 's'));
    }
    if (filter.operator) {
      const pattern = likeContains(filter.operator);
      query = query.where((eb) =>
        eb.or([eb('l.operator_account', 'ilike', pattern), eb('l.operator_name', 'ilike', pattern)]),
      );
    }
    if (filter.type) query = query.where('l.type', '=', filter.type);
    if (filter.stationCode) query = query.where('l.station_code', 'ilike', likeContains(filter.stationCode));
    if (filter.startTime) query = query.where('l.operate_time', '>=', filter.startTime);
    if (filter.endTime) query = query.where('l.operate_time', '<=', filter.endTime);
    const { rows: records, total } = await readPage(
      query,
      query.selectAll('l').orderBy('l.operate_time', 'desc').orderBy('l.id', 'desc'),
      filter,
    );
    return { records, total };
  }
}
