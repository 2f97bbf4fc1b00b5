import {
  interpolate,
  type Language,
  RECONSTRUCT_NOTES,
  RECONSTRUCT_REJECT_REASONS,
  type TReconstructRequest,
  type TReconstructTargetResult,
} from '@masthub/shared';
import {
  crossValidateReconstruction,
  type ReconstructCrossValidation,
  type ReconstructOptions,
  type ReconstructRejected,
  type ReconstructResult,
  reconstructSeries,
} from '@masthub/wind';
import type { TReconstructInput } from './reconstruct-sources.ts';

/**
 * The CPU part of a gap reconstruction (a worker thread of the compute pool when there is one, see
 * ../compute-tasks.ts): per target, the engine's reconstruction from its ranked sources
 * (packages/wind/src/reconstruct) and its cross-validation, presented with the sources' names.
 */
export interface TReconstructJob {
  input: TReconstructInput;
  options: Pick<TReconstructRequest, 'method' | 'sectors' | 'minR' | 'minConcurrentHours'>;
  /** The task writes the filled series; the preview only reads the figures. */
  withSeries: boolean;
  language: Language;
}

export interface TReconstructedTarget {
  result: TReconstructTargetResult;
  /** With `withSeries`: the filled values and flags, which slots were filled and by which step. */
  values?: Float64Array;
  flags?: Uint8Array;
  filled?: Int32Array;
  filledBy?: Int16Array;
}

const round = (v: number | undefined, digits = 4): number | null =>
  v === undefined || !Number.isFinite(v) ? null : Math.round(v * 10 ** digits) / 10 ** digits;

function say(language: Language, text: { zh: string; en: string }, params: Record<string, unknown> = {}) {
  return interpolate(text[language], params);
}

/** A rejected source's reason in the caller's language, with the figure that failed. */
export function rejectReason(
  rejected: ReconstructRejected,
  options: { minR: number; minConcurrentHours: number },
  language: Language,
): string {
  return say(language, RECONSTRUCT_REJECT_REASONS[rejected.reason], {
    hours: round(rejected.concurrentHours, 1) ?? 0,
    minHours: options.minConcurrentHours,
    r: round(rejected.r, 3) ?? '-',
    minR: options.minR,
  });
}

/** Reconstructs every target of a job (and cross-validates it). */
export function runReconstruction(job: TReconstructJob): TReconstructedTarget[] {
  const { input, language } = job;
  const options: ReconstructOptions = {
    startMs: input.startMs,
    intervalMinutes: input.intervalMinutes,
    method: job.options.method,
    sectors: job.options.sectors,
    minR: job.options.minR,
    minConcurrentHours: job.options.minConcurrentHours,
  };
  return input.targets.map((t) => {
    const names = new Map(t.sources.map((s) => [s.id, s]));
    const target = {
      id: String(t.channel.id),
      element: t.element,
      ...(t.channel.heightM !== null ? { heightM: t.channel.heightM } : {}),
      values: t.rawValues,
      flags: t.flags,
    };
    const r: ReconstructResult = reconstructSeries(target, t.sources, options);
    const cv: ReconstructCrossValidation | undefined =
      r.steps.length > 0 ? crossValidateReconstruction(target, t.sources, options) : undefined;
    const filledCount = r.steps.reduce((sum, s) => sum + s.filledCount, 0);
    const note =
      r.gaps.slots === 0
        ? RECONSTRUCT_NOTES.noGaps
        : t.sources.length === 0
          ? RECONSTRUCT_NOTES.noSource
          : r.steps.length === 0
            ? RECONSTRUCT_NOTES.allRejected
            : filledCount === 0
              ? RECONSTRUCT_NOTES.nothingFilled
              : undefined;
    const result: TReconstructTargetResult = {
      channelId: t.channel.id,
      channelName: t.channel.name,
      element: t.channel.element,
      heightM: t.channel.heightM,
      gaps: {
        count: r.gaps.count,
        slots: r.gaps.slots,
        byLength: r.gaps.byLength.map((g) => ({ maxHours: g.maxHours, count: g.count, slots: g.slots })),
      },
      missingCount: r.gaps.slots,
      filledCount,
      recovery: {
        beforePct: round(r.recovery.beforePct, 2) ?? 0,
        afterPct: round(r.recovery.afterPct, 2) ?? 0,
      },
      steps: r.steps.map((s) => ({
        sourceId: s.sourceId,
        sourceName: names.get(s.sourceId)?.name ?? s.sourceId,
        kind: s.kind,
        method: s.method,
        fit: JSON.parse(JSON.stringify(s.fit)) as Record<string, unknown>,
        skill: {
          r: round(s.skill.r),
          rmse: round(s.skill.rmse),
          bias: round(s.skill.bias),
          concurrentCount: s.skill.concurrentCount,
        },
        filledCount: s.filledCount,
        rank: s.rank,
      })),
      rejected: r.rejected.map((x) => ({
        sourceId: x.sourceId,
        sourceName: names.get(x.sourceId)?.name ?? x.sourceId,
        reason: rejectReason(x, job.options, language),
      })),
      crossValidation: cv
        ? {
            heldOutSlots: cv.heldOutSlots,
            bias: round(cv.bias),
            rmse: round(cv.rmse),
            directionErrorDeg: round(cv.directionErrorDeg, 2),
            annualMeanErrorPct: round(cv.annualMeanErrorPct, 3),
            annualMeanUncertaintyPct: round(cv.annualMeanUncertaintyPct, 3),
          }
        : null,
      uncertainty: { annualMeanPct: Math.abs(round(cv?.annualMeanUncertaintyPct, 3) ?? 0) },
      note: note ? say(language, note) : null,
    };
    if (!job.withSeries) return { result };
    const filled: number[] = [];
    for (let i = 0; i < r.filledBy.length; i++) if (r.filledBy[i]! >= 0) filled.push(i);
    const by = Int16Array.from(filled, (i) => r.filledBy[i]!);
    return { result, values: r.values, flags: r.flags, filled: Int32Array.from(filled), filledBy: by };
  });
}

/** The largest |annual-mean uncertainty| over the speed targets, % (the EYA's uncertainty component). */
export function speedUncertaintyPct(targets: readonly TReconstructTargetResult[]): number {
  return targets
    .filter((t) => t.element === 'ws')
    .reduce((max, t) => Math.max(max, t.uncertainty.annualMeanPct), 0);
}
