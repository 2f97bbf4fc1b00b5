import type { TVersionChannel } from '@masthub/shared';
import { ZSuitabilityRequest } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import {
  channelsOf,
  highestSpeed,
  lowestChannel,
  nearestChannel,
  parseAnnualMaxima,
  type SuitabilityFormValues,
  toSuitabilityRequest,
} from './suitability.request.ts';

let nextId = 1;
function channel(overrides: Partial<TVersionChannel>): TVersionChannel {
  return {
    id: nextId++,
    dataKey: 'ws_90_mean',
    name: 'WS',
    exportName: 'WS',
    element: 'ws',
    heightM: 90,
    statistic: 'avg',
    unit: 'm/s',
    sourceUnit: '',
    intervalS: 600,
    startTime: null,
    endTime: null,
    valueCount: 100,
    ...overrides,
  };
}

const ws90 = channel({ heightM: 90 });
const ws50 = channel({ heightM: 50, dataKey: 'ws_50_mean' });
const sd90 = channel({ statistic: 'sd', dataKey: 'ws_90_sd' });
const ti130 = channel({ heightM: 130, statistic: 'ti', dataKey: 'ws_130_ti' });
const max90 = channel({ statistic: 'max', dataKey: 'ws_90_max' });
const wd80 = channel({ element: 'wd', heightM: 80, dataKey: 'wd_80_mean' });
const wd40 = channel({ element: 'wd', heightM: 40, dataKey: 'wd_40_mean' });
const hourly = channel({ element: 'wd', heightM: 90, intervalS: 3600, dataKey: 'wd_90_mean' });
const all = [ws50, ws90, sd90, ti130, max90, wd80, wd40, hourly];

describe('the site suitability form’s channel choices', () => {
  it('offers each select the element and statistic the server accepts, a TI channel as σ', () => {
    expect(channelsOf(all, 'speed', undefined).map((c) => c.id)).toEqual([ws50.id, ws90.id]);
    expect(channelsOf(all, 'sd', ws90).map((c) => c.id)).toEqual([sd90.id, ti130.id]);
    expect(channelsOf(all, 'gust', ws90).map((c) => c.id)).toEqual([max90.id]);
  });

  it('keeps to the speed’s interval and picks the vane nearest the speed’s height', () => {
    expect(channelsOf(all, 'vane', ws90).map((c) => c.id)).toEqual([wd80.id, wd40.id]);
    expect(nearestChannel(all, 'vane', ws90)?.id).toBe(wd80.id);
    expect(nearestChannel(all, 'vertical', ws90)).toBeUndefined();
    expect(highestSpeed(all)?.id).toBe(ws90.id);
  });

  it('defaults the density’s temperature and pressure to the lowest ones of the speed’s interval', () => {
    const t10 = channel({ element: 'T', heightM: 10, unit: 'deg_C', dataKey: 't_10_mean' });
    const t2 = channel({ element: 'T', heightM: 2, unit: 'deg_C', dataKey: 't_2_mean' });
    const tMax = channel({ element: 'T', heightM: 1, statistic: 'max', dataKey: 't_1_max' });
    const tHourly = channel({ element: 'T', heightM: 0, intervalS: 3600, dataKey: 't_0_mean' });
    const p3 = channel({ element: 'p', heightM: 3, unit: 'hPa', dataKey: 'p_3_mean' });
    const withMet = [...all, t10, t2, tMax, tHourly, p3];
    expect(lowestChannel(withMet, 'temperature', ws90)?.id).toBe(t2.id);
    expect(lowestChannel(withMet, 'pressure', ws90)?.id).toBe(p3.id);
    expect(lowestChannel(all, 'temperature', ws90)).toBeUndefined();
  });
});

describe('toSuitabilityRequest', () => {
  const values: SuitabilityFormValues = {
    versionId: 3,
    longTermVersionId: 0,
    hubHeight: 120,
    speedChannelId: ws90.id,
    directionChannelId: wd80.id,
    sdChannelId: undefined,
    densitySource: 'altitude',
    temperatureChannelId: 44,
    altitudeM: 1350,
    checkRange: [12, 24],
    turbulenceDefinition: 'sigma',
    extremeMethod: 'highest',
    periodsPerYear: 12,
    annualMaxima: '22.1, 25.3\n19.8；27.6',
  };

  it('asks for no long-term basis with 0, leaves unchosen channels out and sends the altitude, not T', () => {
    const request = toSuitabilityRequest(values);
    expect(request).toMatchObject({
      longTermVersionId: null,
      hubHeight: 120,
      directionChannelId: wd80.id,
      altitudeM: 1350,
      checkRangeMin: 12,
      checkRangeMax: 24,
      annualMaximaMps: [22.1, 25.3, 19.8, 27.6],
    });
    expect(request).not.toHaveProperty('sdChannelId');
    expect(request).not.toHaveProperty('temperatureChannelId');
    expect(ZSuitabilityRequest.safeParse(request).success).toBe(true);
  });

  it('names the long-term version chosen and the measured T without the altitude', () => {
    const request = toSuitabilityRequest({ ...values, longTermVersionId: 9, densitySource: 'measured' });
    expect(request).toMatchObject({ longTermVersionId: 9, temperatureChannelId: 44 });
    expect(request).not.toHaveProperty('altitudeM');
  });

  it('reads typed annual maxima in any separator and nothing from an empty field', () => {
    expect(parseAnnualMaxima('  ')).toBeUndefined();
    expect(parseAnnualMaxima('30 31,32')).toEqual([30, 31, 32]);
    // A word stays NaN for the schema to refuse with its message.
    const request = toSuitabilityRequest({ ...values, annualMaxima: '30 abc' });
    expect(ZSuitabilityRequest.safeParse(request).success).toBe(false);
  });
});
