import type {
  TApplyDetail,
  TApplyPageRequest,
  TApplyRecord,
  TApplyReview,
  TApplySave,
  TApplyTicket,
  TApplyTicketRequest,
  TPage,
} from '@masthub/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createIdPostHook, createPostHook } from '../../request/queries.ts';
import { http } from '../../request/request.ts';

export const applyKeys = {
  all: ['apply'] as const,
  page: (scope: 'review' | 'mine', request: Partial<TApplyPageRequest>) => ['apply', scope, request] as const,
  detail: (id: number) => ['apply', 'detail', id] as const,
};

/** While an export runs, its list polls every 2 s (progress for the reviewer and the applicant). */
const EXPORT_POLL_MS = 2_000;

function pollWhileExporting(page: TPage<TApplyRecord> | undefined): number | false {
  return page?.records.some((r) => r.exportStatus === 'queued' || r.exportStatus === 'running')
    ? EXPORT_POLL_MS
    : false;
}

export function useApplyPage(scope: 'review' | 'mine', request: Partial<TApplyPageRequest>, enabled = true) {
  return useQuery({
    queryKey: applyKeys.page(scope, request),
    queryFn: () =>
      http.post<TPage<TApplyRecord>>(scope === 'review' ? '/web/apply/page' : '/web/apply/mine', request),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: (query) => pollWhileExporting(query.state.data),
  });
}

export function useApplyDetail(id: number | undefined) {
  return useQuery({
    queryKey: applyKeys.detail(id ?? 0),
    queryFn: () => http.get<TApplyDetail>('/web/apply/detail', { id }),
    enabled: id !== undefined,
    refetchInterval: (query) =>
      query.state.data?.exportStatus === 'queued' || query.state.data?.exportStatus === 'running'
        ? EXPORT_POLL_MS
        : false,
  });
}

export const useSaveApplication = createPostHook<TApplySave, { id: number }>('/web/apply/save', [
  applyKeys.all,
]);

export const useReviewApplications = createPostHook<TApplyReview, { updated: number; mailed: boolean }>(
  '/web/apply/review',
  [applyKeys.all],
);

export const useRevokeLink = createIdPostHook<null>('/web/apply/revoke', [applyKeys.all]);

/** A two-minute ticket for the file; `silent` when the page shows the refusal itself. */
export function requestTicket(body: TApplyTicketRequest, silent = false) {
  return http.post<TApplyTicket>('/web/apply/ticket', body, { silent });
}

/** Starts the browser's own download of a ticket's file (streamed, never held in the page's memory). */
export function openTicket(ticket: TApplyTicket): void {
  const link = document.createElement('a');
  link.href = ticket.url;
  link.download = ticket.fileName;
  document.body.append(link);
  link.click();
  link.remove();
}
