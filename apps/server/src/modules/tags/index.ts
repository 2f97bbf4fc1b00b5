/** The public face of the tags module: all that other modules, server.ts and the seed import of it. */

export { createTagService } from './tags.module.ts';
export { tagRoutes } from './tags.routes.ts';
export type { TagService } from './tags.service.ts';
