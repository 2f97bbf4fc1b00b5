import type { TPage, TQcRule, TQcRulePageRequest, TQcRuleType } from '@masthub/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createDeleteHook, createPostHook } from '../../request/queries.ts';
import { http } from '../../request/request.ts';

export const qcRuleKeys = {
  all: ['qc-rules'] as const,
  page: (request: TQcRulePageRequest) => ['qc-rules', 'page', request] as const,
  list: (ruleType: TQcRuleType, stationId: number | undefined) =>
    ['qc-rules', 'list', ruleType, stationId ?? null] as const,
};

/** RuleManage: a page of quality-control or warning rules. */
export function useQcRulePage(request: TQcRulePageRequest) {
  return useQuery({
    queryKey: qcRuleKeys.page(request),
    queryFn: () => http.post<TPage<TQcRule>>('/web/rule/page', request),
    placeholderData: keepPreviousData,
  });
}

/** GET /web/rule/list: the rules of a type for every site and, with a site, that site's own. */
export function useQcRuleList(ruleType: TQcRuleType, stationId?: number) {
  return useQuery({
    queryKey: qcRuleKeys.list(ruleType, stationId),
    queryFn: () =>
      http.get<TQcRule[]>('/web/rule/list', { ruleType, ...(stationId !== undefined ? { stationId } : {}) }),
  });
}

export const useSaveQcRule = createPostHook<Record<string, unknown>, { id: number }>(
  '/web/rule/save_or_update',
  [qcRuleKeys.all],
);

export const useDeleteQcRule = createDeleteHook('/web/rule/delete', [qcRuleKeys.all]);
