import {
  ZReceiptApplyReply,
  ZReceiptApplyRequest,
  ZReceiptDetail,
  ZReceiptDismissRequest,
  ZReceiptIdQuery,
  ZReceiptListItem,
  ZReceiptPageRequest,
  ZReceiptUndoReply,
  ZReceiptUndoRequest,
  zPage,
} from '@masthub/shared';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import type { TReceiptServices } from './receipts.module.ts';

/** The data receipts of a site's arriving files (issue 30, WIND-ANALYSIS §15). */
export function receiptRoutes({ receipts, fixes }: TReceiptServices): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/web/receipt/page',
      summary:
        "A site's data receipts, newest first, optionally only those with open findings (view of the site)",
      tags: ['receipts'],
      auth: 'user',
      scope: 'read',
      body: ZReceiptPageRequest,
      response: zPage(ZReceiptListItem),
      handle: ({ user, body }) => receipts.page(user, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/receipt/detail',
      summary:
        "A file's data receipt: basic figures, the checks passed and skipped (with why), each finding with " +
        'its severity, numbers, chart data, suggested fix, dismissal and applied fix (view of the site)',
      tags: ['receipts'],
      auth: 'user',
      scope: 'read',
      query: ZReceiptIdQuery,
      response: ZReceiptDetail,
      handle: ({ user, query, language }) => receipts.detail(user, query.id, language),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/receipt/apply',
      summary:
        "Applies a finding's suggested fix as a processing task on a working version (the named one, else " +
        "the site's receipt version, created from the original when missing); edit right on the site",
      tags: ['receipts'],
      auth: 'data.process',
      scope: 'write',
      body: ZReceiptApplyRequest,
      response: ZReceiptApplyReply,
      handle: ({ user, body, language }) => fixes.apply(user, body, language),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/receipt/undo',
      summary: 'Undoes an applied fix (a processing task on its version writes back what it replaced)',
      tags: ['receipts'],
      auth: 'data.process',
      scope: 'write',
      body: ZReceiptUndoRequest,
      response: ZReceiptUndoReply,
      handle: ({ user, body, language }) => fixes.undo(user, body.fixId, language),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/receipt/dismiss',
      summary:
        'Dismisses a finding with a reason (kept in the station log): it is not raised again for its ' +
        'period; edit right on the site',
      tags: ['receipts'],
      auth: 'data.process',
      scope: 'write',
      body: ZReceiptDismissRequest,
      response: ZReceiptDetail,
      handle: ({ user, body, language }) => receipts.dismiss(user, body, language),
    }),
  ];
}
