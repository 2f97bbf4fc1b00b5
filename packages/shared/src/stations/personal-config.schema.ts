import { z } from 'zod';
import { FIXED_COLUMNS_MAX } from '../constants.ts';
import { vmsg } from '../i18n/validation.ts';
import { MAP_ANNOTATIONS_CONFIG_TYPE, ZMapAnnotations } from './map-annotations.schema.ts';

/** Config types and keys: letters, digits, '.', '_' and '-', starting with a letter. */
const ZConfigName = z
  .string()
  .trim()
  .regex(/^[A-Za-z][\w.-]{0,49}$/, vmsg('configKey'));

/** The site list's screen (SPEC §2 /stationManage): its search fields and table columns. */
export const STATION_LIST_CONFIG_TYPE = 'stationList';
export const STATION_LIST_CONFIG_KEYS = { columns: 'columns', searchFields: 'searchFields' } as const;

/** One column of a user's site table: shown or not, fixed side, width. Order = array order. */
export const ZColumnConfig = z.object({
  key: ZConfigName,
  visible: z.boolean().default(true),
  fixed: z
    .enum(['left', 'right'], vmsg('oneOf'))
    .nullish()
    .transform((v) => v ?? null),
  width: z.number().int().min(40).max(1000).optional(),
});
export type TColumnConfig = z.infer<typeof ZColumnConfig>;

/** The columns value: at most FIXED_COLUMNS_MAX fixed columns (SPEC §5). */
export const ZColumnsConfig = z
  .array(ZColumnConfig)
  .max(100)
  .refine((columns) => columns.filter((c) => c.visible && c.fixed).length <= FIXED_COLUMNS_MAX, {
    ...vmsg('fixedColumnsMax'),
    params: { maximum: FIXED_COLUMNS_MAX },
  });

/** One search field of a user's site query form: shown or not. Order = array order. */
export const ZSearchFieldConfig = z.object({ key: ZConfigName, visible: z.boolean().default(true) });
export const ZSearchFieldsConfig = z.array(ZSearchFieldConfig).max(100);

/** The data receipt's daily e-mail digest (issue 30): a data administrator opts in with `true`. */
export const RECEIPT_CONFIG_TYPE = 'receipt';
export const RECEIPT_CONFIG_KEYS = { digest: 'digest' } as const;

/** One stored setting. Values of the known site-list keys and of the map notes are checked; others are any JSON (≤ 20 000 chars). */
export const ZPersonalConfigItem = z
  .object({ type: ZConfigName, key: ZConfigName, value: z.unknown() })
  .superRefine((item, ctx) => {
    if (item.value === undefined) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: vmsg('required').error });
      return;
    }
    if (JSON.stringify(item.value).length > 20_000) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: vmsg('invalidType').error });
      return;
    }
    if (item.type === RECEIPT_CONFIG_TYPE) {
      if (item.key !== RECEIPT_CONFIG_KEYS.digest || typeof item.value !== 'boolean') {
        ctx.addIssue({ code: 'custom', path: ['value'], message: vmsg('invalidType').error });
      }
      return;
    }
    if (item.type !== STATION_LIST_CONFIG_TYPE && item.type !== MAP_ANNOTATIONS_CONFIG_TYPE) return;
    const schema =
      item.type === MAP_ANNOTATIONS_CONFIG_TYPE
        ? ZMapAnnotations
        : item.key === STATION_LIST_CONFIG_KEYS.columns
          ? ZColumnsConfig
          : item.key === STATION_LIST_CONFIG_KEYS.searchFields
            ? ZSearchFieldsConfig
            : null;
    if (!schema) return;
    const parsed = schema.safeParse(item.value);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const isFixed = issue.message === vmsg('fixedColumnsMax').error;
      ctx.addIssue({
        code: 'custom',
        path: ['value', ...issue.path],
        message: issue.message.startsWith('v.') ? issue.message : vmsg('invalidType').error,
        ...(isFixed ? { maximum: FIXED_COLUMNS_MAX } : {}),
      } as never);
    }
  });
export type TPersonalConfigItem = z.infer<typeof ZPersonalConfigItem>;

/** POST /web/personalConfig/listByType. */
export const ZPersonalConfigListRequest = z.object({ type: ZConfigName });
export type TPersonalConfigListRequest = z.infer<typeof ZPersonalConfigListRequest>;

/** POST /web/personalConfig/saveOrUpdateBatch: settings of the caller, written all-or-nothing. */
export const ZPersonalConfigBatchRequest = z.array(ZPersonalConfigItem).min(1, vmsg('required')).max(50);
export type TPersonalConfigBatchRequest = z.infer<typeof ZPersonalConfigBatchRequest>;

export const ZPersonalConfigRecord = z.object({
  type: z.string(),
  key: z.string(),
  value: z.unknown(),
  updateTime: z.string(),
});
export type TPersonalConfigRecord = z.infer<typeof ZPersonalConfigRecord>;
