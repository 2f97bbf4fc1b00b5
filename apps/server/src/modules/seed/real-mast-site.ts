import { applyFlagMask } from '@masthub/wind';
import type { Database } from '../../platform/db/database.ts';
import type { TFileStore } from '../../platform/files/file-store.ts';
import { createReferenceSeries } from '../reference-data/index.ts';
import { loadSeries, openTimeSeriesStore } from '../timeseries/index.ts';

/**
 * The NREL NWTC M5 mast as its data are published with the sample
 * (../shared/samples/real-mast/nrel-nwtc-m5/README.md, which cites NREL's "135-m Meteorological Masts
 * at the National Wind Technology Center", A. Clifton, 2014, and the data page nwtc.nrel.gov/135mData):
 * - where: the 135 m M5 inflow mast at NREL's National Wind Technology Center near Boulder, Colorado, USA;
 * - elevation: the NWTC site is about 1 850 m above sea level (the README's figure, used as it is);
 * - time base: NREL records in UTC and the file writes America/Denver stamps with their offsets; the
 *   site's fixed local standard time is MST, UTC−07:00 (never DST, WIND-ANALYSIS §1), the time base of
 *   the brightwind reference runs on the same file.
 * The README gives no latitude or longitude, so none is invented here: the site keeps the coordinates it
 * had, and `registerRealMastSite` says so.
 */
export const NREL_M5_SITE = {
  projectName: 'NREL NWTC M5 测风塔（真实数据）',
  location: 'NREL National Wind Technology Center (NWTC), near Boulder, Colorado, USA',
  pylonHeightM: 135,
  altitudeM: 1850,
  loggerUtcOffsetMinutes: -7 * 60,
} as const;

/**
 * Registers a demo site as the M5 mast before its data go in: name, location, mast height, elevation and
 * logger time base as published (the Chinese province and GB/T 2260 area are cleared). Returns the
 * coordinates it kept, which the sample does not publish.
 */
export async function registerRealMastSite(
  db: Database,
  stationId: number,
): Promise<{ latitude: number; longitude: number }> {
  const row = await db
    .updateTable('station')
    .set({
      project_name: NREL_M5_SITE.projectName,
      location: NREL_M5_SITE.location,
      province: null,
      region_code: null,
      pylon_height_m: NREL_M5_SITE.pylonHeightM,
      altitude_m: NREL_M5_SITE.altitudeM,
      logger_utc_offset_minutes: NREL_M5_SITE.loggerUtcOffsetMinutes,
      updated_at: new Date(),
    })
    .where('id', '=', stationId)
    .returning(['latitude', 'longitude'])
    .executeTakeFirstOrThrow();
  return { latitude: row.latitude, longitude: row.longitude };
}

/** The M5 channels `npm run seed:real` makes the named reference of the mast's upper heights of (issue 28). */
export const M5_REFERENCE_CHANNELS = {
  speed: 'Speed (cup_ 10 m)',
  direction: 'Direction (Vane_ 10 m)',
} as const;
export const M5_REFERENCE_NAME =
  'NREL M5 10 m 风杯与风向标（同塔参考） · M5 10 m cup and vane (same-mast reference)';

/**
 * The M5 mast's 10 m cup and vane over its whole record as a named reference series of the long-term
 * workbench, for its upper heights — the setting of ../shared/reference/brightwind-mcp (a nearby low-level
 * station as the long-term reference). Values as stored (flagged values left out), 10-minute, in UTC; the
 * mast's own coordinates. Idempotent: returns the existing reference's id when there is one.
 */
export async function registerRealMastReference(
  db: Database,
  files: TFileStore,
  stationId: number,
): Promise<number | undefined> {
  const existing = await db
    .selectFrom('reference_series')
    .select('id')
    .where('station_id', '=', stationId)
    .where('name', '=', M5_REFERENCE_NAME)
    .executeTakeFirst();
  if (existing) return Number(existing.id);
  const store = openTimeSeriesStore(db);
  const version = await store.findOriginalVersion(stationId);
  if (!version) return undefined;
  const channels = await store.listChannels(version.id);
  const speed = channels.find((c) => c.name === M5_REFERENCE_CHANNELS.speed);
  const vane = channels.find((c) => c.name === M5_REFERENCE_CHANNELS.direction);
  if (!speed || !vane) return undefined;
  const range = (await store.channelRanges(version.id)).get(speed.id);
  if (!range?.firstTime || !range.lastTime) return undefined;
  const loaded = await loadSeries(
    store,
    [speed, vane],
    range.firstTime.getTime(),
    range.lastTime.getTime() + speed.intervalS * 1000,
  );
  const [s, d] = loaded.channels.map((c) => applyFlagMask(c.values, c.flags, { includeSuspicious: false }));
  const { startMs, intervalMinutes, length } = loaded.grid;
  const station = await db
    .selectFrom('station')
    .select(['latitude', 'longitude'])
    .where('id', '=', stationId)
    .executeTakeFirstOrThrow();
  return createReferenceSeries(db, files, {
    stationId,
    name: M5_REFERENCE_NAME,
    source: 'csv',
    latitude: Number(station.latitude),
    longitude: Number(station.longitude),
    heightM: 10,
    utcOffsetMinutes: 0,
    intervalMinutes,
    timesMs: Float64Array.from({ length }, (_, k) => startMs + k * intervalMinutes * 60_000),
    columns: [
      {
        key: 'ws_10_mean',
        name: speed.name,
        element: 'ws',
        heightM: 10,
        unit: 'm/s',
        values: Float32Array.from(s!),
      },
      {
        key: 'wd_10_mean',
        name: vane.name,
        element: 'wd',
        heightM: 10,
        unit: '°',
        values: Float32Array.from(d!),
      },
    ],
  });
}
