import type {
  TDataFetchRunResult,
  TDataSourceDir,
  TDataSourceOption,
  TDataSourcePageRequest,
  TDataSourceRecord,
  TDataSourceSaveRequest,
  TDataSourceTestResult,
  TDatasetVersion,
  TFileMatchRulePageRequest,
  TFileMatchRuleRecord,
  TFileTypeSuffixOption,
  TIngestOutcome,
  TMatchComponents,
  TOriginalFileExport,
  TParseRule,
  TParseRuleRecord,
  TParseRuleSave,
  TParseTask,
  TRawFile,
  TRawFilePageRequest,
  TRecognition,
  TRecognizeConfirmInput,
  TRecognizedChannel,
  TStationManualPullResult,
  TStationSearchItem,
} from '@masthub/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createDeleteHook,
  createPostHook,
  useInvalidatingMutation,
  usePageQuery,
} from '../../request/queries.ts';
import { http, requestFile } from '../../request/request.ts';
import { isTaskFinished } from './ingestion.utils.ts';

const silent = { silent: true } as const;
/** SPEC §9: the recognition preview reads the whole file. */
const PREVIEW_TIMEOUT_MS = 180_000;
const LONG_TIMEOUT_MS = 10 * 60_000;

export const ingestionKeys = {
  charsets: ['parse', 'charsets'] as const,
  dateFormats: ['parse', 'date-formats'] as const,
  ruleOptions: ['parse-rules', 'options'] as const,
  rules: ['parse-rules'] as const,
  rulePage: (request: object) => ['parse-rules', 'page', request] as const,
  rawFiles: (stationId: number) => ['stations', stationId, 'raw-files'] as const,
  rawFilePage: (request: TRawFilePageRequest) =>
    ['stations', request.stationId, 'raw-files', request] as const,
  versions: (stationId: number) => ['stations', stationId, 'versions'] as const,
  fileMatch: ['file-match-rules'] as const,
  fileMatchPage: (request: TFileMatchRulePageRequest) => ['file-match-rules', 'page', request] as const,
  matchComponents: ['file-match-rules', 'components'] as const,
  fileTypes: ['file-match-rules', 'file-types'] as const,
  sources: ['data-sources'] as const,
  sourcePage: (request: TDataSourcePageRequest) => ['data-sources', 'page', request] as const,
  sourceList: ['data-sources', 'list'] as const,
  dirs: (id: number, path: string) => ['data-sources', id, 'dirs', path] as const,
  stationSearch: (keywords: string, ids: readonly number[]) => ['stations', 'search', keywords, ids] as const,
};

// Reference data of the parsing screens.

export function useCharsets() {
  return useQuery({
    queryKey: ingestionKeys.charsets,
    queryFn: () =>
      http.get<{ value: string; label: string }[]>('/data-parse/parse/charsets', undefined, silent),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useDateFormats() {
  return useQuery({
    queryKey: ingestionKeys.dateFormats,
    queryFn: () => http.get<string[]>('/data-parse/parse/date_formats', undefined, silent),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useParseRuleOptions() {
  return useQuery({
    queryKey: ingestionKeys.ruleOptions,
    queryFn: () => http.get<{ id: number; name: string }[]>('/web/parse_rule/options', undefined, silent),
  });
}

// Upload with recognition (SPEC §7 Parsing).

export interface TPreviewResult {
  token: string;
  fileName: string;
  sizeBytes: number;
  storeOnly: boolean;
  recognition: TRecognition | null;
}

export function previewRecognize(stationId: number, file: File, signal?: AbortSignal) {
  const form = new FormData();
  form.append('stationId', String(stationId));
  form.append('file', file, file.name);
  return http.post<TPreviewResult>('/data-parse/parse/text/preview_recognize', form, {
    params: { stationId },
    timeoutMs: PREVIEW_TIMEOUT_MS,
    signal,
  });
}

/** The preview of a stored raw file of a site (a held one, issue 40): recognised again, with a token. */
export function previewStoredFile(rawFileId: number, signal?: AbortSignal) {
  return http.post<TPreviewResult>('/data-parse/parse/text/preview_recognize', undefined, {
    params: { rawFileId },
    timeoutMs: PREVIEW_TIMEOUT_MS,
    signal,
  });
}

export function confirmRecognize(body: TRecognizeConfirmInput) {
  return http.post<TParseTask>('/data-parse/parse/text/recognize', body, { timeoutMs: LONG_TIMEOUT_MS });
}

export function fetchTask(taskId: number) {
  return http.get<TParseTask>('/data-parse/parse/text/parse_process', { taskId }, silent);
}

/** Polls parse_process until the task ends; reports each answer. */
export async function waitForTask(
  task: TParseTask,
  onProgress: (task: TParseTask) => void,
  intervalMs = 1000,
  signal?: AbortSignal,
): Promise<TParseTask> {
  let current = task;
  onProgress(current);
  while (!isTaskFinished(current.status)) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    if (signal?.aborted) return current;
    try {
      current = await fetchTask(current.taskId);
      onProgress(current);
    } catch {
      // A missed poll is tried again on the next tick.
    }
  }
  return current;
}

export function exportTemplate(body: { name?: string; rule: TParseRule; channels: TRecognizedChannel[] }) {
  return requestFile('/data-parse/parse/text/export_temp', { method: 'POST', body });
}

export function useHeightStatistics() {
  return (channelName: string) =>
    http.get<Record<string, unknown>>('/data-parse/parse/text/recognize/height_statistics', { channelName });
}

// Raw files, versions, the site's rule and manual pull.

export function useRawFiles(request: TRawFilePageRequest) {
  // A file's data receipt is computed right after it is stored: its pending badge refreshes by itself.
  return usePageQuery<TRawFile>(
    ingestionKeys.rawFilePage(request),
    '/web/station/raw_file/page',
    request,
    true,
    (rows) => rows.some((f) => f.receipt?.status === 'pending'),
  );
}

export function reparseRawFile(id: number) {
  return http.get<TParseTask>('/web/station/raw_file/reparse', { id });
}

export function downloadOriginal(body: TOriginalFileExport) {
  return requestFile('/data-parse/export/original_file', {
    method: 'POST',
    body,
    timeoutMs: LONG_TIMEOUT_MS,
  });
}

export function useVersions(stationId: number) {
  return useQuery({
    queryKey: ingestionKeys.versions(stationId),
    queryFn: () => http.get<TDatasetVersion[]>('/web/version/list', { stationId }),
  });
}

/**
 * After an upload or a re-parse: the site's files and versions, and what stored data changes about the
 * site — its header and detail (status, start, last data time, measuring days), the site list and the
 * station log.
 */
function siteDataQueries(stationId: number) {
  return [
    ingestionKeys.rawFiles(stationId),
    ingestionKeys.versions(stationId),
    ['stations', stationId],
    ['stations', 'page'],
    ['station-log'],
  ];
}

export function useInvalidateSiteData(stationId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(siteDataQueries(stationId).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useUpdateStationParseRule() {
  return useMutation({
    mutationFn: (body: { stationId: number; parseRuleId: number | null }) =>
      http.post<null>('/web/station/updateParseRule', body),
  });
}

export function useManualPull(stationId: number) {
  return useInvalidatingMutation(
    () =>
      http.post<TStationManualPullResult>('/web/station/manual_pull', { stationId }, { timeoutMs: 120_000 }),
    siteDataQueries(stationId),
  );
}

// Parse rules (RuleManage).

export function useParseRulePage(request: { pageNo: number; pageSize: number; name?: string }) {
  return usePageQuery<TParseRuleRecord>(ingestionKeys.rulePage(request), '/web/parse_rule/page', request);
}

export const useSaveParseRule = createPostHook<TParseRuleSave, { id: number }>(
  '/web/parse_rule/save_or_update',
  [ingestionKeys.rules],
);

export const useDeleteParseRule = createDeleteHook('/web/parse_rule/delete', [ingestionKeys.rules]);

// File-match rules (RuleManage).

export function useMatchComponents() {
  return useQuery({
    queryKey: ingestionKeys.matchComponents,
    queryFn: () => http.get<TMatchComponents>('/web/rule/match/component', undefined, silent),
  });
}

export function useFileTypeSuffixes() {
  return useQuery({
    queryKey: ingestionKeys.fileTypes,
    queryFn: () =>
      http.get<TFileTypeSuffixOption[]>('/web/rule/file_match/fileTypeSuffix', undefined, silent),
  });
}

export function useFileMatchPage(request: TFileMatchRulePageRequest) {
  return usePageQuery<TFileMatchRuleRecord>(
    ingestionKeys.fileMatchPage(request),
    '/web/rule/file_match/page',
    request,
  );
}

export const useSaveFileMatchRule = createPostHook<Record<string, unknown>, { id: number }>(
  '/web/rule/file_match/save_or_update',
  [ingestionKeys.fileMatch],
);

export const useDeleteFileMatchRule = createDeleteHook('/web/rule/file_match/delete', [
  ingestionKeys.fileMatch,
]);

export function useStationSearch(keywords: string, ids: readonly number[]) {
  return useQuery({
    queryKey: ingestionKeys.stationSearch(keywords, ids),
    queryFn: () =>
      http.post<TStationSearchItem[]>(
        '/web/station/search',
        { keywords: keywords || undefined, ids: ids.length > 0 ? ids : undefined, limit: 50 },
        silent,
      ),
    placeholderData: keepPreviousData,
  });
}

// Data sources (DataFetchManage).

export function useDataSourceList() {
  return useQuery({
    queryKey: ingestionKeys.sourceList,
    queryFn: () => http.get<TDataSourceOption[]>('/web/data_source/list', undefined, silent),
  });
}

export function useDataSourcePage(request: TDataSourcePageRequest) {
  return usePageQuery<TDataSourceRecord>(ingestionKeys.sourcePage(request), '/web/data_source/page', request);
}

export const useSaveDataSource = createPostHook<TDataSourceSaveRequest, { id: number }>(
  '/web/data_source/save_or_update',
  [ingestionKeys.sources],
);

export const useDeleteDataSource = createDeleteHook('/web/data_source/delete', [ingestionKeys.sources]);

export function testConnection(body: TDataSourceSaveRequest) {
  return http.post<TDataSourceTestResult>('/web/data_source/test_connection', body, { timeoutMs: 120_000 });
}

export function usePullSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      http.post<TDataFetchRunResult>('/web/data_source/pull', { id }, { timeoutMs: 120_000 }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ingestionKeys.sources }),
  });
}

export function useSourceDirs(id: number | undefined, path: string) {
  return useQuery({
    queryKey: ingestionKeys.dirs(id ?? 0, path),
    queryFn: () =>
      http.get<TDataSourceDir[]>(
        '/web/data_source/ftp_dirs',
        { id, path: path || undefined },
        { timeoutMs: 120_000 },
      ),
    enabled: id !== undefined,
    retry: false,
  });
}

/** Stores files on a site and parses them with the site's rule (files the preview could not read are kept so). */
export function uploadSiteFiles(stationId: number, files: File[]) {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return http.post<TIngestOutcome[]>('/web/station/data/upload', form, {
    params: { stationId, context: 'site' },
    timeoutMs: LONG_TIMEOUT_MS,
  });
}
