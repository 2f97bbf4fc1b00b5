/** The public face of the organisations module: all that other modules, server.ts and the seed import of it. */

export { OrganisationRepository } from './organisations.repository.ts';
export { organisationRoutes } from './organisations.routes.ts';
export { OrganisationService, type TDeleteBlocker } from './organisations.service.ts';
