import type {
  TCalibrationCorrectInput,
  TCalibrationCorrection,
  TCalibrationDue,
  TCalibrationImportReply,
  TCalibrationSaveInput,
  TCampaignRule,
  TPage,
  TSensorCalibrationsReply,
  TStationCalibrationReply,
} from '@masthub/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, requestFile } from '../../request/request.ts';

/** Calibration certificates of sensors (issue 44 §2). */
export const calibrationKeys = {
  all: ['calibrations'] as const,
  sensor: (sensorId: number) => ['calibrations', 'sensor', sensorId] as const,
  station: (stationId: number, configId: number | undefined) =>
    ['calibrations', 'station', stationId, configId ?? 0] as const,
  rule: (stationId: number) => ['calibrations', 'rule', stationId] as const,
  corrections: (stationId: number) => ['calibrations', 'corrections', stationId] as const,
  due: (request: TDueQuery) => ['calibrations', 'due', request] as const,
};

export interface TDueQuery {
  pageNo: number;
  pageSize: number;
  status: 'overdue' | 'due' | 'all';
  search: string;
}

export function useSensorCalibrations(sensorId: number | undefined) {
  return useQuery({
    queryKey: calibrationKeys.sensor(sensorId ?? 0),
    queryFn: () => http.get<TSensorCalibrationsReply>('/web/sensor/calibration/list', { sensorId }),
    enabled: sensorId !== undefined,
  });
}

/** A configuration's sensor channels with the certificate in force and the mismatches. */
export function useStationCalibrations(stationId: number, configId: number | undefined) {
  return useQuery({
    queryKey: calibrationKeys.station(stationId, configId),
    queryFn: () =>
      http.get<TStationCalibrationReply>('/web/sensor/calibration/station', { stationId, configId }),
    enabled: stationId > 0,
  });
}

function useInvalidateCalibrations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: calibrationKeys.all });
}

export function useSaveCalibration() {
  const invalidate = useInvalidateCalibrations();
  return useMutation({
    mutationFn: (body: TCalibrationSaveInput) =>
      http.post<{ id: number; sensorId: number }>('/web/sensor/calibration/save', body),
    onSuccess: invalidate,
  });
}

export function useDeleteCalibration() {
  const invalidate = useInvalidateCalibrations();
  return useMutation({
    mutationFn: (id: number) => http.get<null>('/web/sensor/calibration/delete', { id }),
    onSuccess: invalidate,
  });
}

/** Imports a digital calibration certificate (JSON file) for a sensor, or for the sensor it names. */
export function useImportCertificate() {
  const invalidate = useInvalidateCalibrations();
  return useMutation({
    mutationFn: ({
      file,
      sensorId,
      serialNumber,
    }: {
      file: File;
      sensorId?: number | undefined;
      serialNumber?: string | undefined;
    }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return http.post<TCalibrationImportReply>('/web/sensor/calibration/import', form, {
        params: sensorId === undefined ? { serialNumber } : { sensorId },
      });
    },
    onSuccess: invalidate,
  });
}

export function useUploadCertificatePdf() {
  const invalidate = useInvalidateCalibrations();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return http.post<{ id: number; certificatePdfName: string }>(
        '/web/sensor/calibration/pdf/upload',
        form,
        {
          params: { id },
          timeoutMs: 10 * 60_000,
        },
      );
    },
    onSuccess: invalidate,
  });
}

export function downloadCertificatePdf(id: number) {
  return requestFile('/web/sensor/calibration/pdf/download', { params: { id } });
}

export function downloadCertificateJson(id: number) {
  return requestFile('/web/sensor/calibration/certificate', { params: { id } });
}

export function useCampaignRule(stationId: number | undefined) {
  return useQuery({
    queryKey: calibrationKeys.rule(stationId ?? 0),
    queryFn: () => http.get<TCampaignRule>('/web/sensor/calibration/rule', { stationId }),
    enabled: stationId !== undefined,
  });
}

export function useSaveCampaignRule() {
  const invalidate = useInvalidateCalibrations();
  return useMutation({
    mutationFn: (body: {
      stationId: number;
      recalibrationMonths: number | null;
      isPostCampaignRequired: boolean;
      campaignEnd: string | null;
    }) => http.post<TCampaignRule>('/web/sensor/calibration/rule/save', body),
    onSuccess: invalidate,
  });
}

export function useCalibrationsDue(request: TDueQuery) {
  return useQuery({
    queryKey: calibrationKeys.due(request),
    queryFn: () => http.post<TPage<TCalibrationDue>>('/web/sensor/calibration/due/page', request),
    placeholderData: keepPreviousData,
  });
}

/** Starts the correction of a channel's history to the certificate (a processing task). */
export function useCorrectToCertificate() {
  const invalidate = useInvalidateCalibrations();
  return useMutation({
    mutationFn: (body: TCalibrationCorrectInput) =>
      http.post<{ correctionId: number; taskId: number }>('/web/sensor/calibration/correct', body),
    onSuccess: invalidate,
  });
}

/** A site's corrections to certificates (newest first). */
export function useCalibrationCorrections(stationId: number) {
  return useQuery({
    queryKey: calibrationKeys.corrections(stationId),
    queryFn: () => http.get<TCalibrationCorrection[]>('/web/sensor/calibration/corrections', { stationId }),
    enabled: stationId > 0,
  });
}

/** Gives back what a correction replaced (a processing task). */
export function useUndoCorrection() {
  const invalidate = useInvalidateCalibrations();
  return useMutation({
    mutationFn: (correctionId: number) =>
      http.post<{ correctionId: number; taskId: number }>('/web/sensor/calibration/correct/undo', {
        correctionId,
      }),
    onSuccess: invalidate,
  });
}
