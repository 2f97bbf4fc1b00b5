import type {
  TCarbonCopySaveRequest,
  TContactRecord,
  TContactSaveRequest,
  TDataSourceOption,
  TIntervalTask,
  TIntervalTaskSaveRequest,
  TRepairLogPageRequest,
  TRepairLogRecord,
  TRepairRecord,
  TRepairRecordCloseRequest,
  TRepairRecordPageRequest,
  TRepairRecordSaveRequest,
  TRepairReply,
  TRepairRequest,
  TRepairVerifyReply,
  TSendLogPageRequest,
  TSendLogRecord,
  TUserAndCarbonCopy,
} from '@masthub/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createDeleteHook, createPostHook, usePageQuery } from '../../request/queries.ts';
import { http } from '../../request/request.ts';

export const repairKeys = {
  all: ['repairs'] as const,
  contacts: (type?: number) => ['repairs', 'contacts', type ?? 'all'] as const,
  me: ['repairs', 'me'] as const,
  senders: ['repairs', 'senders'] as const,
  log: (request: TRepairLogPageRequest) => ['repairs', 'log', request] as const,
  records: (request: TRepairRecordPageRequest) => ['repairs', 'records', request] as const,
  sendLog: (request: TSendLogPageRequest) => ['repairs', 'send-log', request] as const,
  tasks: ['repairs', 'interval-tasks'] as const,
};

/** E-mail data sources that can send (an SMTP server and its password are set). */
export function useSenders(enabled = true) {
  return useQuery({
    queryKey: repairKeys.senders,
    queryFn: () =>
      http.get<TDataSourceOption[]>('/web/data_source/list', { operationType: 'send' }, { silent: true }),
    select: (list) => list.filter((s) => s.canSend),
    enabled,
  });
}

export function useContacts(type?: 1 | 2, enabled = true) {
  return useQuery({
    queryKey: repairKeys.contacts(type),
    queryFn: () => http.get<TContactRecord[]>('/web/contacts/list', type ? { type } : undefined),
    enabled,
  });
}

export const useSaveContact = createPostHook<TContactSaveRequest, { id: number }>('/web/contacts/save', [
  ['repairs', 'contacts'],
]);

export const useDeleteContact = createDeleteHook('/web/contacts/delete', [['repairs', 'contacts']]);

export function useMyCarbonCopy(enabled = true) {
  return useQuery({
    queryKey: repairKeys.me,
    queryFn: () => http.get<TUserAndCarbonCopy>('/web/contacts/userAndCarbonCopy'),
    enabled,
  });
}

export function useSaveCarbonCopy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCarbonCopySaveRequest) =>
      http.post<TUserAndCarbonCopy>('/web/contacts/carbonCopy/save', body),
    onSuccess: (reply) => queryClient.setQueryData(repairKeys.me, reply),
  });
}

/** The verification shows its refusal as a warning (SPEC §8), so it is silent here. */
export function verifyRepair(stationIds: readonly number[]) {
  return http.get<TRepairVerifyReply>(
    '/web/repair/repair_verify',
    { stationIds: stationIds.join(',') },
    { silent: true },
  );
}

/** A repair changes alarms, the sites' status, the logs and the repair records. */
export function useRequestRepair() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRepairRequest) => http.post<TRepairReply>('/web/repair/repair', body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: repairKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['alarms'] }),
        queryClient.invalidateQueries({ queryKey: ['stations'] }),
        queryClient.invalidateQueries({ queryKey: ['station-log'] }),
      ]),
  });
}

export function useRepairLogPage(request: TRepairLogPageRequest) {
  return usePageQuery<TRepairLogRecord>(repairKeys.log(request), '/web/repair/page', request);
}

export function useRepairRecordPage(request: TRepairRecordPageRequest) {
  return usePageQuery<TRepairRecord>(repairKeys.records(request), '/web/repair/record/page', request);
}

export const useSaveRepairRecord = createPostHook<TRepairRecordSaveRequest, { id: number }>(
  '/web/repair/record/save',
  [repairKeys.all],
);

export function useCloseRepairRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRepairRecordCloseRequest) =>
      http.post<TRepairRecord>('/web/repair/record/close', body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: repairKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['alarms'] }),
        queryClient.invalidateQueries({ queryKey: ['stations'] }),
      ]),
  });
}

export function useSendLogPage(request: TSendLogPageRequest) {
  return usePageQuery<TSendLogRecord>(repairKeys.sendLog(request), '/web/alert/send_log/page', request);
}

export function useIntervalTasks() {
  return useQuery({
    queryKey: repairKeys.tasks,
    queryFn: () => http.get<TIntervalTask[]>('/web/interval_task/list'),
  });
}

export const useSaveIntervalTask = createPostHook<TIntervalTaskSaveRequest, TIntervalTask>(
  '/web/interval_task/save',
  [repairKeys.tasks],
);
