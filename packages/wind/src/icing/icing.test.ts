import { describe, expect, it } from 'vitest';
import { timeGridFromRange } from '../model/time-grid-from-range.ts';
import type { Channel } from '../model/types.ts';
import { coldClimate } from './cold-climate.ts';
import { coldClimateInputOf } from './cold-climate-input.ts';
import { iceClassOf } from './ice-class.ts';
import { maskToPeriods } from './icing-periods.ts';
import { icingState, symptomBit } from './icing-state.ts';
import { meteorologicalIcingMask } from './meteorological-icing.ts';

const START = Date.UTC(2024, 0, 1);
const grid = (n: number) => timeGridFromRange(START, START + n * 600_000, 10);
const ch = (id: string, element: Channel['element'], heightM: number, values: number[]): Channel => ({
  id,
  element,
  heightM,
  statistic: 'avg',
  values: Float64Array.from(values),
});

describe('IEA ice class (Task 19 RP 13, 2nd ed. 2017)', () => {
  it('iceClassOf puts a share exactly on an edge in the lower class and anything above 10 % in class 5', () => {
    expect([0, 0.5, 0.51, 3, 3.01, 5, 5.01, 10, 10.01, 100].map((p) => iceClassOf(p).iceClass)).toEqual([
      1, 1, 2, 2, 3, 3, 4, 4, 5, 5,
    ]);
  });
  it('iceClassOf gives the expected production-loss and instrumental ranges of each class', () => {
    expect(iceClassOf(0.2).productionLossPct).toEqual([0, 0.5]);
    expect(iceClassOf(2).productionLossPct).toEqual([0.5, 5]);
    expect(iceClassOf(4).productionLossPct).toEqual([3, 12]);
    expect(iceClassOf(7).productionLossPct).toEqual([10, 25]);
    expect(iceClassOf(20)).toMatchObject({ productionLossPct: [20, null], instrumentalPct: [20, null] });
  });
  it('iceClassOf refuses a share outside 0–100 %', () => {
    expect(() => iceClassOf(-1)).toThrow(/\[0, 100\]/);
    expect(() => iceClassOf(Number.NaN)).toThrow();
  });
});

describe('meteorological icing (T ≤ 0 °C and RH ≥ 95 %)', () => {
  it('meteorologicalIcingMask marks cold saturated records, not warm or dry ones, and unknown where T or RH is missing', () => {
    const mask = meteorologicalIcingMask({
      temperatureC: [0, -5, 0.1, -5, Number.NaN, -3],
      relativeHumidityPct: [95, 99, 99, 94.9, 99, Number.NaN],
    });
    expect([...mask]).toEqual([1, 1, 0, 0, 255, 255]);
  });
});

describe('icing periods', () => {
  it('maskToPeriods bridges breaks shorter than the bridge and counts only the masked records', () => {
    const g = grid(20);
    const mask = [0, 1, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
    const periods = maskToPeriods({ grid: g, mask, kind: 'meteorological', channels: ['T'], bridgeSlots: 4 });
    expect(periods.map((p) => [(p.startMs - START) / 600_000, (p.endMs - START) / 600_000])).toEqual([
      [1, 5],
      [9, 10],
      [19, 20],
    ]);
    expect(periods[0]!.evidence).toEqual({
      reasons: ['cold-and-humid'],
      counts: { 'cold-and-humid': 3 },
      channels: ['T'],
      records: 3,
    });
  });

  it('icingState finds an unheated cup reading low against the heated one while cold, and ends it when the cups agree for an hour', () => {
    const heated = Array.from({ length: 24 }, () => 6);
    const unheated = heated.map((v, i) => (i >= 4 && i < 12 ? v * 0.5 : v * 0.99));
    const t = heated.map(() => -4);
    const state = icingState({ temperatureC: t, speed: unheated, heatedSpeed: heated, intervalMinutes: 10 });
    expect([...state.icing].map((x, i) => (x ? i : -1)).filter((i) => i >= 0)).toEqual([
      4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
    ]);
    expect(state.symptoms[5]! & symptomBit('unheated-low')).toBeTruthy();
    expect(state.symptoms[13]).toBe(0);
  });

  it('icingState leaves the same divergence alone above the temperature threshold and below 2 m/s of the heated cup', () => {
    const heated = Array.from({ length: 12 }, () => 6);
    const low = heated.map((v) => v * 0.5);
    const warm = icingState({
      temperatureC: heated.map(() => 4),
      speed: low,
      heatedSpeed: heated,
      intervalMinutes: 10,
    });
    expect([...warm.icing].every((x) => x === 0)).toBe(true);
    const calm = heated.map(() => 1.8);
    const calmLow = icingState({
      temperatureC: heated.map(() => -4),
      speed: calm.map((v) => v * 0.5),
      heatedSpeed: calm,
      intervalMinutes: 10,
    });
    expect([...calmLow.icing].every((x) => x === 0)).toBe(true);
  });

  it('coldClimate gives each year its minimum temperature, hours below −20 and −30 °C, icing shares and IEA class', () => {
    // 2 days in 2024: 4 h at −31 °C, 2 h at −21 °C, the rest −1 °C; RH 96 % on the first day only.
    const n = 288;
    const g = grid(n);
    const t = Array.from({ length: n }, (_, i) => (i < 24 ? -31 : i < 36 ? -21 : -1));
    const rh = Array.from({ length: n }, (_, i) => (i < 144 ? 96 : 50));
    const speed = Array.from({ length: n }, (_, i) => (i >= 200 && i < 212 ? 5 : 5 + (i % 3) * 0.1));
    const sd = speed.map((_v, i) => (i >= 200 && i < 212 ? 0 : 0.5));
    const result = coldClimate({
      grid: g,
      utcOffsetHours: 0,
      temperature: ch('T', 'T', 80, t),
      relativeHumidity: ch('RH', 'RH', 80, rh),
      sensors: [{ speed: ch('ws80', 'ws', 80, speed), speedSd: sd }],
    });
    expect(result.years).toHaveLength(1);
    const y = result.years[0]!;
    expect(y).toMatchObject({
      year: 2024,
      minTemperatureC: -31,
      hoursBelowMinus30C: 4,
      hoursBelowMinus20C: 6,
    });
    expect(y.meteorologicalIcingPct).toBeCloseTo(50, 9);
    expect(y.iceClass?.iceClass).toBe(5);
    // The frozen cup at records 200–211 is in dry air (RH 50 %): the §2.2 RH gate keeps it out.
    expect(y.instrumentalIcingHours).toBe(0);
    expect(result.periods.map((p) => p.kind)).toEqual(['meteorological']);
  });

  it('coldClimate reports a frozen cup in humid cold air as an instrumental period with its evidence', () => {
    const n = 48;
    const g = grid(n);
    const speed = Array.from({ length: n }, (_, i) => (i >= 10 && i < 20 ? 4 : 4 + (i % 3) * 0.2));
    const sd = speed.map((_, i) => (i >= 10 && i < 20 ? 0 : 0.4));
    const result = coldClimate({
      grid: g,
      utcOffsetHours: 0,
      temperature: ch(
        'T',
        'T',
        80,
        speed.map(() => -2),
      ),
      relativeHumidity: ch(
        'RH',
        'RH',
        80,
        speed.map(() => 90),
      ),
      sensors: [{ speed: ch('ws80', 'ws', 80, speed), speedSd: sd }],
    });
    const instrumental = result.periods.filter((p) => p.kind === 'instrumental');
    expect(instrumental).toHaveLength(1);
    expect((instrumental[0]!.startMs - START) / 600_000).toBe(10);
    expect(instrumental[0]!.evidence).toMatchObject({
      reasons: ['cup-flat'],
      counts: { 'cup-flat': 10 },
      channels: ['ws80', 'T'],
    });
    expect(result.years[0]!.meteorologicalIcingPct).toBe(0);
    expect(result.years[0]!.iceClass?.iceClass).toBe(1);
  });

  it('coldClimateInputOf pairs each unheated cup with the heated cup and the vane within 10 m and skips sonics', () => {
    const v = [1, 2, 3];
    const input = coldClimateInputOf(
      {
        grid: grid(3),
        utcOffsetHours: 8,
        channels: [
          ch('T10', 'T', 10, v),
          ch('T80', 'T', 80, v),
          ch('RH78', 'RH', 78, v),
          ch('ws80', 'ws', 80, v),
          ch('ws87h', 'ws', 87, v),
          ch('ws40', 'ws', 40, v),
          ch('wd sonic 79', 'wd', 79, v),
          ch('wd87', 'wd', 87, v),
        ],
      },
      { heatedChannelIds: ['ws87h'] },
    );
    expect(input?.temperature.id).toBe('T80');
    expect(input?.relativeHumidity?.id).toBe('RH78');
    expect(input?.sensors.map((s) => [s.speed.id, s.heatedSpeed?.id, s.direction?.id])).toEqual([
      ['ws80', 'ws87h', 'wd87'],
      ['ws40', undefined, undefined],
    ]);
    expect(coldClimateInputOf({ grid: grid(3), utcOffsetHours: 0, channels: [ch('ws', 'ws', 80, v)] })).toBe(
      undefined,
    );
  });
});
