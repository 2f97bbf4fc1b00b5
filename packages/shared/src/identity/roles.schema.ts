import { z } from 'zod';
import { ZPageRequest } from '../api.ts';
import { REASON_TEXT_MAX } from '../constants.ts';
import { requiredError } from '../i18n/validation.ts';
import { ZId, zOptionalText, zRequiredText } from '../text.schema.ts';
import { FEATURE_KEYS, type FeatureKey } from './features.ts';

export const DATA_SCOPES = ['all', 'list'] as const;
/** 'all': every site including future ones; 'list': the sites chosen for the role. */
export const ZDataScope = z.enum(DATA_SCOPES);
export type TDataScope = z.infer<typeof ZDataScope>;

export const ZFeatureKey = z.enum(FEATURE_KEYS as [FeatureKey, ...FeatureKey[]]);

/** POST /security/sys/role/save_or_update: name (required, ≤ 20, unique) and description (≤ 50). */
export const ZRoleSaveRequest = z.object({
  id: ZId.optional(),
  name: zRequiredText('roleNameRequired'),
  description: zOptionalText(REASON_TEXT_MAX),
  /** Every holder must log in with a second factor (those without one set it up at their next login). */
  requiresSecondFactor: z.boolean().optional(),
});
export type TRoleSaveRequest = z.infer<typeof ZRoleSaveRequest>;

export const ZRolePageRequest = ZPageRequest.extend({ keywords: z.string().trim().max(50).optional() });
export type TRolePageRequest = z.infer<typeof ZRolePageRequest>;

export const ZRoleRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  isAdmin: z.boolean(),
  dataScope: ZDataScope,
  userCount: z.number().int(),
  featureCount: z.number().int(),
  createTime: z.string(),
  requiresSecondFactor: z.boolean(),
});
export type TRoleRecord = z.infer<typeof ZRoleRecord>;

export const ZRoleStation = z.object({
  id: z.number().int(),
  stationCode: z.string(),
  projectName: z.string(),
});

/** A role's function permissions and data permissions (the RoleRight screen). */
export const ZRoleRights = z.object({
  roleId: z.number().int(),
  roleName: z.string(),
  isAdmin: z.boolean(),
  features: z.array(z.string()),
  dataScope: ZDataScope,
  /** The chosen sites when dataScope is 'list' (empty for 'all'). */
  stations: z.array(ZRoleStation),
});
export type TRoleRights = z.infer<typeof ZRoleRights>;

/** GET /security/sys/role/detail: the record plus its rights. */
export const ZRoleDetail = ZRoleRecord.extend({
  features: z.array(z.string()),
  stationIds: z.array(z.number().int()),
});
export type TRoleDetail = z.infer<typeof ZRoleDetail>;

/** POST /security/sys/role/rights: replaces the role's features, data scope and site list. */
export const ZRoleRightsRequest = z.object({
  roleId: z.number(requiredError('roleRequired')).int().positive(),
  features: z.array(ZFeatureKey).max(FEATURE_KEYS.length * 2),
  dataScope: ZDataScope,
  stationIds: z.array(ZId).max(20_000).default([]),
});
export type TRoleRightsRequest = z.infer<typeof ZRoleRightsRequest>;

/** POST /security/sys/role/assigned_users: the users holding a role. */
export const ZAssignedUsersRequest = ZPageRequest.extend({
  roleId: z.number(requiredError('roleRequired')).int().positive(),
  keywords: z.string().trim().max(50).optional(),
});
export type TAssignedUsersRequest = z.infer<typeof ZAssignedUsersRequest>;
