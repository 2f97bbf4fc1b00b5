import type { TDb } from '../../platform/db/database.ts';
import { stationAccessPredicate, type TAccessSubject } from '../access/index.ts';

export interface TSiteIceClassWrite {
  stationId: number;
  versionId: number;
  year: number;
  iceClass: number;
  meteorologicalIcingPct: number;
  instrumentalIcingPct: number | null;
  minTemperatureC: number | null;
  hoursBelowMinus20C: number;
  hoursBelowMinus30C: number;
  humidityHours: number;
}

/** The stored ice class of each site (migration 0049) and the heated sensors of a site's channels. */
export class ColdClimateRepository {
  constructor(private readonly db: TDb) {}

  /**
   * Data keys of the site's configured channels whose sensor the register marks heated (matched by make,
   * model and serial as the register does).
   */
  async heatedDataKeys(stationId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('channel_config_channel as ch')
      .innerJoin('channel_config as cfg', 'cfg.id', 'ch.config_id')
      .innerJoin('sensor as s', (join) =>
        join
          .onRef('s.serial_number', '=', 'ch.sensor_serial')
          .onRef('s.oem', '=', 'ch.sensor_make')
          .onRef('s.model', '=', 'ch.sensor_model'),
      )
      .where('cfg.station_id', '=', stationId)
      .where('s.is_heated', '=', true)
      .select('ch.data_key')
      .distinct()
      .execute();
    return rows.map((r) => r.data_key);
  }

  /** The site's logger offset from UTC (minutes), for its calendar years. */
  async findUtcOffsetMinutes(stationId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('station')
      .select('logger_utc_offset_minutes')
      .where('id', '=', stationId)
      .executeTakeFirst();
    return row?.logger_utc_offset_minutes;
  }

  /** Sites whose original version has a temperature channel (the nightly refresh's list). */
  async listStationsWithTemperature(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('dataset_version as v')
      .innerJoin('ts_channel as c', 'c.version_id', 'v.id')
      .where('v.kind', '=', 'original')
      .where('c.element', '=', 'T')
      .select('v.station_id')
      .distinct()
      .orderBy('v.station_id')
      .execute();
    return rows.map((r) => Number(r.station_id));
  }

  /** One site-year's figures, replacing what an earlier computation stored for that year. */
  async upsert(row: TSiteIceClassWrite): Promise<void> {
    const values = {
      station_id: row.stationId,
      version_id: row.versionId,
      year: row.year,
      ice_class: row.iceClass,
      meteorological_icing_pct: row.meteorologicalIcingPct,
      instrumental_icing_pct: row.instrumentalIcingPct,
      min_temperature_c: row.minTemperatureC,
      hours_below_minus20: row.hoursBelowMinus20C,
      hours_below_minus30: row.hoursBelowMinus30C,
      humidity_hours: row.humidityHours,
    };
    await this.db
      .insertInto('station_ice_class')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['station_id', 'year']).doUpdateSet({ ...values, updated_at: new Date().toISOString() }),
      )
      .execute();
  }

  /** The latest stored year of each of the given sites. */
  async listLatest(stationIds: readonly number[]) {
    if (stationIds.length === 0) return [];
    return this.db
      .selectFrom('station_ice_class')
      .where('station_id', 'in', stationIds)
      .selectAll()
      .distinctOn('station_id')
      .orderBy('station_id')
      .orderBy('year', 'desc')
      .execute();
  }

  /** The latest stored year of each site the subject may see. */
  async listLatestVisible(subject: TAccessSubject) {
    return this.db
      .selectFrom('station_ice_class as ic')
      .innerJoin('station as s', 's.id', 'ic.station_id')
      .where(stationAccessPredicate(subject, 's'))
      .selectAll('ic')
      .distinctOn('ic.station_id')
      .orderBy('ic.station_id')
      .orderBy('ic.year', 'desc')
      .execute();
  }
}
