import type { Database } from '../../../platform/db/database.ts';
import { openTimeSeriesStore } from '../../timeseries/index.ts';
import { downsample, type TBuckets } from './downsample.ts';

/** A chart read as it crosses to a worker thread: channels by interval, the range and the buckets. */
export interface TChartJob {
  channels: { id: number; intervalS: number }[];
  fromMs: number;
  toMs: number;
  bucketStartMs: number;
  bucketMs: number;
  bucketCount: number;
}

/**
 * Values a chart reads (channels × slots of the range) above which the read, inflate and downsampling
 * go to the compute pool: below it (a week of 40 channels ≈ 40 000) the event loop does it in a few
 * milliseconds and the request does not queue behind someone's five-year statistics on the pool.
 */
export const CHART_POOL_MIN_VALUES = 500_000;

/** How many stored values a chart job reads. */
export function chartJobSize(job: TChartJob): number {
  let n = 0;
  for (const c of job.channels) n += Math.ceil((job.toMs - job.fromMs) / (c.intervalS * 1000));
  return n;
}

/** Channels grouped by their interval, in their order (one read per interval). */
export function groupByInterval<T extends { intervalS: number }>(channels: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const c of channels) {
    const group = groups.get(c.intervalS);
    if (group) group.push(c);
    else groups.set(c.intervalS, [c]);
  }
  return groups;
}

/** Reads each interval's channels once over the range and downsamples every channel into the buckets. */
export async function chartBuckets(
  db: Database,
  job: TChartJob,
): Promise<(TBuckets & { channelId: number })[]> {
  const store = openTimeSeriesStore(db);
  const byInterval = groupByInterval(job.channels);
  const out = new Map<number, TBuckets & { channelId: number }>();
  for (const [intervalS, group] of byInterval) {
    const read = await store.readChannels(group, job.fromMs, job.toMs);
    for (const c of group) {
      const s = read.series.get(c.id)!;
      const buckets = downsample(
        s.values,
        s.flags,
        read.startMs,
        intervalS * 1000,
        job.bucketStartMs,
        job.bucketMs,
        job.bucketCount,
      );
      out.set(c.id, { channelId: c.id, ...buckets });
    }
  }
  return job.channels.map((c) => out.get(c.id)!);
}
