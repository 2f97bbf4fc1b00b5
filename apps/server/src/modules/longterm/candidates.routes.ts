import { ZMcpCandidatesRequest, ZMcpCandidatesResult } from '@masthub/shared';
import type { TRouteDef } from '../../platform/http/route.ts';
import { computeRoute } from '../../platform/http/route-shapes.ts';
import type { CandidateService } from './candidates.service.ts';

/** The candidate ranking of the long-term workbench (issue 28): the view right of the target's site. */
export function candidateRoutes(candidates: CandidateService): TRouteDef[] {
  return [
    computeRoute({
      url: '/data-process/longterm/candidates',
      summary:
        'Ranks the candidate references of a target speed: every visible reference series within radiusKm ' +
        '(default 50) of the site, its mesoscale datasets and every visible site within the radius, the ' +
        'nearest 20, by concurrent hourly and daily r, concurrent months and CV RMSE (OLS), with distance and height',
      tags: ['wind-data', 'longterm'],
      auth: 'user',
      scope: 'read',
      body: ZMcpCandidatesRequest,
      response: ZMcpCandidatesResult,
      timeoutMs: 300_000,
      compute: (user, body, reader) => candidates.rank(user, body, reader),
    }),
  ];
}
