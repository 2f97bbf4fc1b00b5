import {
  AppError,
  localizeIssues,
  REFERENCE_UPLOAD_MAX_BYTES,
  ZIdQuery,
  ZReferencePageRequest,
  ZReferenceSeries,
  ZReferenceUpdateRequest,
  ZReferenceUploadFields,
  zPage,
} from '@masthub/shared';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { deleteByIdRoute, ZSavedId } from '../../platform/http/route-shapes.ts';
import type { ReferenceSeriesService } from './references.service.ts';
import { readUploadParts } from './upload-parts.ts';

const TAGS = ['wind-data', 'longterm'];

/**
 * Reference series of the long-term workbench (issue 28). Listing needs the view right of the site asked
 * about; uploading, editing and deleting need `data.process` and the edit right on the reference's home site.
 * (Their candidate ranking is the workbench's: longterm/candidates.routes.ts.)
 */
export function referenceSeriesRoutes(references: ReferenceSeriesService): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/data-process/longterm/references/page',
      summary:
        'Reference series the caller may see (those of sites they may view): of one home site (stationId) or ' +
        'within radiusKm of a site (nearStationId, nearest first)',
      tags: TAGS,
      auth: 'user',
      scope: 'read',
      body: ZReferencePageRequest,
      response: zPage(ZReferenceSeries),
      handle: ({ user, body, language }) => references.page(user, body, language),
    }),
    defineRoute({
      method: 'GET',
      url: '/data-process/longterm/references/detail',
      summary: 'One reference series (its home site’s view right)',
      tags: TAGS,
      auth: 'user',
      scope: 'read',
      query: ZIdQuery,
      response: ZReferenceSeries,
      handle: ({ user, query, language }) => references.get(user, query.id, language),
    }),
    defineRoute({
      method: 'POST',
      url: '/data-process/longterm/references/upload',
      summary:
        'Uploads a reference series as multipart: fields stationId (home site), name, source (merra2 | era5 | ' +
        'vortex | wnd | csv | synthetic; guessed when left out), latitude, longitude, heightM (a height the file ' +
        'states wins), utcOffsetMinutes (default 0 = UTC), then one text time-series file (MERRA-2 / ERA5 CSV, ' +
        'Vortex text, a text .wnd…), read through the logger recognition and stored unchanged with SHA-256; ' +
        'a file of another type 415, unreadable or without a speed 422, nothing stored',
      tags: TAGS,
      auth: 'data.process',
      scope: 'write',
      response: ZSavedId,
      timeoutMs: 300_000,
      handle: async ({ user, request, language }) => {
        const { fields, files } = await readUploadParts(request, {
          maxBytes: REFERENCE_UPLOAD_MAX_BYTES,
          files: 1,
          fields: 12,
          onStationId: (id) => references.assertCanManage(user, id),
        });
        const file = files.at(-1);
        const parsed = ZReferenceUploadFields.safeParse(fields);
        if (!parsed.success) {
          throw new AppError('VALIDATION_FAILED', {}, localizeIssues(parsed.error.issues, language));
        }
        if (!file) throw new AppError('FILE_REQUIRED');
        return references.upload(user, parsed.data, file, language);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/data-process/longterm/references/update',
      summary:
        'Changes a reference’s name, source, coordinates, height and time zone (a new time zone moves its stamps)',
      tags: TAGS,
      auth: 'data.process',
      scope: 'write',
      body: ZReferenceUpdateRequest,
      response: ZSavedId,
      handle: ({ user, body }) => references.update(user, body),
    }),
    deleteByIdRoute({
      url: '/data-process/longterm/references/delete',
      summary:
        'Deletes a reference series and its file (refused while a long-term version’s lineage names it; the ' +
        'lineage keeps its name, source and SHA-256)',
      tags: TAGS,
      auth: 'data.process',
      remove: (id, user) => references.delete(user, id),
    }),
  ];
}
