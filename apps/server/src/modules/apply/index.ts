/** The public face of the apply module: all that other modules, server.ts and the seed import of it. */

export { createApplyService } from './apply.module.ts';
export { applyRoutes } from './apply.routes.ts';
export type { ApplyService } from './apply.service.ts';
