import {
  ZDatasetVersion,
  ZStationVersions,
  ZVersionListQuery,
  ZVersionMultiListQuery,
} from '@masthub/shared';
import { z } from 'zod';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import type { IngestionApi } from './ingestion.api.ts';
import type { IngestionService } from './ingestion.service.ts';
import { parseRuleRoutes } from './parse-rules.routes.ts';
import type { TParserInfo } from './parser-port.ts';
import { parsingRoutes } from './parsing.routes.ts';
import { rawFileRoutes } from './raw-files.routes.ts';

export { receiveFiles } from './receive-files.ts';

/** Every ingestion route, in this order: parsing, parse rules, uploads and raw files, versions. */
export function ingestionRoutes(
  api: IngestionApi,
  ingestion: IngestionService,
  info: TParserInfo,
): TRouteDef[] {
  return [
    ...parsingRoutes(api, ingestion, info),
    ...parseRuleRoutes(api),
    ...rawFileRoutes(api, ingestion),
    ...versionRoutes(api),
  ];
}

/** The versions of one site or of several (SPEC §4). */
function versionRoutes(api: IngestionApi): TRouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/web/version/list',
      summary: "A site's data versions with their data ranges (the original version first, view-only)",
      tags: ['version'],
      auth: 'user',
      scope: 'read',
      query: ZVersionListQuery,
      response: z.array(ZDatasetVersion),
      handle: async ({ user, query, language }) =>
        (await api.versions(user, [query.stationId], language)).get(query.stationId) ?? [],
    }),
    defineRoute({
      method: 'GET',
      url: '/web/version/multi_list',
      summary: 'Data versions of several sites (`stationIds=1,2,3`)',
      tags: ['version'],
      auth: 'user',
      scope: 'read',
      query: ZVersionMultiListQuery,
      response: z.array(ZStationVersions),
      handle: async ({ user, query, language }) => {
        const map = await api.versions(user, query.stationIds, language);
        return query.stationIds.map((stationId) => ({ stationId, versions: map.get(stationId) ?? [] }));
      },
    }),
  ];
}
