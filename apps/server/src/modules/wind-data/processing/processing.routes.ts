import {
  ZExtrapolationRequest,
  ZInterpolationRequest,
  ZProcessingTask,
  ZQcRunRequest,
  ZReconstructPreview,
  ZReconstructRequest,
  ZReconstructUndoRequest,
  ZRepresentativeYearRequest,
  ZTowerShadowRequest,
} from '@masthub/shared';
import { z } from 'zod';
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
    start(
      'reconstruct',
      'Reconstruct gaps from the redundant sensor, other heights, neighbouring sites and references (flag 1, undoable)',
      ZReconstructRequest,
    ),
    ...reconstructRoutes(processing),
  ];
}

/**
 * The reconstruction's preview (computed at once on the compute pool, nothing written) and undo. Both
 * need data.process and the edit right on the version's site, and a `write` token: the preview computes
 * on a version only its processors may process.
 */
function reconstructRoutes(processing: ProcessingService): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/data-process/process/reconstruct/preview',
      summary:
        'Preview a gap reconstruction: gaps by channel and length, ranked sources and their skill, what would be filled, the cross-validated error',
      tags: ['processing'],
      auth: 'data.process',
      scope: 'write',
      heavy: 'compute',
      body: ZReconstructRequest,
      response: ZReconstructPreview.extend({ failure: z.string().nullable() }),
      handle: ({ user, body, language, utcOffsetMinutes }) =>
        processing.previewReconstruct(user, body, { language, utcOffsetMinutes }),
    }),
    defineRoute({
      method: 'POST',
      url: '/data-process/process/reconstruct/undo',
      summary: 'Undo a finished gap reconstruction (a task giving the filled slots back what they held)',
      tags: ['processing'],
      auth: 'data.process',
      scope: 'write',
      body: ZReconstructUndoRequest,
      response: ZProcessingTask,
      handle: ({ user, body, language, utcOffsetMinutes }) =>
        processing.reconstruct.undo(user, body.taskId, { language, utcOffsetMinutes }),
    }),
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
