import type { Database } from '../../platform/db/database.ts';

export interface TPasswordRecordInsert {
  stationId: number;
  kind: 'logger' | 'sim' | 'other';
  target: string;
  secret: Buffer;
  effectiveTime: Date;
  notes: string;
  creatorId: number;
  creatorName: string;
}

/** Password history rows (station_password_record); `secret` is sealed by the service. */
export class PasswordRecordRepository {
  constructor(private readonly db: Database) {}

  listByStation(stationId: number) {
    return this.db
      .selectFrom('station_password_record')
      .selectAll()
      .where('station_id', '=', stationId)
      .orderBy('effective_time', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** A record of a live station, or undefined. */
  findById(id: number) {
    return this.db
      .selectFrom('station_password_record as r')
      .innerJoin('station as s', 's.id', 'r.station_id')
      .selectAll('r')
      .where('r.id', '=', id)
      .where('s.is_deleted', '=', false)
      .executeTakeFirst();
  }

  insert(row: TPasswordRecordInsert) {
    return this.db
      .insertInto('station_password_record')
      .values({
        station_id: row.stationId,
        kind: row.kind,
        target: row.target,
        secret: row.secret,
        effective_time: row.effectiveTime,
        notes: row.notes,
        creator_id: row.creatorId,
        creator_name: row.creatorName,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('station_password_record')
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
