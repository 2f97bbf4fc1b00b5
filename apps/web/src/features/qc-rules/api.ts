import type { TPage, TQcRule, TQcRulePageRequest, TQcRuleType } from '@masthub/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export function useSaveQcRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      http.post<{ id: number }>('/web/rule/save_or_update', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qcRuleKeys.all }),
  });
}

export function useDeleteQcRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.get<null>('/web/rule/delete', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qcRuleKeys.all }),
  });
}
