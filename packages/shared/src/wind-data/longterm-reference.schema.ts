import { z } from 'zod';
import { ZPageRequest } from '../api.ts';
import type { TLocalized } from '../i18n/language.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { ZId, zRequiredText } from '../text.schema.ts';

// ---------------------------------------------------------------------------------------------------
// Reference series of the long-term workbench (issue 28, WIND-ANALYSIS §13): reanalysis/mesoscale time
// series stored unchanged with SHA-256 and read through the logger-file recognition, each with its
// coordinates, height, time zone and source, serving every site within reach; and the candidate ranking
// of every reference, mesoscale dataset and neighbouring site around a target.

export const REFERENCE_SOURCE_KEYS = ['merra2', 'era5', 'vortex', 'wnd', 'csv', 'synthetic'] as const;
export type TReferenceSourceKey = (typeof REFERENCE_SOURCE_KEYS)[number];
export const REFERENCE_SOURCE_NAMES: Record<TReferenceSourceKey, TLocalized> = {
  merra2: { zh: 'MERRA-2 再分析', en: 'MERRA-2 reanalysis' },
  era5: { zh: 'ERA5 再分析', en: 'ERA5 reanalysis' },
  vortex: { zh: 'Vortex 中尺度', en: 'Vortex mesoscale' },
  wnd: { zh: '中尺度 .wnd', en: 'Mesoscale .wnd' },
  csv: { zh: '其他时间序列', en: 'Other time series' },
  synthetic: { zh: '合成（演示）', en: 'Synthetic (demo)' },
};
/** One reference upload: at most this size. */
export const REFERENCE_UPLOAD_MAX_BYTES = 200 * 1024 * 1024;
/** The candidate ranking's default radius around the target site, km. */
export const MCP_CANDIDATE_RADIUS_KM = 50;
/** At most this many candidates are ranked (the nearest); the answer says when more were within reach. */
export const MCP_CANDIDATES_MAX = 20;

const ZLatitude = z.coerce
  .number(requiredError('required'))
  .min(-90, vmsg('latitude'))
  .max(90, vmsg('latitude'));
const ZLongitude = z.coerce
  .number(requiredError('required'))
  .min(-180, vmsg('longitude'))
  .max(180, vmsg('longitude'));
const ZHeight = z.coerce
  .number(requiredError('required'))
  .positive(vmsg('positiveNumber'))
  .max(1000, vmsg('number'));
const ZUtcOffset = z.coerce.number().int(vmsg('number')).min(-720, vmsg('number')).max(840, vmsg('number'));

/** The metadata of a reference the user gives (upload form fields, the edit form). */
export const ZReferenceMeta = z.object({
  name: zRequiredText('required', 100),
  source: z.enum(REFERENCE_SOURCE_KEYS, vmsg('oneOf')),
  latitude: ZLatitude,
  longitude: ZLongitude,
  /** Height of the series' wind above ground, m; on upload a height the file's header states wins. */
  heightM: ZHeight.optional(),
  /** The time zone the file's stamps are written in, minutes east of UTC (0 = UTC). */
  utcOffsetMinutes: ZUtcOffset.default(0),
});

/** The multipart fields of POST /data-process/longterm/references/upload (the file follows). */
export const ZReferenceUploadFields = ZReferenceMeta.extend({
  /** Guessed from the file when not given (MERRA-2, ERA5, Vortex, .wnd, else csv). */
  source: z.enum(REFERENCE_SOURCE_KEYS, vmsg('oneOf')).optional(),
  /** The home site: the reference is visible to whoever may view it. */
  stationId: z.coerce.number(requiredError('required')).int(vmsg('required')).positive(vmsg('required')),
});
export type TReferenceUploadFields = z.infer<typeof ZReferenceUploadFields>;

/** POST /data-process/longterm/references/update. */
export const ZReferenceUpdateRequest = ZReferenceMeta.extend({
  id: ZId,
  heightM: ZHeight,
  utcOffsetMinutes: ZUtcOffset,
});
export type TReferenceUpdateRequest = z.infer<typeof ZReferenceUpdateRequest>;
export type TReferenceUpdateInput = z.input<typeof ZReferenceUpdateRequest>;

/** POST /data-process/longterm/references/page: of one home site, or within a radius of a site. */
export const ZReferencePageRequest = ZPageRequest.extend({
  stationId: ZId.optional(),
  nearStationId: ZId.optional(),
  radiusKm: z.coerce.number().positive(vmsg('positiveNumber')).max(20_000).default(MCP_CANDIDATE_RADIUS_KM),
});
export type TReferencePageRequest = z.infer<typeof ZReferencePageRequest>;

export const ZReferenceChannel = z.object({
  key: z.string(),
  name: z.string(),
  element: z.string(),
  heightM: z.number().nullable(),
  unit: z.string(),
});

export const ZReferenceSeries = z.object({
  id: z.number().int(),
  name: z.string(),
  source: z.enum(REFERENCE_SOURCE_KEYS),
  sourceName: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  heightM: z.number(),
  utcOffsetMinutes: z.number().int(),
  files: z.array(z.object({ fileName: z.string(), sha256: z.string(), sizeBytes: z.number().int() })),
  intervalMinutes: z.number(),
  firstTime: z.string().nullable(),
  lastTime: z.string().nullable(),
  recordCount: z.number().int(),
  channels: z.array(ZReferenceChannel),
  /** The speed and direction columns a workbench uses by default (the highest speed and its vane). */
  speedKey: z.string(),
  directionKey: z.string().nullable(),
  stationId: z.number().int(),
  stationName: z.string(),
  /** From the site of `nearStationId` when the list was asked that way, else null. */
  distanceKm: z.number().nullable(),
  uploaderName: z.string(),
  createTime: z.string(),
});
export type TReferenceSeries = z.infer<typeof ZReferenceSeries>;

/** POST /data-process/longterm/candidates. */
export const ZMcpCandidatesRequest = z.object({
  versionId: ZId,
  speedChannelId: ZId,
  directionChannelId: ZId.optional(),
  radiusKm: z.coerce
    .number(requiredError('required'))
    .positive(vmsg('positiveNumber'))
    .max(1000, vmsg('number'))
    .default(MCP_CANDIDATE_RADIUS_KM),
  coverage: z.coerce
    .number()
    .min(0.5, vmsg('mcpCoverageRange'))
    .max(1, vmsg('mcpCoverageRange'))
    .default(0.9),
  includeSuspicious: z.boolean().default(false),
  /** Filled or corrected (flag 1) records are used (issue 41: the same two options on every screen). */
  includeFilled: z.boolean().default(true),
});
export type TMcpCandidatesRequest = z.infer<typeof ZMcpCandidatesRequest>;

export const MCP_CANDIDATE_KINDS = ['reference', 'mesoscale', 'site'] as const;

const ZNum = z.number().nullable();

export const ZMcpCandidate = z.object({
  kind: z.enum(MCP_CANDIDATE_KINDS),
  kindName: z.string(),
  name: z.string(),
  /** The site holding it (the home site of a reference). */
  stationId: z.number().int(),
  distanceKm: z.number(),
  heightM: z.number().nullable(),
  /** What to put in a compare request's `reference` to use it. */
  reference: z.record(z.string(), z.unknown()),
  concurrentMonths: z.number().int(),
  concurrentHours: z.number().int(),
  rHourly: ZNum,
  rDaily: ZNum,
  /** Block cross-validated RMSE of the overall OLS fit on hourly means (fraction of the mean target speed). */
  cvRmse: ZNum,
  /** Why it could not be ranked (no overlap…), in the reader's language; '' when ranked. */
  note: z.string(),
});
export type TMcpCandidate = z.infer<typeof ZMcpCandidate>;

export const ZMcpCandidatesResult = z.object({
  radiusKm: z.number(),
  /** Candidates within the radius the caller may see, before the cap. */
  found: z.number().int(),
  isCapped: z.boolean(),
  /** Best first: the highest hourly r, then the daily r, the concurrent months, the lowest CV RMSE. */
  candidates: z.array(ZMcpCandidate),
  /** A sentence on what was ranked (and the cap), in the reader's language. */
  summary: z.string(),
});
export type TMcpCandidatesResult = z.infer<typeof ZMcpCandidatesResult>;

/** The `reference` kind of a compare request naming a stored reference series. */
export const ZMcpSeriesReference = z.object({
  kind: z.literal('reference'),
  referenceId: ZId,
  speedKey: z.string(requiredError('required')).min(1, vmsg('required')),
  directionKey: z.string().min(1).optional(),
});
