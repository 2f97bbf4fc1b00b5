import { ZHubOverview, ZHubQuery } from '@masthub/shared';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import type { HubService } from './hub.service.ts';

/** The hub (/hub): the fleet on one screen, from the caller's own data permissions (issue 17). */
export function hubRoutes(hub: HubService): TRouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/web/hub/overview',
      summary:
        'The fleet in one call: sites by status and type, silent sites, recovery of the last 7 / 30 days ' +
        '(SPEC §9 bands, worst 10), open alarms by type and age, repairs in progress, pending applications, ' +
        'last group reports, ingestion of the last 24 h, storage — all over the sites the caller may see',
      tags: ['hub'],
      auth: 'user',
      scope: 'read',
      query: ZHubQuery,
      response: ZHubOverview,
      handle: ({ user, query, language }) => hub.overview(user, query, language),
    }),
  ];
}
