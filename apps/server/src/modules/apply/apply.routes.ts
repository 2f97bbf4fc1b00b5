import {
  AppError,
  type Language,
  ZApplyDetail,
  ZApplyPageRequest,
  ZApplyRecord,
  ZApplyReview,
  ZApplyReviewResult,
  ZApplySave,
  ZApplyTicket,
  ZApplyTicketRequest,
  ZIdBody,
  ZIdQuery,
  zPage,
} from '@masthub/shared';
import { z } from 'zod';
import { say } from '../../i18n/index.ts';
import { appErrorEnvelope } from '../../platform/http/envelope.ts';
import { sendFile } from '../../platform/http/file-reply.ts';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { ZSavedId } from '../../platform/http/route-shapes.ts';
import type { ApplyService } from './apply.service.ts';

const ZFileQuery = z.object({
  ticket: z.string().max(200),
  lang: z.enum(['zh', 'en']).optional(),
});

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page a browser shows when a download link or ticket does not open: the reason, in words. */
export function refusalPage(message: string, language: Language): string {
  const title = say(language, 'apply.refusal.title');
  const back = say(language, 'apply.refusal.back');
  return `<!doctype html><html lang="${language === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;max-width:560px;margin:80px auto;padding:0 16px;color:#1f1f1f">
<h1 style="font-size:20px">${title}</h1><p>${escapeHtml(message)}</p><p><a href="/">${back}</a></p></body></html>`;
}

/** Download applications and their delivery (SPEC §2 site list and /systemManage/applyManage, §3, §4; issue 17). */
export function applyRoutes(apply: ApplyService): TRouteDef[] {
  /** The two lists of applications: the reviewer's and the caller's own. */
  const listRoute = (
    url: string,
    summary: string,
    auth: 'system.apply' | 'user',
    list: ApplyService['page'],
  ) =>
    defineRoute({
      method: 'POST',
      url,
      summary,
      tags: ['apply'],
      auth,
      scope: 'read',
      body: ZApplyPageRequest,
      response: zPage(ZApplyRecord),
      handle: ({ user, body, language, utcOffsetMinutes }) => list(user, body, language, utcOffsetMinutes),
    });
  return [
    defineRoute({
      method: 'POST',
      url: '/web/apply/save',
      summary:
        'Apply for the data of sites the caller may see: sites, file type (SPEC §9 export formats), time scope, ' +
        'version (original by default), reason (≤ 50 characters), delivery address (the caller’s e-mail by default)',
      tags: ['apply'],
      auth: 'user',
      scope: 'write',
      body: ZApplySave,
      response: ZSavedId,
      handle: ({ user, body, language, utcOffsetMinutes }) =>
        apply.save(user, body, language, utcOffsetMinutes),
    }),
    listRoute(
      '/web/apply/page',
      'Download approval: applications whose sites the reviewer may all see, pending first',
      'system.apply',
      (...args) => apply.page(...args),
    ),
    listRoute(
      '/web/apply/mine',
      'The caller’s own download applications with their state and export progress',
      'user',
      (...args) => apply.mine(...args),
    ),
    defineRoute({
      method: 'GET',
      url: '/web/apply/detail',
      summary:
        'One application with every download of its file (its applicant, or a reviewer seeing all its sites)',
      tags: ['apply'],
      auth: 'user',
      scope: 'read',
      query: ZIdQuery,
      response: ZApplyDetail,
      handle: ({ user, query, language, utcOffsetMinutes }) =>
        apply.detail(user, query.id, language, utcOffsetMinutes),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/apply/review',
      summary:
        'Approve or reject pending applications (batch: all or none). Rejecting needs a comment; approving ' +
        'exports the file in the background and sends the applicant a signed link valid linkDays days ' +
        '(at PUBLIC_URL; without it the e-mail says to download from My applications)',
      tags: ['apply'],
      auth: 'system.apply',
      scope: 'write',
      body: ZApplyReview,
      response: ZApplyReviewResult,
      handle: ({ user, body }) => apply.review(user, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/apply/revoke',
      summary: 'Revoke the download link of an approved application (no download opens it any more)',
      tags: ['apply'],
      auth: 'system.apply',
      scope: 'write',
      body: ZIdBody,
      response: z.null(),
      handle: async ({ user, body }) => {
        await apply.revoke(user, body.id);
        return null;
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/web/apply/ticket',
      summary:
        'A two-minute ticket opening the file of an approved application, for its applicant only: from the app, ' +
        'or from the delivered link (exp and sig checked as well)',
      tags: ['apply'],
      auth: 'user',
      scope: 'download',
      body: ZApplyTicketRequest,
      response: ZApplyTicket,
      handle: async ({ user, body, language }) => {
        const ticket = await apply.ticket(user, body);
        return { ...ticket, url: `${ticket.url}&lang=${language}` };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/web/apply/file',
      summary:
        'The file a ticket opens (browser navigation, so no token header: the ticket is the proof). Each ' +
        'download is recorded; a bad, expired or revoked one answers a localised page',
      tags: ['apply'],
      auth: 'public',
      scope: 'public',
      query: ZFileQuery,
      isRaw: true,
      timeoutMs: 3_600_000,
      handle: async ({ query, request, reply, language }) => {
        const lang = query.lang ?? language;
        try {
          const file = await apply.openFile(query.ticket, {
            ip: request.ip,
            userAgent: String(request.headers['user-agent'] ?? ''),
          });
          return sendFile(
            reply,
            { ...file, contentType: 'application/octet-stream', content: file.stream },
            { noStore: true, noSniff: true },
          );
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const envelope = appErrorEnvelope(error, lang);
          return reply
            .status(envelope.status)
            .header('cache-control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(refusalPage(envelope.body.msg, lang));
        }
      },
    }),
  ];
}
