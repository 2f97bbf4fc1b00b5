import {
  ZGroupReportGenerateRequest,
  ZGroupReportPageRequest,
  ZGroupReportRecord,
  ZIdBody,
  ZIdQuery,
  ZQueryId,
  ZReportGroupDetail,
  ZReportGroupPageRequest,
  ZReportGroupRecord,
  ZReportGroupSaveRequest,
  ZReportTemplate,
  ZTemplatePageRequest,
  ZTemplateTypeQuery,
  zPage,
} from '@masthub/shared';
import { z } from 'zod';
import { sendFile } from '../../../platform/http/file-reply.ts';
import { defineRoute, type TRouteDef } from '../../../platform/http/route.ts';
import { deleteByIdRoute, saveRoute, ZSavedId } from '../../../platform/http/route-shapes.ts';
import { reportDeleteRoute } from '../report-delete-route.ts';
import type { ReportService } from './reports.service.ts';

/** Group reports, their templates and generated files (SPEC §2 /report/groupReport, §6, §7; issue 15). */
export function reportRoutes(reports: ReportService): TRouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/web/statement/templates',
      summary: 'Report templates of a type (0 weekly, 1 monthly)',
      tags: ['reports'],
      auth: 'user',
      scope: 'read',
      query: ZTemplateTypeQuery,
      response: z.array(ZReportTemplate),
      handle: ({ query, language }) => reports.templates(query.type, language),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/statement/template/page',
      summary: 'The report template list (pageNo, pageSize, tempName; the web preloads 1000)',
      tags: ['reports'],
      auth: 'user',
      scope: 'read',
      body: ZTemplatePageRequest,
      response: zPage(ZReportTemplate),
      handle: ({ body, language }) => reports.templatePage(body, language),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/statement/group/page',
      summary: 'Report groups whose every site the caller may see; validity 1 = within the effective period',
      tags: ['reports'],
      auth: 'user',
      scope: 'read',
      body: ZReportGroupPageRequest,
      response: zPage(ZReportGroupRecord),
      handle: ({ user, body, language }) => reports.groupPage(user, body, language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/statement/group/detail',
      summary: 'One report group with its sites',
      tags: ['reports'],
      auth: 'user',
      scope: 'read',
      query: ZIdQuery,
      response: ZReportGroupDetail,
      handle: ({ user, query, language }) => reports.groupDetail(user, query.id, language),
    }),
    saveRoute({
      url: '/web/statement/group/add',
      summary: 'Adds a report group with its sites (sites the caller may see)',
      tags: ['reports'],
      auth: 'reportGroup.add',
      body: ZReportGroupSaveRequest,
      save: (body, user) => reports.saveGroup(user, { ...body, id: undefined }),
    }),
    saveRoute({
      url: '/web/statement/group/update',
      summary: 'Edits a report group and its sites',
      tags: ['reports'],
      auth: 'reportGroup.edit',
      body: ZReportGroupSaveRequest.refine((v) => v.id !== undefined, { path: ['id'], error: 'v.required' }),
      save: (body, user) => reports.saveGroup(user, body),
    }),
    deleteByIdRoute({
      url: '/web/statement/group/delete',
      summary: 'Deletes a report group with its reports',
      tags: ['reports'],
      auth: 'reportGroup.delete',
      remove: (id, user) => reports.deleteGroup(user, id),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/statement/page',
      summary: 'The reports of a group (statementDate, generateTime, sendTime, statementType, statusName)',
      tags: ['reports'],
      auth: 'user',
      scope: 'read',
      body: ZGroupReportPageRequest,
      response: zPage(ZGroupReportRecord),
      handle: ({ user, body, language }) => reports.reportPage(user, body, language),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/statement/generate',
      summary:
        'Generates (again) the report of the last complete week or month, or of the period holding `date`',
      tags: ['reports'],
      auth: 'report.add',
      scope: 'write',
      body: ZGroupReportGenerateRequest,
      response: ZSavedId,
      handle: ({ user, body }) => reports.generate(user, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/statement/preview',
      summary: 'A generated report as PDF, shown in the browser',
      tags: ['reports'],
      auth: 'report.preview',
      scope: 'download',
      query: ZIdQuery,
      isRaw: true,
      handle: async ({ user, query, reply }) => {
        const file = await reports.file(user, query.id, 'pdf');
        return sendFile(reply, { ...file, content: file.stream }, { inline: true });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/web/statement/download',
      summary: 'A generated report file: Word (.docx) or PDF',
      tags: ['reports'],
      auth: 'report.download',
      scope: 'download',
      query: z.object({ id: ZQueryId, format: z.enum(['docx', 'pdf']) }),
      isRaw: true,
      handle: async ({ user, query, reply }) => {
        const file = await reports.file(user, query.id, query.format);
        return sendFile(reply, { ...file, content: file.stream });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/web/statement/send',
      summary: 'E-mails a generated report again to the group’s receivers (files attached)',
      tags: ['reports'],
      auth: 'report.send',
      scope: 'write',
      body: ZIdBody,
      response: z.object({ mailId: z.number().int() }),
      handle: ({ user, body }) => reports.resend(user, body.id),
    }),
    reportDeleteRoute({
      url: '/web/statement/delete',
      summary:
        'Deletes a generated report; without report.delete: “no permission to delete report” (SPEC §6)',
      remove: (id, user) => reports.deleteReport(user, id),
    }),
  ];
}
