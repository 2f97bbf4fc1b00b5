import {
  DATA_UPLOAD_MAX_BYTES,
  ZExportTemplate,
  ZHeightStatisticsQuery,
  ZParseTask,
  ZPreviewRecognizeResult,
  ZQueryId,
  ZRecognizeConfirm,
  ZTaskIdQuery,
} from '@masthub/shared';
import { z } from 'zod';
import { sendFile } from '../../platform/http/file-reply.ts';
import { receiveStationFile } from '../../platform/http/multipart.ts';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import type { IngestionApi } from './ingestion.api.ts';
import { type IngestionService, unreadableToAppError } from './ingestion.service.ts';
import type { TParserInfo } from './parser-port.ts';
import { UnreadableFileError } from './parsers/unreadable-file-error.ts';

/** The recognition preview reads the whole file: allow the SPEC's 180 s. */
const PREVIEW_TIMEOUT_MS = 180_000;

/** Parsing (SPEC §7): recognise a logger file, confirm it, follow the parse, and what a parse rule may name. */
export function parsingRoutes(
  api: IngestionApi,
  ingestion: IngestionService,
  info: TParserInfo,
): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/data-parse/parse/text/preview_recognize',
      summary:
        'Recognise an uploaded logger file (multipart: optional `stationId` field, then one `file`), or with ' +
        '`rawFileId` a stored raw file of a site (a held one): encoding, delimiters, header and data rows, ' +
        'date columns and format, channels, each with its evidence, and the doubts to confirm. Returns the ' +
        'recognition and a token to confirm it with /recognize. 422 with the reason when unreadable.',
      tags: ['data-parse'],
      auth: 'data.import',
      scope: 'write',
      timeoutMs: PREVIEW_TIMEOUT_MS,
      query: z.object({ stationId: ZQueryId.optional(), rawFileId: ZQueryId.optional() }),
      response: ZPreviewRecognizeResult,
      handle: async ({ user, query, request, language, utcOffsetMinutes }) => {
        if (query.rawFileId !== undefined) {
          try {
            return await api.previewStored(user, query.rawFileId);
          } catch (error) {
            if (error instanceof UnreadableFileError) throw unreadableToAppError(error, language);
            throw error;
          }
        }
        return receiveStationFile(request, {
          stationId: query.stationId,
          maxBytes: DATA_UPLOAD_MAX_BYTES,
          checkStation: (stationId) => api.assertCanEdit(user, stationId),
          onFile: async (file, stationId) => {
            try {
              return await ingestion.preview(
                user,
                stationId ?? null,
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
      scope: 'write',
      body: ZRecognizeConfirm,
      response: ZParseTask,
      handle: async ({ user, body, language }) => {
        try {
          return await api.confirm(user, body);
        } catch (error) {
          // A file that is no time series (a WAsP .tab, a flag log) is refused with its reason, as in the preview.
          if (error instanceof UnreadableFileError) throw unreadableToAppError(error, language);
          throw error;
        }
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/data-parse/parse/text/parse_process',
      summary: 'Progress of a parse task: status, percent done and the reason when it failed',
      tags: ['data-parse'],
      auth: 'user',
      scope: 'read',
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
      scope: 'download',
      body: ZExportTemplate,
      isRaw: true,
      handle: async ({ body, reply }) => {
        const name = body.name || 'parse-rule';
        const json = JSON.stringify({ name, rule: body.rule, channels: body.channels }, null, 2);
        return sendFile(reply, {
          fileName: `${name}.json`,
          contentType: 'application/json; charset=utf-8',
          content: json,
        });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/data-parse/parse/date_formats',
      summary: 'Date formats a parse rule may name',
      tags: ['data-parse'],
      auth: 'user',
      scope: 'read',
      response: z.array(z.string()),
      handle: async () => [...info.dateFormats],
    }),
    defineRoute({
      method: 'GET',
      url: '/data-parse/parse/charsets',
      summary: 'Character encodings a parse rule may name',
      tags: ['data-parse'],
      auth: 'user',
      scope: 'read',
      response: z.array(z.object({ value: z.string(), label: z.string() })),
      handle: async () => [...(info.charsets as { value: string; label: string }[])],
    }),
    defineRoute({
      method: 'GET',
      url: '/data-parse/parse/text/recognize/height_statistics',
      summary: 'Element, height and statistic read from a channel name',
      tags: ['data-parse'],
      auth: 'user',
      scope: 'read',
      query: ZHeightStatisticsQuery,
      response: z.record(z.string(), z.unknown()),
      handle: async ({ query }) => info.heightStatistics(query.channelName) as Record<string, unknown>,
    }),
  ];
}
