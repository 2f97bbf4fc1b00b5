import type {
  TExtrapolationRequest,
  TInterpolationRequest,
  TMarkCreate,
  TQcRunRequest,
  TReconstructRequestInput,
  TReconstructSourceKind,
  TRepresentativeYearRequest,
  TTabBins,
  TTowerShadowRequest,
  TVersionExportRequest,
} from '@masthub/shared';
import { PAIR_EXPORT_FORMATS } from '@masthub/shared';
import type { Dayjs } from 'dayjs';
import { pickerRangeToIso, type TowerPairValues } from './wind-data.utils.ts';

/**
 * The MeasureWind modals' form values → requests (SPEC §4, §5, §9), validated with the shared zod schemas
 * through the same mapping; the export formats and the import file checks.
 */

// ---------------------------------------------------------------------------------------------------
// Form values → requests (validated with the shared schemas through the same mapping).

type PickedRange = readonly [Dayjs | null, Dayjs | null] | null | undefined;

export interface QcFormValues {
  ruleIds?: number[] | undefined;
  range?: PickedRange;
}

export function toQcRequest(values: QcFormValues, versionId: number, utcCode: string): TQcRunRequest {
  return {
    versionId,
    ...(values.ruleIds && values.ruleIds.length > 0 ? { ruleIds: values.ruleIds } : {}),
    ...pickerRangeToIso(values.range, utcCode),
  };
}

export interface TowerShadowFormValues {
  method?: TTowerShadowRequest['method'];
  correctionAngle?: number | null;
  wakeHalfWidth?: number | null;
  directionChannelId?: number | null;
  pairs?: TowerPairValues[];
  range?: PickedRange;
}

function orUndefined<T>(value: T | null | undefined): T | undefined {
  return value === null ? undefined : value;
}

/** The request (possibly incomplete: the schema reports what is missing). */
export function toTowerShadowRequest(
  values: TowerShadowFormValues,
  versionId: number,
  utcCode: string,
): Partial<TTowerShadowRequest> {
  // Only the GB method reads the boom bearings; the others get placeholders the server ignores.
  const isGb = values.method === 'gb';
  const pairs = (values.pairs ?? []).map((pair) => {
    const out: Record<string, number | undefined> = {
      avgA: pair.avgA,
      avgB: pair.avgB,
      boomA: orUndefined(pair.boomA) ?? (isGb ? undefined : 0),
      boomB: orUndefined(pair.boomB) ?? (isGb ? undefined : 180),
    };
    for (const key of ['sdA', 'sdB', 'maxA', 'maxB'] as const) {
      const value = orUndefined(pair[key]);
      if (value !== undefined) out[key] = value;
    }
    return out;
  }) as TTowerShadowRequest['pairs'];
  const directionChannelId = orUndefined(values.directionChannelId);
  return {
    versionId,
    method: values.method,
    correctionAngle: orUndefined(values.correctionAngle) as number,
    wakeHalfWidth: orUndefined(values.wakeHalfWidth) as number,
    ...(isGb && directionChannelId !== undefined ? { directionChannelId } : {}),
    pairs,
    ...pickerRangeToIso(values.range, utcCode),
  };
}

export interface InterpolationFormValues {
  targetChannelId?: number | null;
  predictorChannelId?: number | null;
  minPairs?: number | null;
  minR?: number | null;
  range?: PickedRange;
}

export function toInterpolationRequest(
  values: InterpolationFormValues,
  versionId: number,
  utcCode: string,
): Partial<TInterpolationRequest> {
  return {
    versionId,
    targetChannelId: orUndefined(values.targetChannelId),
    predictorChannelId: orUndefined(values.predictorChannelId),
    minPairs: orUndefined(values.minPairs),
    minR: orUndefined(values.minR),
    ...pickerRangeToIso(values.range, utcCode),
  };
}

export interface ReconstructFormValues {
  targetChannelIds?: number[];
  sourceKinds?: TReconstructSourceKind[];
  radiusKm?: number | null;
  method?: TReconstructRequestInput['method'];
  sectors?: number | null;
  minR?: number | null;
  minConcurrentHours?: number | null;
  range?: PickedRange;
}

export function toReconstructRequest(
  values: ReconstructFormValues,
  versionId: number,
  utcCode: string,
): TReconstructRequestInput {
  return {
    versionId,
    ...(values.targetChannelIds?.length ? { targetChannelIds: values.targetChannelIds } : {}),
    sourceKinds: values.sourceKinds ?? [],
    radiusKm: orUndefined(values.radiusKm),
    method: values.method,
    sectors: orUndefined(values.sectors),
    minR: orUndefined(values.minR),
    minConcurrentHours: orUndefined(values.minConcurrentHours),
    ...pickerRangeToIso(values.range, utcCode),
  };
}

export interface ExtrapolationFormValues {
  channelIds?: number[];
  targetHeight?: number | null;
  shearMode?: TExtrapolationRequest['shearMode'];
  directionChannelId?: number | null;
  range?: PickedRange;
}

export function toExtrapolationRequest(
  values: ExtrapolationFormValues,
  versionId: number,
  utcCode: string,
): Partial<TExtrapolationRequest> {
  const directionChannelId = orUndefined(values.directionChannelId);
  return {
    versionId,
    channelIds: values.channelIds ?? [],
    targetHeight: orUndefined(values.targetHeight),
    shearMode: values.shearMode ?? 'overall',
    // The vane only matters for the by-sector exponents.
    ...(values.shearMode === 'sector' && directionChannelId !== undefined ? { directionChannelId } : {}),
    ...pickerRangeToIso(values.range, utcCode),
  };
}

export interface RepresentativeYearFormValues {
  method?: TRepresentativeYearRequest['method'];
  speedChannelId?: number | null;
  periods?: { startYear?: number | null; endYear?: number | null }[];
  hasReference?: boolean;
  referenceStationId?: number | null;
  referenceVersionId?: number | null;
  referenceSpeedChannelId?: number | null;
  referenceDirectionChannelId?: number | null;
  longTermMeanMps?: number | null;
}

export function toRepresentativeYearRequest(
  values: RepresentativeYearFormValues,
  versionId: number,
): Partial<TRepresentativeYearRequest> {
  const request: Partial<TRepresentativeYearRequest> = {
    versionId,
    method: values.method,
    speedChannelId: orUndefined(values.speedChannelId),
    // Periods belong to the average year only.
    periods:
      values.method === 'average'
        ? (values.periods ?? []).map((period) => ({
            startYear: orUndefined(period.startYear) as number,
            endYear: orUndefined(period.endYear) as number,
          }))
        : [],
  };
  if (values.hasReference) {
    const longTermMeanMps = orUndefined(values.longTermMeanMps);
    request.reference = {
      versionId: orUndefined(values.referenceVersionId) as number,
      speedChannelId: orUndefined(values.referenceSpeedChannelId) as number,
      directionChannelId: orUndefined(values.referenceDirectionChannelId) as number,
      ...(longTermMeanMps !== undefined ? { longTermMeanMps } : {}),
    };
  }
  return request;
}

export interface MarkFormValues {
  channelIds?: number[];
  range?: PickedRange;
  flag?: TMarkCreate['flag'];
  note?: string;
}

export function toMarkRequest(
  values: MarkFormValues,
  versionId: number,
  utcCode: string,
): Partial<TMarkCreate> {
  return {
    versionId,
    channelIds: values.channelIds ?? [],
    ...pickerRangeToIso(values.range, utcCode),
    flag: values.flag,
    note: values.note ?? '',
  };
}

// ---------------------------------------------------------------------------------------------------
// Export (SPEC §9 formats 0–5; 6 Parquet and 7 Arrow IPC stream, issue 32; 8 WAsP .owc and 9 windIO
// energy resource, issue 46 §2).

export const EXPORT_FORMATS = [
  { code: 0, key: 'raw', extension: 'csv' },
  { code: 1, key: 'timeSeries', extension: 'csv' },
  { code: 2, key: 'meteodyn', extension: 'tim' },
  { code: 3, key: 'windsim', extension: 'tws' },
  { code: 4, key: 'windographer', extension: 'txt' },
  { code: 5, key: 'wasp', extension: 'tab' },
  { code: 6, key: 'parquet', extension: 'parquet' },
  { code: 7, key: 'arrow', extension: 'arrows' },
  { code: 8, key: 'waspOwc', extension: 'owc' },
  { code: 9, key: 'windio', extension: 'yaml' },
] as const;

/** Meteodyn .tim, WindSim .tws, WAsP .tab / .owc and windIO write one speed and one direction. */
export function exportNeedsSpeedAndDirection(format: number | undefined): boolean {
  return format !== undefined && PAIR_EXPORT_FORMATS.includes(format);
}

/** The formats with a choice of 12 or 16 sectors: WAsP .tab (with its bins), .owc and windIO. */
export function exportHasSectors(format: number | undefined): boolean {
  return format === 5 || format === 8 || format === 9;
}

export interface ExportFormValues {
  format?: number;
  channelIds?: number[];
  speedChannelId?: number | null;
  directionChannelId?: number | null;
  includeSuspicious?: boolean;
  range?: PickedRange;
  /** WAsP .tab: 12 or 16 sectors, bins 0–1, 1–2 … or centred on integers (brightwind). */
  tabSectors?: 12 | 16;
  tabBins?: TTabBins;
}

export function toExportRequest(
  values: ExportFormValues,
  versionId: number,
  utcCode: string,
): Partial<TVersionExportRequest> {
  const needsPair = exportNeedsSpeedAndDirection(values.format);
  const request: Partial<TVersionExportRequest> = {
    versionId,
    format: values.format,
    includeSuspicious: values.includeSuspicious ?? true,
    ...pickerRangeToIso(values.range, utcCode),
  };
  if (needsPair) {
    const speedChannelId = orUndefined(values.speedChannelId);
    const directionChannelId = orUndefined(values.directionChannelId);
    if (speedChannelId !== undefined) request.speedChannelId = speedChannelId;
    if (directionChannelId !== undefined) request.directionChannelId = directionChannelId;
    if (exportHasSectors(values.format) && values.tabSectors !== undefined)
      request.tabSectors = values.tabSectors;
    if (values.format === 5 && values.tabBins !== undefined) request.tabBins = values.tabBins;
  } else if (values.channelIds && values.channelIds.length > 0) {
    request.channelIds = values.channelIds;
  }
  return request;
}

/** The name a download falls back to when the server sends none: `<version>.<extension>`. */
export function exportFileName(versionName: string, format: number): string {
  const extension = EXPORT_FORMATS.find((entry) => entry.code === format)?.extension ?? 'csv';
  const base = versionName.replace(/[\\/:*?"<>|\s]+/g, '_') || 'wind-data';
  return `${base}.${extension}`;
}

// ---------------------------------------------------------------------------------------------------
// Import into a version (SPEC §5 site files).

export const IMPORT_EXTENSIONS = ['csv', 'txt', 'xls', 'xlsx', 'dat', 'sta', 'mnd', 'hpl'] as const;
export const IMPORT_ACCEPT = IMPORT_EXTENSIONS.map((extension) => `.${extension}`).join(',');
/** Largest single data file and most files of one import (DATA_UPLOAD_MAX_BYTES / _FILES). */
export const IMPORT_MAX_BYTES = 1024 * 1024 * 1024;
export const IMPORT_MAX_FILES = 100;

/** Why a file cannot be imported, or undefined. */
export function importProblem(fileName: string, sizeBytes: number): 'type' | 'size' | 'empty' | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
  if (!(IMPORT_EXTENSIONS as readonly string[]).includes(extension)) return 'type';
  if (sizeBytes > IMPORT_MAX_BYTES) return 'size';
  if (sizeBytes === 0) return 'empty';
  return undefined;
}
