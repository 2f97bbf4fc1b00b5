import {
  displayVersionLabel,
  type Language,
  MCP_METHOD_NAMES,
  type TLongTermConvergence,
  type TLongTermDefault,
  type TLtConvergenceStatus,
  type TLtConvergenceStep,
  type TMcpMethodKey,
  versionDisplayName,
  ZMcpReference,
} from '@masthub/shared';
import { say, type TServerTextKey } from '../../i18n/index.ts';
import { presentStoredError } from '../../platform/stored-error.ts';
import type { TConvergenceRow, TSiteDefaultRow } from './longterm-convergence.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The catalogue key of each verdict (keys are camelCase). */
const STATUS_KEYS = {
  converged: 'longterm.status.converged',
  not_yet: 'longterm.status.notYet',
  too_short: 'longterm.status.tooShort',
} as const satisfies Record<TLtConvergenceStatus, TServerTextKey>;

/** The verdict's name in the reader's language ("not computed" before the first computation). */
export function convergenceStatusName(status: TLtConvergenceStatus | null, language: Language): string {
  return say(language, status ? STATUS_KEYS[status] : 'longterm.status.none');
}
const fixed = (x: number, digits: number) => x.toFixed(digits);

/**
 * A stored default as the API shows it. A reference on a site the reader may not view (issue 39 §5) is
 * named only as "a reference you cannot view": neither its name nor what identifies it leaves.
 */
export function presentDefault(
  row: TSiteDefaultRow,
  language: Language,
  isReferenceVisible: boolean,
): TLongTermDefault {
  const method = row.method as TMcpMethodKey;
  const hasPeriod = row.long_term_start !== null || row.long_term_end !== null;
  return {
    stationId: Number(row.station_id),
    versionId: row.target_version_id === null ? null : Number(row.target_version_id),
    versionName:
      row.version_name === null
        ? null
        : versionDisplayName({ kind: row.version_kind ?? '', name: row.version_name }, language),
    speedChannelId: row.speed_channel_id === null ? null : Number(row.speed_channel_id),
    speedChannelName: row.speed_channel_name,
    directionChannelId: row.direction_channel_id === null ? null : Number(row.direction_channel_id),
    directionChannelName: row.direction_channel_name,
    reference: isReferenceVisible ? ZMcpReference.parse(row.reference) : null,
    referenceName: isReferenceVisible
      ? displayVersionLabel(row.reference_name, language)
      : say(language, 'longterm.reference.hidden'),
    isReferenceVisible,
    method,
    methodName: MCP_METHOD_NAMES[method]?.[language] ?? row.method,
    period: row.period,
    sectors: row.sectors,
    coverage: row.coverage,
    longTermPeriod: hasPeriod ? { start: iso(row.long_term_start), end: iso(row.long_term_end) } : null,
    updatedByName: row.updated_by_name,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The verdict sentence of a stored convergence. */
function verdictOf(row: TConvergenceRow | undefined, language: Language, error: string | null): string {
  if (!row) return say(language, 'longterm.convergence.none');
  if (error) return say(language, 'longterm.convergence.failed', { error });
  const months = row.months;
  const lt = row.latest_lt_mps === null ? '—' : fixed(row.latest_lt_mps, 2);
  const u = row.latest_u_mcp === null ? '—' : fixed(row.latest_u_mcp * 100, 2);
  const needed =
    row.months_needed === null
      ? say(language, 'longterm.convergence.neededUnknown')
      : say(language, 'longterm.convergence.needed', { months: row.months_needed });
  if (row.status === 'converged') return say(language, 'longterm.convergence.converged', { months, lt, u });
  if (row.status === 'not_yet')
    return say(language, 'longterm.convergence.notYet', { months, lt, u, needed });
  return say(language, 'longterm.convergence.tooShort', { months, needed });
}

/** A site's default and stored convergence as the API shows them. */
export function presentConvergence(
  stationId: number,
  defaults: TSiteDefaultRow | undefined,
  row: TConvergenceRow | undefined,
  language: Language,
  isReferenceVisible: boolean,
): TLongTermConvergence {
  const error = row?.error ? presentStoredError(row.error, language) : null;
  const months = row?.months ?? 0;
  const u = row?.latest_u_mcp ?? null;
  return {
    stationId,
    default: defaults ? presentDefault(defaults, language, isReferenceVisible) : null,
    computedAt: row ? row.computed_at.toISOString() : null,
    months,
    series: (row?.series ?? []) as TLtConvergenceStep[],
    status: row?.status ?? null,
    statusName: convergenceStatusName(row?.status ?? null, language),
    monthsNeeded: row?.months_needed ?? null,
    latestLtMps: row?.latest_lt_mps ?? null,
    previousLtMps: row?.previous_lt_mps ?? null,
    latestUMcp: u,
    expectedUMcpNextMonth: u === null || months === 0 ? null : u * Math.sqrt(months / (months + 1)),
    changeThreeMonths: row?.change_three_months ?? null,
    error,
    verdict: verdictOf(row, language, error),
  };
}
