import type { TSuitabilityRequestInput, TVersionChannel } from '@masthub/shared';

/** The form of the site suitability screen. */
export interface SuitabilityFormValues {
  versionId: number;
  /** 0 = no long-term basis (the records alone). */
  longTermVersionId: number;
  hubHeight: number;
  speedChannelId: number;
  directionChannelId?: number | undefined;
  sdChannelId?: number | undefined;
  gustChannelId?: number | undefined;
  verticalChannelId?: number | undefined;
  shearChannelIds?: number[] | undefined;
  densitySource: 'measured' | 'altitude';
  temperatureChannelId?: number | undefined;
  pressureChannelId?: number | undefined;
  altitudeM?: number | null | undefined;
  checkRange: [number, number];
  turbulenceDefinition: 'sigma' | 'ti';
  extremeMethod: NonNullable<TSuitabilityRequestInput['extremeMethod']>;
  periodsPerYear: number;
  /** Annual maxima typed one per line or separated by commas. */
  annualMaxima?: string | undefined;
  /** The quality options every analysis offers (issue 41 §1). */
  includeSuspicious?: boolean | undefined;
  includeFilled?: boolean | undefined;
}

/** The kinds of channel each select offers. */
export type TChannelKind = 'speed' | 'vane' | 'sd' | 'gust' | 'vertical' | 'temperature' | 'pressure';

const isAvg = (c: TVersionChannel) => c.statistic === 'avg' || c.statistic === 'mean';
const isTi = (c: TVersionChannel) => /(^|_)ti(_|$)/i.test(c.dataKey);

/** Whether a channel fits a select (as the server checks it: element, statistic; σ may be a TI channel). */
export function fitsKind(c: TVersionChannel, kind: TChannelKind): boolean {
  switch (kind) {
    case 'speed':
      return c.element === 'ws' && isAvg(c) && c.heightM !== null;
    case 'vane':
      return c.element === 'wd' && isAvg(c);
    case 'sd':
      return c.element === 'ws' && (c.statistic === 'sd' || isTi(c));
    case 'gust':
      return c.element === 'ws' && c.statistic === 'max';
    case 'vertical':
      return c.element === 'wsv' && isAvg(c);
    case 'temperature':
      return c.element === 'T' && isAvg(c);
    case 'pressure':
      return c.element === 'p' && isAvg(c);
  }
}

/** The channels of one kind with the speed's interval (all of them before a speed is chosen). */
export function channelsOf(
  channels: readonly TVersionChannel[],
  kind: TChannelKind,
  speed: TVersionChannel | undefined,
): TVersionChannel[] {
  return channels.filter((c) => fitsKind(c, kind) && (!speed || c.intervalS === speed.intervalS));
}

/** The channel of a kind nearest to the speed's height (the screen's default choice), or undefined. */
export function nearestChannel(
  channels: readonly TVersionChannel[],
  kind: TChannelKind,
  speed: TVersionChannel | undefined,
): TVersionChannel | undefined {
  const height = speed?.heightM ?? 0;
  return channelsOf(channels, kind, speed).sort(
    (a, b) => Math.abs((a.heightM ?? 0) - height) - Math.abs((b.heightM ?? 0) - height),
  )[0];
}

/**
 * The lowest channel of a kind with the speed's interval: the temperature and pressure the server takes
 * for the measured density when none is chosen, shown in the form as its default rather than "none".
 */
export function lowestChannel(
  channels: readonly TVersionChannel[],
  kind: TChannelKind,
  speed: TVersionChannel | undefined,
): TVersionChannel | undefined {
  return channelsOf(channels, kind, speed).sort((a, b) => (a.heightM ?? 0) - (b.heightM ?? 0))[0];
}

/** The highest speed average (the screen's default speed). */
export function highestSpeed(channels: readonly TVersionChannel[]): TVersionChannel | undefined {
  return channels
    .filter((c) => fitsKind(c, 'speed'))
    .sort((a, b) => (b.heightM ?? 0) - (a.heightM ?? 0) || b.valueCount - a.valueCount)[0];
}

/** Annual maxima typed as text: numbers separated by commas, spaces or lines; undefined when empty. */
export function parseAnnualMaxima(text: string | undefined): number[] | undefined {
  const values = (text ?? '')
    .split(/[\s,;，；]+/)
    .filter((s) => s !== '')
    .map(Number);
  return values.length === 0 ? undefined : values;
}

/** The form's values as the API request (the zod schema on the server checks them again). */
export function toSuitabilityRequest(values: SuitabilityFormValues): TSuitabilityRequestInput {
  const optional = <K extends string>(key: K, value: number | undefined | null) =>
    value === undefined || value === null ? {} : ({ [key]: value } as Record<K, number>);
  const maxima = parseAnnualMaxima(values.annualMaxima);
  return {
    versionId: values.versionId,
    longTermVersionId: values.longTermVersionId > 0 ? values.longTermVersionId : null,
    hubHeight: values.hubHeight,
    speedChannelId: values.speedChannelId,
    ...optional('directionChannelId', values.directionChannelId),
    ...optional('sdChannelId', values.sdChannelId),
    ...optional('gustChannelId', values.gustChannelId),
    ...optional('verticalChannelId', values.verticalChannelId),
    shearChannelIds: values.shearChannelIds ?? [],
    densitySource: values.densitySource,
    ...(values.densitySource === 'measured'
      ? {
          ...optional('temperatureChannelId', values.temperatureChannelId),
          ...optional('pressureChannelId', values.pressureChannelId),
        }
      : optional('altitudeM', values.altitudeM)),
    checkRangeMin: values.checkRange[0],
    checkRangeMax: values.checkRange[1],
    turbulenceDefinition: values.turbulenceDefinition,
    extremeMethod: values.extremeMethod,
    periodsPerYear: values.periodsPerYear,
    ...(maxima ? { annualMaximaMps: maxima } : {}),
    includeSuspicious: values.includeSuspicious ?? false,
    includeFilled: values.includeFilled ?? true,
  };
}
