/** The public face of the data-sources module: all that other modules, server.ts and the seed import of it. */

export { buildDataSourceServices } from './data-sources.module.ts';
export { dataSourceRoutes } from './data-sources.routes.ts';
export type { DataSourceService } from './data-sources.service.ts';
export { fileMatchRuleRoutes } from './file-match-rules.routes.ts';
export type { FileMatchRuleService } from './file-match-rules.service.ts';
