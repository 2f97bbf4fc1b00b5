import { z } from 'zod';
import { ZPageRequest } from '../api.ts';
import { vmsg } from '../i18n/validation.ts';
import { ZOptionalEmail, ZOptionalPhone } from '../identity/users.schema.ts';
import { ZId, ZQueryId, zOptionalText, zRequiredText } from '../text.schema.ts';

// ---------------------------------------------------------------------------------------------------
// Owners (业主, SPEC §3 Owner: name, phone, email)

/** POST /web/owner/page. */
export const ZOwnerPageRequest = ZPageRequest.extend({
  /** Matches name, phone or e-mail. */
  keywords: z.string().trim().max(50).optional(),
});
export type TOwnerPageRequest = z.infer<typeof ZOwnerPageRequest>;

/** POST /web/owner/save_or_update: name required (≤ 20, unique), phone and e-mail optional and checked. */
export const ZOwnerSaveRequest = z.object({
  id: ZId.optional(),
  name: zRequiredText('ownerNameRequired'),
  phone: ZOptionalPhone,
  email: ZOptionalEmail,
});
export type TOwnerSaveRequest = z.infer<typeof ZOwnerSaveRequest>;

export const ZOwnerRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** Live sites of this owner. */
  stationCount: z.number().int(),
  createTime: z.string(),
});
export type TOwnerRecord = z.infer<typeof ZOwnerRecord>;

/** GET /web/common/owners: the owner drop-down. */
export const ZOwnerOption = z.object({ id: z.number().int(), name: z.string() });
export type TOwnerOption = z.infer<typeof ZOwnerOption>;

// ---------------------------------------------------------------------------------------------------
// Device types and manufacturers (SPEC §3 Manufacturer: deviceType, name, model, contact, telephone, email)

export const MANUFACTURER_KINDS = ['deviceType', 'manufacturer'] as const;
export type TManufacturerKind = (typeof MANUFACTURER_KINDS)[number];

/**
 * POST /web/manufacturer/saveOrUpdate. `kind` 'manufacturer' (default): a supplier under a device type,
 * given by `deviceType` (its name; created when new) — deviceType and name required, the rest optional.
 * `kind` 'deviceType': creates or renames (with `id`) a device type named `deviceType`.
 */
export const ZManufacturerSaveRequest = z
  .object({
    kind: z.enum(MANUFACTURER_KINDS, vmsg('oneOf')).default('manufacturer'),
    id: ZId.optional(),
    deviceType: zRequiredText('deviceTypeRequired'),
    name: zOptionalText(),
    model: zOptionalText(),
    contact: zOptionalText(),
    telephone: ZOptionalPhone,
    email: ZOptionalEmail,
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'manufacturer' && v.name === '') {
      ctx.addIssue({ code: 'custom', path: ['name'], message: vmsg('supplierNameRequired').error });
    }
  });
export type TManufacturerSaveRequest = z.infer<typeof ZManufacturerSaveRequest>;

/** GET /web/manufacturer/checkRelation and /del: `?id=&kind=` (kind defaults to manufacturer). */
export const ZManufacturerRefQuery = z.object({
  id: ZQueryId,
  kind: z.enum(MANUFACTURER_KINDS, vmsg('oneOf')).default('manufacturer'),
});
export type TManufacturerRefQuery = z.infer<typeof ZManufacturerRefQuery>;

/** What deleting would do: refused while sites use it; otherwise `childCount` manufacturers go with a type. */
export const ZManufacturerRelation = z.object({
  canDelete: z.boolean(),
  /** Live sites using the manufacturer (or any manufacturer of the type). */
  stationCount: z.number().int(),
  /** Manufacturers deleted with a device type (0 for a manufacturer). */
  childCount: z.number().int(),
  /** Localised explanation for the confirmation dialog. */
  message: z.string(),
});
export type TManufacturerRelation = z.infer<typeof ZManufacturerRelation>;

/** POST /web/manufacturer/getList: device types with their manufacturers, filtered. */
export const ZManufacturerListRequest = z.object({
  deviceTypeId: ZId.optional(),
  /** Matches type, supplier, model or contact. */
  keywords: z.string().trim().max(50).optional(),
});
export type TManufacturerListRequest = z.infer<typeof ZManufacturerListRequest>;

export const ZManufacturerRecord = z.object({
  id: z.number().int(),
  deviceTypeId: z.number().int(),
  deviceType: z.string(),
  name: z.string(),
  model: z.string(),
  contact: z.string(),
  telephone: z.string(),
  email: z.string(),
  stationCount: z.number().int(),
  createTime: z.string(),
});
export type TManufacturerRecord = z.infer<typeof ZManufacturerRecord>;

export const ZDeviceTypeNode = z.object({
  id: z.number().int(),
  name: z.string(),
  stationCount: z.number().int(),
  createTime: z.string(),
  children: z.array(ZManufacturerRecord),
});
export type TDeviceTypeNode = z.infer<typeof ZDeviceTypeNode>;

/** GET /web/manufacturer/getAllType: every device type with its manufacturer count. */
export const ZDeviceTypeOption = z.object({
  id: z.number().int(),
  name: z.string(),
  manufacturerCount: z.number().int(),
});
export type TDeviceTypeOption = z.infer<typeof ZDeviceTypeOption>;

// ---------------------------------------------------------------------------------------------------
// Tags (SPEC §3 Tag: name, status enable/disable, color, group (parentName), usageCount)

export const TAG_STATUSES = ['enable', 'disable'] as const;
export type TTagStatus = (typeof TAG_STATUSES)[number];

export const ZColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, vmsg('color'));

/** GET /web/sys/tag/list. */
export const ZTagListQuery = z.object({
  keywords: z.string().trim().max(50).optional(),
  status: z.enum(TAG_STATUSES, vmsg('oneOf')).optional(),
  groupId: ZQueryId.optional(),
});
export type TTagListQuery = z.infer<typeof ZTagListQuery>;

/** POST /web/sys/tag/save_or_update: `parentName` is the group (created when new; blank = no group). */
export const ZTagSaveRequest = z.object({
  id: ZId.optional(),
  name: zRequiredText('tagNameRequired'),
  color: ZColor.default('#1e88e5'),
  status: z.enum(TAG_STATUSES, vmsg('oneOf')).default('enable'),
  parentName: zOptionalText(),
});
export type TTagSaveRequest = z.infer<typeof ZTagSaveRequest>;

/** POST /web/sys/tag/enable and /disable. */
export const ZTagIdsRequest = z.object({ ids: z.array(ZId).min(1, vmsg('required')).max(500) });
export type TTagIdsRequest = z.infer<typeof ZTagIdsRequest>;

export const ZTagRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  status: z.enum(TAG_STATUSES),
  groupId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  /** Live sites carrying the tag (coverage count). */
  usageCount: z.number().int(),
  createTime: z.string(),
});
export type TTagRecord = z.infer<typeof ZTagRecord>;

export const ZTagGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  tagCount: z.number().int(),
  tags: z.array(ZTagRecord),
});
export type TTagGroup = z.infer<typeof ZTagGroup>;
