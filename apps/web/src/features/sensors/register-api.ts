import type {
  TSensorDetail,
  TSensorMoveInput,
  TSensorMoveReply,
  TSensorPageInput,
  TSensorSummary,
  TSensorUpdateInput,
  TSiteSensor,
} from '@masthub/shared';
import { useQuery } from '@tanstack/react-query';
import { createPostHook, usePageQuery } from '../../request/queries.ts';
import { http } from '../../request/request.ts';

/** The sensor register's queries (issue 44 §3). Moving a sensor changes configurations: they reload too. */
export const sensorKeys = {
  all: ['sensors'] as const,
  page: (request: TSensorPageInput) => ['sensors', 'page', request] as const,
  detail: (id: number) => ['sensors', 'detail', id] as const,
  ofSite: (stationId: number) => ['sensors', 'site', stationId] as const,
};

export function useSensorPage(request: TSensorPageInput) {
  return usePageQuery<TSensorSummary>(sensorKeys.page(request), '/web/sensor/page', request);
}

export function useSensorDetail(id: number | undefined) {
  return useQuery({
    queryKey: sensorKeys.detail(id ?? 0),
    queryFn: () => http.get<TSensorDetail>('/web/sensor/detail', { id }),
    enabled: id !== undefined,
  });
}

export function useSiteSensors(stationId: number | undefined) {
  return useQuery({
    queryKey: sensorKeys.ofSite(stationId ?? 0),
    queryFn: () => http.get<TSiteSensor[]>('/web/sensor/site_sensors', { stationId }),
    enabled: stationId !== undefined,
  });
}

export const useUpdateSensor = createPostHook<TSensorUpdateInput, null>('/web/sensor/update', [
  sensorKeys.all,
]);

export const useMoveSensor = createPostHook<TSensorMoveInput, TSensorMoveReply>('/web/sensor/move', [
  sensorKeys.all,
  ['stations'],
  ['channel-configs'],
]);
