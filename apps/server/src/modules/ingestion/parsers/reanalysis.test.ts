import { describe, expect, it } from 'vitest';
import { parserPort } from '../parser-binding.ts';
import { windFromComponents } from './wind-components.ts';

// Golden tests of the reanalysis and mesoscale time-series layouts the long-term workbench takes as
// reference series (issue 28): MERRA-2 CSV, ERA5 CSV (u/v components and ws/wd), Vortex text, a text .wnd.
const bytes = (text: string) => new TextEncoder().encode(text);

/** Recognises and parses a file through the parser port, as the reference upload does. */
function read(fileName: string, text: string) {
  const recognition = parserPort.recognize(fileName, bytes(text));
  const parsed = parserPort.parseFile(fileName, bytes(text), recognition.rule, recognition.channels);
  const columns = Object.fromEntries(
    parsed.columns.map((c) => [
      c.channel.dataKey,
      {
        element: c.channel.element,
        heightM: c.channel.heightM,
        unit: c.channel.unit,
        values: Array.from(c.values, (v) => Math.round(v * 1000) / 1000),
      },
    ]),
  );
  return {
    intervalMinutes: recognition.intervalMinutes,
    times: Array.from(parsed.timesMs, (t) => new Date(t).toISOString()),
    columns,
  };
}

const HOURS = ['2000-01-01T00:00:00.000Z', '2000-01-01T01:00:00.000Z', '2000-01-01T02:00:00.000Z'];

describe('reanalysis and mesoscale time series through the parser port', () => {
  it('reads a MERRA-2 CSV: speed and direction at 50 m, temperature at 2 m, pressure in hPa', () => {
    const file = read(
      'MERRA-2_NE_2000-01-01_2017-06-30.csv',
      'DateTime,WS50m_m/s,WD50m_deg,T2M_C,PS_hPa\n' +
        '2000-01-01 00:00:00,5.1,180,2.3,1010.1\n' +
        '2000-01-01 01:00:00,5.3,185,2.1,1010.3\n' +
        '2000-01-01 02:00:00,5.8,190,2.0,1010.0\n',
    );
    expect(file).toEqual({
      intervalMinutes: 60,
      times: HOURS,
      columns: {
        ws_50_mean: { element: 'ws', heightM: 50, unit: 'm/s', values: [5.1, 5.3, 5.8] },
        wd_50_mean: { element: 'wd', heightM: 50, unit: 'deg', values: [180, 185, 190] },
        T_2_mean: { element: 'T', heightM: 2, unit: 'deg_C', values: [2.3, 2.1, 2] },
        p_mean: { element: 'p', heightM: null, unit: 'hPa', values: [1010.1, 1010.3, 1010] },
      },
    });
  });

  it('reads an ERA5 CSV export: u/v components become speed and the direction the wind comes from', () => {
    const file = read(
      'era5_timeseries.csv',
      'valid_time,latitude,longitude,u100,v100,u10,v10,t2m\n' +
        '2000-01-01 00:00:00,40,-105,3,-4,0,2,270.15\n' +
        '2000-01-01 01:00:00,40,-105,-4,0,-1,-1,271.15\n' +
        '2000-01-01 02:00:00,40,-105,0,0,1,0,272.15\n',
    );
    expect(file.times).toEqual(HOURS);
    // u = 3, v = −4 blows toward the south-east: it comes from 323.13°; u = −4 (westward) comes from 90°.
    expect(file.columns.ws_100_mean).toEqual({ element: 'ws', heightM: 100, unit: 'm/s', values: [5, 4, 0] });
    expect(file.columns.wd_100_mean).toEqual({
      element: 'wd',
      heightM: 100,
      unit: 'deg',
      values: [323.13, 90, 0],
    });
    const [first, second, third] = file.columns.ws_10_mean!.values;
    expect([first, third]).toEqual([2, 1]);
    expect(second).toBeCloseTo(Math.SQRT2, 3);
    expect(file.columns.wd_10_mean!.values).toEqual([180, 45, 270]);
    // ERA5's t2m is kelvin: stored in °C.
    expect(file.columns.T_2_mean).toEqual({ element: 'T', heightM: 2, unit: 'deg_C', values: [-3, -2, -1] });
    expect(file.columns.other_u100!.values).toEqual([3, -4, 0]);
  });

  it('reads an ERA5 CSV with speed and direction columns (ws100, wd100) and ISO stamps', () => {
    const file = read(
      'era5_ws.csv',
      'time,ws100,wd100\n2000-01-01T00:00:00,5,143.1\n2000-01-01T01:00:00,5.2,144\n2000-01-01T02:00:00,5.5,145\n',
    );
    expect(file.times).toEqual(HOURS);
    expect(Object.keys(file.columns)).toEqual(['ws_100_mean', 'wd_100_mean']);
    expect(file.columns.ws_100_mean!.values).toEqual([5, 5.2, 5.5]);
  });

  it('reads a Vortex series: a compact date and an HHMM time, the hub height from the header', () => {
    const file = read(
      'vortex.serie.850535.6m 100m UTC+00.0 ERA5.txt',
      'Lat=40.0  Lon=-105.0  Hub-Height=100  Timezone=00.0  ASL-Height(avg. 3km-grid)=1850\n' +
        'VORTEX (www.vortexfdc.com) - Computed at 3km resolution based on ERA5 data\n' +
        '\n' +
        'YYYYMMDD HHMM  M(m/s) D(deg)  T(C)  De(k/m3) PRE(hPa)      RiNumber  RH(%)   RMOL(1/m)\n' +
        '20000101 0000   5.6   180   -2.3   1.01   850.2       0.12  80.1  0.001\n' +
        '20000101 0100   5.9   185   -2.4   1.01   850.3       0.10  81.1  0.001\n' +
        '20000101 0200   6.2   190   -2.6   1.02   850.5       0.08  82.1  0.001\n',
    );
    expect(file.intervalMinutes).toBe(60);
    expect(file.times).toEqual(HOURS);
    expect(file.columns.ws_100_mean).toEqual({
      element: 'ws',
      heightM: 100,
      unit: 'm/s',
      values: [5.6, 5.9, 6.2],
    });
    expect(file.columns.wd_100_mean!.values).toEqual([180, 185, 190]);
    expect(file.columns.T_mean!.values).toEqual([-2.3, -2.4, -2.6]);
    expect(file.columns.p_mean!.values).toEqual([850.2, 850.3, 850.5]);
  });

  it('reads a text .wnd time series once it is read as the text it is', () => {
    const file = read(
      'node_17.txt',
      'Timestamp\tWS_120m\tWD_120m\n2000-01-01 00:00\t7.1\t270\n2000-01-01 01:00\t7.4\t275\n2000-01-01 02:00\t6.9\t280\n',
    );
    expect(file.times).toEqual(HOURS);
    expect(file.columns.ws_120_mean!.values).toEqual([7.1, 7.4, 6.9]);
    expect(file.columns.wd_120_mean!.values).toEqual([270, 275, 280]);
  });
});

describe('windFromComponents(columns)', () => {
  const column = (name: string, values: number[]) => ({
    channel: {
      column: 1,
      name,
      element: 'other' as const,
      heightM: null,
      statistic: 'mean' as const,
      unit: '',
      dataKey: `other_${name}`,
      tag: '',
    },
    values: Float32Array.from(values),
  });

  it('leaves a file without a u/v pair as it is', () => {
    const alone = [column('u100', [1]), column('v10', [1])];
    expect(windFromComponents(alone)).toEqual(alone);
  });

  it('reads the long ERA5 names and keeps a speed column already present', () => {
    const derived = windFromComponents([
      column('100m_u_component_of_wind', [0]),
      column('100m_v_component_of_wind', [-3]),
    ]);
    expect(derived.map((c) => c.channel.dataKey)).toEqual([
      'other_100m_u_component_of_wind',
      'other_100m_v_component_of_wind',
      'ws_100_mean',
      'wd_100_mean',
    ]);
    // v = −3 blows toward the south: it comes from the north.
    expect([derived[2]!.values[0], derived[3]!.values[0]]).toEqual([3, 0]);
    const speed = {
      ...column('ws100', [9]),
      channel: { ...column('ws100', [9]).channel, dataKey: 'ws_100_mean' },
    };
    expect(windFromComponents([speed, column('u100', [1]), column('v100', [1])])).toHaveLength(3);
  });
});
