import type {
  TAnalysisReportRequest,
  TDataReportPageRequest,
  TDataReportRecord,
  TGroupReportGenerateRequest,
  TGroupReportPageRequest,
  TGroupReportRecord,
  TPage,
  TReportGroupDetail,
  TReportGroupPageRequest,
  TReportGroupRecord,
  TReportGroupSaveRequest,
  TReportTemplate,
} from '@masthub/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  createDeleteHook,
  createIdPostHook,
  createPostHook,
  useInvalidatingMutation,
  usePageQuery,
} from '../../request/queries.ts';
import { http, requestFile } from '../../request/request.ts';

export const reportKeys = {
  all: ['reports'] as const,
  groups: (request: TReportGroupPageRequest) => ['reports', 'groups', request] as const,
  group: (id: number) => ['reports', 'group', id] as const,
  reports: (request: TGroupReportPageRequest) => ['reports', 'list', request] as const,
  templates: (type: number) => ['reports', 'templates', type] as const,
};

/** SPEC §4: the report list keeps polling for 24 h after a generation. */
export const REPORT_POLL_WINDOW_MS = 24 * 3_600_000;
const POLL_MS = 5_000;

export function useTemplates(type: 0 | 1) {
  return useQuery({
    queryKey: reportKeys.templates(type),
    queryFn: () => http.get<TReportTemplate[]>('/web/statement/templates', { type }, { silent: true }),
  });
}

export function useGroupPage(request: TReportGroupPageRequest) {
  return usePageQuery<TReportGroupRecord>(reportKeys.groups(request), '/web/statement/group/page', request);
}

export function useGroup(id: number | undefined) {
  return useQuery({
    queryKey: reportKeys.group(id ?? 0),
    queryFn: () => http.get<TReportGroupDetail>('/web/statement/group/detail', { id }),
    enabled: id !== undefined,
  });
}

export function useSaveGroup() {
  return useInvalidatingMutation(
    (body: TReportGroupSaveRequest) =>
      http.post<{ id: number }>(
        body.id === undefined ? '/web/statement/group/add' : '/web/statement/group/update',
        body,
      ),
    [reportKeys.all],
  );
}

export const useDeleteGroup = createDeleteHook('/web/statement/group/delete', [reportKeys.all]);

/**
 * The reports of a group; polled every 5 s while one is generating or one was generated less than
 * 24 h ago (SPEC §4), so a scheduled report shows up without a reload.
 */
export function useReportPage(request: TGroupReportPageRequest) {
  return useQuery({
    queryKey: reportKeys.reports(request),
    queryFn: () => http.post<TPage<TGroupReportRecord>>('/web/statement/page', request),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const records = query.state.data?.records ?? [];
      const recent = records.some(
        (r) =>
          r.status === 'generating' ||
          Date.now() - Date.parse(r.generateTime ?? r.createTime) < REPORT_POLL_WINDOW_MS,
      );
      return recent ? POLL_MS : false;
    },
  });
}

export const useGenerateReport = createPostHook<TGroupReportGenerateRequest, { id: number }>(
  '/web/statement/generate',
  [reportKeys.all],
);

export const useResendReport = createIdPostHook<{ mailId: number }>('/web/statement/send', [reportKeys.all]);

export const useDeleteReport = createDeleteHook('/web/statement/delete', [reportKeys.all]);

export function downloadReport(id: number, format: 'docx' | 'pdf') {
  return requestFile('/web/statement/download', { params: { id, format } });
}

export function previewReport(id: number) {
  return requestFile('/web/statement/preview', { params: { id } });
}

// --- Data reports (uploaded text reports, analysis reports) -------------------------------------

export const dataReportKeys = {
  all: ['data-reports'] as const,
  page: (request: TDataReportPageRequest) => ['data-reports', 'page', request] as const,
  templates: ['data-reports', 'templates'] as const,
};

/** The data reports of a site; polled every 5 s while one is generating. */
export function useDataReportPage(request: TDataReportPageRequest, enabled = true) {
  return useQuery({
    queryKey: dataReportKeys.page(request),
    queryFn: () => http.post<TPage<TDataReportRecord>>('/web/report/data/page', request),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: (query) =>
      (query.state.data?.records ?? []).some((r) => r.status === 'generating') ? POLL_MS : false,
  });
}

/** Analysis report templates (SPEC §9: the template list is preloaded with page size 1000). */
export function useAnalysisTemplates() {
  return useQuery({
    queryKey: dataReportKeys.templates,
    queryFn: () =>
      http.post<TPage<TReportTemplate>>(
        '/web/report/data/tempPage',
        { pageNo: 1, pageSize: 1000 },
        { silent: true },
      ),
  });
}

export const useRequestAnalysisReport = createPostHook<TAnalysisReportRequest, { id: number }>(
  '/web/report/data/save',
  [dataReportKeys.all],
);

export interface TDataReportUpload {
  stationId: number;
  reportName: string;
  reportStartDate?: string | undefined;
  reportEndDate?: string | undefined;
  element?: string | undefined;
  versionName?: string | undefined;
  file: File;
}

export function useUploadDataReport() {
  return useInvalidatingMutation(
    (upload: TDataReportUpload) => {
      // Fields first: the server decides access before the file arrives.
      const form = new FormData();
      form.append('stationId', String(upload.stationId));
      form.append('reportName', upload.reportName);
      if (upload.reportStartDate) form.append('reportStartDate', upload.reportStartDate);
      if (upload.reportEndDate) form.append('reportEndDate', upload.reportEndDate);
      if (upload.element) form.append('element', upload.element);
      if (upload.versionName) form.append('versionName', upload.versionName);
      form.append('file', upload.file, upload.file.name);
      return http.post<{ id: number }>('/web/report/data/save', form, { timeoutMs: 10 * 60_000 });
    },
    [dataReportKeys.all],
  );
}

export const useDeleteDataReport = createDeleteHook('/web/report/data/delete', [dataReportKeys.all]);

export function downloadDataReport(id: number, format: 'txt' | 'docx' | 'pdf', inline = false) {
  return requestFile('/web/report/data/downLoad', { method: 'POST', body: { id, format, inline } });
}
