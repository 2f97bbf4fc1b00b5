import type {
  TDeviceTypeNode,
  TDeviceTypeOption,
  TManufacturerListRequest,
  TManufacturerRefQuery,
  TManufacturerRelation,
  TManufacturerSaveRequest,
} from '@masthub/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createPostHook, useInvalidatingMutation } from '../../request/queries.ts';
import { http } from '../../request/request.ts';

export const manufacturerKeys = {
  all: ['manufacturers'] as const,
  types: ['manufacturers', 'types'] as const,
  list: (request: TManufacturerListRequest) => ['manufacturers', 'list', request] as const,
};

/** Every device type with its manufacturer count (GET /web/manufacturer/getAllType). */
export function useDeviceTypes() {
  return useQuery({
    queryKey: manufacturerKeys.types,
    queryFn: () => http.get<TDeviceTypeOption[]>('/web/manufacturer/getAllType'),
  });
}

/** Device types with their manufacturers, filtered by type and keywords (POST /web/manufacturer/getList). */
export function useManufacturerList(request: TManufacturerListRequest) {
  return useQuery({
    queryKey: manufacturerKeys.list(request),
    queryFn: () => http.post<TDeviceTypeNode[]>('/web/manufacturer/getList', request),
    placeholderData: keepPreviousData,
  });
}

/** Saves a manufacturer or a device type (`kind`), POST /web/manufacturer/saveOrUpdate. */
export const useSaveManufacturer = createPostHook<
  TManufacturerSaveRequest,
  { id: number; deviceTypeId: number }
>('/web/manufacturer/saveOrUpdate', [manufacturerKeys.all]);

/** Whether a type or manufacturer may be deleted, and what goes with it (SPEC §5). */
export function checkManufacturerRelation(ref: TManufacturerRefQuery): Promise<TManufacturerRelation> {
  return http.get<TManufacturerRelation>('/web/manufacturer/checkRelation', { ...ref });
}

/** Deletes a manufacturer, or a device type with its manufacturers (after the user confirmed). */
export function useDeleteManufacturer() {
  return useInvalidatingMutation(
    (ref: TManufacturerRefQuery) => http.get<null>('/web/manufacturer/del', { ...ref }),
    [manufacturerKeys.all],
  );
}
