import {
  ZMcpCompareRequest,
  ZMcpCompareResult,
  ZMcpGenerateRequest,
  ZMcpGenerateResult,
} from '@masthub/shared';
import type { TRouteDef } from '../../platform/http/route.ts';
import { computeRoute } from '../../platform/http/route-shapes.ts';
import type { LongTermService } from './longterm.service.ts';

/** The long-term correction workbench (issue 28, WIND-ANALYSIS §13). */
export function longTermRoutes(longTerm: LongTermService): TRouteDef[] {
  return [
    computeRoute({
      url: '/data-process/longterm/compare',
      summary:
        'Compares the five MCP methods (OLS, TLS, variance ratio, SpeedSort, speed ratio; OLS through the origin on ' +
        'request), within an optional campaign window of the target, overall and by the ' +
        "reference's direction sectors, between a site's speed and a reference (a mesoscale dataset or another " +
        'site’s version, both of sites the caller may view): block cross-validation, long-term means, u_MCP/u_LT, ' +
        'the reference homogeneity, charts and the recommended row (WIND-ANALYSIS §13); the long-term figures are ' +
        'of the prediction only or of the measured-plus-predicted series, as the answer names, and a sector below ' +
        'the requested minimum of periods predicts with the overall line',
      tags: ['wind-data', 'longterm'],
      auth: 'user',
      scope: 'read',
      body: ZMcpCompareRequest,
      response: ZMcpCompareResult,
      timeoutMs: 120_000,
      compute: (user, body, reader) => longTerm.compare(user, body, reader),
    }),
    computeRoute({
      url: '/data-process/longterm/generate',
      summary:
        'Writes the long-term series of one compared row (the method overall or by sector, over one long-term ' +
        'period; prediction only or measured plus predicted) as a new working version of the target site, with ' +
        'its lineage (reference, method, parameters, cross-validation figures)',
      tags: ['wind-data', 'longterm'],
      auth: 'data.process',
      scope: 'write',
      body: ZMcpGenerateRequest,
      response: ZMcpGenerateResult,
      timeoutMs: 300_000,
      compute: (user, body, reader) => longTerm.generate(user, body, reader),
    }),
  ];
}
