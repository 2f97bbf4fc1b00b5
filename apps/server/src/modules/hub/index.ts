/** The public face of the hub module: all that other modules, server.ts and the seed import of it. */

export { hubOnDataArrived } from './data-arrived.ts';
export { hubRoutes } from './hub.routes.ts';
export { HubService } from './hub.service.ts';
