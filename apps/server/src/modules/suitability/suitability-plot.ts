import type { Language, TSuitabilityResult } from '@masthub/shared';
import { gumbelPlottingPositions, returnPeriodReducedVariate, type SiteSuitability } from '@masthub/wind';
import { textOf } from './suitability-texts.ts';

type TSeries = TSuitabilityResult['extremes']['series'][number];
type TPoint = TSeries['points'][number];

/** Points of each line on the plot. */
const LINE_POINTS = 25;

/**
 * The extreme-wind probability plot (WIND-ANALYSIS §8.9, §14): every method's maxima and fitted line on
 * one axis, the annual reduced variate y = −ln(−ln F_year), so the 50-year value of each method sits at
 * y50 = 3.902. A maximum of one of n_p periods a year has F_year = F_period^n_p, so y_year = y_period −
 * ln n_p; a storm maximum with r storms a year has y_year = y_storm − ln r (Cook 1982), and the storms'
 * line is a curve, fitted on q = V²: V = √(U + D·(y_year + ln r)). 5·V̄ is a level line.
 *
 * @param inputMaxima the annual maxima of `annualMaximaInput`: typed by the caller or the long-term series'
 */
export function extremeSeries(
  s: SiteSuitability,
  inputMaxima: readonly number[] | null,
  language: Language,
): TSeries[] {
  const e = s.extremes;
  const y50 = returnPeriodReducedVariate(50);
  const out: Omit<TSeries, 'line'>[] = [];
  const lines: ((y: number) => number)[] = [];
  const name = (method: TSeries['method']) => textOf(language, `method.${method}`);
  const annual = e.annualMaxima;
  if (annual.plot.length > 0) {
    out.push({
      method: 'annualMaxima',
      name: name('annualMaxima'),
      points: annual.plot.map((p) => ({ y: p.reducedVariate, speedMps: p.speedMps })),
    });
    const fit = annual.fit;
    lines.push(fit ? (y) => fit.locationMps + fit.scaleMps * y : () => Number.NaN);
  }
  if (e.inputAnnualFit) {
    const fit = e.inputAnnualFit;
    const values = inputMaxima ?? [];
    out.push({
      method: 'annualMaximaInput',
      name: name('annualMaximaInput'),
      points: gumbelPlottingPositions(values).map((p) => ({ y: p.reducedVariate, speedMps: p.speedMps })),
    });
    lines.push((y) => fit.locationMps + fit.scaleMps * y);
  }
  const periodic = e.periodicMaxima;
  if (periodic.plot.length > 0) {
    const shift = Math.log(periodic.periodsPerYear);
    out.push({
      method: 'periodicMaxima',
      name: name('periodicMaxima'),
      points: periodic.plot.map((p) => ({ y: p.reducedVariate - shift, speedMps: p.speedMps })),
    });
    const fit = periodic.fit;
    lines.push(fit ? (y) => fit.locationMps + fit.scaleMps * (y + shift) : () => Number.NaN);
  }
  const storms = e.independentStorms;
  if (storms.plot.length > 0) {
    const logRate = Math.log(storms.stormsPerYear);
    out.push({
      method: 'independentStorms',
      name: name('independentStorms'),
      points: storms.plot
        .filter((p) => p.isFitted)
        .map((p) => ({ y: p.annualReducedVariate, speedMps: p.speedMps })),
    });
    const fit = storms.fit;
    lines.push(
      fit
        ? (y) => Math.sqrt(Math.max(0, fit.modePressure + fit.dispersionPressure * (y + logRate)))
        : () => Number.NaN,
    );
  }
  const fivefold = e.estimates.find((x) => x.method === 'fivefoldMean')?.valueMps;
  if (fivefold !== undefined) {
    out.push({
      method: 'fivefoldMean',
      name: name('fivefoldMean'),
      points: [{ y: y50, speedMps: fivefold }],
    });
    lines.push(() => fivefold);
  }
  const ys = out.flatMap((sr) => sr.points.map((p) => p.y)).filter(Number.isFinite);
  const low = Math.min(-1.5, ...ys);
  const high = Math.max(y50 + 0.5, ...ys);
  return out.map((sr, k) => {
    const line: TPoint[] = [];
    for (let i = 0; i < LINE_POINTS; i++) {
      const y = low + ((high - low) * i) / (LINE_POINTS - 1);
      const v = lines[k]!(y);
      if (Number.isFinite(v)) line.push({ y, speedMps: v });
    }
    return { ...sr, line };
  });
}
