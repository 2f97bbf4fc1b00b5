import type { Database } from '../../platform/db/database.ts';
import { ChannelConfigRepository } from './channel-config.repository.ts';

/** What a site's channel configuration says about one channel: the metadata the data receipt checks. */
export interface TConfiguredChannelMetadata {
  /** The row of channel_config_channel. */
  id: number;
  configId: number;
  dataKey: string;
  channelName: string;
  boomOrientationDeg: number | null;
  vaneOffsetDeg: number | null;
  calibrationSlope: number | null;
  calibrationOffset: number | null;
  /** Make and model of the sensor ('' when not stated): two different ones are no twin for the slope check. */
  sensorKind: string;
  /** The sensor the channel names (issue 44: its calibration certificate is the reference). */
  sensorMake: string;
  sensorModel: string;
  sensorSerial: string;
}

/**
 * The channels of a site's configuration in force at `at` (the latest effective at or before it; data older
 * than every configuration use the first one), in their order: what ingestion stores a file's channels by.
 */
export function configuredChannelsAt(db: Database, stationId: number, at: Date) {
  return new ChannelConfigRepository(db).listChannelsInForce(stationId, at);
}

/**
 * The channels of a site's configuration in force at `atMs` (the first configuration for data older than
 * every one), keyed by lower-case data key: their boom orientations and calibrations (issue 30).
 */
export async function configuredChannelMetadata(
  db: Database,
  stationId: number,
  atMs: number,
): Promise<Map<string, TConfiguredChannelMetadata>> {
  const rows = await configuredChannelsAt(db, stationId, new Date(atMs));
  return new Map(
    rows.map((r) => [
      r.data_key.toLowerCase(),
      {
        id: r.id,
        configId: r.config_id,
        dataKey: r.data_key,
        channelName: r.channel_name,
        boomOrientationDeg: r.boom_orientation_deg,
        vaneOffsetDeg: r.vane_offset_deg,
        calibrationSlope: r.calibration_slope,
        calibrationOffset: r.calibration_offset,
        sensorKind: `${r.sensor_make} ${r.sensor_model}`.trim(),
        sensorMake: r.sensor_make,
        sensorModel: r.sensor_model,
        sensorSerial: r.sensor_serial,
      },
    ]),
  );
}

/**
 * Sets the boom orientation of one configured channel (a fix of the data receipt, undone by setting the
 * previous value back). The caller holds the transaction and has checked the edit right on the site.
 */
export async function setConfiguredBoomOrientation(
  db: Database,
  channelRowId: number,
  deg: number | null,
): Promise<void> {
  await new ChannelConfigRepository(db).setBoomOrientation(channelRowId, deg);
}
