import type { Language, TColdClimate } from '@masthub/shared';
import { coldClimate, coldClimateInputOf } from '@masthub/wind';
import { type TChannelRow, type TLoadedSeries, toWindStation } from '../timeseries/index.ts';
import { presentColdClimate } from './cold-climate-present.ts';

const ELEMENTS = new Set(['ws', 'wd', 'T', 'RH']);
const STATISTICS = new Set(['avg', 'mean', 'sd']);

/** The channels the cold-climate figures read: speeds (and their sd), vanes, temperature, humidity of one interval. */
export function coldClimateChannels(all: readonly TChannelRow[], intervalS: number): TChannelRow[] {
  return all.filter(
    (c) => c.intervalS === intervalS && ELEMENTS.has(c.element) && STATISTICS.has(c.statistic),
  );
}

/**
 * Icing periods, the IEA ice class per year and the temperature figures of loaded series (values as stored:
 * the icing symptoms are read from the raw records, whatever their flags), presented in `language`; null
 * without a temperature channel. `heatedChannelIds`: channels whose sensor the register marks heated.
 */
export function coldClimateOfSeries(
  loaded: TLoadedSeries,
  utcOffsetMinutes: number,
  heatedChannelIds: readonly number[],
  language: Language,
): TColdClimate | null {
  if (loaded.grid.length === 0) return null;
  const station = toWindStation(loaded, utcOffsetMinutes);
  const input = coldClimateInputOf(station, { heatedChannelIds: heatedChannelIds.map(String) });
  if (!input) return null;
  const names = new Map(loaded.channels.map((c) => [String(c.row.id), c.row.name]));
  return presentColdClimate(coldClimate(input), input, names, language);
}
