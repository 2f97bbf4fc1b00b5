import type { Language, THubOverview } from '@masthub/shared';
import { say } from '../../i18n/index.ts';

/** A visible site with a long-term default and its stored convergence (null columns: none stored). */
export interface TLongTermCampaignRow {
  id: number;
  station_code: string;
  project_name: string;
  status: 'converged' | 'not_yet' | 'too_short' | null;
  months: number | null;
  months_needed: number | null;
  has_error: boolean | null;
}

const NEEDING_MAX = 10;

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The hub's long-term campaigns (issue 28): converged / not yet / too short, the defaults not computed
 * yet or failed (pending), the median of the months still needed, and the sites not converged, nearest
 * to converging first (unknown estimates last). Pure, for the tests.
 */
export function longTermCampaigns(
  rows: readonly TLongTermCampaignRow[],
  language: Language,
): THubOverview['longTerm'] {
  const counted = rows.filter((r) => r.status !== null && !r.has_error);
  const open = counted.filter(
    (r): r is TLongTermCampaignRow & { status: 'not_yet' | 'too_short' } => r.status !== 'converged',
  );
  const needed = open.map((r) => r.months_needed).filter((n): n is number => n !== null);
  const order = (n: number | null) => (n === null ? Number.POSITIVE_INFINITY : n);
  return {
    sites: rows.length,
    converged: counted.filter((r) => r.status === 'converged').length,
    notYet: counted.filter((r) => r.status === 'not_yet').length,
    tooShort: counted.filter((r) => r.status === 'too_short').length,
    pending: rows.length - counted.length,
    medianMonthsNeeded: median(needed),
    needing: [...open]
      .sort(
        (a, b) =>
          order(a.months_needed) - order(b.months_needed) || a.station_code.localeCompare(b.station_code),
      )
      .slice(0, NEEDING_MAX)
      .map((r) => ({
        stationId: Number(r.id),
        stationCode: r.station_code,
        projectName: r.project_name,
        status: r.status,
        statusName: say(
          language,
          r.status === 'not_yet' ? 'longterm.status.notYet' : 'longterm.status.tooShort',
        ),
        months: r.months ?? 0,
        monthsNeeded: r.months_needed,
      })),
  };
}
