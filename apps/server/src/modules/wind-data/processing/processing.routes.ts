import {
  ZExtrapolationRequest,
  ZInterpolationRequest,
  ZProcessingTask,
  ZQcRunRequest,
  ZRepresentativeYearRequest,
  ZTowerShadowRequest,
} from '@masthub/shared';
import type { z } from 'zod';
import { defineRoute, type TRouteDef } from '../../../platform/http/route.ts';
import type { ProcessingService, TProcessingKind } from './processing.service.ts';

/** Processing calls of MeasureWind (SPEC §4, §9): each queues one task on a working version. */
export function processingRoutes(processing: ProcessingService): TRouteDef[] {
  const start = (kind: TProcessingKind, summary: string, body: z.ZodType<TStartRequest>) =>
    startRoute(processing, kind, summary, body);
  return [
    start(
      'qc',
      "Run the site's quality-control rules on a version (flag changes kept as one undoable mark)",
      ZQcRunRequest,
    ),
    start(
      'tower_shadow',
      'Tower-shadow correction of cup pairs by the GB, max-value or average-value method',
      ZTowerShadowRequest,
    ),
    start(
      'interpolation',
      'Fill the gaps of a channel from another by linear least squares',
      ZInterpolationRequest,
    ),
    start(
      'extrapolation',
      'Extrapolate wind speed to a new height with the fitted power-law shear exponent',
      ZExtrapolationRequest,
    ),
    start(
      'representative_year',
      'Keep the representative year (best 12 months or average year), optionally long-term corrected',
      ZRepresentativeYearRequest,
    ),
  ];
}

type TStartRequest = Parameters<ProcessingService['start']>[2];

/** POST /data-process/process/<kind>: queues the task of that kind and answers it. */
function startRoute(
  processing: ProcessingService,
  kind: TProcessingKind,
  summary: string,
  body: z.ZodType<TStartRequest>,
): TRouteDef {
  return defineRoute({
    method: 'POST',
    url: `/data-process/process/${kind}`,
    summary,
    tags: ['processing'],
    auth: 'data.process',
    scope: 'write',
    body,
    response: ZProcessingTask,
    handle: ({ user, body, language, utcOffsetMinutes }) =>
      processing.start(user, kind, body, { language, utcOffsetMinutes }),
  });
}
