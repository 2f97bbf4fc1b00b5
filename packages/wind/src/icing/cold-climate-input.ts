import type { Channel, Station } from '../model/types.ts';
import type { ColdClimateInput, IcingSensor } from './cold-climate.ts';

/** Two sensors "at about the same height" for the redundant/heated comparisons: within this many metres. */
export const SAME_HEIGHT_TOLERANCE_M = 10;

function nearest(channels: readonly Channel[], heightM: number, except?: Channel): Channel | undefined {
  let best: Channel | undefined;
  for (const c of channels) {
    if (c === except || Math.abs(c.heightM - heightM) > SAME_HEIGHT_TOLERANCE_M) continue;
    if (!best || Math.abs(c.heightM - heightM) < Math.abs(best.heightM - heightM)) best = c;
  }
  return best;
}

/**
 * The cold-climate input of a station: the highest average temperature channel, the humidity channel nearest
 * it, and every unheated average cup (sonics and `heatedChannelIds` are not judged: they do not ice the same
 * way; a sonic's direction is not taken for a vane either) with its sd channel, a redundant cup, a heated cup and a vane within {@link SAME_HEIGHT_TOLERANCE_M}.
 * Undefined without a temperature channel (icing cannot be judged without one).
 */
export function coldClimateInputOf(
  station: Station,
  options: { heatedChannelIds?: readonly string[] } = {},
): ColdClimateInput | undefined {
  const avg = station.channels.filter((c) => c.statistic === 'avg');
  const temperature = avg
    .filter((c) => c.element === 'T')
    .sort((a, b) => b.heightM - a.heightM || a.id.localeCompare(b.id))[0];
  if (!temperature) return undefined;
  const humidity = avg
    .filter((c) => c.element === 'RH')
    .sort((a, b) => Math.abs(a.heightM - temperature.heightM) - Math.abs(b.heightM - temperature.heightM))[0];
  const heatedIds = new Set(options.heatedChannelIds ?? []);
  const cups = avg.filter((c) => c.element === 'ws' && c.sensorKind !== 'sonic' && !/sonic/i.test(c.id));
  const heated = cups.filter((c) => heatedIds.has(c.id));
  const unheated = cups.filter((c) => !heatedIds.has(c.id));
  const vanes = avg.filter((c) => c.element === 'wd' && !/sonic/i.test(c.id));
  const sds = station.channels.filter((c) => c.element === 'ws' && c.statistic === 'sd');
  const sensors: IcingSensor[] = unheated.map((speed) => ({
    speed,
    speedSd:
      sds.find((c) => c.heightM === speed.heightM && c.id.startsWith(speed.id))?.values ??
      sds.find((c) => c.heightM === speed.heightM)?.values,
    redundantSpeed: nearest(unheated, speed.heightM, speed)?.values,
    heatedSpeed: nearest(heated, speed.heightM),
    direction: nearest(vanes, speed.heightM),
  }));
  return {
    grid: station.grid,
    utcOffsetHours: station.utcOffsetHours,
    temperature,
    relativeHumidity: humidity,
    sensors,
  };
}
