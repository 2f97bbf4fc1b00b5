import { z } from 'zod';
import { ZPageRequest } from '../api.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { ZId, ZQueryIdList } from '../text.schema.ts';

/**
 * How a user reaches a site (SPEC §4): through the role (neither transferable nor removable), a
 * direct assignment (removable, not transferable) or ownership (transferable, not removable).
 */
export const STATION_ACCESS_KINDS = ['role', 'assigned', 'owner'] as const;
export const ZStationAccessKind = z.enum(STATION_ACCESS_KINDS);
export type TStationAccessKind = z.infer<typeof ZStationAccessKind>;

/** POST /security/sys/permission/user_authorize_station: add or remove direct assignments. */
export const ZAuthorizeStationRequest = z.object({
  userId: z.number(requiredError('userRequired')).int().positive(),
  type: z.enum(['add', 'remove']),
  stationIds: z.array(ZId, requiredError('stationsRequired')).min(1, vmsg('stationsRequired')).max(1000),
});
export type TAuthorizeStationRequest = z.infer<typeof ZAuthorizeStationRequest>;

export const ZAuthorizeStationReply = z.object({ changed: z.number().int() });

/**
 * GET /security/sys/user/transfer_authority: moves ownership of the chosen sites (comma-separated
 * `stationIds`), or of every site `fromUserId` owns when omitted, to `toUserId`.
 */
export const ZTransferAuthorityQuery = z
  .object({
    fromUserId: z.coerce.number(requiredError('userRequired')).int().positive(),
    toUserId: z.coerce.number(requiredError('userRequired')).int().positive(),
    stationIds: ZQueryIdList.optional(),
  })
  .refine((q) => q.fromUserId !== q.toUserId, { ...vmsg('transferToSameUser'), path: ['toUserId'] });
export type TTransferAuthorityQuery = z.infer<typeof ZTransferAuthorityQuery>;

export const ZTransferAuthorityReply = z.object({
  transferred: z.number().int(),
  stationIds: z.array(z.number().int()),
});

/**
 * POST /security/sys/user/station_user_page: the sites a user reaches ('granted', with how) or the
 * sites the caller could assign to them ('available'). Either way only sites the caller may see.
 */
export const ZStationUserPageRequest = ZPageRequest.extend({
  userId: z.number(requiredError('userRequired')).int().positive(),
  mode: z.enum(['granted', 'available']).default('granted'),
  kind: ZStationAccessKind.optional(),
  keywords: z.string().trim().max(50).optional(),
});
export type TStationUserPageRequest = z.infer<typeof ZStationUserPageRequest>;

export const ZStationAccessRecord = z.object({
  stationId: z.number().int(),
  stationCode: z.string(),
  projectName: z.string(),
  province: z.string().nullable(),
  ownerName: z.string().nullable(),
  kinds: z.array(ZStationAccessKind),
  /** True when the access is a direct assignment that can be removed. */
  isRemovable: z.boolean(),
  /** True when the user owns the site and can hand it to someone else. */
  isTransferable: z.boolean(),
});
export type TStationAccessRecord = z.infer<typeof ZStationAccessRecord>;

/** POST /security/sys/permission/station_options: sites the caller may see, for pickers. */
export const ZStationOptionsRequest = z.object({
  keywords: z.string().trim().max(50).optional(),
  limit: z.number().int().min(1).max(1000).default(50),
});
export const ZStationOption = z.object({
  id: z.number().int(),
  stationCode: z.string(),
  projectName: z.string(),
});
export type TStationOption = z.infer<typeof ZStationOption>;
