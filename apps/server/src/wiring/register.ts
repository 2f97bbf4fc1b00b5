import type { StationAccess } from '../modules/access/index.ts';
import { LookupService } from '../modules/lookups/index.ts';
import { createManufacturerService } from '../modules/manufacturers/index.ts';
import { createOwnerService } from '../modules/owners/index.ts';
import { createPersonalConfigService } from '../modules/personal-config/index.ts';
import { SensorRegisterService } from '../modules/sensors/index.ts';
import { buildStationAssetServices } from '../modules/station-assets/index.ts';
import type { StationLogService } from '../modules/station-log/index.ts';
import { createStationService, stationFigures } from '../modules/stations/index.ts';
import { createTagService } from '../modules/tags/index.ts';
import type { TConfig } from '../platform/config.ts';
import type { Database } from '../platform/db/database.ts';
import type { TConfiguredFileStore } from '../platform/files/create-file-store.ts';
import type { Logger } from '../platform/logger.ts';
import type { TServices } from '../server.ts';

/**
 * The site register (sites, owners, manufacturers, tags, personal config, lookup data) and the site's
 * assets (attachments, password records, channel configurations) and the sensor register they name.
 */
export function buildRegisterServices(
  db: Database,
  config: TConfig,
  log: Logger,
  shared: { stationAccess: StationAccess; stationLog: StationLogService; files: TConfiguredFileStore },
): Pick<
  TServices,
  | 'stations'
  | 'owners'
  | 'manufacturers'
  | 'tags'
  | 'personalConfig'
  | 'lookups'
  | 'attachments'
  | 'passwordRecords'
  | 'channelConfigs'
  | 'iea43'
  | 'sensorRegister'
> {
  const { stationAccess, stationLog, files } = shared;
  return {
    stations: createStationService(db, stationAccess, stationLog),
    owners: createOwnerService(db),
    manufacturers: createManufacturerService(db),
    tags: createTagService(db),
    personalConfig: createPersonalConfigService(db),
    lookups: new LookupService(stationFigures(db)),
    ...buildStationAssetServices(db, config, log, { stationAccess, stationLog, files }),
    sensorRegister: new SensorRegisterService(db, stationAccess, stationLog),
  };
}
