import {
  AppError,
  localizeIssues,
  MESOSCALE_FILES_MAX,
  MESOSCALE_UPLOAD_MAX_BYTES,
  ZMesoscaleDataset,
  ZMesoscalePageRequest,
  ZScaleGenerateRequest,
  ZScaleRequest,
  ZScaleResult,
  ZScaleResultRecord,
  zPage,
} from '@masthub/shared';
import { z } from 'zod';
import { FileTooLargeError } from '../../platform/files/file-store.ts';
import { readAll, refuseNul } from '../../platform/http/multipart.ts';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { deleteByIdRoute, ZSavedId } from '../../platform/http/route-shapes.ts';
import type { MesoscaleService, TUploadedMesoFile } from './mesoscale.service.ts';

const ZUploadFields = z.object({
  stationId: z.coerce.number('v.required').int('v.required').positive('v.required'),
  name: z.string().trim().min(1, 'v.required').max(100, 'v.maxLength'),
  utcOffsetMinutes: z.coerce.number().int().min(-720).max(840).default(0),
});

/** Wind source assessment (issue 16; SPEC §2 /report/windSourceAssement, §7 temp_data_scale_*). */
export function mesoscaleRoutes(mesoscale: MesoscaleService): TRouteDef[] {
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
        if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
        const fields: Record<string, string> = {};
        const files: TUploadedMesoFile[] = [];
        let total = 0;
        try {
          for await (const part of request.parts({
            limits: {
              fileSize: MESOSCALE_UPLOAD_MAX_BYTES,
              files: MESOSCALE_FILES_MAX,
              fields: 10,
              fieldSize: 1024,
            },
          })) {
            if (part.type === 'field') {
              refuseNul(part.fieldname, String(part.value));
              fields[part.fieldname] = String(part.value);
              if (part.fieldname === 'stationId') {
                const id = Number(part.value);
                if (Number.isInteger(id) && id > 0) await mesoscale.assertCanUpload(user, id);
              }
              continue;
            }
            refuseNul('file', part.filename);
            part.file.once('limit', () =>
              part.file.destroy(new FileTooLargeError(MESOSCALE_UPLOAD_MAX_BYTES)),
            );
            const content = await readAll(part.file, MESOSCALE_UPLOAD_MAX_BYTES - total);
            total += content.length;
            files.push({ fileName: part.filename, content });
          }
        } catch (error) {
          request.raw.unpipe();
          request.raw.resume();
          if (error instanceof FileTooLargeError) throw new AppError('PAYLOAD_TOO_LARGE');
          throw error;
        }
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
    defineRoute({
      method: 'GET',
      url: '/web/mesoscale/results',
      summary: 'The scaling results of a site, newest first, with the versions they generated',
      tags: ['wind-data'],
      auth: 'user',
      scope: 'read',
      query: z.object({ stationId: z.coerce.number().int().positive() }),
      response: z.array(ZScaleResultRecord),
      handle: ({ user, query, language }) => mesoscale.results(user, query.stationId, language),
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
          ...result
        } = await mesoscale.calculate(user, body, { language, utcOffsetMinutes });
        return result;
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/data-process/process/temp_data_scale_generate',
      summary:
        'A new working version of the site holding the long-term mesoscale series scaled to the mast (lineage: ' +
        'source files, method, parameters, who, when)',
      tags: ['wind-data'],
      auth: 'data.process',
      scope: 'write',
      heavy: 'compute',
      body: ZScaleGenerateRequest,
      response: ZScaleResult,
      timeoutMs: 300_000,
      handle: ({ user, body, language, utcOffsetMinutes }) =>
        mesoscale.generate(user, body, { language, utcOffsetMinutes }),
    }),
  ];
}
