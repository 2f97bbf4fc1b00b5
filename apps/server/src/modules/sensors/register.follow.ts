import type { Database } from '../../platform/db/database.ts';
import { SensorRepository, type TCreator } from './sensors.repository.ts';

/** The IEA Task 43 sensor type a channel element is measured with (ws → anemometer …); '' when unknown. */
const TYPE_OF_ELEMENT: Readonly<Record<string, string>> = {
  ws: 'anemometer',
  wd: 'wind_vane',
  T: 'thermometer',
  RH: 'hygrometer',
  p: 'barometer',
  wsv: 'vertical_anemometer',
  prcp: 'rain_gauge',
  ghi: 'pyranometer',
  voltage: 'voltmeter',
};

/**
 * The sensor type of a channel's sensor: a lidar or sodar site measures with the device itself, a mast
 * with the instrument its element names. Migration 0046 maps the configurations it backfills the same way.
 */
export function sensorTypeOfChannel(element: string, stationType: string | null): string {
  if (stationType === 'lidar' || stationType === 'floating_lidar') return 'lidar';
  if (stationType === 'sodar') return 'sodar';
  return TYPE_OF_ELEMENT[element] ?? '';
}

/** What a configuration's channel says of its sensor. */
export interface TChannelSensor {
  element: string;
  sensorMake: string;
  sensorModel: string;
  sensorSerial: string;
}

/**
 * Issue 44 §3: the register follows the configurations. Every sensor a saved or imported configuration
 * names (a channel with a serial) has its record — created with its type when new, its empty type filled
 * otherwise. Call it with the save's transaction: the records commit or roll back with the configuration.
 */
export async function recordConfiguredSensors(
  db: Database,
  stationId: number,
  channels: readonly TChannelSensor[],
  creator: TCreator,
): Promise<number[]> {
  const named = channels.filter((c) => c.sensorSerial.trim() !== '');
  if (named.length === 0) return [];
  const sensors = new SensorRepository(db);
  const stationType = await sensors.stationTypeOf(stationId);
  const seen = new Map<string, number>();
  for (const channel of named) {
    const identity = {
      oem: channel.sensorMake,
      model: channel.sensorModel,
      serialNumber: channel.sensorSerial,
    };
    const key = [identity.oem, identity.model, identity.serialNumber]
      .map((v) => v.trim().toLowerCase())
      .join('\u0000');
    if (seen.has(key)) continue;
    const type = sensorTypeOfChannel(channel.element, stationType);
    const { id } = await sensors.findOrCreate(identity, { sensorTypeId: type || undefined }, creator);
    seen.set(key, id);
  }
  return [...seen.values()];
}

/**
 * The records of every sensor the given configurations name, in one statement (the demo seed writes
 * hundreds of configurations at once). Existing records are left as they are.
 */
export async function recordSensorsOfConfigurations(
  db: Database,
  configIds: readonly number[],
): Promise<void> {
  if (configIds.length === 0) return;
  const typeCase = `CASE WHEN s.station_type IN ('lidar', 'floating_lidar') THEN 'lidar' WHEN s.station_type = 'sodar' THEN 'sodar' ELSE CASE ch.element ${Object.entries(
    TYPE_OF_ELEMENT,
  )
    .map(([element, type]) => `WHEN '${element}' THEN '${type}'`)
    .join(' ')} ELSE '' END END`;
  await new SensorRepository(db).recordSensorsOfConfigurations(configIds, typeCase);
}
