import { z } from 'zod';
import { ZPageRequest } from '../api.ts';
import type { TLocalized } from '../i18n/language.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { ZId } from '../text.schema.ts';

// ---------------------------------------------------------------------------------------------------
// File-match rules (SPEC §3 File match rule, §5; /systemManage/RuleManage): which fetched file belongs
// to which site. Rules are tried in order; the first whose folder/inbox, conditions and file-type
// suffixes all hold decides the site — a fixed one, or the site code read from the file name.

/** What a condition looks at (GET /web/rule/match/component). */
export const MATCH_COMPONENTS = ['fileName', 'subject', 'sender', 'folder'] as const;
export type TMatchComponent = (typeof MATCH_COMPONENTS)[number];

export const MATCH_COMPONENT_NAMES: Record<TMatchComponent, TLocalized> = {
  fileName: { zh: '文件名（附件名）', en: 'File name (attachment name)' },
  subject: { zh: '邮件主题', en: 'E-mail subject' },
  sender: { zh: '发件人', en: 'Sender' },
  folder: { zh: '文件夹（收件箱）', en: 'Folder (mailbox)' },
};

/** How a condition compares; text comparisons ignore case. */
export const MATCH_OPERATORS = ['prefix', 'suffix', 'contains', 'equals', 'regex'] as const;
export type TMatchOperator = (typeof MATCH_OPERATORS)[number];

export const MATCH_OPERATOR_NAMES: Record<TMatchOperator, TLocalized> = {
  prefix: { zh: '以…开头', en: 'Starts with' },
  suffix: { zh: '以…结尾', en: 'Ends with' },
  contains: { zh: '包含', en: 'Contains' },
  equals: { zh: '等于', en: 'Equals' },
  regex: { zh: '正则表达式', en: 'Regular expression' },
};

/** How the site of a matched file is found. */
export const STATION_MATCH_MODES = ['fixed', 'fromName'] as const;
export type TStationMatchMode = (typeof STATION_MATCH_MODES)[number];

export const STATION_MATCH_MODE_NAMES: Record<TStationMatchMode, TLocalized> = {
  fixed: { zh: '指定站点', en: 'A chosen site' },
  fromName: { zh: '从文件名中提取站点编号', en: 'Site code taken from the file name' },
};

/**
 * File types a rule can name (GET /web/rule/file_match/fileTypeSuffix). `isParsed` false: stored as
 * raw files and listed "stored, not parsed" (vendor binaries, mesoscale .wnd).
 */
export const FILE_TYPE_SUFFIXES = [
  { value: 'csv', isParsed: true },
  { value: 'txt', isParsed: true },
  { value: 'dat', isParsed: true },
  { value: 'xls', isParsed: true },
  { value: 'xlsx', isParsed: true },
  { value: 'rld', isParsed: false },
  { value: 'rwd', isParsed: false },
  { value: 'wnd', isParsed: false },
] as const;

export const FILE_MATCH_RULE_NAME_MAX = 50;
export const FILE_MATCH_CONDITIONS_MAX = 10;

const NO_WHITESPACE = /^\S*$/;

/** Whether `pattern` compiles as a JavaScript regular expression (with the `i` flag). */
export function isValidRegex(pattern: string): boolean {
  try {
    new RegExp(pattern, 'i');
    return true;
  } catch {
    return false;
  }
}

export const ZFileMatchCondition = z
  .object({
    component: z.enum(MATCH_COMPONENTS, vmsg('oneOf')),
    operator: z.enum(MATCH_OPERATORS, vmsg('oneOf')),
    value: z.string(requiredError('required')).trim().min(1, vmsg('required')).max(200, vmsg('maxLength')),
  })
  .superRefine((v, ctx) => {
    if (v.operator === 'regex' && !isValidRegex(v.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: vmsg('regex').error });
    }
  });
export type TFileMatchCondition = z.infer<typeof ZFileMatchCondition>;

/** A folder or mailbox of a rule: no whitespace (SPEC §5 "empty characters not allowed"). */
const ZRuleFolder = z
  .string()
  .max(255, vmsg('maxLength'))
  .regex(NO_WHITESPACE, vmsg('noWhitespace'))
  .nullish()
  .transform((v) => v ?? '');

/**
 * POST /web/rule/file_match/save_or_update. SPEC §5: the name is required, unique and has no whitespace;
 * folder and inbox are not both empty. `folder` is an FTP folder the file must be under, `inbox` the
 * mailbox the message must be in. `fileTypeSuffixes` empty = any type. Site: `stationMode` 'fixed' with
 * `stationId`, or 'fromName' — `stationCodeRegex` (its first group is the code) or else the
 * `stationCodeLength` characters from position `stationCodeStart` (1-based) of the file name.
 */
export const ZFileMatchRuleSaveRequest = z
  .object({
    id: ZId.optional(),
    name: z
      .string(requiredError('ruleNameRequired'))
      .min(1, vmsg('ruleNameRequired'))
      .max(FILE_MATCH_RULE_NAME_MAX, vmsg('maxLength'))
      .regex(NO_WHITESPACE, vmsg('noWhitespace')),
    dataSourceId: ZId.nullish().transform((v) => v ?? null),
    folder: ZRuleFolder,
    inbox: ZRuleFolder,
    conditions: z
      .array(ZFileMatchCondition)
      .max(FILE_MATCH_CONDITIONS_MAX, vmsg('tooLarge'))
      .nullish()
      .transform((v) => v ?? []),
    fileTypeSuffixes: z
      .array(
        z
          .string()
          .trim()
          .transform((s) => s.replace(/^\./, '').toLowerCase())
          .pipe(z.string().regex(/^[a-z0-9]{1,10}$/, vmsg('fileTypeSuffix'))),
      )
      .max(20, vmsg('tooLarge'))
      .nullish()
      .transform((v) => [...new Set(v ?? [])]),
    stationMode: z.enum(STATION_MATCH_MODES, vmsg('oneOf')),
    stationId: ZId.nullish().transform((v) => v ?? null),
    stationCodeRegex: z
      .string()
      .max(200, vmsg('maxLength'))
      .nullish()
      .transform((v) => v?.trim() ?? ''),
    stationCodeStart: z.coerce.number().int().min(1, vmsg('tooSmall')).max(255, vmsg('tooLarge')).default(1),
    stationCodeLength: z.coerce.number().int().min(1, vmsg('tooSmall')).max(20, vmsg('tooLarge')).default(6),
    sortOrder: z.coerce.number().int().min(0).max(100000).default(0),
    isEnabled: z.boolean().default(true),
    notes: z
      .string()
      .trim()
      .max(200, vmsg('maxLength'))
      .nullish()
      .transform((v) => v ?? ''),
  })
  .superRefine((v, ctx) => {
    if (v.folder === '' && v.inbox === '') {
      for (const path of ['folder', 'inbox']) {
        ctx.addIssue({ code: 'custom', path: [path], message: vmsg('folderOrInboxRequired').error });
      }
    }
    if (v.stationMode === 'fixed' && v.stationId === null) {
      ctx.addIssue({ code: 'custom', path: ['stationId'], message: vmsg('stationRequired').error });
    }
    if (v.stationCodeRegex !== '' && !isValidRegex(v.stationCodeRegex)) {
      ctx.addIssue({ code: 'custom', path: ['stationCodeRegex'], message: vmsg('regex').error });
    }
  });
export type TFileMatchRuleSaveRequest = z.infer<typeof ZFileMatchRuleSaveRequest>;

/** POST /web/rule/file_match/page. */
export const ZFileMatchRulePageRequest = ZPageRequest.extend({
  /** Matches the rule name, folder, inbox or site code. */
  keywords: z.string().trim().max(50).optional(),
  dataSourceId: ZId.optional(),
});
export type TFileMatchRulePageRequest = z.infer<typeof ZFileMatchRulePageRequest>;

export const ZFileMatchRuleRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  dataSourceId: z.number().int().nullable(),
  /** Empty when the rule applies to every source. */
  dataSourceName: z.string(),
  folder: z.string(),
  inbox: z.string(),
  conditions: z.array(
    z.object({
      component: z.enum(MATCH_COMPONENTS),
      operator: z.enum(MATCH_OPERATORS),
      value: z.string(),
    }),
  ),
  fileTypeSuffixes: z.array(z.string()),
  stationMode: z.enum(STATION_MATCH_MODES),
  stationModeName: z.string(),
  stationId: z.number().int().nullable(),
  stationCode: z.string().nullable(),
  projectName: z.string().nullable(),
  stationCodeRegex: z.string(),
  stationCodeStart: z.number().int(),
  stationCodeLength: z.number().int(),
  sortOrder: z.number().int(),
  isEnabled: z.boolean(),
  notes: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type TFileMatchRuleRecord = z.infer<typeof ZFileMatchRuleRecord>;

/** POST /web/rule/file_match/options: rules for a drop-down, optionally of one source or one site. */
export const ZFileMatchRuleOptionsRequest = z.object({
  dataSourceId: ZId.optional(),
  stationId: ZId.optional(),
  keywords: z.string().trim().max(50).optional(),
});
export type TFileMatchRuleOptionsRequest = z.infer<typeof ZFileMatchRuleOptionsRequest>;

export const ZFileMatchRuleOption = z.object({
  id: z.number().int(),
  name: z.string(),
  dataSourceId: z.number().int().nullable(),
  stationMode: z.enum(STATION_MATCH_MODES),
  stationId: z.number().int().nullable(),
});
export type TFileMatchRuleOption = z.infer<typeof ZFileMatchRuleOption>;

/** GET /web/rule/match/component: what conditions can look at and how they compare. */
export const ZMatchComponents = z.object({
  components: z.array(
    z.object({ value: z.enum(MATCH_COMPONENTS), name: z.string(), fetchTypes: z.array(z.string()) }),
  ),
  operators: z.array(z.object({ value: z.enum(MATCH_OPERATORS), name: z.string() })),
  stationModes: z.array(z.object({ value: z.enum(STATION_MATCH_MODES), name: z.string() })),
});
export type TMatchComponents = z.infer<typeof ZMatchComponents>;

/** GET /web/rule/file_match/fileTypeSuffix. */
export const ZFileTypeSuffixOption = z.object({
  value: z.string(),
  name: z.string(),
  isParsed: z.boolean(),
});
export type TFileTypeSuffixOption = z.infer<typeof ZFileTypeSuffixOption>;
