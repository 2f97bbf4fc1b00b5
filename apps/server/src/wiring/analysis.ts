import type { StationAccess } from '../modules/access/index.ts';
import { createColdClimateService } from '../modules/cold-climate/index.ts';
import { createLidarVerifyService } from '../modules/lidar/index.ts';
import { createSuitabilityService } from '../modules/suitability/index.ts';
import { ColumnCache } from '../modules/timeseries/index.ts';
import { StatisticsService, type VersionService } from '../modules/wind-data/index.ts';
import type { TComputeAccess } from '../platform/compute/compute-task.ts';
import type { TConfig } from '../platform/config.ts';
import type { Database } from '../platform/db/database.ts';
import type { TServices } from '../server.ts';

/**
 * The analyses of a version that run as compute tasks: statistics (with the decoded-column cache of
 * COLUMN_CACHE_MB), site suitability and lidar versus mast.
 */
export function buildAnalysisServices(
  db: Database,
  config: TConfig,
  shared: { stationAccess: StationAccess; versions: VersionService; compute: TComputeAccess | undefined },
): Pick<TServices, 'statistics' | 'suitability' | 'lidarVerify'> {
  const { stationAccess, versions, compute } = shared;
  const coldClimate = createColdClimateService(db);
  const suitability = createSuitabilityService(db, { stationAccess, compute, coldClimate });
  return {
    suitability,
    statistics: new StatisticsService(
      db,
      versions,
      stationAccess,
      compute,
      suitability,
      config.COLUMN_CACHE_MB > 0 ? new ColumnCache(config.COLUMN_CACHE_MB * 1024 * 1024) : undefined,
    ),
    lidarVerify: createLidarVerifyService(db, { stationAccess, compute }),
  };
}
