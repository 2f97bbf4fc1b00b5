import {
  AppError,
  DATA_UPLOAD_MAX_BYTES,
  UPLOAD_CONTEXTS,
  ZDataUploadQuery,
  ZFileRulePreviewRequest,
  ZFileRulePreviewRow,
  ZIdQuery,
  ZIngestOutcome,
  ZOriginalFileExport,
  ZParseTask,
  ZRawFile,
  ZRawFilePageRequest,
  zPage,
} from '@masthub/shared';
import { z } from 'zod';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import { sendFile } from '../../platform/http/file-reply.ts';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import type { IngestionApi } from './ingestion.api.ts';
import type { IngestionService } from './ingestion.service.ts';
import { fileExtension } from './parsers/classify-file.ts';
import { receiveFiles } from './receive-files.ts';

const UPLOAD_TIMEOUT_MS = 600_000;

/** Uploads of data files to a site, its raw files (list, parse again, file rules) and their download. */
export function rawFileRoutes(api: IngestionApi, ingestion: IngestionService): TRouteDef[] {
  const checkEdit = (user: TAuthUser) => async (stationId: number) => {
    await api.assertCanEdit(user, stationId);
  };
  return [
    defineRoute({
      method: 'POST',
      url: '/web/station/data/upload',
      summary:
        'Upload data files to a site (multipart: `stationId` in the query or first field, then files). ' +
        '`context`: site (.csv/.txt/.xls/.xlsx/.dat, several), logger (vendor binaries too), generic ' +
        '(one file), mesoscale (must include a .wnd). Each file is stored, then parsed; returns each outcome.',
      tags: ['station'],
      auth: 'data.import',
      scope: 'write',
      timeoutMs: UPLOAD_TIMEOUT_MS,
      query: ZDataUploadQuery,
      response: z.array(ZIngestOutcome),
      handle: async ({ user, query, request, language }) => {
        const context = UPLOAD_CONTEXTS[query.context];
        const allowed: readonly string[] = context.extensions;
        const received = await receiveFiles(request, {
          stationId: query.stationId,
          checkStation: checkEdit(user),
          checkFile: (fileName, index) => {
            if (!context.isMultiple && index > 0) throw new AppError('UPLOAD_SINGLE_FILE_ONLY');
            if (!allowed.includes(fileExtension(fileName))) {
              throw new AppError('UPLOAD_TYPE_NOT_ALLOWED', {
                fileName,
                allowed: allowed.map((e) => `.${e}`).join(' '),
              });
            }
          },
          stage: async (fileName, stream) => ({
            fileName,
            staged: await ingestion.stage(stream as never, DATA_UPLOAD_MAX_BYTES),
          }),
          discard: (files) => api.discardReceived(files),
        });
        if (
          context.mustInclude &&
          !received.files.some((f) => fileExtension(f.fileName) === context.mustInclude)
        ) {
          await api.discardReceived(received.files);
          throw new AppError('UPLOAD_WND_REQUIRED');
        }
        return api.ingestReceived(user, received.stationId, received.files, language);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/web/station/raw_file/page',
      summary: "A site's raw files (parsed or not) with status and reason, newest first",
      tags: ['station'],
      auth: 'user',
      scope: 'read',
      body: ZRawFilePageRequest,
      response: zPage(ZRawFile),
      handle: ({ user, body, language }) => api.pageRawFiles(user, body, language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/station/raw_file/reparse',
      summary: "Parse a failed or unparsed raw file again (after the site's parse rule was fixed)",
      tags: ['station'],
      auth: 'data.import',
      scope: 'write',
      query: ZIdQuery,
      response: ZParseTask,
      handle: ({ user, query }) => api.reparse(user, query.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/station/file_rules',
      summary:
        'File-rule preview of sites (site list): the file-match rules that route their files, their parse rule, file count and latest file',
      tags: ['station'],
      auth: 'user',
      scope: 'read',
      body: ZFileRulePreviewRequest,
      response: z.array(ZFileRulePreviewRow),
      handle: ({ user, body }) => api.fileRulePreview(user, body.stationIds),
    }),
    defineRoute({
      method: 'POST',
      url: '/data-parse/export/original_file',
      summary:
        'Download original raw files: of a site (optionally a time range) or by ids; one file as is, ' +
        'several as a ZIP',
      tags: ['data-parse'],
      auth: 'station.downloadRaw',
      scope: 'download',
      heavy: 'export',
      body: ZOriginalFileExport,
      isRaw: true,
      timeoutMs: UPLOAD_TIMEOUT_MS,
      handle: async ({ user, body, reply, language }) => {
        const file = await api.exportOriginal(user, body, language);
        const contentType = file.isZip ? 'application/zip' : 'application/octet-stream';
        return sendFile(reply, { ...file, contentType, content: file.stream }, { noSniff: true });
      },
    }),
  ];
}
