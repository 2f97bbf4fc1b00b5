/** The public face of the repairs module: all that other modules, server.ts and the seed import of it. */

export { ContactService } from './contacts.service.ts';
export { ReminderService } from './reminders.service.ts';
export { repairRoutes } from './repairs.routes.ts';
export { RepairService } from './repairs.service.ts';
