import {
  CHANNEL_ELEMENTS,
  type Language,
  STATION_TYPES,
  type TChannelElement,
  type TRemoteSensingChannel,
  type TRemoteSensingProfile,
} from '@masthub/shared';
import type { Database } from '../../platform/db/database.ts';
import { openTimeSeriesStore, type TChannelRow } from '../timeseries/index.ts';
import { findRemoteSensingSite } from './remote-sensing.repository.ts';

const ELEMENT_ORDER = Object.keys(CHANNEL_ELEMENTS);
const STATISTIC_ORDER = ['mean', 'avg', 'sd', 'min', 'max'];

function present(c: TChannelRow, language: Language): TRemoteSensingChannel {
  const element = CHANNEL_ELEMENTS[c.element as TChannelElement];
  return {
    channelId: c.id,
    name: c.name,
    dataKey: c.dataKey,
    element: c.element,
    elementName: element ? element[language] : c.element,
    statistic: c.statistic,
    unit: c.unit,
  };
}

function byKind(a: TChannelRow, b: TChannelRow): number {
  const rank = (list: string[], v: string) => {
    const i = list.indexOf(v);
    return i < 0 ? list.length : i;
  };
  return (
    rank(ELEMENT_ORDER, a.element) - rank(ELEMENT_ORDER, b.element) ||
    rank(STATISTIC_ORDER, a.statistic) - rank(STATISTIC_ORDER, b.statistic) ||
    a.position - b.position
  );
}

/**
 * A site's measurement type, device and heights with the channels its original data has at each height
 * (issue 31): the site's listed heights and every height a channel carries, ascending. Access is checked
 * by the caller. Undefined for an unknown or deleted site.
 */
export async function readRemoteSensingProfile(
  db: Database,
  stationId: number,
  language: Language,
): Promise<TRemoteSensingProfile | undefined> {
  const site = await findRemoteSensingSite(db, stationId);
  if (!site) return undefined;
  const store = openTimeSeriesStore(db);
  const version = await store.findOriginalVersion(stationId);
  const channels = version ? await store.listChannels(version.id) : [];
  const heights = new Map<number, TChannelRow[]>();
  for (const h of site.measurement_heights_m) heights.set(h, []);
  const siteChannels: TChannelRow[] = [];
  for (const c of channels) {
    if (c.heightM === null) {
      siteChannels.push(c);
      continue;
    }
    const list = heights.get(c.heightM) ?? [];
    list.push(c);
    heights.set(c.heightM, list);
  }
  return {
    stationId: site.id,
    stationType: site.station_type,
    stationTypeName:
      STATION_TYPES.find((t) => t.value === site.station_type)?.name[language] ?? site.station_type,
    isRemoteSensing: site.station_type !== 'met_mast',
    deviceModel: site.device_model,
    deviceSerial: site.device_serial,
    deviceFirmware: site.device_firmware,
    heights: [...heights.entries()]
      .sort(([a], [b]) => a - b)
      .map(([heightM, list]) => ({
        heightM,
        channels: list.sort(byKind).map((c) => present(c, language)),
      })),
    siteChannels: siteChannels.sort(byKind).map((c) => present(c, language)),
  };
}
