import type {
  TPage,
  TWebhookCreateRequest,
  TWebhookDeliveryPageRequest,
  TWebhookDeliveryRecord,
  TWebhookEnableRequest,
  TWebhookPageRequest,
  TWebhookRecord,
  TWebhookSecret,
  TWebhookUpdateRequest,
} from '@masthub/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useInvalidatingMutation, usePageQuery } from '../../request/queries.ts';
import { http } from '../../request/request.ts';

export const webhookKeys = {
  all: ['webhooks'] as const,
  page: (request: TWebhookPageRequest) => ['webhooks', 'page', request] as const,
  deliveries: (request: TWebhookDeliveryPageRequest) => ['webhooks', 'deliveries', request] as const,
};

export function useWebhookPage(request: TWebhookPageRequest) {
  return usePageQuery<TWebhookRecord>(webhookKeys.page(request), '/system/webhook/page', request);
}

export function useCreateWebhook() {
  return useInvalidatingMutation(
    (body: TWebhookCreateRequest) => http.post<TWebhookSecret>('/system/webhook/create', body),
    [webhookKeys.all],
  );
}

export function useUpdateWebhook() {
  return useInvalidatingMutation(
    (body: TWebhookUpdateRequest) => http.post<null>('/system/webhook/update', body),
    [webhookKeys.all],
  );
}

export function useEnableWebhook() {
  return useInvalidatingMutation(
    (body: TWebhookEnableRequest) => http.post<null>('/system/webhook/enable', body),
    [webhookKeys.all],
  );
}

export function useRotateWebhookSecret() {
  return useInvalidatingMutation(
    (id: number) => http.post<TWebhookSecret>('/system/webhook/rotate_secret', { id }),
    [webhookKeys.all],
  );
}

export function useDeleteWebhook() {
  return useInvalidatingMutation(
    (id: number) => http.post<null>('/system/webhook/delete', { id }),
    [webhookKeys.all],
  );
}

export function useTestWebhook() {
  return useInvalidatingMutation(
    (id: number) => http.post<TWebhookDeliveryRecord>('/system/webhook/test', { id }),
    [webhookKeys.all],
  );
}

/** A hook's delivery log; refreshed every few seconds while a delivery is still waiting or being sent. */
export function useWebhookDeliveries(request: TWebhookDeliveryPageRequest, isEnabled: boolean) {
  return useQuery({
    queryKey: webhookKeys.deliveries(request),
    queryFn: () => http.post<TPage<TWebhookDeliveryRecord>>('/system/webhook/deliveries', request),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.records.some((d) => d.status === 'pending' || d.status === 'sending') ? 3000 : false,
  });
}
