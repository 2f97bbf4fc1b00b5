import type { Database } from '../../platform/db/database.ts';
import type { TFileStore } from '../../platform/files/file-store.ts';
import { MapLayerRepository } from './map-layers.repository.ts';
import { MapLayerService } from './map-layers.service.ts';

/** Wires the meteorology module: the map-layer service over its repository and the file store. */
export function createMapLayerService(
  db: Database,
  files: TFileStore,
  hasPointQuery: boolean,
): MapLayerService {
  return new MapLayerService(new MapLayerRepository(db), files, hasPointQuery);
}
