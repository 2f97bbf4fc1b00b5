import type { TLidarHeightResult, TLidarKpiReasonKey, TLidarVerifyResult } from '@masthub/shared';
import type { EChartsOption } from 'echarts';

const round = (v: number, digits = 3) => Number(v.toFixed(digits));

/** The ends of the x range of scatter points (0 to the largest x, or the given lower end). */
function spanOf(points: readonly (readonly [number, number])[], from?: number): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const [x] of points) {
    lo = Math.min(lo, x);
    hi = Math.max(hi, x);
  }
  return [from ?? lo, hi];
}

const line = (name: string, colour: string, data: [number, number][], dashed = false) => ({
  type: 'line' as const,
  name,
  showSymbol: false,
  lineStyle: { color: colour, ...(dashed ? { type: 'dashed' as const } : {}) },
  itemStyle: { color: colour },
  data,
});

/**
 * Lidar (y) against mast (x) speeds of one height: the 10-min pairs, the regression through the origin,
 * the regression with offset and the 1:1 line.
 */
export function buildSpeedScatterOption(
  h: TLidarHeightResult,
  labels: { pairs: string; origin: string; offset: string; identity: string; mast: string; lidar: string },
): EChartsOption | undefined {
  if (h.scatter.speed.length === 0) return undefined;
  const [, hi] = spanOf(h.scatter.speed, 0);
  const o = h.speed.throughOrigin;
  const w = h.speed.withOffset;
  return {
    tooltip: { trigger: 'item' },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 52, right: 20, top: 48, bottom: 44 },
    xAxis: { type: 'value', name: labels.mast, nameLocation: 'middle', nameGap: 28, min: 0 },
    yAxis: { type: 'value', name: labels.lidar, min: 0 },
    series: [
      { type: 'scatter', name: labels.pairs, symbolSize: 3, data: h.scatter.speed.map((p) => [...p]) },
      ...(o
        ? [
            line(`${labels.origin}: y = ${round(o.slope, 4)}x`, '#cf1322', [
              [0, 0],
              [hi, round(o.slope * hi)],
            ]),
          ]
        : []),
      ...(w
        ? [
            line(
              `${labels.offset}: y = ${round(w.slope, 4)}x ${w.intercept < 0 ? '−' : '+'} ${round(Math.abs(w.intercept))}`,
              '#1677ff',
              [
                [0, round(w.intercept)],
                [hi, round(w.slope * hi + w.intercept)],
              ],
            ),
          ]
        : []),
      line(
        labels.identity,
        '#8c8c8c',
        [
          [0, 0],
          [hi, hi],
        ],
        true,
      ),
    ],
  };
}

/** Lidar against mast directions of one height (unwrapped to ±180° of the mast's) with the fitted line. */
export function buildDirectionScatterOption(
  h: TLidarHeightResult,
  labels: { pairs: string; offset: string; identity: string; mast: string; lidar: string },
): EChartsOption | undefined {
  const d = h.direction;
  if (!d || h.scatter.direction.length === 0) return undefined;
  const fitted =
    d.slope !== null && d.offsetDeg !== null
      ? [
          line(
            `${labels.offset}: y = ${round(d.slope, 4)}x ${d.offsetDeg < 0 ? '−' : '+'} ${round(Math.abs(d.offsetDeg), 2)}°`,
            '#1677ff',
            [
              [0, round(d.offsetDeg, 2)],
              [360, round(d.slope * 360 + d.offsetDeg, 2)],
            ],
          ),
        ]
      : [];
  return {
    tooltip: { trigger: 'item' },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 52, right: 20, top: 48, bottom: 44 },
    xAxis: { type: 'value', name: labels.mast, nameLocation: 'middle', nameGap: 28, min: 0, max: 360 },
    yAxis: { type: 'value', name: labels.lidar },
    series: [
      { type: 'scatter', name: labels.pairs, symbolSize: 3, data: h.scatter.direction.map((p) => [...p]) },
      ...fitted,
      line(
        labels.identity,
        '#8c8c8c',
        [
          [0, 0],
          [360, 360],
        ],
        true,
      ),
    ],
  };
}

/** The criteria a level checks, with the reason keys that fail each. */
export const LIDAR_CRITERIA = [
  { key: 'speedSlope', reasons: ['speed_slope', 'speed_too_few_pairs'] },
  { key: 'speedRSquared', reasons: ['speed_r_squared', 'speed_too_few_pairs'] },
  { key: 'directionSlope', reasons: ['direction_slope', 'direction_too_few_pairs'] },
  { key: 'directionRSquared', reasons: ['direction_r_squared', 'direction_too_few_pairs'] },
  { key: 'directionOffsetDeg', reasons: ['direction_offset', 'direction_too_few_pairs'] },
] as const satisfies readonly { key: string; reasons: readonly TLidarKpiReasonKey[] }[];

/** ✓ when the level passes the criterion, ✗ when it misses it, '' when not judged (no directions). */
export function criterionMark(
  h: TLidarHeightResult,
  level: 'bestPractice' | 'minimum',
  criterion: (typeof LIDAR_CRITERIA)[number],
): '✓' | '✗' | '' {
  if (criterion.key.startsWith('direction') && !h.direction) return '';
  const reasons = h[level].reasons.map((r) => r.key);
  return criterion.reasons.some((r) => (reasons as string[]).includes(r)) ? '✗' : '✓';
}

/** The level's limits as text: "0.98–1.02", "> 0.98", "< 5". */
export function limitText(
  kpis: TLidarVerifyResult['kpis'],
  level: 'bestPractice' | 'minimum',
  key: (typeof LIDAR_CRITERIA)[number]['key'],
): string {
  const v = kpis[level][key];
  if (Array.isArray(v)) return `${v[0]}–${v[1]}`;
  return key === 'directionOffsetDeg' ? `< ${v}°` : `> ${v}`;
}
