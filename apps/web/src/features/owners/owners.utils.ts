import type { TOwnerPageRequest, TOwnerSaveRequest } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';

/** What the owner form holds. */
export interface OwnerFormValues {
  name?: string;
  phone?: string;
  email?: string;
}

/** Form → POST /web/owner/save_or_update: blank optional inputs become null, as the server stores them. */
export function toOwnerSaveRequest(values: OwnerFormValues, id: number | undefined): TOwnerSaveRequest {
  return {
    ...(id === undefined ? {} : { id }),
    name: values.name?.trim() ?? '',
    phone: values.phone?.trim() || null,
    email: values.email?.trim() || null,
  };
}

/** The body of POST /web/owner/page: page 20, blank keywords left out. */
export function toOwnerPageRequest(keywords: string, pageNo: number): TOwnerPageRequest {
  const trimmed = keywords.trim();
  return { pageNo, pageSize: PAGE_SIZE, ...(trimmed ? { keywords: trimmed } : {}) };
}
