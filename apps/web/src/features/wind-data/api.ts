import type {
  TChartData,
  TChartRequest,
  TDataPage,
  TDataPageRequest,
  TDatasetVersion,
  TExtrapolationRequest,
  TFlagMark,
  TInterpolationRequest,
  TMarkCreate,
  TPage,
  TProcessingTask,
  TQcRule,
  TQcRunRequest,
  TReconstructPreview,
  TReconstructRequestInput,
  TRepresentativeYearRequest,
  TTowerShadowRequest,
  TVersionChannel,
  TVersionCreate,
  TVersionDetail,
  TVersionExportRequest,
  TVersionRename,
} from '@masthub/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, requestFile } from '../../request/request.ts';
import { isTaskActive } from './wind-data.utils.ts';

/** Exports and imports read or write a whole version: longer than the 90 s default. */
const LONG_TIMEOUT_MS = 30 * 60_000;
/** While a task is queued or running its state is polled this often (frames can be missed). */
export const TASK_POLL_MS = 2000;

export const windKeys = {
  /** Shared with the ingestion screens (same call), so an upload there refreshes the list here. */
  versions: (stationId: number) => ['stations', stationId, 'versions'] as const,
  version: (versionId: number) => ['wind-versions', versionId] as const,
  detail: (versionId: number) => ['wind-versions', versionId, 'detail'] as const,
  channels: (versionId: number) => ['wind-versions', versionId, 'channels'] as const,
  dataPage: (request: TDataPageRequest) => ['wind-versions', request.versionId, 'data', request] as const,
  chart: (request: TChartRequest) => ['wind-versions', request.versionId, 'chart', request] as const,
  marks: (versionId: number, pageNo: number, pageSize: number) =>
    ['wind-versions', versionId, 'marks', pageNo, pageSize] as const,
  tasks: (stationId: number) => ['stations', stationId, 'processing-tasks'] as const,
  taskPage: (request: { stationId: number; versionId?: number; pageNo: number; pageSize: number }) =>
    ['stations', request.stationId, 'processing-tasks', request] as const,
  task: (taskId: number) => ['processing-tasks', taskId] as const,
  qcRules: (stationId: number) => ['qc-rules', 'auto_quality', stationId] as const,
};

// Versions.

export function useVersions(stationId: number | undefined) {
  return useQuery({
    queryKey: windKeys.versions(stationId ?? 0),
    queryFn: () => http.get<TDatasetVersion[]>('/web/version/list', { stationId }),
    enabled: stationId !== undefined,
  });
}

export function useVersionDetail(versionId: number | undefined) {
  return useQuery({
    queryKey: windKeys.detail(versionId ?? 0),
    queryFn: () => http.get<TVersionDetail>('/web/version/detail', { versionId }),
    enabled: versionId !== undefined,
  });
}

export function useVersionChannels(versionId: number | undefined) {
  return useQuery({
    queryKey: windKeys.channels(versionId ?? 0),
    queryFn: () => http.get<TVersionChannel[]>('/web/version/channels', { versionId }),
    enabled: versionId !== undefined,
  });
}

export function useCreateVersion(stationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TVersionCreate) => http.post<TDatasetVersion>('/web/version/save', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: windKeys.versions(stationId) }),
  });
}

export function useRenameVersion(stationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TVersionRename) => http.post<null>('/web/version/rename', body),
    onSuccess: (_, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: windKeys.versions(stationId) }),
        queryClient.invalidateQueries({ queryKey: windKeys.detail(body.id) }),
      ]),
  });
}

/** Deletion runs as a processing task on the version (SPEC §4). */
export function deleteVersion(id: number) {
  return http.post<TProcessingTask>('/web/version/delete', { id });
}

// Data table and chart.

export function useDataPage(request: TDataPageRequest | undefined) {
  return useQuery({
    queryKey: request ? windKeys.dataPage(request) : ['wind-versions', 0, 'data'],
    queryFn: () => http.post<TDataPage>('/web/version/data/page', request),
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useChartData(request: TChartRequest | undefined) {
  return useQuery({
    queryKey: request ? windKeys.chart(request) : ['wind-versions', 0, 'chart'],
    queryFn: () => http.post<TChartData>('/web/version/data/chart', request),
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
  });
}

// Marks.

export function useMarks(versionId: number | undefined, pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: windKeys.marks(versionId ?? 0, pageNo, pageSize),
    queryFn: () => http.post<TPage<TFlagMark>>('/web/version/mark/page', { versionId, pageNo, pageSize }),
    enabled: versionId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** After a mark or its undo: the version's data, chart, marks and summary. */
function useInvalidateVersionData() {
  const queryClient = useQueryClient();
  return (versionId: number) => queryClient.invalidateQueries({ queryKey: windKeys.version(versionId) });
}

export function useSaveMark() {
  const invalidate = useInvalidateVersionData();
  return useMutation({
    mutationFn: (body: TMarkCreate) =>
      http.post<Partial<TFlagMark> | null>('/web/version/mark/save', body, { timeoutMs: LONG_TIMEOUT_MS }),
    onSuccess: (_, body) => invalidate(body.versionId),
  });
}

export function useUndoMark(versionId: number) {
  const invalidate = useInvalidateVersionData();
  return useMutation({
    mutationFn: (id: number) =>
      http.post<unknown>('/web/version/mark/undo', { id }, { timeoutMs: LONG_TIMEOUT_MS }),
    onSuccess: () => invalidate(versionId),
  });
}

// Processing (each call answers the queued task; 409 while another task runs on the version).

export type TProcessKind =
  | 'qc'
  | 'tower_shadow'
  | 'interpolation'
  | 'extrapolation'
  | 'representative_year'
  | 'reconstruct';

export interface TProcessBodies {
  qc: TQcRunRequest;
  tower_shadow: TTowerShadowRequest;
  interpolation: TInterpolationRequest;
  extrapolation: TExtrapolationRequest;
  representative_year: TRepresentativeYearRequest;
  reconstruct: TReconstructRequestInput;
}

export function startProcessing<K extends TProcessKind>(kind: K, body: TProcessBodies[K]) {
  return http.post<TProcessingTask>(`/data-process/process/${kind}`, body);
}

/** What a gap reconstruction would do (computed at once; nothing written), and why it would fail. */
export function previewReconstruct(body: TReconstructRequestInput) {
  return http.post<TReconstructPreview & { failure: string | null }>(
    '/data-process/process/reconstruct/preview',
    body,
    { timeoutMs: LONG_TIMEOUT_MS },
  );
}

/** Queues the undo of a finished gap reconstruction (answers the undo task). */
export function undoReconstruct(taskId: number) {
  return http.post<TProcessingTask>('/data-process/process/reconstruct/undo', { taskId });
}

export function useQcRules(stationId: number, isEnabled: boolean) {
  return useQuery({
    queryKey: windKeys.qcRules(stationId),
    queryFn: () => http.get<TQcRule[]>('/web/rule/list', { ruleType: 'auto_quality', stationId }),
    enabled: isEnabled,
  });
}

export function fetchTask(taskId: number) {
  return http.get<TProcessingTask>('/data-process/process/task', { taskId }, { silent: true });
}

export function useTaskPage(request: {
  stationId: number;
  versionId?: number;
  pageNo: number;
  pageSize: number;
}) {
  return useQuery({
    queryKey: windKeys.taskPage(request),
    queryFn: () => http.post<TPage<TProcessingTask>>('/data-process/process/task/page', request),
    placeholderData: keepPreviousData,
    // While a listed task runs, its progress is read again between frames.
    refetchInterval: (query) =>
      query.state.data?.records.some((task) => isTaskActive(task)) ? TASK_POLL_MS : false,
  });
}

// Import and export.

export function importIntoVersion(versionId: number, files: File[]) {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return http.post<TProcessingTask>('/web/version/import', form, {
    params: { versionId },
    timeoutMs: LONG_TIMEOUT_MS,
  });
}

export function exportVersion(body: Partial<TVersionExportRequest>) {
  return requestFile('/web/version/export', { method: 'POST', body, timeoutMs: LONG_TIMEOUT_MS });
}
