import { z } from 'zod';
import { ZPageRequest } from '../api.ts';
import {
  FREE_TEXT_MAX,
  REASON_TEXT_MAX,
  STATION_CODE_LENGTH,
  STATION_EMAILS_MAX,
  STATION_TAGS_MAX,
} from '../constants.ts';
import type { TLocalized } from '../i18n/language.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { isValidEmail } from '../identity/users.schema.ts';
import { ZId, ZQueryId, zOptionalText } from '../text.schema.ts';

// ---------------------------------------------------------------------------------------------------
// Reference values of a site (SPEC §3, §4). The server serves them through /web/common/… and
// /web/station/station_status; the web shows `name` and never the raw value.

/** Site status codes with names; colours come from stationStatusColor (constants.ts). */
export const STATION_STATUSES = [
  { value: -1, name: { zh: '未监测', en: 'Not monitored' } },
  { value: 0, name: { zh: '正常', en: 'Normal' } },
  { value: 1, name: { zh: '告警', en: 'Alarming' } },
  { value: 2, name: { zh: '重点关注', en: 'Under watch' } },
  { value: 3, name: { zh: '维护中', en: 'In maintenance' } },
] as const satisfies readonly { value: number; name: TLocalized }[];
export const STATION_STATUS_VALUES = STATION_STATUSES.map((s) => s.value) as number[];

export const STATION_TYPES = [
  { value: 'met_mast', name: { zh: '测风塔', en: 'Met mast' } },
  { value: 'lidar', name: { zh: '激光雷达', en: 'Lidar' } },
  { value: 'sodar', name: { zh: '声雷达', en: 'Sodar' } },
  { value: 'floating_lidar', name: { zh: '漂浮式激光雷达', en: 'Floating lidar' } },
] as const satisfies readonly { value: string; name: TLocalized }[];
export const STATION_TYPE_KEYS = ['met_mast', 'lidar', 'sodar', 'floating_lidar'] as const;
export type TStationType = (typeof STATION_TYPE_KEYS)[number];

export const WARN_TYPES = [
  { value: 'none', name: { zh: '无', en: 'None' } },
  { value: 'data_missing', name: { zh: '数据缺失', en: 'Data missing' } },
  { value: 'data_abnormal', name: { zh: '数据异常', en: 'Data abnormal' } },
  { value: 'icing', name: { zh: '传感器覆冰', en: 'Sensors iced' } },
] as const satisfies readonly { value: string; name: TLocalized }[];
export const WARN_TYPE_KEYS = ['none', 'data_missing', 'data_abnormal', 'icing'] as const;

export const WARN_STATUSES = [
  { value: 0, name: { zh: '未告警', en: 'No alarm' } },
  { value: 1, name: { zh: '告警中', en: 'Alarming' } },
  { value: 2, name: { zh: '已处理', en: 'Handled' } },
] as const satisfies readonly { value: number; name: TLocalized }[];

/** Warranty status, derived from the warranty date range and today: 1 within, 0 outside. */
export const WARRANTY_STATUSES = [
  { value: 1, name: { zh: '质保期内', en: 'In warranty' } },
  { value: 0, name: { zh: '质保期外', en: 'Out of warranty' } },
] as const satisfies readonly { value: number; name: TLocalized }[];

// ---------------------------------------------------------------------------------------------------
// Site code

/** Normalises a site code: digits only, 1–6 of them, zero-padded to 6; null when not a code. */
export function normalizeStationCode(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  return trimmed.padStart(STATION_CODE_LENGTH, '0');
}

/** A site code: 1–6 digits, zero-padded to 6 (`123` → `000123`). A number is accepted as its digits. */
export const ZStationCode = z
  .union([z.string(), z.number().int().nonnegative()], requiredError('stationCodeRequired'))
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .min(1, vmsg('stationCodeRequired'))
      .regex(/^\d{1,6}$/, vmsg('stationCode'))
      .transform((v) => v.padStart(STATION_CODE_LENGTH, '0')),
  );

// ---------------------------------------------------------------------------------------------------
// Helpers

const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, vmsg('invalidType'));

/** `[start, end]` as `YYYY-MM-DD`; start not later than end. Null or missing = no range. */
export const ZDateRange = z
  .tuple([ZIsoDate, ZIsoDate], vmsg('dateRange'))
  .refine(([a, b]) => a <= b, vmsg('dateRange'))
  .nullish()
  .transform((v) => v ?? null);
export type TDateRange = [string, string] | null;

/** A time range for filters: `[start, end]` as ISO date-times. */
const ZTimeRange = z
  .tuple([z.coerce.date(), z.coerce.date()], vmsg('dateRange'))
  .refine(([a, b]) => a <= b, vmsg('startAfterEnd'))
  .optional();

const ZEmailList = z
  .array(z.string().trim().refine(isValidEmail, vmsg('email')), vmsg('invalidType'))
  .max(STATION_EMAILS_MAX, vmsg('tooManyEmails'))
  .nullish()
  .transform((v) => [...new Set(v ?? [])]);

/** An optional number in a form: '' and null mean none. Strings of digits are accepted. */
function zOptionalNumber(min: number, max: number) {
  return z
    .union([z.number(), z.string().trim()], vmsg('number'))
    .nullish()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') return null;
      const n = typeof v === 'number' ? v : /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: 'custom', message: vmsg('number').error });
        return z.NEVER;
      }
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: vmsg('number').error });
        return z.NEVER;
      }
      return n;
    });
}

/** A coordinate: required by the form definition; here range-checked with its own message. */
function zCoordinate(key: 'longitude' | 'latitude', limit: number) {
  return z
    .union([z.number(), z.string().trim()], vmsg(key))
    .nullish()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') return null;
      const n = typeof v === 'number' ? v : /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isFinite(n) || n < -limit || n > limit) {
        ctx.addIssue({ code: 'custom', message: vmsg(key).error });
        return z.NEVER;
      }
      return n;
    });
}

const ZOptionalId = ZId.nullish().transform((v) => v ?? null);

/** Most measurement heights a site lists (WindCube 12–20, a Scintec sodar up to 58). */
export const MEASUREMENT_HEIGHTS_MAX = 60;

/** Heights as the form writes them ("40, 60 80;100") or as a list; sorted ascending, duplicates dropped. */
export function parseMeasurementHeights(value: string | readonly number[]): number[] | null {
  const parts =
    typeof value === 'string'
      ? value
          .split(/[\s,;，；、]+/)
          .filter((p) => p !== '')
          .map((p) => (/^\d+(\.\d+)?$/.test(p) ? Number(p) : Number.NaN))
      : [...value];
  if (parts.some((h) => !Number.isFinite(h) || h <= 0 || h > 1000)) return null;
  const heights = [...new Set(parts)].sort((a, b) => a - b);
  return heights.length > MEASUREMENT_HEIGHTS_MAX ? null : heights;
}

/** Heights as the form shows them: "40, 60, 80". */
export function formatMeasurementHeights(heights: readonly number[]): string {
  return heights.join(', ');
}

const ZMeasurementHeights = z
  .union([z.string().max(600, vmsg('measurementHeights')), z.array(z.number())], vmsg('measurementHeights'))
  .nullish()
  .transform((v, ctx) => {
    if (v === undefined || v === null) return [];
    const heights = parseMeasurementHeights(v);
    if (heights === null) {
      ctx.addIssue({ code: 'custom', message: vmsg('measurementHeights').error });
      return z.NEVER;
    }
    return heights;
  });

// ---------------------------------------------------------------------------------------------------
// Save

/**
 * POST /web/station/save_or_update: creates a site (no `id`, feature station.add) or updates one
 * (feature station.edit and data access). Which fields are required is decided by the server's edit-form
 * definition (GET /web/station/fields → edit[].required); this schema checks form and ranges only, so a
 * missing required field comes back as a field error from the server.
 */
export const ZStationSaveRequest = z.object({
  id: ZId.optional(),
  /** "Save as": the site this new one copies; creating a copy needs station.saveAs (or station.add). */
  copyFromId: ZId.optional(),
  stationCode: ZStationCode,
  projectName: zOptionalText(FREE_TEXT_MAX),
  stationType: z.enum(STATION_TYPE_KEYS, vmsg('oneOf')).nullish(),
  /** GB/T 2260 code of the province (or prefecture city); the province name follows from it. */
  regionCode: z
    .string()
    .trim()
    .regex(/^(\d{6})?$/, vmsg('oneOf'))
    .nullish()
    .transform((v) => v || null),
  location: zOptionalText(REASON_TEXT_MAX),
  longitude: zCoordinate('longitude', 180),
  latitude: zCoordinate('latitude', 90),
  altitude: zOptionalNumber(-500, 9000),
  pylonHeight: zOptionalNumber(0, 500),
  /** The fixed UTC offset (minutes) the site's loggers write; files that name no zone are read in it. */
  loggerUtcOffset: z
    .number(vmsg('oneOf'))
    .int()
    .min(-720, vmsg('oneOf'))
    .max(840, vmsg('oneOf'))
    .refine((v) => v % 15 === 0, vmsg('oneOf'))
    .nullish(),
  status: z
    .number(vmsg('oneOf'))
    .int()
    .refine((v) => STATION_STATUS_VALUES.includes(v), vmsg('oneOf'))
    .nullish(),
  startTime: z.coerce.date(vmsg('invalidType')).nullish(),
  manufacturerId: ZOptionalId,
  ownerPartyId: ZOptionalId,
  dataAdminId: ZOptionalId,
  warnType: z.enum(WARN_TYPE_KEYS, vmsg('oneOf')).nullish(),
  warnStatus: z
    .number(vmsg('oneOf'))
    .int()
    .refine((v) => v === 0 || v === 1 || v === 2, vmsg('oneOf'))
    .nullish(),
  warrantyDateRange: ZDateRange,
  installDateRange: ZDateRange,
  sim: z
    .string()
    .trim()
    .regex(/^(\d{11,20})?$/, vmsg('sim'))
    .nullish()
    .transform((v) => v ?? ''),
  repairEmails: ZEmailList,
  ccEmails: ZEmailList,
  tagIds: z
    .array(ZId, vmsg('invalidType'))
    .max(STATION_TAGS_MAX, vmsg('tooManyTags'))
    .nullish()
    .transform((v) => (v === undefined || v === null ? null : [...new Set(v)])),
  notes: zOptionalText(200),
  /** Remote sensing (issue 31): the device (make and model), its serial number and firmware. */
  deviceModel: zOptionalText(100),
  deviceSerial: zOptionalText(50),
  deviceFirmware: zOptionalText(50),
  /** The measurement heights of a lidar or sodar, m: "40, 60, 80" or [40, 60, 80]; sorted, unique. */
  measurementHeights: ZMeasurementHeights,
});
export type TStationSaveRequest = z.infer<typeof ZStationSaveRequest>;
export type TStationSaveInput = z.input<typeof ZStationSaveRequest>;

/** POST /web/station/tags: replaces the tags of one site (at most STATION_TAGS_MAX). */
export const ZStationTagsRequest = z.object({
  stationId: ZId,
  tagIds: z.array(ZId, vmsg('invalidType')).transform((v) => [...new Set(v)]),
});
export type TStationTagsRequest = z.infer<typeof ZStationTagsRequest>;

// ---------------------------------------------------------------------------------------------------
// Query

export const STATION_SORT_KEYS = [
  'stationCode',
  'projectName',
  'province',
  'status',
  'startTime',
  'dataTime',
  'createTime',
] as const;

/** The site filters shared by page, quantity_stat and coordinate/export (the server-driven query form). */
export const ZStationFilter = z.object({
  /** Matches code, project name or location. */
  keywords: z.string().trim().max(50).optional(),
  stationCode: z.string().trim().max(20).optional(),
  projectName: z.string().trim().max(50).optional(),
  stationType: z.array(z.enum(STATION_TYPE_KEYS, vmsg('oneOf'))).optional(),
  status: z.array(z.number().int()).optional(),
  /** Province or city GB/T 2260 codes; a province code matches its cities' sites too. */
  regionCodes: z.array(z.string().regex(/^\d{6}$/, vmsg('oneOf'))).optional(),
  ownerPartyId: z.array(ZId).optional(),
  deviceTypeId: z.array(ZId).optional(),
  manufacturerId: z.array(ZId).optional(),
  dataAdminId: z.array(ZId).optional(),
  /** Sites carrying any of these tags. */
  tagIds: z.array(ZId).optional(),
  warnType: z.array(z.enum(WARN_TYPE_KEYS, vmsg('oneOf'))).optional(),
  warnStatus: z.array(z.number().int()).optional(),
  warrantyStatus: z.union([z.literal(0), z.literal(1)], vmsg('oneOf')).optional(),
  /** 1: sites with stored data; 0: sites without any (the latest data time comes from the store). */
  hasData: z.union([z.literal(0), z.literal(1)], vmsg('oneOf')).optional(),
  sim: z.string().trim().max(20).optional(),
  createTimeRange: ZTimeRange,
  startTimeRange: ZTimeRange,
  installDateRange: ZDateRange.optional(),
  warrantyDateRange: ZDateRange.optional(),
});
export type TStationFilter = z.infer<typeof ZStationFilter>;

/** POST /web/station/page. */
export const ZStationPageRequest = ZPageRequest.extend(ZStationFilter.shape).extend({
  sortField: z.enum(STATION_SORT_KEYS, vmsg('oneOf')).optional(),
  sortOrder: z.enum(['asc', 'desc'], vmsg('oneOf')).optional(),
});
export type TStationPageRequest = z.infer<typeof ZStationPageRequest>;

/** POST /web/station/coordinate/export: the list filters, or explicit ids (checked rows). */
export const ZStationExportRequest = ZStationFilter.extend({
  ids: z.array(ZId).max(10_000).optional(),
});
export type TStationExportRequest = z.infer<typeof ZStationExportRequest>;

export const STATION_SEARCH_MODES = ['list', 'map'] as const;

/**
 * POST /web/station/search. `list` (default): drop-down and quick search over the caller's sites by
 * keywords (+ `ids`, at most `limit`), items as ZStationSearchItem. `map`: every visible site matching the
 * site-list filters (keywords, status, station type, owner party, project name, tags, region…) as compact
 * ZStationMapItem points, without a limit (`ids` and `limit` are ignored) — the home map's one call.
 */
export const ZStationSearchRequest = ZStationFilter.extend({
  mode: z.enum(STATION_SEARCH_MODES, vmsg('oneOf')).default('list'),
  /** Sites to include whatever the keywords (selected values of a picker; list mode). */
  ids: z.array(ZId).max(200).optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export type TStationSearchRequest = z.infer<typeof ZStationSearchRequest>;
export type TStationSearchInput = z.input<typeof ZStationSearchRequest>;
/** The filters of the map mode (what the home map's site query form sends). */
export type TStationMapFilter = Omit<TStationFilter, 'createTimeRange' | 'startTimeRange'>;

/** GET /web/station/checkExist: is this code taken by a live site (other than `id`)? `stationId` is the legacy name of the code. */
export const ZStationCheckExistQuery = z
  .object({
    stationCode: z.string().trim().optional(),
    stationId: z.string().trim().optional(),
    id: ZQueryId.optional(),
  })
  .transform((q, ctx) => {
    const raw = q.stationCode ?? q.stationId ?? '';
    const code = normalizeStationCode(raw);
    if (code === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['stationCode'],
        message: vmsg(raw === '' ? 'stationCodeRequired' : 'stationCode').error,
      });
      return z.NEVER;
    }
    return { stationCode: code, id: q.id };
  });
export type TStationCheckExistQuery = z.infer<typeof ZStationCheckExistQuery>;

export const ZStationCheckExistReply = z.object({
  exists: z.boolean(),
  /** The normalised (zero-padded) code that was checked. */
  stationCode: z.string(),
  /** The live site holding the code, when the caller may see it. */
  stationId: z.number().int().nullable(),
});
export type TStationCheckExistReply = z.infer<typeof ZStationCheckExistReply>;

// ---------------------------------------------------------------------------------------------------
// Replies

export const ZStationTag = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export type TStationTag = z.infer<typeof ZStationTag>;

/** A site as the list and the detail show it (SPEC §3 Station). Names are in the request language. */
export const ZStationRecord = z.object({
  id: z.number().int(),
  stationCode: z.string(),
  /** The parse rule the site's files are read with; null means auto-recognition. */
  parseRuleId: z.number().int().nullable(),
  projectName: z.string(),
  stationType: z.string(),
  stationTypeName: z.string(),
  regionCode: z.string().nullable(),
  province: z.string().nullable(),
  location: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  altitude: z.number().nullable(),
  pylonHeight: z.number().nullable(),
  /** UTC offset (minutes) of the site's logger clocks. */
  loggerUtcOffset: z.number().int(),
  status: z.number().int(),
  statusName: z.string(),
  statusColor: z.string(),
  warnType: z.string(),
  warnTypeName: z.string(),
  warnStatus: z.number().int(),
  warnStatusName: z.string(),
  warrantyStatus: z.number().int().nullable(),
  warrantyStatusName: z.string().nullable(),
  startTime: z.string().nullable(),
  dataTime: z.string().nullable(),
  createTime: z.string(),
  /** The user who owns the site (data permission) and its creator. */
  ownerId: z.number().int().nullable(),
  ownerName: z.string().nullable(),
  creatorId: z.number().int().nullable(),
  creatorName: z.string().nullable(),
  /** The owner party (业主). */
  ownerPartyId: z.number().int().nullable(),
  ownerPartyName: z.string().nullable(),
  dataAdminId: z.number().int().nullable(),
  dataAdminName: z.string().nullable(),
  deviceTypeId: z.number().int().nullable(),
  deviceTypeName: z.string().nullable(),
  manufacturerId: z.number().int().nullable(),
  manufacturerName: z.string().nullable(),
  /** "supplier model", the SPEC's manufacturerIdName. */
  manufacturerIdName: z.string().nullable(),
  sim: z.string(),
  notes: z.string(),
  warrantyDateRange: z.tuple([z.string(), z.string()]).nullable(),
  installDateRange: z.tuple([z.string(), z.string()]).nullable(),
  repairEmails: z.array(z.string()),
  ccEmails: z.array(z.string()),
  tags: z.array(ZStationTag),
  tagNames: z.string(),
  /** Remote sensing (issue 31); '' and [] for a mast. */
  deviceModel: z.string(),
  deviceSerial: z.string(),
  deviceFirmware: z.string(),
  /** The heights as the edit form shows them ("40, 60, 80"). */
  measurementHeights: z.string(),
  measurementHeightsM: z.array(z.number()),
});
export type TStationRecord = z.infer<typeof ZStationRecord>;

export const ZStationSaveReply = z.object({ id: z.number().int(), stationCode: z.string() });
export type TStationSaveReply = z.infer<typeof ZStationSaveReply>;

export const ZStationSearchItem = z.object({
  id: z.number().int(),
  stationCode: z.string(),
  projectName: z.string(),
  location: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  status: z.number().int(),
  statusColor: z.string(),
});
export type TStationSearchItem = z.infer<typeof ZStationSearchItem>;

/** POST /web/station/search in map mode: one compact point per site. */
export const ZStationMapItem = z.object({
  id: z.number().int(),
  stationCode: z.string(),
  projectName: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  status: z.number().int(),
  stationType: z.string(),
  ownerPartyId: z.number().int().nullable(),
  ownerPartyName: z.string().nullable(),
});
export type TStationMapItem = z.infer<typeof ZStationMapItem>;

/** Map items first: a list item lacks stationType and fails fast (≤ 200 items), map replies pass at once. */
export const ZStationSearchReply = z.union([z.array(ZStationMapItem), z.array(ZStationSearchItem)]);

const ZCountBucket = z.object({ value: z.string(), name: z.string(), count: z.number().int() });

export const STATION_STAT_GROUPS = ['owner', 'project'] as const;
export type TStationStatGroup = (typeof STATION_STAT_GROUPS)[number];

/** POST /web/station/quantity_stat: the list filters, and optionally a grouping (home map overview). */
export const ZStationQuantityStatRequest = ZStationFilter.extend({
  /** Also count by owner party (`owner`) or project name (`project`), each with its counts by status. */
  groupBy: z.enum(STATION_STAT_GROUPS, vmsg('oneOf')).optional(),
});
export type TStationQuantityStatRequest = z.infer<typeof ZStationQuantityStatRequest>;

/** One owner party or project with its site count by status (statuses with no site are left out). */
export const ZStationStatGroup = z.object({
  /** Owner party id as a string ('' for sites without one), or the project name. */
  value: z.string(),
  name: z.string(),
  total: z.number().int(),
  byStatus: z.array(z.object({ value: z.number().int(), count: z.number().int() })),
});
export type TStationStatGroupItem = z.infer<typeof ZStationStatGroup>;

/** POST /web/station/quantity_stat: counts of the caller's sites (with the list filters). */
export const ZStationQuantityStat = z.object({
  total: z.number().int(),
  byStatus: z.array(
    z.object({ value: z.number().int(), name: z.string(), color: z.string(), count: z.number().int() }),
  ),
  byType: z.array(ZCountBucket),
  byProvince: z.array(ZCountBucket),
  /** With `groupBy`: the groups, largest first. */
  groups: z.array(ZStationStatGroup).optional(),
});
export type TStationQuantityStat = z.infer<typeof ZStationQuantityStat>;

/** GET /web/station/overview: the compact panel of one site (home map, detail header). */
export const ZStationOverview = ZStationRecord.pick({
  id: true,
  stationCode: true,
  projectName: true,
  stationType: true,
  stationTypeName: true,
  regionCode: true,
  province: true,
  location: true,
  longitude: true,
  latitude: true,
  altitude: true,
  pylonHeight: true,
  status: true,
  statusName: true,
  statusColor: true,
  startTime: true,
  dataTime: true,
  ownerPartyName: true,
  deviceTypeName: true,
  manufacturerIdName: true,
  tags: true,
}).extend({
  /** Days between the first and the latest data, or null. */
  measuringDays: z.number().int().nullable(),
});
export type TStationOverview = z.infer<typeof ZStationOverview>;

/** GET /web/station/station_status and similar option lists: value, localised name, colour. */
export const ZStatusOption = z.object({ value: z.number().int(), name: z.string(), color: z.string() });
export type TStatusOption = z.infer<typeof ZStatusOption>;

// ---------------------------------------------------------------------------------------------------
// Server-driven forms (GET /web/station/fields)

export const FORM_FIELD_TYPES = [
  'input',
  'number',
  'select',
  'multiSelect',
  'cascader',
  'date',
  'dateRange',
  'dateTimeRange',
  'tags',
  'emails',
  'textarea',
] as const;

/** One field of the query or edit form: the web renders it from this (SPEC §3: key, defaultValue, required). */
export const ZFormField = z.object({
  key: z.string(),
  title: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  required: z.boolean(),
  defaultValue: z.unknown(),
  /** Shown without the user choosing it (query form) — the user's personal config overrides. */
  defaultVisible: z.boolean(),
  /** The API that lists the options (select, cascader), relative to /api. */
  optionsUrl: z.string().optional(),
  /** Inline options (small closed lists). */
  options: z.array(z.object({ value: z.union([z.string(), z.number()]), label: z.string() })).optional(),
  maxLength: z.number().int().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  /** Multi-selects: at most this many values. */
  maxCount: z.number().int().optional(),
});
export type TFormField = z.infer<typeof ZFormField>;

/** One column of the site table. */
export const ZColumnField = z.object({
  key: z.string(),
  title: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  width: z.number().int(),
  fixed: z.enum(['left', 'right']).nullable(),
  defaultVisible: z.boolean(),
  sortable: z.boolean(),
});
export type TColumnField = z.infer<typeof ZColumnField>;

export const ZStationFields = z.object({
  query: z.array(ZFormField),
  edit: z.array(ZFormField),
  columns: z.array(ZColumnField),
});
export type TStationFields = z.infer<typeof ZStationFields>;
