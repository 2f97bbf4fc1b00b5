import {
  AppError,
  DATA_UPLOAD_MAX_BYTES,
  DATA_UPLOAD_MAX_FILES,
  UPLOAD_CONTEXTS,
  VALIDATION_KEY_PREFIX,
  ZDatasetVersion,
  ZDataUploadQuery,
  ZExportTemplate,
  ZFileRulePreviewRequest,
  ZFileRulePreviewRow,
  ZHeightStatisticsQuery,
  ZIdQuery,
  ZIngestOutcome,
  ZOriginalFileExport,
  ZParseRuleOption,
  ZParseRulePageRequest,
  ZParseRuleRecord,
  ZParseRuleSave,
  ZParseTask,
  ZPreviewRecognizeResult,
  ZQueryId,
  ZRawFile,
  ZRawFilePageRequest,
  ZRecognizeConfirm,
  ZStationVersions,
  ZTaskIdQuery,
  ZUpdateStationParseRule,
  ZVersionListQuery,
  ZVersionMultiListQuery,
  zPage,
} from '@masthub/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import { FileTooLargeError } from '../../platform/files/file-store.ts';
import { contentDisposition } from '../../platform/http/content-disposition.ts';
import { sendFile } from '../../platform/http/file-reply.ts';
import { receiveSingleFile, refuseNul } from '../../platform/http/multipart.ts';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { defineAction, deleteByIdRoute, ZSavedId } from '../../platform/http/route-shapes.ts';
import type { IngestionApi, TReceivedFile } from './ingestion.api.ts';
import { type IngestionService, unreadableToAppError } from './ingestion.service.ts';
import type { TParserInfo } from './parser-port.ts';
import { fileExtension } from './parsers/classify-file.ts';
import { UnreadableFileError } from './parsers/unreadable-file-error.ts';

const stationIdRequired = () =>
  new AppError('VALIDATION_FAILED', {}, [
    { field: 'stationId', message: `${VALIDATION_KEY_PREFIX}required` },
  ]);

/** The recognition preview reads the whole file: allow the SPEC's 180 s. */
const PREVIEW_TIMEOUT_MS = 180_000;
const UPLOAD_TIMEOUT_MS = 600_000;

/**
 * Reads a multipart upload of fields and files: the site is known (and access checked) before the
 * first file; each file streams into the store's staging area, refused with 413 as soon as it passes
 * the limit. On any refusal every staged file is dropped and the rest of the body is drained.
 */
export async function receiveFiles(
  request: FastifyRequest,
  options: {
    stationId: number | undefined;
    checkStation: (stationId: number) => Promise<void>;
    checkFile: (fileName: string, index: number) => void;
    stage: (fileName: string, stream: NodeJS.ReadableStream) => Promise<TReceivedFile>;
    discard: (files: TReceivedFile[]) => Promise<void>;
  },
): Promise<{ stationId: number; files: TReceivedFile[] }> {
  let stationId = options.stationId;
  // Access is decided before a byte of the body is read.
  if (stationId !== undefined) await options.checkStation(stationId);
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const files: TReceivedFile[] = [];
  try {
    const parts = request.parts({
      limits: {
        fileSize: DATA_UPLOAD_MAX_BYTES,
        files: DATA_UPLOAD_MAX_FILES + 1,
        fields: 10,
        fieldSize: 1024,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'stationId' && stationId === undefined) {
          const parsed = ZQueryId.safeParse(String(part.value));
          if (!parsed.success) throw stationIdRequired();
          stationId = parsed.data;
          await options.checkStation(stationId);
        }
        continue;
      }
      if (stationId === undefined) throw stationIdRequired();
      if (files.length >= DATA_UPLOAD_MAX_FILES) {
        throw new AppError('UPLOAD_TOO_MANY_FILES', { max: DATA_UPLOAD_MAX_FILES });
      }
      refuseNul('file', part.filename);
      options.checkFile(part.filename, files.length);
      const { file } = part;
      file.once('limit', () => file.destroy(new FileTooLargeError(DATA_UPLOAD_MAX_BYTES)));
      files.push(await options.stage(part.filename, file));
    }
    if (stationId === undefined) throw stationIdRequired();
    if (files.length === 0) throw new AppError('FILE_REQUIRED');
    return { stationId, files };
  } catch (error) {
    request.raw.unpipe();
    request.raw.resume();
    await options.discard(files);
    if (error instanceof FileTooLargeError) throw new AppError('PAYLOAD_TOO_LARGE');
    throw error;
  }
}

export function ingestionRoutes(
  api: IngestionApi,
  ingestion: IngestionService,
  info: TParserInfo,
): TRouteDef[] {
  const checkEdit = (user: TAuthUser) => async (stationId: number) => {
    await api.assertCanEdit(user, stationId);
  };
  return [
    // ---------------------------------------------------------------------------------------------
    // Parsing (SPEC §7).
    defineRoute({
      method: 'POST',
      url: '/data-parse/parse/text/preview_recognize',
      summary:
        'Recognise an uploaded logger file (multipart: optional `stationId` field, then one `file`): ' +
        'encoding, delimiters, header and data rows, date columns and format, channels. Returns the ' +
        'recognition and a token to confirm it with /recognize. 422 with the reason when unreadable.',
      tags: ['data-parse'],
      auth: 'data.import',
      timeoutMs: PREVIEW_TIMEOUT_MS,
      query: z.object({ stationId: ZQueryId.optional() }),
      response: ZPreviewRecognizeResult,
      handle: async ({ user, query, request, language, utcOffsetMinutes }) => {
        let stationId: number | null = query.stationId ?? null;
        if (stationId !== null) await api.assertCanEdit(user, stationId);
        return receiveSingleFile(request, {
          maxBytes: DATA_UPLOAD_MAX_BYTES,
          onField: async (name, value) => {
            if (name !== 'stationId' || stationId !== null) return;
            const parsed = ZQueryId.safeParse(value);
            if (!parsed.success) throw stationIdRequired();
            stationId = parsed.data;
            await api.assertCanEdit(user, stationId);
          },
          onFile: async (file) => {
            try {
              return await ingestion.preview(
                user,
                stationId,
                { fileName: file.fileName, source: file.stream, maxBytes: DATA_UPLOAD_MAX_BYTES },
                utcOffsetMinutes,
              );
            } catch (error) {
              if (error instanceof UnreadableFileError) throw unreadableToAppError(error, language);
              throw error;
            }
          },
        });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/data-parse/parse/text/recognize',
      summary:
        'Confirm a recognised file (token from preview_recognize) or re-parse a stored raw file (rawFileId), ' +
        'optionally with an edited rule and channel mapping; queues the parse and returns the task',
      tags: ['data-parse'],
      auth: 'data.import',
      body: ZRecognizeConfirm,
      response: ZParseTask,
      handle: ({ user, body }) => api.confirm(user, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/data-parse/parse/text/parse_process',
      summary: 'Progress of a parse task: status, percent done and the reason when it failed',
      tags: ['data-parse'],
      auth: 'user',
      query: ZTaskIdQuery,
      response: ZParseTask,
      handle: ({ user, query, language }) => api.task(user, query.taskId, language),
    }),
    defineRoute({
      method: 'POST',
      url: '/data-parse/parse/text/export_temp',
      summary: 'Download the (edited) parse rule and channel mapping as a JSON template',
      tags: ['data-parse'],
      auth: 'user',
      body: ZExportTemplate,
      isRaw: true,
      handle: async ({ body, reply }) => {
        const name = body.name || 'parse-rule';
        const json = JSON.stringify({ name, rule: body.rule, channels: body.channels }, null, 2);
        return reply
          .header('content-disposition', contentDisposition(`${name}.json`))
          .type('application/json; charset=utf-8')
          .send(json);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/data-parse/parse/date_formats',
      summary: 'Date formats a parse rule may name',
      tags: ['data-parse'],
      auth: 'user',
      response: z.array(z.string()),
      handle: async () => [...info.dateFormats],
    }),
    defineRoute({
      method: 'GET',
      url: '/data-parse/parse/charsets',
      summary: 'Character encodings a parse rule may name',
      tags: ['data-parse'],
      auth: 'user',
      response: z.array(z.object({ value: z.string(), label: z.string() })),
      handle: async () => [...(info.charsets as { value: string; label: string }[])],
    }),
    defineRoute({
      method: 'GET',
      url: '/data-parse/parse/text/recognize/height_statistics',
      summary: 'Element, height and statistic read from a channel name',
      tags: ['data-parse'],
      auth: 'user',
      query: ZHeightStatisticsQuery,
      response: z.record(z.string(), z.unknown()),
      handle: async ({ query }) => info.heightStatistics(query.channelName) as Record<string, unknown>,
    }),

    // ---------------------------------------------------------------------------------------------
    // Parse rules (RuleManage).
    defineRoute({
      method: 'GET',
      url: '/web/parse_rule/options',
      summary: 'Parse rules as options (id, name)',
      tags: ['parse-rule'],
      auth: 'user',
      response: z.array(ZParseRuleOption),
      handle: () => api.ruleOptions(),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/parse_rule/page',
      summary: 'Parse rules, a page at a time, with the number of sites using each',
      tags: ['parse-rule'],
      auth: 'system.rule',
      body: ZParseRulePageRequest,
      response: zPage(ZParseRuleRecord),
      handle: ({ body }) => api.pageRules(body),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/parse_rule/detail',
      summary: 'One parse rule',
      tags: ['parse-rule'],
      auth: 'system.rule',
      query: ZIdQuery,
      response: ZParseRuleRecord,
      handle: ({ query }) => api.ruleDetail(query.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/parse_rule/save_or_update',
      summary: 'Create (no id) or update a parse rule; names are unique',
      tags: ['parse-rule'],
      auth: 'system.rule',
      body: ZParseRuleSave,
      response: ZSavedId,
      handle: ({ user, body }) => api.saveRule(user, body),
    }),
    deleteByIdRoute({
      url: '/web/parse_rule/delete',
      summary: 'Delete a parse rule; refused while a site uses it',
      tags: ['parse-rule'],
      auth: 'system.rule',
      remove: (id) => api.deleteRule(id),
    }),
    defineAction({
      method: 'POST',
      url: '/web/station/updateParseRule',
      summary: "Set (or clear, null) a site's parse rule",
      tags: ['station'],
      auth: 'station.edit',
      body: ZUpdateStationParseRule,
      run: ({ user, body }) => api.setStationRule(user, body.stationId, body.parseRuleId),
    }),

    // ---------------------------------------------------------------------------------------------
    // Uploads and raw files.
    defineRoute({
      method: 'POST',
      url: '/web/station/data/upload',
      summary:
        'Upload data files to a site (multipart: `stationId` in the query or first field, then files). ' +
        '`context`: site (.csv/.txt/.xls/.xlsx/.dat, several), logger (vendor binaries too), generic ' +
        '(one file), mesoscale (must include a .wnd). Each file is stored, then parsed; returns each outcome.',
      tags: ['station'],
      auth: 'data.import',
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

    // ---------------------------------------------------------------------------------------------
    // Versions.
    defineRoute({
      method: 'GET',
      url: '/web/version/list',
      summary: "A site's data versions with their data ranges (the original version first, view-only)",
      tags: ['version'],
      auth: 'user',
      query: ZVersionListQuery,
      response: z.array(ZDatasetVersion),
      handle: async ({ user, query, language }) =>
        (await api.versions(user, [query.stationId], language)).get(query.stationId) ?? [],
    }),
    defineRoute({
      method: 'GET',
      url: '/web/version/multi_list',
      summary: 'Data versions of several sites (`stationIds=1,2,3`)',
      tags: ['version'],
      auth: 'user',
      query: ZVersionMultiListQuery,
      response: z.array(ZStationVersions),
      handle: async ({ user, query, language }) => {
        const map = await api.versions(user, query.stationIds, language);
        return query.stationIds.map((stationId) => ({ stationId, versions: map.get(stationId) ?? [] }));
      },
    }),
  ];
}
