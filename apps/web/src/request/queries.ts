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
 * the next one loads. With `pollWhile`, the page is asked for again every 2 s while it says so (e.g. a row
 * whose result is still being computed).
 */
export function usePageQuery<TRow>(
  queryKey: QueryKey,
  path: string,
  request: object,
  isEnabled = true,
  pollWhile?: (rows: readonly TRow[]) => boolean,
) {
  return useQuery({
    queryKey,
    queryFn: () => http.post<TPage<TRow>>(path, request),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
    refetchInterval: pollWhile
      ? (query) => {
          const rows = query.state.data?.records;
          return rows && pollWhile(rows) ? 2000 : false;
        }
      : undefined,
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

/** A mutation hook that POSTs its input as the body to `path`, then reloads the `invalidates` queries. */
export function createPostHook<TBody, TReply>(path: string, invalidates: readonly QueryKey[]) {
  return function usePostMutation() {
    return useInvalidatingMutation((body: TBody) => http.post<TReply>(path, body), invalidates);
  };
}

/** A mutation hook that POSTs `{ id }` to `path`, then reloads the `invalidates` queries. */
export function createIdPostHook<TReply>(path: string, invalidates: readonly QueryKey[]) {
  return function useIdPostMutation() {
    return useInvalidatingMutation((id: number) => http.post<TReply>(path, { id }), invalidates);
  };
}

/** A delete hook: GETs `path` with the query `{ id }`, then reloads the `invalidates` queries. */
export function createDeleteHook(path: string, invalidates: readonly QueryKey[]) {
  return function useDeleteMutation() {
    return useInvalidatingMutation((id: number) => http.get<null>(path, { id }), invalidates);
  };
}
