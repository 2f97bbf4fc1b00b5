/** The public face of the meteorology module: all that other modules, server.ts and the seed import of it. */

export { MapLayerRepository } from './map-layers.repository.ts';
export { mapLayerRoutes } from './map-layers.routes.ts';
export { MapLayerService } from './map-layers.service.ts';
export { syntheticSampleLayers } from './samples/synthetic.ts';
