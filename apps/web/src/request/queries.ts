import type { TPage } from '@masthub/shared';
import {
  keepPreviousData,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { http } from './request.ts';

/**
 * One page of rows asked for by POST (the SPEC paging request as body); the page on screen stays while
 * the next one loads.
 */
export function usePageQuery<TRow>(queryKey: QueryKey, path: string, request: object, isEnabled = true) {
  return useQuery({
    queryKey,
    queryFn: () => http.post<TPage<TRow>>(path, request),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}

/** A change that, once the server took it, marks the named queries stale and waits for their reload. */
export function useInvalidatingMutation<TInput, TReply>(
  mutationFn: (input: TInput) => Promise<TReply>,
  invalidates: readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
