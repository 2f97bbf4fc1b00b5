import { type AcceptedSource, evaluateSource } from './evaluate-source.ts';
import { gapRuns } from './gap-runs.ts';
import { directionTrig, type FitContext } from './source-models.ts';
import type {
  ReconstructOptions,
  ReconstructRejected,
  ReconstructResult,
  ReconstructSource,
  ReconstructStep,
  ReconstructTarget,
} from './types.ts';

/** Defaults of {@link ReconstructOptions} (reasons in METHODS.md). */
export const RECONSTRUCT_DEFAULTS = {
  method: 'ols',
  sectors: 12,
  minSectorCount: 30,
  minR: 0.7,
  minConcurrentHours: 168,
} as const;

/** 1 where the target has a usable value (not NaN, flag < 3), else 0. */
export function usableMask(target: ReconstructTarget): Uint8Array {
  const n = target.values.length;
  const usable = new Uint8Array(n);
  const { values, flags } = target;
  for (let i = 0; i < n; i++) usable[i] = !Number.isNaN(values[i]!) && (!flags || flags[i]! < 3) ? 1 : 0;
  return usable;
}

/** Ranking: lower cross-validated rmse first; sources without one (physical fallbacks) after, by r. */
function byRank(a: AcceptedSource, b: AcceptedSource): number {
  const ra = a.skill.rmse;
  const rb = b.skill.rmse;
  const na = Number.isNaN(ra);
  const nb = Number.isNaN(rb);
  if (na !== nb) return na ? 1 : -1;
  if (!na && ra !== rb) return ra - rb;
  const ca = Number.isNaN(a.skill.r) ? -2 : a.skill.r;
  const cb = Number.isNaN(b.skill.r) ? -2 : b.skill.r;
  return cb - ca || a.index - b.index;
}

/**
 * Reconstructs the gaps of one channel from ranked sources (issue 45 §1, METHODS.md): each source is fitted
 * with the long-term correction's methods (speed, by sector of the source vane where the data allow), the
 * veer (direction), an offset (temperature, humidity), the barometric reduction (pressure); sources below
 * the minimum correlation or concurrent time are rejected; the others are ranked by the rmse of predictions
 * on held-out month blocks. Each missing slot (NaN or flag ≥ 3) is filled by the best-ranked source present
 * at that slot, so one gap may be filled from several sources in turn. Measured values are never touched;
 * a slot where no source is present stays missing. Filled slots get flag 1.
 *
 * @example reconstructSeries(target, [{ id: '60m', kind: 'other_height', element: 'ws', values }], { startMs, intervalMinutes: 10 })
 */
export function reconstructSeries(
  target: ReconstructTarget,
  sources: readonly ReconstructSource[],
  options: ReconstructOptions,
): ReconstructResult {
  const n = target.values.length;
  for (const s of sources) {
    if (s.element !== target.element)
      throw new Error(`reconstructSeries: source ${s.id} is ${s.element}, the target ${target.element}`);
    for (const series of [s.values, s.directionDeg, s.temperatureC])
      if (series && series.length !== n)
        throw new Error(`reconstructSeries: source ${s.id} is not on the target's grid`);
  }
  const usable = usableMask(target);
  const ctx: FitContext = {
    target: target.values,
    targetHeightM: target.heightM,
    startMs: options.startMs,
    intervalMinutes: options.intervalMinutes,
    minSectorCount: options.minSectorCount ?? RECONSTRUCT_DEFAULTS.minSectorCount,
    targetTrig: target.element === 'wd' ? directionTrig(target.values) : undefined,
  };
  const settings = {
    element: target.element,
    method: options.method ?? RECONSTRUCT_DEFAULTS.method,
    sectors: options.sectors ?? RECONSTRUCT_DEFAULTS.sectors,
    minR: options.minR ?? RECONSTRUCT_DEFAULTS.minR,
    minConcurrentHours: options.minConcurrentHours ?? RECONSTRUCT_DEFAULTS.minConcurrentHours,
  };
  const gaps = gapRuns(usable, options.intervalMinutes);
  const accepted: AcceptedSource[] = [];
  const rejected: ReconstructRejected[] = [];
  if (gaps.slots > 0) {
    const scratch = new Int32Array(n);
    sources.forEach((source, index) => {
      const outcome = evaluateSource(ctx, usable, source, index, settings, scratch);
      if ('accepted' in outcome) accepted.push(outcome.accepted);
      else rejected.push(outcome.rejected);
    });
  }
  accepted.sort(byRank);
  const ranked = accepted.slice(0, options.maxSources ?? accepted.length);

  const values = Float64Array.from(target.values);
  const flags = target.flags ? Uint8Array.from(target.flags) : new Uint8Array(n);
  const filledBy = new Int16Array(n).fill(-1);
  const filledCounts = new Int32Array(ranked.length);
  let filled = 0;
  for (let g = 0; g < gaps.count; g++) {
    const end = gaps.starts[g]! + gaps.lengths[g]!;
    for (let i = gaps.starts[g]!; i < end; i++) {
      for (let k = 0; k < ranked.length; k++) {
        const v = ranked[k]!.model.predictAt(i);
        if (Number.isNaN(v)) continue;
        values[i] = v;
        flags[i] = 1;
        filledBy[i] = k;
        filledCounts[k]! += 1;
        filled++;
        break;
      }
    }
  }
  const steps: ReconstructStep[] = ranked.map((a, k) => ({
    sourceId: a.source.id,
    kind: a.source.kind,
    method: a.model.method,
    fit: a.model.fit,
    skill: a.skill,
    filledCount: filledCounts[k]!,
    rank: k,
  }));
  const valid = n - gaps.slots;
  return {
    values,
    flags,
    filledBy,
    steps,
    rejected,
    gaps: { count: gaps.count, slots: gaps.slots, byLength: gaps.byLength },
    recovery: {
      beforePct: n > 0 ? (valid / n) * 100 : 0,
      afterPct: n > 0 ? ((valid + filled) / n) * 100 : 0,
    },
  };
}
