import type { Language, TMcpCandidate, TMcpCandidatesResult } from '@masthub/shared';
import { alignForMcp, crossValidateMcp, type McpSeries } from '@masthub/wind';
import { say } from '../../i18n/index.ts';
import type { Database } from '../../platform/db/database.ts';
import { readMcpSeries, type TCandidateEntry, type TSeriesSource } from '../reference-data/index.ts';
import { MCP_MIN_PERIODS, pearson } from './longterm-run.ts';

/** A ranking as it crosses to a worker thread. */
export interface TCandidateJob {
  language: Language;
  /** The reader's time zone, minutes east of UTC: months are reckoned in it (as the comparison does). */
  utcOffsetMinutes: number;
  coverage: number;
  includeSuspicious: boolean;
  target: TSeriesSource;
  candidates: TCandidateEntry[];
  radiusKm: number;
  found: number;
  isCapped: boolean;
  siteName: string;
}

/** A source's speed only (no direction: the ranking fits overall lines). */
function speedOnly(source: TSeriesSource): TSeriesSource {
  return source.kind === 'site'
    ? { ...source, direction: undefined }
    : { ...source, directionKey: undefined };
}

const round = (v: number | null | undefined, digits: number) =>
  v === null || v === undefined || !Number.isFinite(v) ? null : Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * The figures of one candidate against the target: concurrent hours (both hourly means covered), the
 * concurrent calendar months, Pearson r of the hourly and of the daily means, and the block
 * cross-validated RMSE of the overall OLS line on hourly means (WIND-ANALYSIS §13).
 */
export function rankOne(
  reference: McpSeries,
  target: McpSeries,
  options: { coverage: number; language: Language },
): Pick<TMcpCandidate, 'concurrentMonths' | 'concurrentHours' | 'rHourly' | 'rDaily' | 'cvRmse' | 'note'> {
  const hourly = alignForMcp(reference, target, { period: '1H', coverageThreshold: options.coverage });
  const hours = hourly?.x.length ?? 0;
  const months = new Set<string>();
  for (let i = 0; i < hours; i++) months.add(new Date(hourly!.periodStartMs[i]!).toISOString().slice(0, 7));
  const daily = alignForMcp(reference, target, { period: '1D', coverageThreshold: options.coverage });
  const minimum = MCP_MIN_PERIODS['1H'];
  const cv = hourly && hours >= minimum ? crossValidateMcp(hourly, { method: 'ols' }) : undefined;
  return {
    concurrentHours: hours,
    concurrentMonths: months.size,
    rHourly: hourly ? round(pearson(hourly.x, hourly.y), 4) : null,
    rDaily: daily ? round(pearson(daily.x, daily.y), 4) : null,
    cvRmse: round(cv?.rmse, 5),
    note: hours < minimum ? say(options.language, 'longterm.candidates.tooFew', { hours, minimum }) : '',
  };
}

/** Best first: the highest hourly r, then daily r, more concurrent months, the lower CV RMSE. */
export function compareCandidates(a: TMcpCandidate, b: TMcpCandidate): number {
  const desc = (x: number | null, y: number | null) =>
    (y ?? Number.NEGATIVE_INFINITY) - (x ?? Number.NEGATIVE_INFINITY);
  const ranked = (c: TMcpCandidate) => (c.note === '' ? 0 : 1);
  return (
    ranked(a) - ranked(b) ||
    desc(a.rHourly, b.rHourly) ||
    desc(a.rDaily, b.rDaily) ||
    b.concurrentMonths - a.concurrentMonths ||
    (a.cvRmse ?? Number.POSITIVE_INFINITY) - (b.cvRmse ?? Number.POSITIVE_INFINITY) ||
    a.distanceKm - b.distanceKm
  );
}

/** Every candidate of a job ranked against its target, read through the thread's own connection. */
export async function rankCandidates(db: Database, job: TCandidateJob): Promise<TMcpCandidatesResult> {
  const offsetMs = job.utcOffsetMinutes * 60_000;
  const shift = (s: McpSeries): McpSeries => ({ ...s, startMs: s.startMs + offsetMs });
  const target = shift(await readMcpSeries(db, speedOnly(job.target), job.includeSuspicious));
  const candidates: TMcpCandidate[] = [];
  for (const { source, ...entry } of job.candidates) {
    const empty = {
      concurrentHours: 0,
      concurrentMonths: 0,
      rHourly: null,
      rDaily: null,
      cvRmse: null,
      note: say(job.language, 'longterm.candidates.noData'),
    };
    if (!source) {
      candidates.push({ ...entry, ...empty });
      continue;
    }
    const reference = shift(await readMcpSeries(db, speedOnly(source), job.includeSuspicious));
    candidates.push({
      ...entry,
      ...rankOne(reference, target, { coverage: job.coverage, language: job.language }),
    });
  }
  candidates.sort(compareCandidates);
  const summary =
    say(job.language, 'longterm.candidates.summary', {
      found: job.found,
      radius: job.radiusKm,
      site: job.siteName,
    }) +
    (job.isCapped ? say(job.language, 'longterm.candidates.capped', { cap: job.candidates.length }) : '') +
    say(job.language, 'longterm.candidates.end');
  return { radiusKm: job.radiusKm, found: job.found, isCapped: job.isCapped, candidates, summary };
}
