import type { Language, THomeRose, THomeRoseQuery } from '@masthub/shared';
import {
  applyFlagMask,
  buildCalendarIndex,
  diurnalVariation,
  monthlyVariation,
  sectorLabels,
  speedFrequency,
  windRose,
} from '@masthub/wind';
import { compassPointName } from '../../../i18n/compass.ts';
import type { TChannelRow, TLoadedSeries } from '../../timeseries/index.ts';

const HOME_ROSE_SECTORS = 16;
const CALM_THRESHOLD_MPS = 0.5;

/** The chart of a site without data: empty categories and values, nulls. */
export function emptyHomeRose(query: THomeRoseQuery): THomeRose {
  return {
    stationId: query.stationId,
    type: query.type,
    channelName: null,
    heightM: null,
    startTime: null,
    endTime: null,
    unit: query.type === 'monthly' || query.type === 'daily' ? 'm/s' : '%',
    categories: [],
    values: [],
  };
}

function num(value: number | undefined): number | null {
  return value === undefined || !Number.isFinite(value) ? null : value;
}

/**
 * One home-map chart from a site's speed (and vane) over its last 12 months (SPEC §2 home rose charts):
 * direction and energy roses (16 sectors, % of non-calm records / of Σ½ρv³), monthly and daily (local
 * hour) mean speed, and the speed frequency distribution (% per 1 m/s bin). Empty when nothing is usable.
 */
export function buildHomeRose(
  query: THomeRoseQuery,
  loaded: TLoadedSeries,
  options: {
    speed: TChannelRow;
    vane: TChannelRow | undefined;
    utcOffsetMinutes: number;
    language: Language;
  },
): THomeRose {
  const empty = emptyHomeRose(query);
  const speedSeries = loaded.channels.find((c) => c.row.id === options.speed.id);
  if (!speedSeries || loaded.grid.length === 0) return empty;
  const speeds = applyFlagMask(speedSeries.values, speedSeries.flags);
  if (!speeds.some((v) => !Number.isNaN(v))) return empty;
  const stepMs = loaded.grid.intervalMinutes * 60_000;
  const withData: THomeRose = {
    ...empty,
    channelName: options.speed.name,
    heightM: options.speed.heightM,
    startTime: new Date(loaded.grid.startMs).toISOString(),
    endTime: new Date(loaded.grid.startMs + loaded.grid.length * stepMs).toISOString(),
  };
  const calendar = buildCalendarIndex(loaded.grid, options.utcOffsetMinutes / 60);
  switch (query.type) {
    case 'direction':
    case 'energy': {
      const vaneSeries = options.vane
        ? loaded.channels.find((c) => c.row.id === options.vane!.id)
        : undefined;
      if (!vaneSeries) return withData;
      const rose = windRose(speeds, applyFlagMask(vaneSeries.values, vaneSeries.flags), {
        sectors: HOME_ROSE_SECTORS,
        calmThresholdMps: CALM_THRESHOLD_MPS,
      });
      if (!rose) return withData;
      return {
        ...withData,
        categories: sectorLabels(HOME_ROSE_SECTORS, 'compass').map((code) =>
          compassPointName(options.language, code),
        ),
        values: rose.sectors.map((s) => (query.type === 'direction' ? s.frequencyPct : s.energyPct)),
      };
    }
    case 'monthly': {
      const monthly = monthlyVariation(speeds, calendar);
      return {
        ...withData,
        categories: monthly.byYearMonth.map((m) => `${m.year}-${String(m.month).padStart(2, '0')}`),
        values: monthly.byYearMonth.map((m) => num(m.mean)),
      };
    }
    case 'daily': {
      const diurnal = diurnalVariation(speeds, calendar);
      return {
        ...withData,
        categories: diurnal.byHour.map((h) => String(h.hour).padStart(2, '0')),
        values: diurnal.byHour.map((h) => num(h.mean)),
      };
    }
    case 'frequency': {
      const frequency = speedFrequency(speeds);
      if (!frequency) return withData;
      return {
        ...withData,
        categories: frequency.bins.map((b) => String(b.centreMps)),
        values: frequency.bins.map((b) => b.frequencyPct),
      };
    }
  }
}
