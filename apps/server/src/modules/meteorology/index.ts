/** The public face of the meteorology module: all that other modules, server.ts and the seed import of it. */

export { createMapLayerService } from './map-layers.module.ts';
export { mapLayerRoutes } from './map-layers.routes.ts';
export type { MapLayerService } from './map-layers.service.ts';
export { syntheticSampleLayers } from './samples/synthetic.ts';
