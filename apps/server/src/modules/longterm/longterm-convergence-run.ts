import type { TLtConvergenceStep, TMcpMethodKey } from '@masthub/shared';
import { mcpConvergence } from '@masthub/wind';
import type { Database } from '../../platform/db/database.ts';
import { seriesSpan } from '../reference-data/index.ts';
import { longTermRanges, offsetMsOf, readJobSeries, type TLongTermJob } from './longterm-run.ts';

/** A site default's convergence as it crosses to a worker thread: the comparison job and the method. */
export interface TConvergenceJob extends TLongTermJob {
  method: TMcpMethodKey;
  /** 0: overall; otherwise by this many reference-direction sectors (when the reference has a direction). */
  sectors: number;
}

/** The series of a default (WIND-ANALYSIS §13), and where the target's data ended. */
export interface TConvergenceComputed {
  steps: TLtConvergenceStep[];
  /** The start of the calendar month after the target's last value (UTC ms), null without data. */
  nextMonthStartMs: number | null;
}

/**
 * L_m and u_MCP(m) for m = 3 … M campaign months (mcpConvergence): the default's method fitted on the first
 * m months of the concurrent data, applied to the reference over the long-term period. Months are reckoned
 * on the default's clock (the job's utc offset), instants handed back in UTC.
 */
export async function convergenceSeries(db: Database, job: TConvergenceJob): Promise<TConvergenceComputed> {
  const { reference, target } = await readJobSeries(db, job);
  const offsetMs = offsetMsOf(job);
  const sectors = reference.directionDeg === undefined ? 0 : job.sectors;
  const convergence = mcpConvergence(reference, target, {
    period: job.request.period,
    coverageThreshold: job.request.coverage,
    // SpeedSort's overall row is its one-sector fit, as in the comparison.
    fit: {
      method: job.method,
      sectors: sectors === 0 && job.method === 'speed_sort' ? 1 : sectors,
      minSectorCount: 30,
    },
    longTermPeriod: longTermRanges(job.request.longTermPeriods, offsetMs)[0] ?? {},
  });
  const steps = convergence.steps
    .filter((s) => Number.isFinite(s.longTermMps))
    .map((s) => ({
      m: s.months,
      month: new Date(s.monthEndMs - 1).toISOString().slice(0, 7),
      monthEnd: new Date(s.monthEndMs - offsetMs).toISOString(),
      ltMeanMps: s.longTermMps,
      uMcp: Number.isFinite(s.uncertainty) ? s.uncertainty : null,
    }));
  const span = seriesSpan(target);
  let nextMonthStartMs: number | null = null;
  if (span) {
    const last = new Date(span.endMs - 1);
    nextMonthStartMs = Date.UTC(last.getUTCFullYear(), last.getUTCMonth() + 1, 1) - offsetMs;
  }
  return { steps, nextMonthStartMs };
}
