/** The public face of the personal-config module: all that other modules, server.ts and the seed import of it. */

export { PersonalConfigRepository } from './personal-config.repository.ts';
export { personalConfigRoutes } from './personal-config.routes.ts';
export { PersonalConfigService } from './personal-config.service.ts';
