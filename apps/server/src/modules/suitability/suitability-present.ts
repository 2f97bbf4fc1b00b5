import {
  formatZonedTime,
  type Language,
  leftOutTotals,
  SUITABILITY_CHECK_NAMES,
  SUITABILITY_CLASS_KEYS,
  type TAnalysisBasis,
  type TSuitabilityCheckKey,
  type TSuitabilityDecidingRecord,
  type TSuitabilityMaximum,
  type TSuitabilityResult,
  versionDisplayName,
  ZSuitabilityResult,
} from '@masthub/shared';
import { returnPeriodReducedVariate, type SiteSuitability, type TimeGrid } from '@masthub/wind';
import { say } from '../../i18n/index.ts';
import { extremeSeries } from './suitability-plot.ts';
import type { TSuitabilityJob } from './suitability-run.ts';
import {
  noteText,
  num,
  reasonNote,
  sectorNames,
  type TSuitabilityNoteInput,
  textOf,
} from './suitability-texts.ts';

/** What {@link presentSuitability} shapes: the job, the library's result and how the inputs were made. */
export interface TSuitabilityRun {
  job: TSuitabilityJob;
  suitability: SiteSuitability;
  grid: TimeGrid;
  extrapolation: TSuitabilityResult['extrapolation'];
  densitySource: 'measured' | 'altitude' | null;
  longTerm: TSuitabilityResult['longTermVersion'];
  /** The maxima of the Gumbel on given annual maxima (typed, or the long-term series'), or null. */
  inputAnnualMaxima: readonly number[] | null;
  notes: TSuitabilityNoteInput[];
  /** What the check stood on (the analysis read's basis). */
  basis: TAnalysisBasis;
  /** The flags of the speed channel as the analysis read them. */
  speedFlags: Uint8Array;
  /** The cold-climate section (issue 45 §2), presented; null without temperature. */
  coldClimate: TSuitabilityResult['coldClimate'];
}

/** A maximum more than this many times the next decides the extreme alone (issue 41 §1). */
export const DOMINANT_RATIO = 1.5;

type TMaximumMethod = TSuitabilityMaximum['method'];

/** The maxima of the periodic-maxima and storm methods at hub height, with their times and flags. */
export function extremeMaxima(
  run: Pick<TSuitabilityRun, 'suitability' | 'grid' | 'speedFlags'>,
): TSuitabilityMaximum[] {
  const { suitability: s, grid, speedFlags } = run;
  const stepMs = grid.intervalMinutes * 60_000;
  const at = (index: number) => new Date(grid.startMs + index * stepMs).toISOString();
  const periodic = s.extremes.periodicMaxima.periods
    .filter((p) => p.maxIndex >= 0 && p.maxMps !== undefined)
    .map((p) => ({
      method: 'periodicMaxima' as const,
      time: at(p.maxIndex),
      valueMps: p.maxMps!,
      flag: speedFlags[p.maxIndex] ?? 0,
      isUsed: p.isUsed,
    }));
  const storms = s.extremes.independentStorms;
  const ranked = [...storms.storms].sort((a, b) => b.peakMps - a.peakMps).slice(0, storms.plot.length);
  const stormMaxima = ranked.map((storm, k) => ({
    method: 'independentStorms' as const,
    time: at(storm.peakIndex),
    valueMps: storm.peakMps,
    flag: speedFlags[storm.peakIndex] ?? 0,
    isUsed: storms.plot[k]?.isFitted ?? false,
  }));
  return [...periodic, ...stormMaxima];
}

/**
 * The record that decides the chosen extreme alone, if one does: the chosen method's largest used maximum
 * more than {@link DOMINANT_RATIO}× the next, or (with a measured gust) a 10-minute V50 above the 50-year
 * gust, which a 10-minute mean cannot physically exceed.
 */
export function decidingRecord(
  s: SiteSuitability,
  maxima: readonly TSuitabilityMaximum[],
  channelId: number,
): TSuitabilityDecidingRecord | null {
  const chosen = s.extremes.chosen.method;
  const method: TMaximumMethod | null =
    chosen === 'periodicMaxima' || chosen === 'independentStorms' ? chosen : null;
  if (!method) return null;
  const used = maxima.filter((m) => m.method === method && m.isUsed).sort((a, b) => b.valueMps - a.valueMps);
  const top = used[0];
  if (!top) return null;
  const next = used[1]?.valueMps ?? null;
  if (next !== null && top.valueMps > DOMINANT_RATIO * next)
    return { reason: 'dominant', method, time: top.time, valueMps: top.valueMps, nextMps: next, channelId };
  const v50 = s.extremes.chosen.valueMps;
  if (
    s.gust.method !== 'fromV50' &&
    v50 !== undefined &&
    Number.isFinite(s.gust.valueMps) &&
    v50 > s.gust.valueMps
  )
    return { reason: 'aboveGust', method, time: top.time, valueMps: top.valueMps, nextMps: next, channelId };
  return null;
}

const UNITS: Record<TSuitabilityCheckKey, string> = {
  meanSpeed: 'm/s',
  extremeWind: 'm/s',
  extremeGust: 'm/s',
  turbulence: '',
  shear: '',
  inflow: '°',
  airDensity: 'kg/m³',
};

const pct = (v: number | undefined | null) => (v === undefined || v === null ? '—' : (v * 100).toFixed(1));

/** The verdict sentence: the class and what decides it, or why none fits or none can be confirmed. */
function verdictText(s: SiteSuitability, language: Language): string {
  const checkName = (k: TSuitabilityCheckKey) => SUITABILITY_CHECK_NAMES[k][language];
  const { windClass, category } = s.siteClass;
  const least = s.verdicts.find((v) => v.key === 'III C')!;
  let text: string;
  if (windClass === undefined || category === undefined) {
    const missing = least.notJudgedChecks.map(checkName).join(say(language, 'suitability.listSeparator'));
    text = say(language, 'suitability.verdict.notJudged', { missing: missing || '—' });
  } else if (windClass === 'S' || category === 'S') {
    const failed = least.failedChecks.map(checkName).join(say(language, 'suitability.listSeparator'));
    text = say(language, 'suitability.verdict.special', { failed: failed || '—' });
  } else {
    const verdict = s.verdicts.find((v) => v.key === `${windClass} ${category}`)!;
    text = say(language, 'suitability.verdict.class', {
      windClass,
      category,
      deciding: verdict.decidingCheck
        ? say(language, 'suitability.verdict.deciding', {
            check: checkName(verdict.decidingCheck),
            margin: pct(verdict.decidingMargin),
          })
        : '—',
    });
  }
  const t = s.turbulence;
  if (t?.verdict.equivalentReferenceTi !== undefined) {
    text += say(language, 'suitability.verdict.definition', {
      definition: textOf(language, `method.${s.turbulenceDefinition}`),
      other: t.alternative.equivalentReferenceTi?.toFixed(4) ?? '—',
    });
  }
  return text;
}

/** The library's site suitability as the API answers it: localised, JSON-safe, checked against the schema. */
export function presentSuitability(run: TSuitabilityRun): TSuitabilityResult {
  const { job, suitability: s, grid } = run;
  const language = job.language;
  const sectors = job.request.sectors;
  const labels = sectorNames(sectors, language);
  const endMs = grid.startMs + grid.length * grid.intervalMinutes * 60_000;
  const chosen = s.extremes.chosen.method;
  const periods = String(job.request.periodsPerYear);
  const maxima = extremeMaxima(run);
  const deciding = decidingRecord(s, maxima, job.speed.id);
  const decidingNote = deciding
    ? [
        noteText(language, {
          key: deciding.reason === 'dominant' ? 'decidedByOneRecord' : 'v50AboveGust',
          params: {
            time: formatZonedTime(Date.parse(deciding.time), job.utcOffsetMinutes),
            value: deciding.valueMps.toFixed(2),
            ...(deciding.reason === 'dominant'
              ? { next: deciding.nextMps === null ? '—' : deciding.nextMps.toFixed(2) }
              : {
                  v50: s.extremes.chosen.valueMps?.toFixed(2) ?? '—',
                  gust: Number.isFinite(s.gust.valueMps) ? s.gust.valueMps.toFixed(2) : '—',
                }),
          },
        }),
      ]
    : [];
  const leftOut = leftOutTotals(run.basis);
  const basisNote =
    leftOut.total > 0
      ? [
          noteText(language, {
            key: 'leftOut',
            params: {
              total: String(leftOut.total),
              outsideLimits: String(leftOut.outsideLimits),
              invalid: String(leftOut.invalid + leftOut.icing),
              suspicious: String(leftOut.suspicious),
              filled: String(leftOut.filled),
            },
          }),
        ]
      : [];
  const result: TSuitabilityResult = {
    versionId: job.version.id,
    versionName: versionDisplayName(job.version, language),
    stationId: job.version.stationId,
    startTime: new Date(grid.startMs).toISOString(),
    endTime: new Date(endMs).toISOString(),
    hubHeight: s.hubHeightM,
    speedChannel: { id: job.speed.id, name: job.speed.name, heightM: job.speed.heightM! },
    extrapolation: run.extrapolation,
    longTermVersion: run.longTerm,
    turbulenceDefinition: s.turbulenceDefinition,
    classKeys: [...SUITABILITY_CLASS_KEYS],
    siteClass: { windClass: s.siteClass.windClass ?? null, category: s.siteClass.category ?? null },
    verdictText: verdictText(s, language),
    checks: s.checks.map((c) => ({
      key: c.key,
      name: SUITABILITY_CHECK_NAMES[c.key][language],
      status: c.status,
      siteValue: num(c.siteValue),
      unit: UNITS[c.key],
      method: c.method,
      methodName: textOf(language, `method.${c.method}`),
      records: c.records,
      limits: SUITABILITY_CLASS_KEYS.map((k) => num(c.limitByClass[k])),
      pass: SUITABILITY_CLASS_KEYS.map((k) => c.passByClass[k] ?? null),
      margins: SUITABILITY_CLASS_KEYS.map((k) => num(c.marginByClass[k])),
      isFlagged: c.isFlagged,
      reasons: c.reasons.map((r) => reasonNote(language, r)),
    })),
    verdicts: s.verdicts.map((v) => ({
      key: v.key,
      windClass: v.windClass,
      category: v.category,
      isSuitable: v.isSuitable ?? null,
      decidingCheck: v.decidingCheck ?? null,
      decidingMargin: num(v.decidingMargin),
      failedChecks: [...v.failedChecks],
      flaggedChecks: [...v.flaggedChecks],
      notJudgedChecks: [...v.notJudgedChecks],
    })),
    turbulence: s.turbulence
      ? {
          checkRangeMps: [s.turbulence.checkRangeMps[0], s.turbulence.checkRangeMps[1]],
          minCount: s.turbulence.minCount,
          equivalentReferenceTi: num(s.turbulence.verdict.equivalentReferenceTi),
          alternativeEquivalentReferenceTi: num(s.turbulence.alternative.equivalentReferenceTi),
          decidingBinMps: num(s.turbulence.verdict.decidingBinMps),
          referenceTi: { 'A+': 0.18, A: 0.16, B: 0.14, C: 0.12 },
          bins: s.turbulence.bins.map((b) => ({
            centreMps: b.centreMps,
            count: b.count,
            sigmaRepTi: num(b.sigmaRepTi),
            tiRep: num(b.tiRep),
            ntmTi: { ...b.ntmTi },
            isJudged: b.isJudged,
            notJudgedReason: b.notJudgedReason ?? null,
          })),
        }
      : null,
    extremes: {
      choice: s.extremes.choice,
      chosenMethod: chosen,
      estimates: s.extremes.estimates.map((e) => ({
        method: e.method,
        name: textOf(language, `method.${e.method}`),
        description: say(language, `suitability.describe.${e.method}`, { periods }),
        isOffered: e.isOffered,
        valueMps: num(e.valueMps),
        records: e.records,
        reason: e.reason ? reasonNote(language, e.reason) : null,
        isChosen: e.method === chosen,
      })),
      returnVariate: returnPeriodReducedVariate(50),
      series: extremeSeries(s, run.inputAnnualMaxima, language),
      gust: {
        method: s.gust.method,
        methodName: textOf(language, `method.${s.gust.method}`),
        valueMps: num(s.gust.valueMps),
        fromV50Mps: num(s.gust.fromV50Mps),
      },
      maxima,
      decidingRecord: deciding,
    },
    shear: s.shear
      ? {
          exponent: num(s.shear.exponent),
          heightsM: [...s.shear.table.heightsM],
          meanSpeedsMps: s.shear.table.overall.meanSpeedsMps.map(num),
          count: s.shear.table.overall.count,
          bySector: (s.shear.table.bySector ?? []).map((cell, i) => ({
            label: labels[i] ?? String(i),
            value: num(cell.exponent),
            count: cell.count,
            isFlagged: s.shear!.flaggedSectors.includes(i),
          })),
        }
      : null,
    inflow: s.inflow
      ? {
          overallDeg: num(s.inflow.overall.meanDeg),
          count: s.inflow.overall.count,
          bySector: (s.inflow.bySector ?? []).map((cell, i) => ({
            label: labels[i] ?? String(i),
            value: num(cell.meanDeg),
            count: cell.count,
            isFlagged: cell.count >= 30 && Math.abs(cell.meanDeg) > 8,
          })),
        }
      : null,
    airDensity: s.airDensity
      ? {
          meanKgM3: s.airDensity.meanKgM3,
          ratioToStandard: s.airDensity.ratioToStandard,
          records: s.airDensity.records,
          source: run.densitySource ?? 'standard',
        }
      : null,
    notes: [
      ...decidingNote,
      ...basisNote,
      ...s.reasons.map((r) => reasonNote(language, r)),
      ...run.notes.map((n) => noteText(language, n)),
    ],
    basis: run.basis,
    coldClimate: run.coldClimate,
  };
  return ZSuitabilityResult.parse(result);
}
