import {
  AppError,
  localizeIssues,
  MESOSCALE_FILES_MAX,
  MESOSCALE_UPLOAD_MAX_BYTES,
  ZMesoscaleDataset,
  ZMesoscalePageRequest,
  zPage,
} from '@masthub/shared';
import { z } from 'zod';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { deleteByIdRoute, ZSavedId } from '../../platform/http/route-shapes.ts';
import type { MesoscaleDatasetService } from './mesoscale.service.ts';
import { readUploadParts } from './upload-parts.ts';

const ZUploadFields = z.object({
  stationId: z.coerce.number('v.required').int('v.required').positive('v.required'),
  name: z.string().trim().min(1, 'v.required').max(100, 'v.maxLength'),
  utcOffsetMinutes: z.coerce.number().int().min(-720).max(840).default(0),
});

/** The mesoscale datasets of the wind source assessment (issue 16; SPEC §2 /report/windSourceAssement). */
export function mesoscaleDatasetRoutes(mesoscale: MesoscaleDatasetService): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/web/mesoscale/upload',
      summary:
        'Uploads a mesoscale dataset as multipart: fields stationId, name, utcOffsetMinutes (default 0 = UTC), then ' +
        'a zip or several files, one of which must be a .wnd (SPEC §5); stored unchanged with SHA-256, the .wnd ' +
        'read as a time series when the logger recognition can',
      tags: ['wind-data'],
      auth: 'data.import',
      scope: 'write',
      response: ZSavedId,
      timeoutMs: 300_000,
      handle: async ({ user, request, language }) => {
        const { fields, files } = await readUploadParts(request, {
          maxBytes: MESOSCALE_UPLOAD_MAX_BYTES,
          files: MESOSCALE_FILES_MAX,
          fields: 10,
          onStationId: (id) => mesoscale.assertCanUpload(user, id),
        });
        if (files.length === 0) throw new AppError('FILE_REQUIRED');
        const parsed = ZUploadFields.safeParse(fields);
        if (!parsed.success)
          throw new AppError('VALIDATION_FAILED', {}, localizeIssues(parsed.error.issues, language));
        return mesoscale.upload(user, parsed.data, files);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/web/mesoscale/page',
      summary: 'Mesoscale datasets of the sites the caller may see (stationId optional)',
      tags: ['wind-data'],
      auth: 'user',
      scope: 'read',
      body: ZMesoscalePageRequest,
      response: zPage(ZMesoscaleDataset),
      handle: ({ user, body, language }) => mesoscale.page(user, body, language),
    }),
    deleteByIdRoute({
      url: '/web/mesoscale/delete',
      summary: 'Deletes a mesoscale dataset and its results (generated versions stay)',
      tags: ['wind-data'],
      auth: 'data.import',
      remove: (id, user) => mesoscale.delete(user, id),
    }),
  ];
}
