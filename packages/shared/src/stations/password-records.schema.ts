import { z } from 'zod';
import { REASON_TEXT_MAX } from '../constants.ts';
import type { TLocalized } from '../i18n/language.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { ZId, zOptionalText } from '../text.schema.ts';

/** What a password record is for: the data logger, the logger's SIM card, or something else on site. */
export const PASSWORD_RECORD_KINDS = ['logger', 'sim', 'other'] as const;
export type TPasswordRecordKind = (typeof PASSWORD_RECORD_KINDS)[number];

export const PASSWORD_RECORD_KIND_NAMES: Record<TPasswordRecordKind, TLocalized> = {
  logger: { zh: '数据采集器', en: 'Data logger' },
  sim: { zh: 'SIM 卡', en: 'SIM card' },
  other: { zh: '其他', en: 'Other' },
};

/**
 * POST /web/station/password_record/add: one more entry in a site's password history. Earlier entries
 * are kept; `effectiveTime` (default: now) says from when the password applies.
 */
export const ZPasswordRecordAddRequest = z.object({
  stationId: ZId,
  kind: z.enum(PASSWORD_RECORD_KINDS, vmsg('oneOf')),
  /** The logger serial number or SIM number the password belongs to. */
  target: zOptionalText(REASON_TEXT_MAX),
  password: z
    .string(requiredError('passwordRequired'))
    .min(1, vmsg('passwordRequired'))
    .max(REASON_TEXT_MAX, vmsg('maxLength')),
  effectiveTime: z.coerce.date().optional(),
  notes: zOptionalText(REASON_TEXT_MAX),
});
export type TPasswordRecordAddRequest = z.infer<typeof ZPasswordRecordAddRequest>;

/** A password record as shown to users who may edit the site; `password` is decrypted. */
export const ZPasswordRecord = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  kind: z.enum(PASSWORD_RECORD_KINDS),
  kindName: z.string(),
  target: z.string(),
  /** Empty when the stored secret cannot be decrypted with this server's key (`isDecryptable` false). */
  password: z.string(),
  isDecryptable: z.boolean(),
  effectiveTime: z.string(),
  notes: z.string(),
  creatorName: z.string(),
  createTime: z.string(),
});
export type TPasswordRecord = z.infer<typeof ZPasswordRecord>;
