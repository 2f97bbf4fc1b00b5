import type { TLongTermDefault, TMcpCompareResult, TMcpRow } from '@masthub/shared';
import { formatDateRange } from '../../ui/date-time.ts';

const isMissing = (v: number | null | undefined): v is null | undefined =>
  v === null || v === undefined || !Number.isFinite(v);

/** A relative value (0.0123) as a percentage with one decimal (1.2 %), '—' when missing. */
export function formatPercent(v: number | null | undefined): string {
  return isMissing(v) ? '—' : `${(v * 100).toFixed(1)} %`;
}

/** A speed in m/s with two decimals, '—' when missing. */
export function formatSpeed(v: number | null | undefined): string {
  return isMissing(v) ? '—' : v.toFixed(2);
}

/** A plain number with the given decimals, '—' when missing. */
export function formatNumber(v: number | null | undefined, digits: number): string {
  return isMissing(v) ? '—' : v.toFixed(digits);
}

/** The key of a methods-table row: one method overall (0) or by N sectors. */
export function rowKey(row: Pick<TMcpRow, 'method' | 'sectors'>): string {
  return `${row.method}:${row.sectors}`;
}

/** The sectors cell: the overall label for 0, otherwise the sector count. */
export function sectorsLabel(sectors: number, overall: string): string {
  return sectors === 0 ? overall : String(sectors);
}

/**
 * A long-term period's heading: its first and last dates in the user's zone (the period is [start, end)),
 * or `whole` when both ends are the reference's own.
 */
export function periodLabel(
  p: { start: string | null; end: string | null },
  whole: string,
  utcCode: string,
): string {
  if (p.start === null && p.end === null) return whole;
  const dates = formatDateRange(p.start, p.end, utcCode);
  return `${dates.start || '…'} ~ ${dates.end || '…'}`;
}

/** The recommended row of a result, if any. */
export function recommendedRow(result: Pick<TMcpCompareResult, 'rows'>): TMcpRow | undefined {
  return result.rows.find((r) => r.isRecommended);
}

/**
 * The reference a site default names, as the reader may see it (issue 39 §5): its name, or `hidden` ("a
 * reference you cannot view") when it lives on a site the reader may not view.
 */
export function defaultReferenceLabel(
  defaults: Pick<TLongTermDefault, 'isReferenceVisible' | 'referenceName'>,
  hidden: string,
): string {
  return defaults.isReferenceVisible ? defaults.referenceName : hidden;
}

/**
 * What a comparison stood on, as the statistics page and the other analyses show it (issue 41 §1): the
 * target version's basis, then the reference's when the reference is another site's version (a mesoscale
 * or stored series has no flags and no basis).
 */
export function basisNotes(
  result: Pick<TMcpCompareResult, 'basis' | 'versionName' | 'referenceBasis' | 'referenceName'>,
): { key: 'target' | 'reference'; basis: TMcpCompareResult['basis']; versionName: string }[] {
  return [
    { key: 'target', basis: result.basis, versionName: result.versionName },
    ...(result.referenceBasis
      ? [{ key: 'reference' as const, basis: result.referenceBasis, versionName: result.referenceName }]
      : []),
  ];
}
