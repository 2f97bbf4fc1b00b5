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
import { createIdPostHook, createPostHook, usePageQuery } from '../../request/queries.ts';
import { http } from '../../request/request.ts';

export const webhookKeys = {
  all: ['webhooks'] as const,
  page: (request: TWebhookPageRequest) => ['webhooks', 'page', request] as const,
  deliveries: (request: TWebhookDeliveryPageRequest) => ['webhooks', 'deliveries', request] as const,
};

export function useWebhookPage(request: TWebhookPageRequest) {
  return usePageQuery<TWebhookRecord>(webhookKeys.page(request), '/system/webhook/page', request);
}

export const useCreateWebhook = createPostHook<TWebhookCreateRequest, TWebhookSecret>(
  '/system/webhook/create',
  [webhookKeys.all],
);

export const useUpdateWebhook = createPostHook<TWebhookUpdateRequest, null>('/system/webhook/update', [
  webhookKeys.all,
]);

export const useEnableWebhook = createPostHook<TWebhookEnableRequest, null>('/system/webhook/enable', [
  webhookKeys.all,
]);

export const useRotateWebhookSecret = createIdPostHook<TWebhookSecret>('/system/webhook/rotate_secret', [
  webhookKeys.all,
]);

export const useDeleteWebhook = createIdPostHook<null>('/system/webhook/delete', [webhookKeys.all]);

export const useTestWebhook = createIdPostHook<TWebhookDeliveryRecord>('/system/webhook/test', [
  webhookKeys.all,
]);

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
