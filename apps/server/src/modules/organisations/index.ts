/** The public face of the organisations module: all that other modules, server.ts and the seed import of it. */

export {
  createOrganisationService,
  organisationLookup,
  type TOrganisationLookup,
} from './organisations.module.ts';
export { organisationRoutes } from './organisations.routes.ts';
export type { OrganisationService, TDeleteBlocker } from './organisations.service.ts';
