import type { TRecognizedChannel } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import { buildChannels, type TColumnHeader, type TSensorFacts } from './build-channels.ts';
import { parseChannelName } from './channel-names.ts';
import { recognize } from './index.ts';

// Issue 40 §3: quantities real logger files name with an element word that are not the air's (an
// instrument's inside, the soil), not the record's statistic (a three-hour maximum), or not a height (a
// cloud height counted in tens of metres). Each was stored silently wrong before; each is read right here.

const utf8 = (text: string) => new TextEncoder().encode(text);
const shapeOf = (name: string) => {
  const info = parseChannelName(name);
  return [info.element, info.heightM, info.statistic];
};

describe('names of quantities that are not the air’s', () => {
  it('reads an instrument’s own temperature, humidity or pressure as other, and the air’s as the element', () => {
    const cases: [string, string, number | null, string][] = [
      // Campbell BaroVue: the barometer's temperature, its pressure the air's.
      ['BV_Temp_Avg', 'other', null, 'mean'],
      ['BV_BP_Avg', 'p', null, 'mean'],
      ['Baro_P', 'p', null, 'mean'],
      // WindCube-style and logger housings.
      ['Int Temp (°C)', 'other', null, 'mean'],
      ['Internal humidity (%)', 'other', null, 'mean'],
      ['Logger_Temp_Avg', 'other', null, 'mean'],
      ['Enclosure RH', 'other', null, 'mean'],
      // The air stays the air.
      ['AirTC_Avg', 'T', null, 'mean'],
      ['Temp 2m (C)', 'T', 2, 'mean'],
      ['Ext Temp (°C)', 'T', null, 'mean'],
      ['Pressure (hPa)', 'p', null, 'mean'],
    ];
    for (const [name, element, heightM, statistic] of cases)
      expect(shapeOf(name), name).toEqual([element, heightM, statistic]);
  });

  it('reads a depth below the ground as a soil quantity at no mast height', () => {
    expect(shapeOf('Temp -5cm (C)')).toEqual(['other', null, 'mean']);
    expect(parseChannelName('Temp -5cm (C)').said.element).toBe('-5cm');
    expect(parseChannelName('Temp -5cm (C)').unit).toBe('deg_C');
    expect(shapeOf('T_-0.5m_Avg')).toEqual(['other', null, 'mean']);
    expect(shapeOf('Soil temperature 10cm')).toEqual(['other', null, 'mean']);
    expect(shapeOf('Ground_Temp_Avg')).toEqual(['other', null, 'mean']);
    // A height above it stays a height.
    expect(shapeOf('Temp 20m (C)')).toEqual(['T', 20, 'mean']);
  });

  it('reads a length in brackets after a length quantity as its unit, not a height', () => {
    for (const name of ['Cloud base height (10m)', 'Cloud layer1 height (10m)', 'Visibility (100 m)']) {
      expect(parseChannelName(name).heightM, name).toBeNull();
      expect(parseChannelName(name).element, name).toBe('other');
    }
    // A wind speed titled with its height in brackets keeps the height.
    expect(shapeOf('Wind speed (10m)')).toEqual(['ws', 10, 'mean']);
  });
});

describe('NRG sensor histories of quantities that are not the air’s nor the global irradiance', () => {
  const column = (n: number, name: string): TColumnHeader => ({
    column: n,
    name,
    unitText: '',
    processing: '',
    isText: false,
    isEmpty: false,
  });
  const sensor = (facts: Partial<TSensorFacts>): TSensorFacts => ({
    description: '',
    measurand: '',
    heightM: null,
    units: '',
    type: '',
    ...facts,
  });

  function read(sensors: [number, string, TSensorFacts][]): TRecognizedChannel[] {
    const { channels } = buildChannels(
      sensors.map(([, name], i) => column(i + 2, name)),
      { kind: 'logr', sensors: new Map(sensors.map(([ch, , facts]) => [ch, facts])) },
    );
    return channels;
  }

  it('reads a radiometer’s humidity, pressure and temperature as its own, the weather sensor’s as the air’s', () => {
    const channels = read([
      [
        110,
        'Ch110_Avg_%',
        sensor({ type: 'Hukseflux SR30', description: 'Hukseflux SR30', measurand: 'Humidity', units: '%' }),
      ],
      [
        114,
        'Ch114_Avg_mbar',
        sensor({
          type: 'Hukseflux SR30',
          description: 'Hukseflux SR30',
          measurand: 'Pressure',
          units: 'mbar',
        }),
      ],
      [
        120,
        'Ch120_Avg_%',
        sensor({ type: 'EKO MS-80S', description: 'EKO MS-80S', measurand: 'Relative Humidity', units: '%' }),
      ],
      [
        116,
        'Ch116_Avg_W/m^2',
        sensor({ type: 'EKO MS-80S', description: 'EKO MS-80S', measurand: 'Irradiance', units: 'W/m^2' }),
      ],
      [
        102,
        'Ch102_Avg_%',
        sensor({
          type: 'Lufft WS500',
          description: 'Lufft WS500',
          measurand: 'Relative Humidity',
          units: '%',
        }),
      ],
      [
        103,
        'Ch103_Avg_hPa',
        sensor({ type: 'Lufft WS500', description: 'Lufft WS500', measurand: 'Pressure', units: 'hPa' }),
      ],
    ]);
    expect(channels.map((c) => [c.name, c.element, c.unit])).toEqual([
      ['Ch110_Avg_%', 'other', '%'],
      ['Ch114_Avg_mbar', 'other', 'hPa'],
      ['Ch120_Avg_%', 'other', '%'],
      ['Ch116_Avg_W/m^2', 'ghi', 'W/m^2'],
      ['Ch102_Avg_%', 'RH', '%'],
      ['Ch103_Avg_hPa', 'p', 'hPa'],
    ]);
    expect(channels[0]!.evidence?.element).toEqual({
      confidence: 'stated',
      evidence: 'sensorDescription:Hukseflux SR30: Humidity',
    });
  });

  it('reads plane-of-array and direct normal irradiance as other, a GHI pyranometer as ghi', () => {
    const channels = read([
      [
        27,
        'Ch27_Avg_W/m^2',
        sensor({ type: 'ModbusRTU', description: 'MS-40M GHI', measurand: 'Solar Irradiance' }),
      ],
      [
        28,
        'Ch28_Avg_W/m^2',
        sensor({ type: 'ModbusRTU', description: 'MS-40M POA', measurand: 'Solar Irradiance' }),
      ],
      [
        29,
        'Ch29_Avg_W/m^2',
        sensor({ type: 'ModbusRTU', description: 'RC18-Irrandiance POA', measurand: 'Irradiance' }),
      ],
      [100, 'Ch100_Avg_W/m^2', sensor({ type: 'Calculated', description: 'DNI', units: 'w/m^2' })],
      [105, 'Ch105_Avg_W/m^2', sensor({ type: 'Calculated', description: 'DNI_', units: 'w/m^2' })],
    ]);
    expect(channels.map((c) => c.element)).toEqual(['ghi', 'other', 'other', 'other', 'other']);
    expect(channels[1]!.evidence?.element.evidence).toBe('sensorDescription:MS-40M POA: Solar Irradiance');
  });
});

describe('NRG sensor descriptions that carry the height', () => {
  it('reads a height joined to the next word by an underscore (`NRG S1_50m_broken_sensor`) and doubts it', () => {
    const { channels, doubts } = buildChannels(
      [{ column: 2, name: 'Ch404_Avg_m/s', unitText: '', processing: '', isText: false, isEmpty: false }],
      {
        kind: 'logr',
        sensors: new Map([
          [
            404,
            { description: 'NRG S1_50m_broken_sensor', measurand: '', heightM: null, units: 'm/s', type: '' },
          ],
        ]),
      },
    );
    expect([channels[0]!.element, channels[0]!.heightM]).toEqual(['ws', 50]);
    expect(doubts.map((d) => d.reason)).toEqual(['heightFromDescription']);
  });
});

describe('a statistic over a longer interval than the record’s', () => {
  function csv(stepMinutes: number, titles: string[]): string {
    const rows = Array.from({ length: 8 }, (_, i) => {
      const t = new Date(Date.UTC(2024, 4, 20, 0, i * stepMinutes))
        .toISOString()
        .slice(0, 19)
        .replace('T', ' ');
      return [t, ...titles.map((_, j) => (3 + i * 0.1 + j).toFixed(1))].join(',');
    });
    return [['Time', ...titles].join(','), ...rows, ''].join('\n');
  }

  it('reads a three-hour maximum in a 10-minute file as statistic other, the 10-minute maximum as max', () => {
    const titles = [
      'Wind speed (m/s)',
      'Wind speed max/3h (m/s)',
      'Wind speed max (m/s)',
      'Wind speed 10min (m/s)',
    ];
    const r = recognize(utf8(csv(10, titles)), 'aws.csv');
    expect(r.intervalMinutes).toBe(10);
    const byName = (name: string) => r.channels.find((c) => c.name === name)!;
    expect([byName('Wind speed max/3h (m/s)').statistic, byName('Wind speed max/3h (m/s)').dataKey]).toEqual([
      'other',
      'ws_max_3h',
    ]);
    expect(byName('Wind speed max/3h (m/s)').evidence?.statistic).toEqual({
      confidence: 'convention',
      evidence: 'nameWord:3h',
    });
    expect(byName('Wind speed max (m/s)').statistic).toBe('max');
    expect(byName('Wind speed 10min (m/s)').statistic).toBe('mean');
    expect(new Set(r.channels.map((c) => c.dataKey)).size).toBe(titles.length);
  });

  it('keeps a one-hour maximum of an hourly file as its maximum', () => {
    const r = recognize(utf8(csv(60, ['Wind speed (m/s)', 'Wind speed max 1h (m/s)'])), 'hourly.csv');
    expect(r.intervalMinutes).toBe(60);
    expect(r.channels.map((c) => c.statistic)).toEqual(['mean', 'max']);
  });
});
