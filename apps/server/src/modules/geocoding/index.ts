/** The public face of the geocoding module: all that other modules, server.ts and the seed import of it. */

export { geocodingRoutes } from './geocoding.routes.ts';
export { GeocodingService, OfflineGeocoder } from './geocoding.service.ts';
export { createOnlineGeocoder } from './online-geocoders.ts';
