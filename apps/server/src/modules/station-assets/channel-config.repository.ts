import type { TChannelHeightReference, TChannelIea43, TChannelStatistic } from '@masthub/shared';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { countReferring } from '../../platform/db/rows.ts';
import type { TIea43SiteUpdate } from './iea43-site.ts';

/** A channel as the service writes it (validated by ZChannel). */
export interface TChannelInsert {
  channelName: string;
  element: string;
  measurementType: string;
  heightM: number | null;
  heightReference: TChannelHeightReference;
  loggerHeightM: number | null;
  tag: string;
  dataKey: string;
  unit: string;
  statistic: TChannelStatistic;
  boomOrientationDeg: number | null;
  sensorMake: string;
  sensorModel: string;
  sensorSerial: string;
  vaneOffsetDeg: number | null;
  calibrationSlope: number | null;
  calibrationOffset: number | null;
  /** Task 43 properties kept as they came (imported channels), else null. */
  iea43: TChannelIea43 | null;
}

export interface TConfigWrite {
  stationId: number;
  name: string;
  /** The built-in name's key (BUILTIN_NAMES) a seeded configuration keeps while it is not renamed. */
  builtinKey?: string | null;
  effectiveFrom: Date;
  notes: string;
  updaterId: number;
  updaterName: string;
}

/** Channel configurations (channel_config) and their channels (channel_config_channel). */
export class ChannelConfigRepository {
  constructor(readonly db: Database) {}

  /** The site's configurations, oldest first, with their channel counts. */
  listByStation(stationId: number) {
    return this.db
      .selectFrom('channel_config as c')
      .select([
        'c.id',
        'c.station_id',
        'c.name',
        'c.builtin_key',
        'c.effective_from',
        'c.notes',
        'c.updater_name',
        'c.updated_at',
        countReferring({ from: 'channel_config_channel', as: 'ch', on: ['ch.config_id', 'c.id'] }).as(
          'channel_count',
        ),
      ])
      .where('c.station_id', '=', stationId)
      .orderBy('c.effective_from', 'asc')
      .execute();
  }

  /** A configuration of a live station, or undefined. */
  findById(id: number) {
    return this.db
      .selectFrom('channel_config as c')
      .innerJoin('station as s', 's.id', 'c.station_id')
      .selectAll('c')
      .where('c.id', '=', id)
      .where('s.is_deleted', '=', false)
      .executeTakeFirst();
  }

  /** The configurations of a station among `effectiveFroms` (equal instants), to refuse duplicates. */
  listAtDates(stationId: number, effectiveFroms: readonly Date[]) {
    if (effectiveFroms.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('channel_config')
      .select(['id', 'effective_from'])
      .where('station_id', '=', stationId)
      .where('effective_from', 'in', [...effectiveFroms])
      .execute();
  }

  listChannels(configIds: readonly number[]) {
    if (configIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('channel_config_channel')
      .selectAll()
      .where('config_id', 'in', [...configIds])
      .orderBy('config_id')
      .orderBy('position')
      .execute();
  }

  findStation(stationId: number) {
    return this.db
      .selectFrom('station')
      .select([
        'id',
        'station_code',
        'project_name',
        'longitude',
        'latitude',
        'pylon_height_m',
        'notes',
        'station_type',
        'device_model',
        'device_serial',
        'device_firmware',
        'logger_utc_offset_minutes',
        'measurement_heights_m',
      ])
      .where('id', '=', stationId)
      .where('is_deleted', '=', false)
      .executeTakeFirst();
  }

  /** The site fields a Task 43 import applies when the user confirms (issue 31, issue 44). */
  async setSiteFromIea43(stationId: number, site: TIea43SiteUpdate): Promise<void> {
    await this.db
      .updateTable('station')
      .set({ ...site, updated_at: new Date() })
      .where('id', '=', stationId)
      .execute();
  }

  async insertConfig(config: TConfigWrite): Promise<number> {
    const row = await this.db
      .insertInto('channel_config')
      .values({
        station_id: config.stationId,
        name: config.name,
        builtin_key: config.builtinKey ?? null,
        effective_from: config.effectiveFrom,
        notes: config.notes,
        updater_id: config.updaterId,
        updater_name: config.updaterName,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateConfig(id: number, config: TConfigWrite): Promise<void> {
    await this.db
      .updateTable('channel_config')
      .set({
        name: config.name,
        builtin_key: config.builtinKey ?? null,
        effective_from: config.effectiveFrom,
        notes: config.notes,
        updater_id: config.updaterId,
        updater_name: config.updaterName,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Replaces every channel of a configuration, keeping the given order. */
  async replaceChannels(configId: number, channels: readonly TChannelInsert[]): Promise<void> {
    await this.db.deleteFrom('channel_config_channel').where('config_id', '=', configId).execute();
    // Chunks keep each INSERT well below PostgreSQL's 65 535 bind parameters.
    for (let start = 0; start < channels.length; start += 500) {
      await this.db
        .insertInto('channel_config_channel')
        .values(
          channels.slice(start, start + 500).map((ch, i) => ({
            config_id: configId,
            position: start + i,
            channel_name: ch.channelName,
            element: ch.element,
            measurement_type: ch.measurementType,
            height_m: ch.heightM,
            tag: ch.tag,
            data_key: ch.dataKey,
            unit: ch.unit,
            statistic: ch.statistic,
            boom_orientation_deg: ch.boomOrientationDeg,
            sensor_make: ch.sensorMake,
            sensor_model: ch.sensorModel,
            sensor_serial: ch.sensorSerial,
            vane_offset_deg: ch.vaneOffsetDeg,
            calibration_slope: ch.calibrationSlope,
            calibration_offset: ch.calibrationOffset,
            height_reference: ch.heightReference,
            logger_height_m: ch.loggerHeightM,
            iea43: ch.iea43 === null ? null : JSON.stringify(ch.iea43),
          })),
        )
        .execute();
    }
  }

  async deleteConfig(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('channel_config').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /**
   * The channels of the configuration in force at `at` (the latest effective at or before it; data older
   * than every configuration use the first one), with the configuration's id.
   */
  async listChannelsInForce(stationId: number, at: Date) {
    const base = this.db
      .selectFrom('channel_config')
      .select('id')
      .where('station_id', '=', stationId)
      .limit(1);
    const config =
      (await base.where('effective_from', '<=', at).orderBy('effective_from', 'desc').executeTakeFirst()) ??
      (await base.orderBy('effective_from', 'asc').executeTakeFirst());
    if (!config) return [];
    return this.db
      .selectFrom('channel_config_channel')
      .selectAll()
      .where('config_id', '=', config.id)
      .orderBy('position')
      .execute();
  }

  async setBoomOrientation(channelRowId: number, deg: number | null): Promise<void> {
    await this.db
      .updateTable('channel_config_channel')
      .set({ boom_orientation_deg: deg })
      .where('id', '=', channelRowId)
      .execute();
  }

  /** Serialises configuration changes of one station until the transaction ends. */
  async lockStation(stationId: number): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`channel_config:${stationId}`}, 0))`.execute(
      this.db,
    );
  }
}
