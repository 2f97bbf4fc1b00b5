import {
  AppError,
  localizeIssues,
  REFERENCE_UPLOAD_MAX_BYTES,
  ZIdQuery,
  ZMcpCandidatesRequest,
  ZMcpCandidatesResult,
  ZReferencePageRequest,
  ZReferenceSeries,
  ZReferenceUpdateRequest,
  ZReferenceUploadFields,
  zPage,
} from '@masthub/shared';
import { FileTooLargeError } from '../../platform/files/file-store.ts';
import { readAll, refuseNul } from '../../platform/http/multipart.ts';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { deleteByIdRoute, ZSavedId } from '../../platform/http/route-shapes.ts';
import type { TLongTermReferenceServices } from './longterm-references.module.ts';

const TAGS = ['wind-data', 'longterm'];

/**
 * Reference series of the long-term workbench and the candidate ranking (issue 28). Listing and ranking
 * need the view right of the site asked about; uploading, editing and deleting need `data.process` and the
 * edit right on the reference's home site.
 */
export function longTermReferenceRoutes({ references, candidates }: TLongTermReferenceServices): TRouteDef[] {
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
        if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
        const fields: Record<string, string> = {};
        let file: { fileName: string; content: Buffer } | undefined;
        try {
          for await (const part of request.parts({
            limits: { fileSize: REFERENCE_UPLOAD_MAX_BYTES, files: 1, fields: 12, fieldSize: 1024 },
          })) {
            if (part.type === 'field') {
              refuseNul(part.fieldname, String(part.value));
              fields[part.fieldname] = String(part.value);
              if (part.fieldname === 'stationId') {
                const id = Number(part.value);
                if (Number.isInteger(id) && id > 0) await references.assertCanManage(user, id);
              }
              continue;
            }
            refuseNul('file', part.filename);
            part.file.once('limit', () =>
              part.file.destroy(new FileTooLargeError(REFERENCE_UPLOAD_MAX_BYTES)),
            );
            file = { fileName: part.filename, content: await readAll(part.file, REFERENCE_UPLOAD_MAX_BYTES) };
          }
        } catch (error) {
          request.raw.unpipe();
          request.raw.resume();
          if (error instanceof FileTooLargeError) throw new AppError('PAYLOAD_TOO_LARGE');
          throw error;
        }
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
    defineRoute({
      method: 'POST',
      url: '/data-process/longterm/candidates',
      summary:
        'Ranks the candidate references of a target speed: every visible reference series within radiusKm ' +
        '(default 50) of the site, its mesoscale datasets and every visible site within the radius, the ' +
        'nearest 20, by concurrent hourly and daily r, concurrent months and CV RMSE (OLS), with distance and height',
      tags: TAGS,
      auth: 'user',
      scope: 'read',
      heavy: 'compute',
      body: ZMcpCandidatesRequest,
      response: ZMcpCandidatesResult,
      timeoutMs: 300_000,
      handle: ({ user, body, language, utcOffsetMinutes }) =>
        candidates.rank(user, body, { language, utcOffsetMinutes }),
    }),
  ];
}
