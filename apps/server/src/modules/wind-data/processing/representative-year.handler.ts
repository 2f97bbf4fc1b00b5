import { ZRepresentativeYearRequest } from '@masthub/shared';
import {
  applyFlagMask,
  buildCalendarIndex,
  correctRepresentativeYear,
  dataRecovery,
  FLAG,
  selectAverageYear,
  selectBestYear,
} from '@masthub/wind';
import {
  chunkKey,
  monthStartOf,
  type TChannelRow,
  type TChunk,
  type TTimeSeriesStore,
  writeSeries,
} from '../../timeseries/index.ts';
import { ProcessingFailure, type TTaskContext } from '../tasks.service.ts';
import { ProcessingRepository } from './processing.repository.ts';
import {
  channelMap,
  loadChannels,
  rangeOf,
  requireChannel,
  requireKind,
  requireOneInterval,
  round,
} from './processing-support.ts';

/** A year counts for the average-year method when its recovery reaches this (WIND-ANALYSIS §3 acceptance). */
export const MIN_YEAR_RECOVERY_PCT = 90;
/** Concurrent mast/reference records a long-term correction needs (sector fit minimum, WIND-ANALYSIS §7). */
const MIN_CORRECTION_PAIRS = 30;

/** UTC time of the first instant of a local calendar month (month0 may run past 11). */
function localMonthStartUtc(year: number, month0: number, offsetMs: number): number {
  return Date.UTC(year, month0, 1) - offsetMs;
}

function localYearMonth(timeMs: number, offsetMs: number): { year: number; month0: number } {
  const d = new Date(timeMs + offsetMs);
  return { year: d.getUTCFullYear(), month0: d.getUTCMonth() };
}

function monthLabel(year: number, month1: number): string {
  return `${year}-${String(month1).padStart(2, '0')}`;
}

/**
 * Representative year (代表年, WIND-ANALYSIS §7): 'best' keeps the 12 consecutive local months with the
 * best recovery of the speed channel (GB/T 18710); 'average' keeps the year whose annual mean is closest
 * to the mean of the first given period that has full years (national wind-atlas rules; every period is
 * reported side by side). With a reference, the kept speed is corrected to the long term by reference
 * direction sector (corrected values flagged 1). The version then holds only those 12 months.
 */
export async function representativeYearHandler(ctx: TTaskContext): Promise<Record<string, unknown>> {
  const p = ZRepresentativeYearRequest.parse(ctx.task.params);
  const utcOffsetMinutes = Number(ctx.task.params.utcOffsetMinutes ?? 480);
  const offsetMs = utcOffsetMinutes * 60_000;
  const { all, byId } = await channelMap(ctx.store, ctx.version.id);
  const speed = requireChannel(byId, p.speedChannelId);
  requireKind(speed, 'ws', 'avg');
  // The whole record on whole local months.
  const span = await rangeOf(ctx.store, ctx.version.id, [speed], {});
  const first = localYearMonth(span.fromMs, offsetMs);
  const last = localYearMonth(span.toMs - speed.intervalS * 1000, offsetMs);
  const range = {
    fromMs: localMonthStartUtc(first.year, first.month0, offsetMs),
    toMs: localMonthStartUtc(last.year, last.month0 + 1, offsetMs),
  };
  const loaded = await loadChannels(ctx.store, [speed], range);
  const { values, flags } = loaded.channels[0]!;
  const calendar = buildCalendarIndex(loaded.grid, utcOffsetMinutes / 60);
  const recovery = dataRecovery(values, flags, calendar);
  await ctx.progress(15);

  let window: { fromMs: number; toMs: number };
  const choice: Record<string, unknown> = {};
  if (p.method === 'best') {
    const best = selectBestYear(recovery.byMonth);
    if (!best) throw new ProcessingFailure('no_full_year');
    const start = recovery.byMonth[best.startIndex]!;
    const end = recovery.byMonth[best.startIndex + 11]!;
    window = {
      fromMs: localMonthStartUtc(start.year, start.month - 1, offsetMs),
      toMs: localMonthStartUtc(start.year, start.month - 1 + 12, offsetMs),
    };
    choice.startMonth = monthLabel(start.year, start.month);
    choice.endMonth = monthLabel(end.year, end.month);
    choice.validRatePct = round(best.validRatePct, 2);
  } else {
    const usable = applyFlagMask(values, flags);
    const years = new Map<number, { sum: number; count: number; valid: number }>();
    for (let i = 0; i < usable.length; i++) {
      const year = calendar.months[calendar.monthIndex[i]!]!.year;
      const y = years.get(year) ?? { sum: 0, count: 0, valid: 0 };
      const v = usable[i]!;
      if (!Number.isNaN(v)) {
        y.sum += v;
        y.count++;
      }
      years.set(year, y);
    }
    for (const m of recovery.byMonth) years.get(m.year)!.valid += m.validCount;
    const slotsPerDay = 86_400 / speed.intervalS;
    const annual = [...years.entries()].map(([year, y]) => {
      const daysInYear = (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 86_400_000;
      const validRatePct = (y.valid / (daysInYear * slotsPerDay)) * 100;
      return { year, meanSpeedMps: y.count > 0 ? y.sum / y.count : Number.NaN, validRatePct };
    });
    const full = annual.filter(
      (a) => a.validRatePct >= MIN_YEAR_RECOVERY_PCT && !Number.isNaN(a.meanSpeedMps),
    );
    const periods = p.periods.length > 0 ? p.periods : [{ startYear: first.year, endYear: last.year }];
    const perPeriod = periods.map((period) => {
      const inPeriod = full.filter((a) => a.year >= period.startYear && a.year <= period.endYear);
      const selected = selectAverageYear(inPeriod);
      return {
        startYear: period.startYear,
        endYear: period.endYear,
        averageYear: selected?.averageYear ?? null,
        maximumYear: selected?.maximumYear ?? null,
        minimumYear: selected?.minimumYear ?? null,
        periodMeanMps: round(selected?.periodMeanMps, 3),
        years: inPeriod.map((a) => ({ year: a.year, meanSpeedMps: round(a.meanSpeedMps, 3) })),
      };
    });
    const chosenIndex = perPeriod.findIndex((r) => r.averageYear !== null);
    if (chosenIndex < 0) throw new ProcessingFailure('no_full_year');
    const year = perPeriod[chosenIndex]!.averageYear!;
    window = {
      fromMs: localMonthStartUtc(year, 0, offsetMs),
      toMs: localMonthStartUtc(year + 1, 0, offsetMs),
    };
    choice.year = year;
    choice.chosenPeriodIndex = chosenIndex;
    choice.periods = perPeriod;
    choice.annualMeans = annual.map((a) => ({
      year: a.year,
      meanSpeedMps: round(a.meanSpeedMps, 3),
      validRatePct: round(a.validRatePct, 2),
    }));
    choice.minYearRecoveryPct = MIN_YEAR_RECOVERY_PCT;
  }
  await ctx.progress(30);

  const correction = p.reference ? await correctToLongTerm(ctx, speed, window, p.reference) : null;
  await ctx.progress(60);
  const trimmed = await keepOnly(ctx.store, new ProcessingRepository(ctx.trx), ctx.version.id, all, window);
  await ctx.progress(95);
  return {
    method: p.method,
    speedChannelId: speed.id,
    speedName: speed.name,
    startTime: new Date(window.fromMs).toISOString(),
    endTime: new Date(window.toMs).toISOString(),
    utcOffsetMinutes,
    ...choice,
    correction,
    ...trimmed,
  };
}

/**
 * Long-term correction of the kept year's speed against a reference speed and direction (another
 * version, e.g. a nearby station) by reference sector (correctRepresentativeYear). The reference
 * interval must be a multiple of the mast's: each mast record takes the reference record holding it.
 */
async function correctToLongTerm(
  ctx: TTaskContext,
  speed: TChannelRow,
  window: { fromMs: number; toMs: number },
  reference: {
    versionId: number;
    speedChannelId: number;
    directionChannelId: number;
    longTermMeanMps?: number | undefined;
  },
): Promise<Record<string, unknown>> {
  const refVersion = await ctx.store.findVersion(reference.versionId);
  if (!refVersion) throw new ProcessingFailure('no_data');
  const { byId } = await channelMap(ctx.store, refVersion.id);
  const refSpeed = requireChannel(byId, reference.speedChannelId);
  const refDirection = requireChannel(byId, reference.directionChannelId);
  requireKind(refSpeed, 'ws', 'avg');
  requireKind(refDirection, 'wd');
  const refIntervalS = requireOneInterval([refSpeed, refDirection]);
  if (refIntervalS % speed.intervalS !== 0) throw new ProcessingFailure('interval_mismatch');
  const mastLoaded = await loadChannels(ctx.store, [speed], window);
  const mast = mastLoaded.channels[0]!;
  const mastUsable = applyFlagMask(mast.values, mast.flags);
  const refLoaded = await loadChannels(ctx.store, [refSpeed, refDirection], window);
  const refSpeedValues = applyFlagMask(refLoaded.channels[0]!.values, refLoaded.channels[0]!.flags);
  const refDirectionValues = applyFlagMask(refLoaded.channels[1]!.values, refLoaded.channels[1]!.flags);
  const n = mastLoaded.grid.length;
  const stepMs = speed.intervalS * 1000;
  const refStepMs = refIntervalS * 1000;
  const stationMps = new Float64Array(n).fill(Number.NaN);
  const stationDirectionDeg = new Float64Array(n).fill(Number.NaN);
  let pairs = 0;
  for (let i = 0; i < n; i++) {
    const j = Math.floor((mastLoaded.grid.startMs + i * stepMs - refLoaded.grid.startMs) / refStepMs);
    if (j < 0 || j >= refLoaded.grid.length) continue;
    stationMps[i] = refSpeedValues[j]!;
    stationDirectionDeg[i] = refDirectionValues[j]!;
    if (!Number.isNaN(stationMps[i]!) && !Number.isNaN(mastUsable[i]!)) pairs++;
  }
  if (pairs < MIN_CORRECTION_PAIRS) {
    throw new ProcessingFailure('too_few_pairs', { minPairs: MIN_CORRECTION_PAIRS, count: pairs });
  }
  let longTermMeanMps = reference.longTermMeanMps;
  if (longTermMeanMps === undefined) {
    const whole = await rangeOf(ctx.store, refVersion.id, [refSpeed], {});
    const all = await loadChannels(ctx.store, [refSpeed], whole);
    const usable = applyFlagMask(all.channels[0]!.values, all.channels[0]!.flags);
    let sum = 0;
    let count = 0;
    for (const v of usable) {
      if (Number.isNaN(v)) continue;
      sum += v;
      count++;
    }
    if (count === 0) throw new ProcessingFailure('no_data');
    longTermMeanMps = sum / count;
  }
  const corrected = correctRepresentativeYear({
    mastMps: mastUsable,
    stationMps,
    stationDirectionDeg,
    longTermStationMeanMps: longTermMeanMps,
  });
  const values = Float32Array.from(mast.values);
  const flags = Uint8Array.from(mast.flags);
  let correctedCount = 0;
  for (let i = 0; i < n; i++) {
    const v = corrected.values[i]!;
    if (Number.isNaN(mastUsable[i]!) || !Number.isFinite(v)) continue;
    values[i] = v;
    flags[i] = FLAG.filled;
    correctedCount++;
  }
  await writeSeries(ctx.store, ctx.version.id, speed, mastLoaded.grid.startMs, values, flags);
  let stationSum = 0;
  let stationCount = 0;
  for (const v of stationMps) {
    if (Number.isNaN(v)) continue;
    stationSum += v;
    stationCount++;
  }
  return {
    referenceVersionId: refVersion.id,
    referenceSpeedChannelId: refSpeed.id,
    referenceDirectionChannelId: refDirection.id,
    longTermMeanMps: round(longTermMeanMps, 3),
    concurrentMeanMps: round(stationCount > 0 ? stationSum / stationCount : undefined, 3),
    overallSlope: round(corrected.overallSlope),
    slopeBySector: corrected.slopeBySector.map((s) => round(s)),
    deltaBySectorMps: corrected.deltaBySector.map((d) => round(d)),
    pairCount: pairs,
    correctedCount,
  };
}

/**
 * Drops everything of the version outside [fromMs, toMs): whole month chunks outside go, the two
 * boundary chunks keep only their slots inside (emptied ones go too).
 */
async function keepOnly(
  store: TTimeSeriesStore,
  repository: ProcessingRepository,
  versionId: number,
  channels: readonly { id: number }[],
  window: { fromMs: number; toMs: number },
): Promise<{ deletedChunkCount: number; clearedValueCount: number }> {
  const firstMonth = monthStartOf(window.fromMs);
  let deletedChunkCount = await repository.deleteChunksOutside(versionId, firstMonth, window.toMs);
  const boundaryMonths = [...new Set([firstMonth, monthStartOf(window.toMs - 1)])];
  const ids = channels.map((c) => c.id);
  const chunks = await store.lockChunks(versionId, ids, boundaryMonths);
  const writes: { channelId: number; chunk: TChunk }[] = [];
  let clearedValueCount = 0;
  for (const channelId of ids) {
    for (const monthMs of boundaryMonths) {
      const chunk = chunks.get(chunkKey(channelId, monthMs));
      if (!chunk) continue;
      const stepMs = chunk.intervalS * 1000;
      let cleared = 0;
      let left = 0;
      for (let slot = 0; slot < chunk.values.length; slot++) {
        const t = monthMs + slot * stepMs;
        const v = chunk.values[slot]!;
        const isPresent = !Number.isNaN(v);
        if (t >= window.fromMs && t < window.toMs) {
          if (isPresent) left++;
          continue;
        }
        if (isPresent) cleared++;
        chunk.values[slot] = Number.NaN;
        chunk.flags[slot] = 0;
      }
      clearedValueCount += cleared;
      if (left === 0) {
        await repository.deleteChunk(versionId, channelId, monthMs);
        deletedChunkCount++;
      } else if (cleared > 0) {
        writes.push({ channelId, chunk });
      }
    }
  }
  await store.writeChunks(versionId, writes);
  return { deletedChunkCount, clearedValueCount };
}
