import {
  ZExtrapolationRequest,
  ZInterpolationRequest,
  ZProcessingTask,
  ZQcRunRequest,
  ZRepresentativeYearRequest,
  ZTowerShadowRequest,
} from '@masthub/shared';
import { defineRoute, type TRouteDef } from '../../../platform/http/route.ts';
import type { ProcessingService } from './processing.service.ts';

/** Processing calls of MeasureWind (SPEC §4, §9): each queues one task on a working version. */
export function processingRoutes(processing: ProcessingService): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/data-process/process/qc',
      summary: "Run the site's quality-control rules on a version (flag changes kept as one undoable mark)",
      tags: ['processing'],
      auth: 'data.process',
      body: ZQcRunRequest,
      response: ZProcessingTask,
      handle: ({ user, body, language, utcOffsetMinutes }) =>
        processing.start(user, 'qc', body, { language, utcOffsetMinutes }),
    }),
    defineRoute({
      method: 'POST',
      url: '/data-process/process/tower_shadow',
      summary: 'Tower-shadow correction of cup pairs by the GB, max-value or average-value method',
      tags: ['processing'],
      auth: 'data.process',
      body: ZTowerShadowRequest,
      response: ZProcessingTask,
      handle: ({ user, body, language, utcOffsetMinutes }) =>
        processing.start(user, 'tower_shadow', body, { language, utcOffsetMinutes }),
    }),
    defineRoute({
      method: 'POST',
      url: '/data-process/process/interpolation',
      summary: 'Fill the gaps of a channel from another by linear least squares',
      tags: ['processing'],
      auth: 'data.process',
      body: ZInterpolationRequest,
      response: ZProcessingTask,
      handle: ({ user, body, language, utcOffsetMinutes }) =>
        processing.start(user, 'interpolation', body, { language, utcOffsetMinutes }),
    }),
    defineRoute({
      method: 'POST',
      url: '/data-process/process/extrapolation',
      summary: 'Extrapolate wind speed to a new height with the fitted power-law shear exponent',
      tags: ['processing'],
      auth: 'data.process',
      body: ZExtrapolationRequest,
      response: ZProcessingTask,
      handle: ({ user, body, language, utcOffsetMinutes }) =>
        processing.start(user, 'extrapolation', body, { language, utcOffsetMinutes }),
    }),
    defineRoute({
      method: 'POST',
      url: '/data-process/process/representative_year',
      summary:
        'Keep the representative year (best 12 months or average year), optionally long-term corrected',
      tags: ['processing'],
      auth: 'data.process',
      body: ZRepresentativeYearRequest,
      response: ZProcessingTask,
      handle: ({ user, body, language, utcOffsetMinutes }) =>
        processing.start(user, 'representative_year', body, { language, utcOffsetMinutes }),
    }),
  ];
}
