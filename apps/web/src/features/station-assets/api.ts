import type {
  TAttachment,
  TChannelConfigDetail,
  TChannelConfigListReply,
  TChannelConfigSaveReply,
  TChannelElementOption,
  TIea43ImportReply,
  TPasswordRecord,
  TRemoteSensingProfile,
} from '@masthub/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, requestFile } from '../../request/request.ts';
import { useCalibrationWarning } from '../sensors/index.ts';

export const stationAssetKeys = {
  attachments: (stationId: number) => ['stations', stationId, 'attachments'] as const,
  passwords: (stationId: number) => ['stations', stationId, 'password-records'] as const,
  channelConfigs: (stationId: number) => ['stations', stationId, 'channel-configs'] as const,
  channelConfig: (id: number) => ['channel-configs', id] as const,
  elements: ['channel-configs', 'elements'] as const,
  remoteSensing: (stationId: number) => ['stations', stationId, 'remote-sensing'] as const,
};

/** A site's measurement type, device and channels per height (issue 31). */
export function useRemoteSensingProfile(stationId: number) {
  return useQuery({
    queryKey: stationAssetKeys.remoteSensing(stationId),
    queryFn: () => http.get<TRemoteSensingProfile>('/web/station/remote_sensing', { stationId }),
  });
}

// Attachments (SPEC §2 site info; .docx/.pdf/.xls/.xlsx, at most 200 MB each).

export function useAttachments(stationId: number) {
  return useQuery({
    queryKey: stationAssetKeys.attachments(stationId),
    queryFn: () => http.get<TAttachment[]>('/web/station/attachment/list', { stationId }),
  });
}

export function uploadAttachment(stationId: number, file: File, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', file, file.name);
  // A 200 MB file on a slow line takes longer than the 90 s default.
  return http.post<TAttachment>('/web/station/attachment/upload', form, {
    params: { stationId },
    timeoutMs: 30 * 60_000,
    signal,
  });
}

export function downloadAttachment(id: number) {
  return requestFile('/web/station/attachment/download', { params: { id }, timeoutMs: 30 * 60_000 });
}

export function useDeleteAttachment(stationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.get<null>('/web/station/attachment/delete', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stationAssetKeys.attachments(stationId) }),
  });
}

// Password records: only for users allowed to edit the site (the server answers 403 otherwise).

export function usePasswordRecords(stationId: number, isEnabled: boolean) {
  return useQuery({
    queryKey: stationAssetKeys.passwords(stationId),
    queryFn: () =>
      http.get<TPasswordRecord[]>('/web/station/password_record/list', { stationId }, { silent: true }),
    enabled: isEnabled,
    retry: false,
  });
}

export interface PasswordRecordInput {
  stationId: number;
  kind: string;
  target: string;
  password: string;
  effectiveTime?: string;
  notes: string;
}

export function useAddPasswordRecord(stationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordRecordInput) =>
      http.post<TPasswordRecord>('/web/station/password_record/add', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stationAssetKeys.passwords(stationId) }),
  });
}

export function useDeletePasswordRecord(stationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.get<null>('/web/station/password_record/delete', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stationAssetKeys.passwords(stationId) }),
  });
}

// Channel configurations.

export function useChannelElements() {
  return useQuery({
    queryKey: stationAssetKeys.elements,
    queryFn: () => http.get<TChannelElementOption[]>('/web/station/channel_config/elements'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useChannelConfigs(stationId: number) {
  return useQuery({
    queryKey: stationAssetKeys.channelConfigs(stationId),
    queryFn: () => http.get<TChannelConfigListReply>('/web/station/channel_config/list', { stationId }),
  });
}

export function useChannelConfigDetail(id: number | undefined) {
  return useQuery({
    queryKey: stationAssetKeys.channelConfig(id ?? 0),
    queryFn: () => http.get<TChannelConfigDetail>('/web/station/channel_config/detail', { id }),
    enabled: id !== undefined,
  });
}

function useInvalidateConfigs(stationId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: stationAssetKeys.channelConfigs(stationId) }),
      queryClient.invalidateQueries({ queryKey: ['channel-configs'] }),
    ]);
}

/** The body of save_or_update: a whole configuration (channels as the shared ZChannel input). */
export interface ChannelConfigBody {
  id?: number;
  stationId: number;
  name: string;
  effectiveFrom: string;
  notes: string;
  channels: Record<string, unknown>[];
}

export function useSaveChannelConfig(stationId: number) {
  const invalidate = useInvalidateConfigs(stationId);
  const queryClient = useQueryClient();
  const warn = useCalibrationWarning();
  return useMutation({
    mutationFn: (body: ChannelConfigBody) =>
      http.post<TChannelConfigSaveReply>('/web/station/channel_config/save_or_update', body),
    onSuccess: async (reply) => {
      // Saved; the channels programmed otherwise than their certificates are told (issue 44 §2).
      warn(reply);
      await Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: ['calibrations'] })]);
    },
  });
}

export function useDeleteChannelConfig(stationId: number) {
  const invalidate = useInvalidateConfigs(stationId);
  return useMutation({
    mutationFn: (id: number) => http.get<null>('/web/station/channel_config/delete', { id }),
    onSuccess: invalidate,
  });
}

export function exportIea43(stationId: number) {
  return requestFile('/web/station/channel_config/iea43/export', { params: { stationId } });
}

export function useImportIea43(stationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    /** A dry run answers the report and keeps nothing; applySiteFields is the dialog's confirmation. */
    mutationFn: ({
      file,
      dryRun,
      applySiteFields,
    }: {
      file: File;
      dryRun: boolean;
      applySiteFields: boolean;
    }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return http.post<TIea43ImportReply>('/web/station/channel_config/iea43/import', form, {
        params: { stationId, dryRun: String(dryRun), applySiteFields: String(applySiteFields) },
      });
    },
    // An import may change the site's fields (coordinates, time base…) as well as its configurations.
    onSuccess: (reply) => (reply.dryRun ? undefined : queryClient.invalidateQueries()),
  });
}
