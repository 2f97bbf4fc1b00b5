import { AppError, localDate, ZStationExportRequest } from '@masthub/shared';
import { z } from 'zod';
import { say } from '../../i18n/index.ts';
import type { TArchiveLimits } from '../../platform/files/archive-limits.ts';
import { sendFile, XLSX_CONTENT_TYPE } from '../../platform/http/file-reply.ts';
import { readAll, receiveSingleFile } from '../../platform/http/multipart.ts';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { buildCoordinateWorkbook, COORDINATE_EXPORT_NAME } from './coordinate-export.ts';
import {
  buildImportTemplate,
  IMPORT_TEMPLATE_NAME,
  ImportFileError,
  readImportRows,
  STATION_IMPORT_MAX_BYTES,
} from './station-import.ts';
import type { StationService } from './stations.service.ts';

/** Today in the caller's zone as YYYYMMDD (a file name's date). */
function stamp(date: Date, utcOffsetMinutes: number): string {
  return localDate(date.getTime(), utcOffsetMinutes).replace(/-/g, '');
}

/** The register's workbooks: the batch-import template, the batch import, the coordinate export. */
export function stationFileRoutes(stations: StationService, archiveLimits: TArchiveLimits): TRouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/web/station/import/template',
      summary:
        'The batch-import workbook template in the caller’s language (columns, an example row, allowed values)',
      tags: ['stations'],
      auth: 'station.batchImport',
      scope: 'download',
      isRaw: true,
      handle: async ({ language, reply }) => {
        const file = await buildImportTemplate(language);
        const fileName = `${IMPORT_TEMPLATE_NAME[language]}.xlsx`;
        return sendFile(reply, {
          fileName,
          contentType: XLSX_CONTENT_TYPE,
          sizeBytes: file.length,
          content: file,
        });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/web/station/import',
      summary:
        'Batch import of sites from the template workbook (multipart `file`, .xlsx): all rows or none, every problem listed by row and column',
      tags: ['stations'],
      auth: 'station.batchImport',
      scope: 'write',
      response: z.object({ count: z.number().int(), stationCodes: z.array(z.string()) }),
      handle: async ({ user, request, language }) => {
        const upload = await receiveSingleFile(request, {
          maxBytes: STATION_IMPORT_MAX_BYTES,
          onFile: async (file) => {
            if (!/\.xlsx$/i.test(file.fileName))
              throw new AppError('UPLOAD_TYPE_NOT_ALLOWED', { fileName: file.fileName, allowed: '.xlsx' });
            return { fileName: file.fileName, bytes: await readAll(file.stream, STATION_IMPORT_MAX_BYTES) };
          },
        });
        let rows: Awaited<ReturnType<typeof readImportRows>>;
        try {
          rows = await readImportRows(upload.bytes, upload.fileName, archiveLimits);
        } catch (error) {
          if (error instanceof ImportFileError) {
            throw new AppError('STATION_IMPORT_FILE', {
              reason: say(language, `stationList.importFile.${error.reason}`, {
                max: String(error.details.max ?? ''),
              }),
            });
          }
          throw error;
        }
        return stations.importSites(user, rows, language);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/web/station/coordinate/export',
      summary: 'Coordinates of the caller’s sites (list filters or ids) as an .xlsx file',
      tags: ['stations'],
      auth: 'station.coordinateExport',
      scope: 'download',
      body: ZStationExportRequest.optional().default({}),
      isRaw: true,
      handle: async ({ user, body, language, utcOffsetMinutes, reply }) => {
        const rows = await stations.exportRows(user, body, language);
        const file = await buildCoordinateWorkbook(rows, language);
        const name = `${COORDINATE_EXPORT_NAME[language]}_${stamp(new Date(), utcOffsetMinutes)}.xlsx`;
        return sendFile(reply, {
          fileName: name,
          contentType: XLSX_CONTENT_TYPE,
          sizeBytes: file.length,
          content: file,
        });
      },
    }),
  ];
}
