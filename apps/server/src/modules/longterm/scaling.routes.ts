import { ZScaleGenerateRequest, ZScaleRequest, ZScaleResult, ZScaleResultRecord } from '@masthub/shared';
import { z } from 'zod';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { computeRoute } from '../../platform/http/route-shapes.ts';
import type { ScalingService } from './scaling.service.ts';

/** The scaling of mesoscale datasets (issue 16; SPEC §2 /report/windSourceAssement, §7 temp_data_scale_*). */
export function scalingRoutes(scaling: ScalingService): TRouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/web/mesoscale/results',
      summary: 'The scaling results of a site, newest first, with the versions they generated',
      tags: ['wind-data'],
      auth: 'user',
      scope: 'read',
      query: z.object({ stationId: z.coerce.number().int().positive() }),
      response: z.array(ZScaleResultRecord),
      handle: ({ user, query, language }) => scaling.results(user, query.stationId, language),
    }),
    defineRoute({
      method: 'POST',
      url: '/data-process/process/temp_data_scale_calculate',
      summary:
        'Scales a mesoscale dataset to a measured version over the concurrent hours (WIND-ANALYSIS §12): per-sector ' +
        'fits (LLS, TLS, variance ratio, speed sort, ratio of means), n, r, bias, the SPEC §5 wording, charts',
      tags: ['wind-data'],
      auth: 'user',
      // The calculation is kept: it joins the site's list of scaling results (/web/mesoscale/results).
      scope: 'write',
      heavy: 'compute',
      body: ZScaleRequest,
      response: ZScaleResult,
      timeoutMs: 120_000,
      handle: async ({ user, body, language, utcOffsetMinutes }) => {
        const {
          scaled: _s,
          mastChannel: _m,
          mastDirection: _d,
          datasetRow: _r,
          datasetTimesMs: _t,
          ...result
        } = await scaling.calculate(user, body, { language, utcOffsetMinutes });
        return result;
      },
    }),
    computeRoute({
      url: '/data-process/process/temp_data_scale_generate',
      summary:
        'A new working version of the site holding the long-term mesoscale series scaled to the mast (lineage: ' +
        'source files, method, parameters, who, when)',
      tags: ['wind-data'],
      auth: 'data.process',
      scope: 'write',
      body: ZScaleGenerateRequest,
      response: ZScaleResult,
      timeoutMs: 300_000,
      compute: (user, body, reader) => scaling.generate(user, body, reader),
    }),
  ];
}
