import {
  MCP_METHOD_KEYS,
  MCP_MIN_SECTOR_COUNT_DEFAULT,
  type TLongTermDefaultRequestInput,
  type TMcpCompareMethodKey,
  type TMcpCompareRequest,
  type TMcpCompareRequestInput,
  type TMcpGenerateRequest,
  type TMcpLongTermSeriesKind,
  type TMcpMethodKey,
  type TMcpPeriodKey,
  type TMcpRow,
} from '@masthub/shared';
import type { Dayjs } from 'dayjs';
import { DATE_TIME_FORMAT, wallTimeToIso } from '../../ui/date-time.ts';

/** One long-term period row of the form: a date range whose ends may be left open. */
export type TLongTermRange = [Dayjs | null | undefined, Dayjs | null | undefined] | null | undefined;

/** The values of the long-term correction form (flat: the reference's fields carry a prefix). */
export interface LongTermValues {
  versionId?: number;
  speedChannelId?: number;
  directionChannelId?: number;
  referenceKind?: 'mesoscale' | 'site' | 'reference';
  datasetId?: number;
  /** A stored reference series (kind 'reference'); its columns are `speedKey`/`directionKey`. */
  referenceId?: number;
  speedKey?: string;
  directionKey?: string;
  refStationId?: number;
  refVersionId?: number;
  refSpeedChannelId?: number;
  refDirectionChannelId?: number;
  period?: TMcpPeriodKey;
  coverage?: number | null;
  sectors?: number;
  includeSuspicious?: boolean;
  longTermPeriods?: TLongTermRange[];
  /** The target's campaign window (issue 46 §3): either end open. */
  campaign?: TLongTermRange;
  methods?: TMcpCompareMethodKey[];
  longTermSeries?: TMcpLongTermSeriesKind;
  minSectorCount?: number | null;
}

export const LONG_TERM_DEFAULTS: LongTermValues = {
  referenceKind: 'mesoscale',
  period: '1H',
  coverage: 0.9,
  sectors: 12,
  includeSuspicious: false,
  longTermPeriods: [],
  campaign: null,
  methods: [...MCP_METHOD_KEYS],
  longTermSeries: 'prediction_only',
  minSectorCount: MCP_MIN_SECTOR_COUNT_DEFAULT,
};

/** Form field → the request's field it is checked as (the reference's fields are nested). */
export const REFERENCE_FIELDS: Record<string, string> = {
  datasetId: 'reference.datasetId',
  referenceId: 'reference.referenceId',
  speedKey: 'reference.speedKey',
  directionKey: 'reference.directionKey',
  refVersionId: 'reference.versionId',
  refSpeedChannelId: 'reference.speedChannelId',
  refDirectionChannelId: 'reference.directionChannelId',
};

/** The form field of a server field error (`reference.versionId` → `refVersionId`). */
export function toFormField(serverField: string, kind: LongTermValues['referenceKind']): string {
  if (!serverField.startsWith('reference.')) return serverField;
  const inner = serverField.slice('reference.'.length);
  if (kind === 'site') return `ref${inner.charAt(0).toUpperCase()}${inner.slice(1)}`;
  return inner;
}

const missing = undefined as never;

/** A picked day as an instant in the user's zone: the start of the day, or of the next one for an end. */
function dayToIso(day: Dayjs | null | undefined, utcCode: string, isEnd: boolean): string | null {
  if (!day) return null;
  const wall = (isEnd ? day.add(1, 'day') : day).startOf('day').format(DATE_TIME_FORMAT);
  return wallTimeToIso(wall, utcCode);
}

/** The compare request of the form's values (checked by ZMcpCompareRequest before it is sent). */
export function toCompareRequest(values: LongTermValues, utcCode: string): TMcpCompareRequestInput {
  const reference: TMcpCompareRequestInput['reference'] =
    values.referenceKind === 'site'
      ? {
          kind: 'site',
          versionId: values.refVersionId ?? missing,
          speedChannelId: values.refSpeedChannelId ?? missing,
          ...(values.refDirectionChannelId ? { directionChannelId: values.refDirectionChannelId } : {}),
        }
      : values.referenceKind === 'reference'
        ? {
            kind: 'reference',
            referenceId: values.referenceId ?? missing,
            speedKey: values.speedKey ?? '',
            ...(values.directionKey ? { directionKey: values.directionKey } : {}),
          }
        : {
            kind: 'mesoscale',
            datasetId: values.datasetId ?? missing,
            speedKey: values.speedKey ?? '',
            ...(values.directionKey ? { directionKey: values.directionKey } : {}),
          };
  return {
    versionId: values.versionId ?? missing,
    speedChannelId: values.speedChannelId ?? missing,
    ...(values.directionChannelId ? { directionChannelId: values.directionChannelId } : {}),
    reference,
    period: values.period ?? '1H',
    coverage: values.coverage ?? missing,
    sectors: values.sectors ?? 12,
    includeSuspicious: values.includeSuspicious ?? false,
    longTermPeriods: (values.longTermPeriods ?? []).map((range) => ({
      start: dayToIso(range?.[0], utcCode, false),
      end: dayToIso(range?.[1], utcCode, true),
    })),
    campaign: {
      start: dayToIso(values.campaign?.[0], utcCode, false),
      end: dayToIso(values.campaign?.[1], utcCode, true),
    },
    methods: values.methods ?? [...MCP_METHOD_KEYS],
    longTermSeries: values.longTermSeries ?? 'prediction_only',
    minSectorCount: values.minSectorCount ?? missing,
  };
}

/** True for a method a site default may hold (the five; OLS through the origin is compared on request only). */
export function isDefaultMethod(method: TMcpCompareMethodKey): method is TMcpMethodKey {
  return (MCP_METHOD_KEYS as readonly string[]).includes(method);
}

/** The generate request of one methods-table row over one of the compared long-term periods. */
export function toGenerateRequest(
  request: TMcpCompareRequest,
  row: Pick<TMcpRow, 'method' | 'sectors'>,
  longTermPeriodIndex: number,
  name: string,
): TMcpGenerateRequest {
  return { ...request, method: row.method, isBySector: row.sectors > 0, longTermPeriodIndex, name };
}

/** The form values that pick a ranked candidate as the reference (its `reference` field as the form holds it). */
export function candidateToValues(candidate: {
  stationId: number;
  reference: Record<string, unknown>;
}): Partial<LongTermValues> {
  const ref = candidate.reference;
  const num = (key: string) => (typeof ref[key] === 'number' ? (ref[key] as number) : undefined);
  const str = (key: string) => (typeof ref[key] === 'string' ? (ref[key] as string) : undefined);
  if (ref.kind === 'site') {
    return {
      referenceKind: 'site',
      refStationId: candidate.stationId,
      refVersionId: num('versionId'),
      refSpeedChannelId: num('speedChannelId'),
      refDirectionChannelId: num('directionChannelId'),
    };
  }
  return {
    referenceKind: ref.kind === 'reference' ? 'reference' : 'mesoscale',
    ...(ref.kind === 'reference' ? { referenceId: num('referenceId') } : { datasetId: num('datasetId') }),
    speedKey: str('speedKey'),
    directionKey: str('directionKey'),
  };
}

/**
 * The site-default request of a compared form (PUT /data-process/longterm/default): its target, reference,
 * period, coverage and first long-term period, with the chosen method — the recommended row unless
 * another is given — overall (0) or by the compared sectors.
 */
export function toDefaultRequest(
  stationId: number,
  request: TMcpCompareRequest,
  row: Pick<TMcpRow, 'sectors'> & { method: TMcpMethodKey },
): TLongTermDefaultRequestInput {
  return {
    stationId,
    versionId: request.versionId,
    speedChannelId: request.speedChannelId,
    ...(request.directionChannelId ? { directionChannelId: request.directionChannelId } : {}),
    reference: request.reference,
    method: row.method,
    period: request.period,
    coverage: request.coverage,
    sectors: row.sectors,
    longTermPeriod: request.longTermPeriods[0] ?? null,
  };
}
