import {
  RECEIPT_CONFIG_KEYS,
  RECEIPT_CONFIG_TYPE,
  type TPage,
  type TPersonalConfigRecord,
  type TReceiptApplyReply,
  type TReceiptApplyRequest,
  type TReceiptDetail,
  type TReceiptDismissRequest,
  type TReceiptListItem,
} from '@masthub/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createPostHook, useInvalidatingMutation } from '../../request/queries.ts';
import { http } from '../../request/request.ts';

export const receiptKeys = {
  all: ['receipts'] as const,
  page: (stationId: number, pageNo: number, isOpenOnly: boolean) =>
    ['receipts', 'page', stationId, pageNo, isOpenOnly] as const,
  /** Every page of a site's receipts. */
  stationPages: (stationId: number) => ['receipts', 'page', stationId] as const,
  detail: (id: number) => ['receipts', 'detail', id] as const,
  /** Every receipt's detail. */
  details: ['receipts', 'detail'] as const,
  digest: ['receipts', 'digest'] as const,
};

/** Whether the caller asked for the daily e-mail digest of open findings (personal setting receipt/digest). */
export function useReceiptDigest() {
  return useQuery({
    queryKey: receiptKeys.digest,
    queryFn: async () => {
      const records = await http.post<TPersonalConfigRecord[]>(
        '/web/personalConfig/listByType',
        { type: RECEIPT_CONFIG_TYPE },
        { silent: true },
      );
      return records.find((r) => r.key === RECEIPT_CONFIG_KEYS.digest)?.value === true;
    },
  });
}

export function useSaveReceiptDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isOn: boolean) =>
      http.post<null>('/web/personalConfig/saveOrUpdateBatch', [
        { type: RECEIPT_CONFIG_TYPE, key: RECEIPT_CONFIG_KEYS.digest, value: isOn },
      ]),
    onSettled: () => queryClient.invalidateQueries({ queryKey: receiptKeys.digest }),
  });
}

/** A site's receipts, newest first (WIND-ANALYSIS §15); asked for again every 2 s while one is pending. */
export function useReceiptPage(stationId: number, pageNo: number, pageSize: number, isOpenOnly = false) {
  return useQuery({
    queryKey: receiptKeys.page(stationId, pageNo, isOpenOnly),
    queryFn: () =>
      http.post<TPage<TReceiptListItem>>('/web/receipt/page', { stationId, pageNo, pageSize, isOpenOnly }),
    refetchInterval: (query) =>
      query.state.data?.records.some((r) => r.status === 'pending') ? 2000 : false,
  });
}

/** One receipt; polled while it is being computed or a fix of it (or its undo) runs. */
export function useReceiptDetail(id: number | undefined) {
  return useQuery({
    queryKey: receiptKeys.detail(id ?? 0),
    queryFn: () => http.get<TReceiptDetail>('/web/receipt/detail', { id }),
    enabled: id !== undefined,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return false;
      // Pending, a fix queued, or the undo of an applied fix queued (the finding reopens once it ran).
      const isRunning =
        data.status === 'pending' ||
        data.findings.some(
          (f) =>
            f.appliedFix?.status === 'queued' ||
            (f.appliedFix?.status === 'applied' && f.appliedFix.undoTaskId !== null),
        );
      return isRunning ? 1500 : false;
    },
  });
}

/**
 * Every change of a receipt marks the receipts, the raw-file rows (their badges) and the hub stale: the
 * fix tasks change the versions too.
 */
const STALE = [receiptKeys.all, ['stations'], ['hub']] as const;

export const useApplyFix = createPostHook<TReceiptApplyRequest, TReceiptApplyReply>(
  '/web/receipt/apply',
  STALE,
);

export function useUndoFix() {
  return useInvalidatingMutation(
    (fixId: number) => http.post<{ fixId: number; taskId: number }>('/web/receipt/undo', { fixId }),
    STALE,
  );
}

export const useDismissFinding = createPostHook<TReceiptDismissRequest, TReceiptDetail>(
  '/web/receipt/dismiss',
  STALE,
);
