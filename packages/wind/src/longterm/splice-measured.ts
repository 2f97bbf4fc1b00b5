import type { McpPeriodMeans } from './average-by-mcp-period.ts';

/**
 * The measured-plus-predicted long-term series (brightwind `synthesize()`, WIND-ANALYSIS §13): over the
 * union of the predicted and the measured periods, the measured target period mean where it passes the
 * coverage threshold (and starts at or after `fromMs`), the prediction elsewhere.
 *
 * @internal
 */
export function spliceMeasured(
  predictedStartMs: Float64Array,
  predictedMps: Float64Array,
  measured: { means: McpPeriodMeans; threshold: number; fromMs: number },
): { periodStartMs: Float64Array; speedMps: Float64Array; isMeasured: Uint8Array } {
  const { means, threshold, fromMs } = measured;
  const passes = (coverage: number) => (threshold > 0 ? coverage >= threshold : coverage > 0);
  const stamps = new Set<number>();
  for (const t of predictedStartMs) stamps.add(t);
  for (const t of means.periodStartMs) if (t >= fromMs) stamps.add(t);
  const all = Float64Array.from(stamps).sort();
  const speedMps = new Float64Array(all.length).fill(Number.NaN);
  const isMeasured = new Uint8Array(all.length);
  let k = 0;
  for (let i = 0; i < predictedStartMs.length; i++) {
    while (all[k]! < predictedStartMs[i]!) k++;
    speedMps[k] = predictedMps[i]!;
  }
  k = 0;
  for (let j = 0; j < means.periodStartMs.length; j++) {
    const t = means.periodStartMs[j]!;
    if (t < fromMs) continue;
    while (all[k]! < t) k++;
    if (!passes(means.speedCoverage[j]!)) continue;
    speedMps[k] = means.speedMps[j]!;
    isMeasured[k] = 1;
  }
  return { periodStartMs: all, speedMps, isMeasured };
}
