import {
  AppError,
  DATA_REPORT_UPLOAD_MAX_BYTES,
  localizeIssues,
  ZAnalysisReportRequest,
  ZDataReportDownloadRequest,
  ZDataReportFields,
  ZDataReportFieldsQuery,
  ZDataReportPageRequest,
  ZDataReportRecord,
  ZDataReportTemplatePageRequest,
  ZDataReportUploadFields,
  ZReportTemplate,
  zPage,
} from '@masthub/shared';
import { sendFile } from '../../../platform/http/file-reply.ts';
import { receiveSingleFile } from '../../../platform/http/multipart.ts';
import { defineRoute, type TRouteDef } from '../../../platform/http/route.ts';
import { ZSavedId } from '../../../platform/http/route-shapes.ts';
import { reportDeleteRoute } from '../report-delete-route.ts';
import type { DataReportService } from './data-reports.service.ts';

/** Data reports: uploaded text reports and generated analysis reports (SPEC §3, §5, §6, §7; issue 15). */
export function dataReportRoutes(reports: DataReportService): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/web/report/data/page',
      summary: 'Data reports of the sites the caller may see, newest first (stationId, type, keywords)',
      tags: ['reports'],
      auth: 'user',
      scope: 'read',
      body: ZDataReportPageRequest,
      response: zPage(ZDataReportRecord),
      handle: ({ user, body, language }) => reports.page(user, body, language),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/report/data/save',
      summary:
        'Adds a data report. Multipart (needs report.upload): fields stationId, reportName, optional ' +
        'reportStartDate, reportEndDate, element, versionName, then one .txt exported by a wind-analysis tool, ' +
        'stored unchanged. JSON (needs report.add): an analysis report of a data version under the SPEC §5 ' +
        'wind report rules, generated in the background (status generating → success | failure)',
      tags: ['reports'],
      auth: 'user',
      scope: 'write',
      response: ZSavedId,
      timeoutMs: 120_000,
      handle: async ({ user, request, language, utcOffsetMinutes }) => {
        if (request.isMultipart()) {
          if (!user.features.has('report.upload')) throw new AppError('FORBIDDEN');
          const fields: Record<string, string> = {};
          return receiveSingleFile(request, {
            maxBytes: DATA_REPORT_UPLOAD_MAX_BYTES,
            onField: async (name, value) => {
              fields[name] = value;
              // Access to the site is decided before a byte of the file is stored.
              if (name === 'stationId') {
                const id = Number(value);
                if (Number.isInteger(id) && id > 0) await reports.assertCanUpload(user, id);
              }
            },
            onFile: async (file) => {
              const parsed = ZDataReportUploadFields.safeParse({
                stationId: fields['stationId'],
                reportName: fields['reportName'] ?? file.fileName.replace(/\.txt$/i, '').slice(0, 50),
                reportStartDate: fields['reportStartDate'] || undefined,
                reportEndDate: fields['reportEndDate'] || undefined,
                element: fields['element'],
                versionName: fields['versionName'],
              });
              if (!parsed.success) {
                file.stream.resume();
                throw new AppError('VALIDATION_FAILED', {}, localizeIssues(parsed.error.issues, language));
              }
              return reports.upload(user, parsed.data, { fileName: file.fileName, source: file.stream });
            },
          });
        }
        if (!user.features.has('report.add')) throw new AppError('FORBIDDEN');
        const parsed = ZAnalysisReportRequest.safeParse(request.body);
        if (!parsed.success) {
          throw new AppError('VALIDATION_FAILED', {}, localizeIssues(parsed.error.issues, language));
        }
        return reports.requestAnalysis(user, parsed.data, { language, utcOffsetMinutes });
      },
    }),
    reportDeleteRoute({
      url: '/web/report/data/delete',
      summary:
        'Deletes a data report of a visible site; without report.delete: “no permission to delete report” (SPEC §6)',
      remove: (id, user) => reports.delete(user, id),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/report/data/downLoad',
      summary:
        'The file of a data report as a blob: the uploaded .txt byte for byte, or the analysis report as ' +
        'docx (default) or pdf; `inline` for the PDF preview',
      tags: ['reports'],
      auth: 'user',
      scope: 'download',
      body: ZDataReportDownloadRequest,
      isRaw: true,
      handle: async ({ user, body, reply }) => {
        const wants = body.inline ? 'report.preview' : 'report.download';
        if (!user.isAdmin && !user.features.has(wants)) throw new AppError('FORBIDDEN');
        const file = await reports.open(user, body);
        return sendFile(reply, { ...file, content: file.stream }, { inline: body.inline, noSniff: true });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/web/report/data/tempPage',
      summary: 'Analysis report templates (their chapters in GB/T 18710 order)',
      tags: ['reports'],
      auth: 'user',
      scope: 'read',
      body: ZDataReportTemplatePageRequest,
      response: zPage(ZReportTemplate),
      handle: ({ body, language }) => reports.templatePage(body, language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/report/data/fields',
      summary:
        'What an analysis report of a version can use: its wind speed and direction averages by height, ' +
        'data dates, years, and the best-recovered 12 months (wind year)',
      tags: ['reports'],
      auth: 'user',
      scope: 'read',
      query: ZDataReportFieldsQuery,
      response: ZDataReportFields,
      handle: ({ user, query, utcOffsetMinutes, language }) =>
        reports.fields(user, query.versionId, utcOffsetMinutes, language),
    }),
  ];
}
