/** The public face of the tags module: all that other modules, server.ts and the seed import of it. */

export { TagRepository } from './tags.repository.ts';
export { tagRoutes } from './tags.routes.ts';
export { TagService } from './tags.service.ts';
