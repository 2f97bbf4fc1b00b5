import type { TRecognizedChannel } from '@masthub/shared';

/**
 * The unit of a turbulence-intensity column follows its values (issue 40). Names say only "TI" or
 * "Wind Turbulence"; a Triton sodar writes TI as a fraction (0.12), other loggers in percent (12). A TI
 * channel whose sampled values have a median of at most 1.5 is a fraction — unit '' (dimensionless, the
 * spelling of `unitless` in channel-names.ts) —, above that it is a percentage ('%'). The threshold is
 * the one the analyses use to read a stored TI (timeseries/version-series.ts deriveSdFromTi), so the
 * label and the arithmetic agree; a median keeps calm periods (TI > 1 at 0.5 m/s) from tipping it.
 */

/** A turbulence-intensity channel's data key: the word `ti` between separators (e.g. `ws_40_ti`). */
const TI_KEY_RE = /(^|_)ti(_|$)/i;
const FRACTION_MEDIAN_MAX = 1.5;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Sets the unit of each TI channel from the sampled rows (in place): '' for a fraction, '%' for a
 * percentage; a channel without any sampled number keeps its unit.
 */
export function fitTurbulenceUnits(
  channels: TRecognizedChannel[],
  sampleRows: readonly (readonly string[])[],
  missingTokens: readonly string[],
): void {
  const missing = new Set(missingTokens.map((t) => t.trim().toLowerCase()));
  for (const channel of channels) {
    if (!TI_KEY_RE.test(channel.dataKey)) continue;
    const values: number[] = [];
    for (const row of sampleRows) {
      const raw = (row[channel.column - 1] ?? '').trim().replace(/^"|"$/g, '');
      if (raw === '' || missing.has(raw.toLowerCase())) continue;
      const value = Number(raw.replace(',', '.'));
      if (Number.isFinite(value)) values.push(value);
    }
    const middle = median(values);
    if (middle !== null) channel.unit = middle <= FRACTION_MEDIAN_MAX ? '' : '%';
  }
}
