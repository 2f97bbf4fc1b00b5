import type { TAnalysisBasis, TFlagPolicy } from '@masthub/shared';
import type { TReadOptions } from './column-cache.ts';
import type { TTimeSeriesStore } from './time-series-store.ts';
import type { TChannelRow } from './timeseries.types.ts';
import { loadSeries, type TLoadedChannel, type TLoadedSeries, toWindStatistic } from './version-series.ts';

/**
 * The one way an analysis reads a version's series (issue 41 §1): statistics, site suitability, energy
 * yield, long-term correction, lidar verification, reports, cleaned exports and the MCP tools read through
 * here with one flag policy, and every answer says what it stood on.
 *
 * - Invalid (3) and icing (4) records are always out (WIND-ANALYSIS §2.3).
 * - Suspicious (2) records are in unless the caller leaves them out (`includeSuspicious`, default in); the
 *   flag stays 2 and the caller's packages/wind functions apply the same option.
 * - Filled or corrected (1) records are in unless the caller leaves them out (`includeFilled`).
 * - A value outside the physical limits of its element is never used, whether or not anyone ran QC on
 *   the version: a range failure is invalid (GB/T 18710), so one 85 m/s record cannot decide a site's
 *   class. The stored flags are not changed: the loaded copy carries 3 where the record is left out.
 */

/** Physical limits per element in MastHub's units (m/s, °, °C, hPa, %), for means, minima and maxima. */
export const PHYSICAL_LIMITS: Readonly<Record<string, readonly [number, number]>> = {
  ws: [0, 75],
  wd: [0, 360],
  T: [-60, 60],
  p: [500, 1100],
  RH: [0, 100],
};

export const DEFAULT_FLAG_POLICY: TFlagPolicy = { includeSuspicious: true, includeFilled: true };

/** Flag code of an invalid record (WIND-ANALYSIS §2.3). */
const INVALID = 3;

/** The records of one channel left out, by why. */
interface TLeftOut {
  invalid: number;
  icing: number;
  suspicious: number;
  filled: number;
  outsideLimits: number;
}

/** The limits a channel's values are held to, or undefined (sums, counts, SD, elements without limits). */
function limitsOf(row: TChannelRow): readonly [number, number] | undefined {
  const statistic = toWindStatistic(row.statistic);
  if (statistic !== 'avg' && statistic !== 'min' && statistic !== 'max') return undefined;
  return PHYSICAL_LIMITS[row.element];
}

/**
 * One channel under the policy: its flags copied where a record is newly left out (the loaded arrays may
 * be shared with the column cache and are never written), and what was left out, by why.
 */
export function applyPolicy(
  channel: TLoadedChannel,
  policy: TFlagPolicy,
): { channel: TLoadedChannel; used: number; present: number; leftOut: TLeftOut } {
  const { values, flags, row } = channel;
  const limits = limitsOf(row);
  // Without limits nothing is outside them: ±∞ bounds leave every present value in.
  const low = limits ? limits[0] : Number.NEGATIVE_INFINITY;
  const high = limits ? limits[1] : Number.POSITIVE_INFINITY;
  let out: Uint8Array | null = null;
  let used = 0;
  let present = 0;
  let invalid = 0;
  let icing = 0;
  let suspicious = 0;
  let filled = 0;
  let outsideLimits = 0;
  // Counted in locals, normal records first (the hot path: every record of every channel an analysis reads).
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    // biome-ignore lint/suspicious/noSelfCompare: NaN test without a call per value
    if (v !== v) continue;
    present++;
    const f = flags[i]!;
    if (f >= 4) icing++;
    else if (f === 3) invalid++;
    else if (v < low || v > high) {
      outsideLimits++;
      out ??= Uint8Array.from(flags);
      out[i] = INVALID;
    } else if (f === 2 && !policy.includeSuspicious) suspicious++;
    else if (f === 1 && !policy.includeFilled) {
      filled++;
      out ??= Uint8Array.from(flags);
      out[i] = INVALID;
    } else used++;
  }
  const leftOut: TLeftOut = { invalid, icing, suspicious, filled, outsideLimits };
  return { channel: out ? { ...channel, flags: out } : channel, used, present, leftOut };
}

/**
 * Reads channels of one interval over [fromMs, toMs) onto one grid (as loadSeries) under the flag
 * policy, and what the analysis stands on: the version, the period, per channel the records used and
 * those left out by why.
 */
export async function loadForAnalysis(
  store: TTimeSeriesStore,
  versionId: number,
  channels: readonly TChannelRow[],
  fromMs: number,
  toMs: number,
  policy: TFlagPolicy = DEFAULT_FLAG_POLICY,
  options: TReadOptions = {},
): Promise<TLoadedSeries & { basis: TAnalysisBasis }> {
  const loaded = await loadSeries(store, channels, fromMs, toMs, options);
  return withPolicy(loaded, versionId, policy);
}

/** A loaded series under the flag policy, with its basis (loadForAnalysis when the series is at hand). */
export function withPolicy(
  loaded: TLoadedSeries,
  versionId: number,
  policy: TFlagPolicy,
): TLoadedSeries & { basis: TAnalysisBasis } {
  const results = loaded.channels.map((c) => applyPolicy(c, policy));
  const { grid } = loaded;
  return {
    grid,
    channels: results.map((r) => r.channel),
    basis: {
      versionId,
      startTime: grid.length > 0 ? new Date(grid.startMs).toISOString() : null,
      endTime:
        grid.length > 0
          ? new Date(grid.startMs + grid.length * grid.intervalMinutes * 60_000).toISOString()
          : null,
      records: grid.length,
      policy,
      channels: results.map((r) => ({
        channelId: r.channel.row.id,
        name: r.channel.row.name,
        present: r.present,
        used: r.used,
        leftOut: r.leftOut,
      })),
    },
  };
}
