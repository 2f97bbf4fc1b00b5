import {
  AppError,
  type Language,
  type TLidarHeightResult,
  type TLidarKpiReasonKey,
  type TLidarVerifyResult,
} from '@masthub/shared';
import {
  angleDifference,
  type LidarKpiVerdict,
  type LidarVsMastHeightInput,
  lidarVsMast,
  OWA_ROADMAP_KPIS,
  usablePairs,
} from '@masthub/wind';
import type { TServerTextKey } from '../../i18n/index.ts';
import { say } from '../../i18n/index.ts';
import type { Database } from '../../platform/db/database.ts';
import { loadForAnalysis, openTimeSeriesStore, type TChannelRow } from '../timeseries/index.ts';

/** The most scatter points per chart (an even thinning of the pairs). */
const SCATTER_MAX = 2000;

/** One resolved height pair: the channels checked against their versions. */
export interface TLidarVerifyPairJob {
  lidarSpeed: TChannelRow;
  mastSpeed: TChannelRow;
  lidarDirection: TChannelRow | undefined;
  mastDirection: TChannelRow | undefined;
}

/** A lidar-versus-mast check as it crosses to a worker thread (access decided, channels checked). */
export interface TLidarVerifyJob {
  language: Language;
  lidar: TLidarVerifyResult['lidar'];
  mast: TLidarVerifyResult['mast'];
  pairs: TLidarVerifyPairJob[];
  fromMs: number;
  toMs: number;
  minReferenceSpeed: number;
  includeSuspicious: boolean;
  includeFilled?: boolean | undefined;
}

/** A snake_case key of packages/wind as the catalogue's camelCase name. */
const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** Up to {@link SCATTER_MAX} [mast, lidar] points of the paired slots, evenly thinned. */
function scatterOf(x: Float32Array, y: Float32Array, pairs: Uint8Array, unwrap: boolean): [number, number][] {
  const slots: number[] = [];
  for (let i = 0; i < pairs.length; i++) if (pairs[i] === 1) slots.push(i);
  const count = Math.min(SCATTER_MAX, slots.length);
  const out: [number, number][] = [];
  for (let k = 0; k < count; k++) {
    const i = slots[Math.floor((k * slots.length) / count)]!;
    const lidar = unwrap ? x[i]! + angleDifference(y[i]!, x[i]!) : y[i]!;
    out.push([round(x[i]!, 2), round(lidar, 2)]);
  }
  return out;
}

function reasonsText(language: Language, verdict: LidarKpiVerdict) {
  return verdict.reasons.map((key) => ({
    key: key satisfies TLidarKpiReasonKey,
    text: say(language, `lidarVerify.reason.${camel(key)}` as TServerTextKey),
  }));
}

/**
 * Reads both versions' channels on one grid over the common range and runs the verification of every
 * height (packages/wind `lidarVsMast`, the OWA roadmap KPIs): the regressions, the verdicts with their
 * reasons in the caller's language, and thinned scatter points for the charts. In a worker thread of the
 * compute pool with its own connection when there is one.
 */
export async function lidarVerifyResult(db: Database, job: TLidarVerifyJob): Promise<TLidarVerifyResult> {
  const store = openTimeSeriesStore(db);
  const wanted = new Map<number, TChannelRow>();
  for (const p of job.pairs) {
    for (const c of [p.lidarSpeed, p.mastSpeed, p.lidarDirection, p.mastDirection])
      if (c) wanted.set(c.id, c);
  }
  // The one analysis read (issue 41 §1): values outside physical limits are never compared.
  const read = await loadForAnalysis(store, job.lidar.versionId, [...wanted.values()], job.fromMs, job.toMs, {
    includeSuspicious: job.includeSuspicious,
    includeFilled: job.includeFilled ?? true,
  });
  const series = (c: TChannelRow | undefined) =>
    c ? read.channels.find((x) => x.row.id === c.id) : undefined;
  const inputs: LidarVsMastHeightInput[] = job.pairs.map((p) => {
    const ls = series(p.lidarSpeed)!;
    const ms = series(p.mastSpeed)!;
    const ld = series(p.lidarDirection);
    const md = series(p.mastDirection);
    return {
      heightM: p.lidarSpeed.heightM!,
      mastHeightM: p.mastSpeed.heightM!,
      lidarSpeed: ls.values,
      lidarSpeedFlags: ls.flags,
      mastSpeed: ms.values,
      mastSpeedFlags: ms.flags,
      ...(ld && md
        ? {
            lidarDirection: ld.values,
            lidarDirectionFlags: ld.flags,
            mastDirection: md.values,
            mastDirectionFlags: md.flags,
          }
        : {}),
    };
  });
  const options = { minReferenceSpeed: job.minReferenceSpeed, includeSuspicious: job.includeSuspicious };
  const verified = lidarVsMast(inputs, options);
  const { language } = job;
  const heights: TLidarHeightResult[] = verified.map((h, k) => {
    const p = job.pairs[k]!;
    const input = inputs[k]!;
    const keep = (i: number) => input.mastSpeed[i]! >= job.minReferenceSpeed;
    const pick = { includeSuspicious: job.includeSuspicious, keep };
    const speedPairs = usablePairs(
      input.mastSpeed,
      input.mastSpeedFlags,
      input.lidarSpeed,
      input.lidarSpeedFlags,
      pick,
    );
    const directionPairs =
      input.mastDirection && input.lidarDirection
        ? usablePairs(
            input.mastDirection,
            input.mastDirectionFlags,
            input.lidarDirection,
            input.lidarDirectionFlags,
            pick,
          )
        : undefined;
    const failing = h.verdict === 'minimum' ? h.bestPractice : h.minimum;
    const reasons = reasonsText(language, failing)
      .map((r) => r.text)
      .join(say(language, 'lidarVerify.reasonSeparator'));
    return {
      heightM: h.heightM,
      mastHeightM: h.mastHeightM,
      lidarSpeedChannel: { id: p.lidarSpeed.id, name: p.lidarSpeed.name },
      mastSpeedChannel: { id: p.mastSpeed.id, name: p.mastSpeed.name },
      lidarDirectionChannel: p.lidarDirection
        ? { id: p.lidarDirection.id, name: p.lidarDirection.name }
        : null,
      mastDirectionChannel: p.mastDirection ? { id: p.mastDirection.id, name: p.mastDirection.name } : null,
      speed: h.speed,
      direction: h.direction,
      bestPractice: { pass: h.bestPractice.pass, reasons: reasonsText(language, h.bestPractice) },
      minimum: { pass: h.minimum.pass, reasons: reasonsText(language, h.minimum) },
      verdict: h.verdict,
      verdictText: say(
        language,
        `lidarVerify.verdict.${camel(h.verdict)}` as TServerTextKey,
        {
          height: String(h.heightM),
          reasons,
        } as never,
      ),
      scatter: {
        speed: scatterOf(
          input.mastSpeed as Float32Array,
          input.lidarSpeed as Float32Array,
          speedPairs,
          false,
        ),
        direction: directionPairs
          ? scatterOf(
              input.mastDirection as Float32Array,
              input.lidarDirection as Float32Array,
              directionPairs,
              true,
            )
          : [],
      },
    };
  });
  if (heights.every((h) => h.speed.pairCount === 0)) throw new AppError('STATISTICS_NO_DATA');
  const failed = heights.filter((h) => h.verdict === 'fail').length;
  const count = String(heights.length);
  return {
    lidar: job.lidar,
    mast: job.mast,
    startTime: new Date(job.fromMs).toISOString(),
    endTime: new Date(job.toMs).toISOString(),
    minReferenceSpeed: job.minReferenceSpeed,
    kpis: OWA_ROADMAP_KPIS as TLidarVerifyResult['kpis'],
    kpiSource: say(language, 'lidarVerify.kpiSource', { minSpeed: String(job.minReferenceSpeed) }),
    heights,
    isPass: failed === 0,
    summary:
      failed === 0
        ? say(language, 'lidarVerify.summary.pass', { count })
        : say(language, 'lidarVerify.summary.fail', { count, failed: String(failed) }),
    basis: read.basis,
  };
}
