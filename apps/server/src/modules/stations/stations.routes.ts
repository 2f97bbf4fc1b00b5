import {
  AppError,
  localDate,
  ZIdQuery,
  ZQueryId,
  ZStationCheckExistQuery,
  ZStationCheckExistReply,
  ZStationExportRequest,
  ZStationFields,
  ZStationOverview,
  ZStationPageRequest,
  ZStationQuantityStat,
  ZStationQuantityStatRequest,
  ZStationRecord,
  ZStationSaveReply,
  ZStationSaveRequest,
  ZStationSearchReply,
  ZStationSearchRequest,
  ZStationTagsRequest,
  ZStatusOption,
  zPage,
} from '@masthub/shared';
import { z } from 'zod';
import { say } from '../../i18n/index.ts';
import type { TArchiveLimits } from '../../platform/files/archive-limits.ts';
import { sendFile, XLSX_CONTENT_TYPE } from '../../platform/http/file-reply.ts';
import { readAll, receiveSingleFile } from '../../platform/http/multipart.ts';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { defineAction } from '../../platform/http/route-shapes.ts';
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

export function stationRoutes(stations: StationService, archiveLimits: TArchiveLimits): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/web/station/page',
      summary: 'Page of the caller’s sites with the list filters (server-driven query form) and sorting',
      tags: ['stations'],
      auth: 'user',
      scope: 'read',
      body: ZStationPageRequest,
      response: zPage(ZStationRecord),
      handle: ({ user, body, language }) => stations.page(user, body, language),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/station/search',
      summary:
        'Drop-down / quick search of the caller’s sites by code, name or location; `mode: map` returns every visible site matching the list filters as compact map points (no limit)',
      tags: ['stations'],
      auth: 'user',
      scope: 'read',
      body: ZStationSearchRequest,
      response: ZStationSearchReply,
      handle: ({ user, body }) =>
        body.mode === 'map' ? stations.mapSites(user, body) : stations.search(user, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/station/save_or_update',
      summary:
        'Create a site (no id; needs station.add; the creator owns it) or update one (station.edit + access)',
      tags: ['stations'],
      auth: 'user',
      scope: 'write',
      body: ZStationSaveRequest,
      response: ZStationSaveReply,
      handle: ({ user, body }) => stations.save(user, body),
    }),
    defineAction({
      method: 'POST',
      url: '/web/station/tags',
      summary: 'Replace the tags of one site (at most the per-site limit; disabled tags cannot be added)',
      tags: ['stations'],
      auth: 'station.edit',
      scope: 'write',
      body: ZStationTagsRequest,
      run: ({ user, body }) => stations.setTags(user, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/station/detail',
      summary: 'One site with every field (404 unknown, 403 without access)',
      tags: ['stations'],
      auth: 'user',
      scope: 'read',
      query: ZIdQuery,
      response: ZStationRecord,
      handle: ({ user, query, language }) => stations.detail(user, query.id, language),
    }),
    defineAction({
      method: 'GET',
      url: '/web/station/delete/:id',
      summary: 'Delete a site (soft; its code becomes free)',
      tags: ['stations'],
      auth: 'station.edit',
      scope: 'write',
      params: z.object({ id: ZQueryId }),
      run: ({ user, params }) => stations.delete(user, params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/station/quantity_stat',
      summary:
        'Counts of the caller’s sites by status, type and province (with the list filters); `groupBy` owner | project adds per-group counts by status',
      tags: ['stations'],
      auth: 'user',
      scope: 'read',
      body: ZStationQuantityStatRequest.optional().default({}),
      response: ZStationQuantityStat,
      handle: ({ user, body, language }) => stations.quantityStat(user, body, language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/station/overview',
      summary: 'The compact panel of one site',
      tags: ['stations'],
      auth: 'user',
      scope: 'read',
      query: ZIdQuery,
      response: ZStationOverview,
      handle: ({ user, query, language }) => stations.overview(user, query.id, language),
    }),
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
    defineRoute({
      method: 'GET',
      url: '/web/station/fields',
      summary: 'The server-driven query form, edit form (key, defaultValue, required…) and table columns',
      tags: ['stations'],
      auth: 'user',
      scope: 'read',
      response: ZStationFields,
      handle: async ({ language }) => stations.fields(language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/station/station_status',
      summary: 'Site status options with names and colours',
      tags: ['stations'],
      auth: 'user',
      scope: 'read',
      response: z.array(ZStatusOption),
      handle: async ({ language }) => stations.statusOptions(language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/station/checkExist',
      summary: 'Whether a site code (zero-padded to 6 digits) is taken by a live site other than `id`',
      tags: ['stations'],
      auth: 'user',
      scope: 'read',
      query: ZStationCheckExistQuery,
      response: ZStationCheckExistReply,
      handle: ({ user, query }) => stations.checkExist(user, query),
    }),
  ];
}
