import type { NumericSeries } from '../model/types.ts';
import { IEC_REFERENCE_TURBULENCE, type TurbulenceCategory } from '../statistics/iec-turbulence-intensity.ts';
import { turbulenceIntensityBySpeed } from '../statistics/turbulence-intensity-by-speed.ts';
import { TURBULENCE_CATEGORIES } from './iec-classes.ts';
import { ntmSigma1 } from './ntm-sigma1.ts';

/** Which representative turbulence is judged (WIND-ANALYSIS §8.4). */
export type TurbulenceDefinition = 'sigma' | 'ti';

/** One 1 m/s speed bin against the normal turbulence model. */
export interface TurbulenceBinJudgement {
  readonly centreMps: number;
  readonly count: number;
  /** IEC σ_rep = σ̄ + 1.28·σ_σ, m/s. */
  readonly sigmaRepMps: number;
  /** σ_rep / V_bin (the IEC σ-based representative TI). */
  readonly sigmaRepTi: number;
  /** TI_mean + 1.28·sd(TI) (the platform's TI-based representative TI). */
  readonly tiRep: number;
  /** NTM σ1(V_bin)/V_bin of each category: the TI limit curve. */
  readonly ntmTi: Readonly<Record<TurbulenceCategory, number>>;
  /** Inside the check range with at least minCount records. */
  readonly isJudged: boolean;
  /** Why not judged. */
  readonly notJudgedReason: 'outsideRange' | 'tooFewRecords' | undefined;
  /** Per category, judged bins only: representative (by the chosen definition) ≤ NTM. */
  readonly passByCategory: Readonly<Record<TurbulenceCategory, boolean>> | undefined;
}

/** The turbulence verdict by one definition. */
export interface TurbulenceVerdict {
  readonly definition: TurbulenceDefinition;
  /**
   * The site's equivalent I_ref: max over judged bins of σ_rep/(0.75·V + 5.6) (σ_rep = TI_rep·V for the
   * TI definition). A category passes when it is ≤ the category's I_ref; undefined without judged bins.
   */
  readonly equivalentReferenceTi: number | undefined;
  /** The bin that decides (the largest ratio to the NTM curve). */
  readonly decidingBinMps: number | undefined;
  readonly passByCategory: Readonly<Record<TurbulenceCategory, boolean | undefined>>;
}

/** Turbulence check of the site (WIND-ANALYSIS §14). */
export interface TurbulenceJudgement {
  readonly checkRangeMps: readonly [number, number];
  readonly minCount: number;
  readonly bins: readonly TurbulenceBinJudgement[];
  readonly judgedBinCount: number;
  /** Records in the judged bins. */
  readonly judgedRecords: number;
  /** The verdict by the chosen definition. */
  readonly verdict: TurbulenceVerdict;
  /** The verdict by the other definition, shown beside it. */
  readonly alternative: TurbulenceVerdict;
}

/**
 * Judges measured turbulence against the IEC 61400-1 normal turbulence model per 1 m/s bin
 * (WIND-ANALYSIS §8.4, §14): per bin (centred on integers, records with U ≥ 3 m/s, via
 * {@link turbulenceIntensityBySpeed}) σ_rep = σ̄ + 1.28·σ_σ (IEC, `definition: 'sigma'`, the default) or
 * TI_rep = TI_mean + 1.28·sd(TI) (`'ti'`), compared with σ1(V_bin) = I_ref·(0.75·V_bin + 5.6)
 * ({@link ntmSigma1}). Bins are judged only inside `checkRangeMps` (default 10–25 m/s [P], inclusive of
 * the bin centres) with at least `minCount` records (default 30 [P]); other bins are shown, not judged.
 * A category passes when every judged bin passes; both definitions are computed, the chosen one decides.
 *
 * @param speedsMps hub-height 10-min mean speeds
 * @param speedSdMps their standard deviations
 * @example judgeTurbulence(u, sd, { checkRangeMps: [15, 15], minCount: 5 }).verdict.passByCategory.C // false (§14 example)
 */
export function judgeTurbulence(
  speedsMps: NumericSeries,
  speedSdMps: NumericSeries,
  options: {
    checkRangeMps?: readonly [number, number];
    minCount?: number;
    definition?: TurbulenceDefinition;
  } = {},
): TurbulenceJudgement {
  const [low, high] = options.checkRangeMps ?? [10, 25];
  const minCount = options.minCount ?? 30;
  const definition = options.definition ?? 'sigma';
  const table = turbulenceIntensityBySpeed(speedsMps, speedSdMps);
  const bins: TurbulenceBinJudgement[] = (table?.bins ?? []).map((bin) => {
    const v = bin.centreMps;
    const ntmTi = Object.fromEntries(TURBULENCE_CATEGORIES.map((c) => [c, ntmSigma1(v, c) / v])) as Record<
      TurbulenceCategory,
      number
    >;
    const inRange = v >= low && v <= high;
    const enough = bin.count >= minCount && Number.isFinite(bin.iecRepresentativeTi);
    const isJudged = inRange && enough;
    const judged = definition === 'sigma' ? bin.iecRepresentativeTi : bin.representativeTi;
    return {
      centreMps: v,
      count: bin.count,
      sigmaRepMps: bin.iecRepresentativeTi * v,
      sigmaRepTi: bin.iecRepresentativeTi,
      tiRep: bin.representativeTi,
      ntmTi,
      isJudged,
      notJudgedReason: isJudged ? undefined : inRange ? 'tooFewRecords' : 'outsideRange',
      passByCategory: isJudged
        ? (Object.fromEntries(TURBULENCE_CATEGORIES.map((c) => [c, judged <= ntmTi[c]])) as Record<
            TurbulenceCategory,
            boolean
          >)
        : undefined,
    };
  });
  const judgedBins = bins.filter((b) => b.isJudged);
  const verdictOf = (d: TurbulenceDefinition): TurbulenceVerdict => {
    let equivalent: number | undefined;
    let decidingBinMps: number | undefined;
    for (const b of judgedBins) {
      const ti = d === 'sigma' ? b.sigmaRepTi : b.tiRep;
      const ratio = (ti * b.centreMps) / (0.75 * b.centreMps + 5.6);
      if (equivalent === undefined || ratio > equivalent) {
        equivalent = ratio;
        decidingBinMps = b.centreMps;
      }
    }
    const passByCategory = Object.fromEntries(
      TURBULENCE_CATEGORIES.map((c) => [
        c,
        equivalent === undefined ? undefined : equivalent <= IEC_REFERENCE_TURBULENCE[c],
      ]),
    ) as Record<TurbulenceCategory, boolean | undefined>;
    return { definition: d, equivalentReferenceTi: equivalent, decidingBinMps, passByCategory };
  };
  return {
    checkRangeMps: [low, high],
    minCount,
    bins,
    judgedBinCount: judgedBins.length,
    judgedRecords: judgedBins.reduce((a, b) => a + b.count, 0),
    verdict: verdictOf(definition),
    alternative: verdictOf(definition === 'sigma' ? 'ti' : 'sigma'),
  };
}
