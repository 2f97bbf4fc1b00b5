/** The public face of the apply module: all that other modules, server.ts and the seed import of it. */

export { applyRoutes } from './apply.routes.ts';
export { ApplyService } from './apply.service.ts';
export { LinkSigner } from './link-signer.ts';
