import type { Database } from '../../platform/db/database.ts';
import type { TLoggerInsert } from './iea43.mapper.ts';
import type { TJsonObject } from './iea43-kept.ts';

/** A site's loggers (station_logger) and its Task 43 document and location properties (station_iea43). */
export class Iea43Repository {
  constructor(readonly db: Database) {}

  /** The site's loggers in file order. */
  listLoggers(stationId: number) {
    return this.db
      .selectFrom('station_logger')
      .selectAll()
      .where('station_id', '=', stationId)
      .orderBy('position')
      .execute();
  }

  /** Replaces the site's loggers with those of an imported file. */
  async replaceLoggers(stationId: number, loggers: readonly TLoggerInsert[]): Promise<void> {
    await this.db.deleteFrom('station_logger').where('station_id', '=', stationId).execute();
    if (loggers.length === 0) return;
    await this.db
      .insertInto('station_logger')
      .values(
        loggers.map((l, position) => ({
          station_id: stationId,
          position,
          logger_oem_id: l.loggerOemId.slice(0, 100),
          logger_model_name: l.loggerModelName.slice(0, 100),
          logger_serial_number: l.loggerSerialNumber.slice(0, 100),
          logger_firmware_version: l.loggerFirmwareVersion.slice(0, 100),
          logger_id: l.loggerId.slice(0, 100),
          logger_name: l.loggerName.slice(0, 100),
          offset_from_utc_hrs: l.offsetFromUtcHrs,
          averaging_period_minutes: l.averagingPeriodMinutes,
          timestamp_is_end_of_period: l.timestampIsEndOfPeriod,
          date_from: l.dateFrom,
          date_to: l.dateTo,
          properties: JSON.stringify(l.properties),
        })),
      )
      .execute();
  }

  findMeta(stationId: number) {
    return this.db
      .selectFrom('station_iea43')
      .selectAll()
      .where('station_id', '=', stationId)
      .executeTakeFirst();
  }

  /** The document's and location's properties and the metadata-only points of the last import. */
  async saveMeta(
    stationId: number,
    meta: {
      document: TJsonObject;
      location: TJsonObject;
      keptPoints: { index: number; point: TJsonObject }[];
    },
  ): Promise<void> {
    const values = {
      document: JSON.stringify(meta.document),
      location: JSON.stringify(meta.location),
      kept_points: JSON.stringify(meta.keptPoints),
      imported_at: new Date(),
    };
    await this.db
      .insertInto('station_iea43')
      .values({ station_id: stationId, ...values })
      .onConflict((oc) => oc.column('station_id').doUpdateSet(values))
      .execute();
  }
}
