import {
  ZLongTermConvergence,
  ZLongTermDefaultReply,
  ZLongTermDefaultRequest,
  ZLongTermRefreshRequest,
  ZLongTermStationQuery,
} from '@masthub/shared';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { computeRoute } from '../../platform/http/route-shapes.ts';
import type { LongTermConvergenceService } from './longterm-convergence.service.ts';

/** A site's default reference and the convergence of its running campaign (issue 28, WIND-ANALYSIS §13). */
export function longTermConvergenceRoutes(convergence: LongTermConvergenceService): TRouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/data-process/longterm/default',
      summary:
        "A site's default reference and method of the long-term workbench, or null (view of the site); a " +
        'reference on a site the caller may not view is named only "a reference you cannot view"',
      tags: ['wind-data', 'longterm'],
      auth: 'user',
      scope: 'read',
      query: ZLongTermStationQuery,
      response: ZLongTermDefaultReply,
      handle: ({ user, query, language }) => convergence.getDefault(user, query.stationId, language),
    }),
    computeRoute({
      method: 'PUT',
      url: '/data-process/longterm/default',
      summary:
        "Saves a site's default: the workbench's target and reference (checked as the comparison checks " +
        'them: a reference site the caller may not view is refused), the method, period, sectors and ' +
        'coverage; then computes its convergence (edit right on the site)',
      tags: ['wind-data', 'longterm'],
      auth: 'data.process',
      scope: 'write',
      body: ZLongTermDefaultRequest,
      response: ZLongTermConvergence,
      timeoutMs: 120_000,
      compute: (user, body, reader) => convergence.setDefault(user, body, reader),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/data-process/longterm/default',
      summary: "Removes a site's default and its stored convergence (edit right on the site)",
      tags: ['wind-data', 'longterm'],
      auth: 'data.process',
      scope: 'write',
      query: ZLongTermStationQuery,
      handle: async ({ user, query }) => {
        await convergence.deleteDefault(user, query.stationId);
        return null;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/data-process/longterm/convergence',
      summary:
        "A site's stored convergence: L_m and u_MCP(m) for m = 3 … M campaign months, converged / not yet / " +
        'too short, the months still needed, the latest long-term estimate and the one before (view of the site; ' +
        'a reference on a site the caller may not view is named only "a reference you cannot view")',
      tags: ['wind-data', 'longterm'],
      auth: 'user',
      scope: 'read',
      query: ZLongTermStationQuery,
      response: ZLongTermConvergence,
      handle: ({ user, query, language }) => convergence.getConvergence(user, query.stationId, language),
    }),
    defineRoute({
      method: 'POST',
      url: '/data-process/longterm/convergence/refresh',
      summary: "Recomputes a site's convergence from its default now (edit right on the site)",
      tags: ['wind-data', 'longterm'],
      auth: 'data.process',
      scope: 'write',
      heavy: 'compute',
      body: ZLongTermRefreshRequest,
      response: ZLongTermConvergence,
      timeoutMs: 120_000,
      handle: ({ user, body, language }) => convergence.refresh(user, body.stationId, language),
    }),
  ];
}
