import type { Database } from '../../platform/db/database.ts';
import type { TFileStore } from '../../platform/files/file-store.ts';
import type { Logger } from '../../platform/logger.ts';
import { type LongTermConvergenceService, setSiteDefault } from '../longterm/index.ts';
import { createReferenceSeries } from '../reference-data/index.ts';
import { DEMO_REFERENCE_HEIGHT_M, demoReferenceSeries } from './demo-reference.ts';
import { DEMO_PERIOD, DEMO_SITE_COUNT, DEMO_UTC_OFFSET_MINUTES } from './demo-timeseries.ts';

/** Every demo reference carries this in its name: it is synthetic, not a reanalysis (issue 28). */
export const DEMO_REFERENCE_LABEL = '合成演示参考 Synthetic demo reference';
/** The demo node lies this far north-east of its mast (≈ 25 km), as a reanalysis grid point would. */
const NODE_OFFSET_DEG = 0.16;
const HOUR_MS = 3_600_000;

/**
 * The long-term workbench on the first start (issue 28): each demo mast with data gets a clearly labelled
 * synthetic reference series — an hourly 50 m node made by the demo data's own generator
 * (demo-reference.ts), eight years before the mast and through its months — and a default reference and
 * method (OLS on hourly means, overall), so the workbench, the candidate ranking and the convergence chart
 * show something on the first start. Idempotent: a mast that already has its demo reference is left alone.
 *
 * @returns the number of masts given a reference
 */
export async function seedDemoLongTerm(
  db: Database,
  deps: { files: TFileStore; convergence: LongTermConvergenceService },
  log: Logger,
): Promise<number> {
  const sites = await db
    .selectFrom('station')
    .select(['id', 'station_code', 'pylon_height_m', 'altitude_m', 'latitude', 'longitude', 'start_time'])
    .select('logger_utc_offset_minutes')
    .where('station_type', '=', 'met_mast')
    .where('pylon_height_m', 'is not', null)
    .where('is_deleted', '=', false)
    .orderBy('id')
    .limit(DEMO_SITE_COUNT)
    .execute();
  let seeded = 0;
  for (const [siteIndex, site] of sites.entries()) {
    const topM = site.pylon_height_m!;
    const target = await db
      .selectFrom('dataset_version as v')
      .innerJoin('ts_channel as c', 'c.version_id', 'v.id')
      .select(['v.id as versionId', 'c.id as channelId', 'c.data_key as dataKey'])
      .where('v.station_id', '=', site.id)
      .where('v.kind', '=', 'original')
      .where('c.data_key', 'in', [`ws_${topM}_mean`, `wd_${topM - 2}_mean`])
      .execute();
    const speed = target.find((c) => c.dataKey === `ws_${topM}_mean`);
    if (!speed || !site.start_time) continue; // no demo data (yet)
    const existing = await db
      .selectFrom('reference_series')
      .select('id')
      .where('station_id', '=', site.id)
      .where('source', '=', 'synthetic')
      .executeTakeFirst();
    if (existing) continue;
    const utcOffsetMinutes = site.logger_utc_offset_minutes ?? DEMO_UTC_OFFSET_MINUTES;
    // The demo months start at local midnight of the site's first month (seedDemoTimeseries sets start_time).
    const firstMonth = new Date(site.start_time).getTime() + utcOffsetMinutes * 60_000;
    const series = demoReferenceSeries({
      siteIndex,
      topM,
      altitudeM: site.altitude_m ?? 1000,
      firstMonth,
      months: DEMO_PERIOD.months,
      utcOffsetMinutes,
    });
    const timesMs = Float64Array.from(
      { length: series.speedMps.length },
      (_, k) => series.startMs + k * HOUR_MS,
    );
    const height = DEMO_REFERENCE_HEIGHT_M;
    const referenceId = await createReferenceSeries(db, deps.files, {
      stationId: site.id,
      name: `${DEMO_REFERENCE_LABEL} · ${site.station_code} · ${height} m`,
      source: 'synthetic',
      latitude: Number(site.latitude) + NODE_OFFSET_DEG,
      longitude: Number(site.longitude) + NODE_OFFSET_DEG,
      heightM: height,
      utcOffsetMinutes: 0,
      intervalMinutes: 60,
      timesMs,
      columns: [
        {
          key: `ws_${height}_mean`,
          name: `WS${height}m_m/s`,
          element: 'ws',
          heightM: height,
          unit: 'm/s',
          values: series.speedMps,
        },
        {
          key: `wd_${height}_mean`,
          name: `WD${height}m_deg`,
          element: 'wd',
          heightM: height,
          unit: '°',
          values: series.directionDeg,
        },
      ],
    });
    const vane = target.find((c) => c.dataKey === `wd_${topM - 2}_mean`);
    const convergence = await setSiteDefault(deps.convergence, {
      stationId: site.id,
      versionId: speed.versionId,
      speedChannelId: speed.channelId,
      ...(vane ? { directionChannelId: vane.channelId } : {}),
      reference: {
        kind: 'reference',
        referenceId,
        speedKey: `ws_${height}_mean`,
        directionKey: `wd_${height}_mean`,
      },
      method: 'ols',
      period: '1H',
      sectors: 0,
    });
    log.info(
      { stationId: site.id, referenceId, status: convergence.status, months: convergence.months },
      'demo long-term reference and default seeded',
    );
    seeded++;
  }
  return seeded;
}
