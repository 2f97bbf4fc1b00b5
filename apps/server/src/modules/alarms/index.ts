/** The public face of the alarms module: all that other modules, server.ts and the seed import of it. */

export { alarmRoutes } from './alarms.routes.ts';
export { AlarmService } from './alarms.service.ts';
export { alarmsOnDataArrived } from './data-arrived.ts';
