import { z } from 'zod';
import { requiredError } from '../i18n/validation.ts';
import { ZId, ZQueryId, zRequiredText } from '../text.schema.ts';

/** POST /security/sys/company/save: company names are required, ≤ 20 characters, unique (SPEC §5). */
export const ZCompanySaveRequest = z.object({ name: zRequiredText('companyNameRequired') });
export type TCompanySaveRequest = z.infer<typeof ZCompanySaveRequest>;

/** POST /security/sys/company/update. */
export const ZCompanyUpdateRequest = z.object({ id: ZId, name: zRequiredText('companyNameRequired') });
export type TCompanyUpdateRequest = z.infer<typeof ZCompanyUpdateRequest>;

/** POST /security/sys/group/save: a department (SPEC "group") of a company; unique within it. */
export const ZGroupSaveRequest = z.object({
  companyId: z.number(requiredError('companyRequired')).int().positive(),
  name: zRequiredText('groupNameRequired'),
});
export type TGroupSaveRequest = z.infer<typeof ZGroupSaveRequest>;

/** POST /security/sys/group/update: renames a department (it stays in its company). */
export const ZGroupUpdateRequest = z.object({ id: ZId, name: zRequiredText('groupNameRequired') });
export type TGroupUpdateRequest = z.infer<typeof ZGroupUpdateRequest>;

/** POST /security/sys/group/list: the company › department tree, optionally narrowed. */
export const ZGroupListRequest = z.object({
  keywords: z.string().trim().max(50).optional(),
  companyId: ZId.optional(),
});
export type TGroupListRequest = z.infer<typeof ZGroupListRequest>;

export const ZGroupNode = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  userCount: z.number().int(),
  createTime: z.string(),
});
export type TGroupNode = z.infer<typeof ZGroupNode>;

/** One company of the tree with its departments. */
export const ZCompanyNode = z.object({
  id: z.number().int(),
  name: z.string(),
  userCount: z.number().int(),
  createTime: z.string(),
  groups: z.array(ZGroupNode),
});
export type TCompanyNode = z.infer<typeof ZCompanyNode>;

/**
 * Answer of the delete checks: whether the record can be deleted and, if not, why — the error code
 * and its localised message, plus the counts behind it.
 */
export const ZDeleteCheck = z.object({
  canDelete: z.boolean(),
  reasons: z.array(z.object({ errorCode: z.string(), message: z.string(), count: z.number().int() })),
});
export type TDeleteCheck = z.infer<typeof ZDeleteCheck>;

/** GET …/drop_down_search: up to 50 options whose name contains the keywords. */
export const ZDropDownQuery = z.object({
  keywords: z.string().trim().max(50).optional(),
  /** Departments only: the company to list them for. */
  companyId: ZQueryId.optional(),
});
export type TDropDownQuery = z.infer<typeof ZDropDownQuery>;

export const ZDropDownOption = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Departments only. */
  companyId: z.number().int().optional(),
});
export type TDropDownOption = z.infer<typeof ZDropDownOption>;
