import { primarySpeedChannels } from '@masthub/wind';
import type { TChannelRow } from './timeseries.types.ts';
import { speedSensorKind, TI_KEY_RE, toWindStatistic } from './version-series.ts';

/**
 * Which of a version's stored channels an analysis reads (issue 42 §2): what kind a channel is, and the
 * defaults every analysis picks the same way — the highest mean speed, the vane nearest to it, the σ and
 * gust at its height, the lowest thermometer and barometer, the primary speeds of a shear fit, the
 * requested range clipped to the data. The services check a caller's explicit choice with the same
 * predicates and say which field is wrong in their own words.
 */

type TChannelKind = Pick<TChannelRow, 'element' | 'statistic'>;

/** A channel of interval means (statistic `avg` or `mean`). */
export function isMean(c: TChannelKind): boolean {
  return toWindStatistic(c.statistic) === 'avg';
}

/** The predicate of the means of one element (`ws`, `wd`, `T`, `p`, `RH`, `wsv`…). */
export function isMeanOf(element: string): (c: TChannelKind) => boolean {
  return (c) => c.element === element && isMean(c);
}

/** A mean wind speed channel (cup or sonic). */
export const isMeanSpeed: (c: TChannelKind) => boolean = isMeanOf('ws');

/** A mean wind direction channel (vane). */
export const isMeanDirection: (c: TChannelKind) => boolean = isMeanOf('wd');

/** The speed's σ channel, or a turbulence-intensity one (data key `…_ti…`) the analyses turn into σ. */
export function isSpeedSd(c: Pick<TChannelRow, 'element' | 'statistic' | 'dataKey'>): boolean {
  return c.element === 'ws' && (c.statistic === 'sd' || TI_KEY_RE.test(c.dataKey));
}

/** The speed's gust channel (the maximum of each interval). */
export function isGust(c: TChannelKind): boolean {
  return c.element === 'ws' && c.statistic === 'max';
}

/** The highest mean speed among `channels` (the last listed of equal heights; no height counts as 0). */
export function highestMeanSpeed(channels: readonly TChannelRow[]): TChannelRow | undefined {
  return channels
    .filter(isMeanSpeed)
    .sort((a, b) => (a.heightM ?? 0) - (b.heightM ?? 0))
    .at(-1);
}

/** The mean direction of the speed's interval nearest to its height (the first listed on a tie). */
export function nearestVane(
  channels: readonly TChannelRow[],
  speed: Pick<TChannelRow, 'heightM' | 'intervalS'>,
): TChannelRow | undefined {
  const gap = (c: TChannelRow) => Math.abs((c.heightM ?? 0) - (speed.heightM ?? 0));
  return channels
    .filter((c) => isMeanDirection(c) && c.intervalS === speed.intervalS)
    .sort((a, b) => gap(a) - gap(b))[0];
}

/** The σ channel (else a TI one) and the gust channel at the speed's height and interval. */
export function speedCompanions(
  channels: readonly TChannelRow[],
  speed: Pick<TChannelRow, 'heightM' | 'intervalS'>,
): { sd: TChannelRow | undefined; gust: TChannelRow | undefined } {
  const atSpeed = (c: TChannelRow) => c.intervalS === speed.intervalS && c.heightM === speed.heightM;
  const sd =
    channels.find((c) => atSpeed(c) && c.element === 'ws' && c.statistic === 'sd') ??
    channels.find((c) => atSpeed(c) && isSpeedSd(c));
  return { sd, gust: channels.find((c) => atSpeed(c) && isGust(c)) };
}

/** The lowest mean of `element` at an interval (the thermometer, barometer, hygrometer of the density). */
export function lowestMeanOf(
  channels: readonly TChannelRow[],
  element: string,
  intervalS: number,
): TChannelRow | undefined {
  const fits = isMeanOf(element);
  return channels
    .filter((c) => fits(c) && c.intervalS === intervalS)
    .sort((a, b) => (a.heightM ?? 0) - (b.heightM ?? 0))[0];
}

/**
 * The default heights of a shear fit: one primary mean speed per height among those of `intervalS` with a
 * height (packages/wind primarySpeedChannels, the statistics' default, so every analysis shows the same
 * exponent), in ascending height.
 */
export function primaryShearSpeeds(
  channels: readonly TChannelRow[],
  intervalS: number,
  ranges: ReadonlyMap<number, { valueCount: number }>,
): TChannelRow[] {
  return primarySpeedChannels(
    channels
      .filter((c) => isMeanSpeed(c) && c.intervalS === intervalS && c.heightM !== null)
      .map((row) => ({
        id: String(row.id),
        heightM: row.heightM!,
        sensorKind: speedSensorKind(row),
        valueCount: ranges.get(row.id)?.valueCount ?? 0,
        row,
      })),
  ).map((candidate) => candidate.row);
}

/**
 * A channel's data range [first, last + interval) clipped to a request's start and end, or undefined when
 * the channel holds no data or nothing of it is left.
 */
export function clippedRange(
  range: { firstTime: Date | null; lastTime: Date | null } | undefined,
  intervalS: number,
  request: { startTime?: string | undefined; endTime?: string | undefined },
): { fromMs: number; toMs: number } | undefined {
  if (!range?.firstTime || !range.lastTime) return undefined;
  const fromMs = Math.max(range.firstTime.getTime(), request.startTime ? Date.parse(request.startTime) : 0);
  const toMs = Math.min(
    range.lastTime.getTime() + intervalS * 1000,
    request.endTime ? Date.parse(request.endTime) : Number.POSITIVE_INFINITY,
  );
  return fromMs < toMs ? { fromMs, toMs } : undefined;
}
