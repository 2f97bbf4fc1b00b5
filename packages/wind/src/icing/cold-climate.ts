import { civilTimeOf } from '../model/civil-time-of.ts';
import type { Channel, NumericSeries, TimeGrid } from '../model/types.ts';
import { type IceClassRow, iceClassOf } from './ice-class.ts';
import { type IcingPeriod, maskToPeriods } from './icing-periods.ts';
import { icingState } from './icing-state.ts';
import { METEOROLOGICAL_ICING, meteorologicalIcingMask } from './meteorological-icing.ts';

/** One speed sensor judged for instrumental icing, with what the §2.2 rule and the divergence need. */
export interface IcingSensor {
  speed: Channel;
  speedSd?: NumericSeries;
  /** Redundant/adjacent cup (the `cup-stalled` symptom). */
  redundantSpeed?: NumericSeries;
  /** A heated cup at about the same height (the `unheated-low` symptom); its id for the evidence. */
  heatedSpeed?: Channel;
  direction?: Channel;
  directionSd?: NumericSeries;
}

export interface ColdClimateInput {
  grid: TimeGrid;
  utcOffsetHours: number;
  temperature: Channel;
  relativeHumidity?: Channel;
  /** Unheated speed sensors (heated ones do not ice: do not list them here). */
  sensors: readonly IcingSensor[];
}

/** Cold-climate figures of one calendar year (local standard time). Hours are measured hours. */
export interface ColdClimateYear {
  year: number;
  /** Hours with a temperature record (the denominator of the temperature figures). */
  temperatureHours: number;
  /** Annual minimum of the 10-min (interval) mean temperature; null without data. */
  minTemperatureC: number | null;
  hoursBelowMinus20C: number;
  hoursBelowMinus30C: number;
  /** Hours with both T and RH (the denominator of the meteorological share); 0 without RH. */
  humidityHours: number;
  meteorologicalIcingHours: number;
  /** Share of the measured T+RH hours with meteorological icing, %; null without RH data. */
  meteorologicalIcingPct: number | null;
  /** Hours with a speed record of any judged sensor. */
  speedHours: number;
  instrumentalIcingHours: number;
  /** Share of the measured speed hours with any judged sensor iced, %; null without speed data. */
  instrumentalIcingPct: number | null;
  /** IEA ice class from the meteorological share; null without RH. */
  iceClass: IceClassRow | null;
}

export interface ColdClimate {
  thresholds: { meteorologicalMaxTemperatureC: number; meteorologicalMinRelativeHumidityPct: number };
  years: ColdClimateYear[];
  /** Meteorological periods, then each sensor's instrumental periods, by start. */
  periods: IcingPeriod[];
}

/**
 * Icing periods, the IEA ice class per year and the IEC 61400-1 cold-climate temperature figures (annual
 * minimum, hours below −20 °C and −30 °C). Shares are of measured time in the year (a part year is scaled
 * by its coverage, not padded with zeros): read `temperatureHours`/`humidityHours` for the coverage.
 * Meteorological periods bridge breaks shorter than 1 hour (the §2.2 clearing time); the shares count records.
 */
export function coldClimate(input: ColdClimateInput): ColdClimate {
  const { grid } = input;
  const n = grid.length;
  const hoursPerRecord = grid.intervalMinutes / 60;
  const t = input.temperature.values;
  const rh = input.relativeHumidity?.values;
  const met = rh ? meteorologicalIcingMask({ temperatureC: t, relativeHumidityPct: rh }) : undefined;
  const instrumental = new Uint8Array(n);
  const speedPresent = new Uint8Array(n);
  const periods: IcingPeriod[] = [];
  const bridgeSlots = Math.max(1, Math.round(60 / grid.intervalMinutes));
  if (met) {
    const mask = met.map((m) => (m === 1 ? 1 : 0));
    const channels = [input.temperature.id, input.relativeHumidity!.id];
    periods.push(...maskToPeriods({ grid, mask, kind: 'meteorological', channels, bridgeSlots }));
  }
  for (const sensor of input.sensors) {
    const state = icingState({
      temperatureC: t,
      relativeHumidityPct: rh,
      speed: sensor.speed.values,
      speedSd: sensor.speedSd,
      redundantSpeed: sensor.redundantSpeed,
      heatedSpeed: sensor.heatedSpeed?.values,
      direction: sensor.direction?.values,
      directionSd: sensor.directionSd,
      intervalMinutes: grid.intervalMinutes,
    });
    for (let i = 0; i < n; i++) {
      if (state.icing[i]) instrumental[i] = 1;
      if (!Number.isNaN(sensor.speed.values[i]!)) speedPresent[i] = 1;
    }
    const channels = [
      sensor.speed.id,
      sensor.heatedSpeed?.id,
      sensor.direction?.id,
      input.temperature.id,
    ].filter((c): c is string => c !== undefined);
    periods.push(
      ...maskToPeriods({ grid, mask: state.icing, kind: 'instrumental', channels, symptoms: state.symptoms }),
    );
  }
  periods.sort((a, b) => a.startMs - b.startMs || a.kind.localeCompare(b.kind));
  const years = yearlyFigures(input, { met, instrumental, speedPresent, hoursPerRecord });
  return {
    thresholds: {
      meteorologicalMaxTemperatureC: METEOROLOGICAL_ICING.maxTemperatureC,
      meteorologicalMinRelativeHumidityPct: METEOROLOGICAL_ICING.minRelativeHumidityPct,
    },
    years,
    periods,
  };
}

function yearlyFigures(
  input: ColdClimateInput,
  masks: { met?: Uint8Array; instrumental: Uint8Array; speedPresent: Uint8Array; hoursPerRecord: number },
): ColdClimateYear[] {
  const { grid } = input;
  const t = input.temperature.values;
  const hasRh = masks.met !== undefined;
  const byYear = new Map<number, ColdClimateYear>();
  const step = grid.intervalMinutes * 60_000;
  let year = Number.NaN;
  let nextYearMs = Number.NEGATIVE_INFINITY;
  let row: ColdClimateYear | undefined;
  for (let i = 0; i < grid.length; i++) {
    const ms = grid.startMs + i * step;
    if (ms >= nextYearMs) {
      year = civilTimeOf(ms, input.utcOffsetHours).year;
      nextYearMs = Date.UTC(year + 1, 0, 1) - input.utcOffsetHours * 3_600_000;
      row = byYear.get(year) ?? emptyYear(year);
      byYear.set(year, row);
    }
    const r = row!;
    const temperature = t[i]!;
    if (!Number.isNaN(temperature)) {
      r.temperatureHours += 1;
      if (r.minTemperatureC === null || temperature < r.minTemperatureC) r.minTemperatureC = temperature;
      if (temperature < -20) r.hoursBelowMinus20C += 1;
      if (temperature < -30) r.hoursBelowMinus30C += 1;
    }
    const m = masks.met?.[i];
    if (m === 0 || m === 1) r.humidityHours += 1;
    if (m === 1) r.meteorologicalIcingHours += 1;
    if (masks.speedPresent[i]) {
      r.speedHours += 1;
      if (masks.instrumental[i]) r.instrumentalIcingHours += 1;
    }
  }
  const out = [...byYear.values()].sort((a, b) => a.year - b.year);
  for (const r of out) {
    // Counted in records above, hours here (one multiplication: no drift from summing 1/6).
    r.temperatureHours *= masks.hoursPerRecord;
    r.hoursBelowMinus20C *= masks.hoursPerRecord;
    r.hoursBelowMinus30C *= masks.hoursPerRecord;
    r.humidityHours *= masks.hoursPerRecord;
    r.meteorologicalIcingHours *= masks.hoursPerRecord;
    r.speedHours *= masks.hoursPerRecord;
    r.instrumentalIcingHours *= masks.hoursPerRecord;
    r.meteorologicalIcingPct =
      hasRh && r.humidityHours > 0 ? (100 * r.meteorologicalIcingHours) / r.humidityHours : null;
    r.instrumentalIcingPct = r.speedHours > 0 ? (100 * r.instrumentalIcingHours) / r.speedHours : null;
    r.iceClass = r.meteorologicalIcingPct === null ? null : iceClassOf(r.meteorologicalIcingPct);
  }
  return out;
}

function emptyYear(year: number): ColdClimateYear {
  return {
    year,
    temperatureHours: 0,
    minTemperatureC: null,
    hoursBelowMinus20C: 0,
    hoursBelowMinus30C: 0,
    humidityHours: 0,
    meteorologicalIcingHours: 0,
    meteorologicalIcingPct: null,
    speedHours: 0,
    instrumentalIcingHours: 0,
    instrumentalIcingPct: null,
    iceClass: null,
  };
}
