import {
  AppError,
  DATA_UPLOAD_MAX_BYTES,
  UPLOAD_CONTEXTS,
  ZChartData,
  ZChartRequest,
  ZDataPage,
  ZDataPageRequest,
  ZProcessingTask,
  ZVersionExportRequest,
  ZVersionImportQuery,
} from '@masthub/shared';
import { contentDisposition } from '../../../platform/http/content-disposition.ts';
import { defineRoute, type TRouteDef } from '../../../platform/http/route.ts';
import type { IngestionService } from '../../ingestion/index.ts';
import { fileExtension, receiveFiles } from '../../ingestion/index.ts';
import { type ProcessingTaskService, presentTask } from '../tasks.service.ts';
import type { WindDataService } from './data.service.ts';

const EXPORT_TIMEOUT_MS = 600_000;
const IMPORT_TIMEOUT_MS = 600_000;

/** The data table, charts, export and import of a version (MeasureWind, issue 7). */
export function windDataRoutes(
  data: WindDataService,
  tasks: ProcessingTaskService,
  ingestion: IngestionService,
): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/web/version/data/page',
      summary: 'Rows of a version over a time range, at most 500 a page (every slot of the grid is a row)',
      tags: ['version'],
      auth: 'user',
      scope: 'read',
      body: ZDataPageRequest,
      response: ZDataPage,
      // The JSON is checked against ZDataPage once, when computed (then cached by data revision).
      handle: async ({ user, body }) => (await data.page(user, body)) as never,
    }),
    defineRoute({
      method: 'POST',
      url: '/web/version/data/chart',
      summary: 'Chart series of channels, aggregated on the server into at most maxPoints buckets',
      tags: ['version'],
      auth: 'user',
      scope: 'read',
      body: ZChartRequest,
      response: ZChartData,
      // The JSON is checked against ZChartData once, when computed (then cached by data revision).
      handle: async ({ user, body }) => (await data.chart(user, body)) as never,
    }),
    defineRoute({
      method: 'POST',
      url: '/web/version/export',
      summary:
        'Export a version: 0 raw data, 1 time series csv, 2 Meteodyn .tim, 3 WindSim .tws, 4 Windographer .txt, 5 WAsP .tab, 6 Parquet, 7 Arrow IPC stream, 8 WAsP observed wind climate .owc, 9 windIO energy resource .yaml',
      tags: ['version'],
      // Exporting the series is a download: it needs the download right like the raw files (SPEC §6).
      auth: 'station.downloadRaw',
      scope: 'download',
      heavy: 'export',
      body: ZVersionExportRequest,
      isRaw: true,
      // Sent as written: the text formats are text/csv and text/plain, which would go gzipped, and the M5
      // CSV (168 MB) took 2.3× as long gzipped (15.2 s against 6.6 s on a loaded machine), 10× with the
      // bench's client unzipping it. Parquet (40 % of the CSV) is the compact format.
      compress: false,
      timeoutMs: EXPORT_TIMEOUT_MS,
      handle: async ({ user, body, reply, utcOffsetMinutes, language }) => {
        const file = await data.export(user, body, utcOffsetMinutes, language);
        reply
          .header('content-disposition', contentDisposition(file.fileName))
          .header('x-content-type-options', 'nosniff');
        return reply.type(file.contentType).send(file.stream);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/web/version/import',
      summary:
        'Import logger files (multipart, field "file", several allowed) into a working version: a processing task',
      tags: ['version'],
      auth: 'data.import',
      scope: 'write',
      query: ZVersionImportQuery,
      response: ZProcessingTask,
      timeoutMs: IMPORT_TIMEOUT_MS,
      handle: async ({ user, query, request, language }) => {
        // Access, view-only and a running task are refused before a byte of the body is read.
        const version = await tasks.writableVersion(user, query.versionId);
        const active = await tasks.activeTaskOf(version.id);
        if (active) throw new AppError('VERSION_TASK_RUNNING', { taskId: active.id });
        const allowed: readonly string[] = UPLOAD_CONTEXTS.site.extensions;
        const received = await receiveFiles(request, {
          stationId: version.stationId,
          checkStation: async () => undefined,
          checkFile: (fileName) => {
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
          discard: async (files) => {
            for (const f of files) await f.staged.discard();
          },
        });
        for (const f of received.files) await f.staged.commit();
        const task = await data.startImport(
          user,
          version.id,
          received.files.map((f) => ({
            fileName: f.fileName,
            sha256: f.staged.sha256,
            sizeBytes: f.staged.sizeBytes,
          })),
          language,
        );
        return presentTask(task, language);
      },
    }),
  ];
}
