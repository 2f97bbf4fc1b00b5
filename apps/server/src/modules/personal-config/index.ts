/** The public face of the personal-config module: all that other modules, server.ts and the seed import of it. */

export { createPersonalConfigService } from './personal-config.module.ts';
export { personalConfigRoutes } from './personal-config.routes.ts';
export type { PersonalConfigService } from './personal-config.service.ts';
