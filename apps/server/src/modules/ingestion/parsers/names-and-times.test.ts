import { describe, expect, it } from 'vitest';
import { heightStatistics } from './index.ts';
import { compileTimeFormat, detectTimeFormat, parseTimeString } from './time-formats.ts';

describe('heightStatistics(channelName)', () => {
  const cases: [string, string, number | null, string, string][] = [
    ['Ch2_Anem_85.00m_S_Avg_m/s', 'ws', 85, 'mean', 'm/s'],
    ['Ch15_Vane_10.00m_SSE_SD_Deg', 'wd', 10, 'sd', 'deg'],
    ['Ch14_Analog_2.20m_NNE_Avg_W/m^2', 'ghi', 2.2, 'mean', 'W/m^2'],
    ['Ch5_Avg_deg_C', 'T', null, 'mean', 'deg_C'],
    ['WS_80m_Avg', 'ws', 80, 'mean', 'm/s'],
    ['Spd80mNStd', 'ws', 80, 'sd', 'm/s'],
    ['Dir78mS', 'wd', 78, 'mean', 'deg'],
    // A statistic right after the height is not a boom letter: "SD" is the standard deviation, not "S" + "D".
    ['Spd80mSD', 'ws', 80, 'sd', 'm/s'],
    ['Spd80mMax', 'ws', 80, 'max', 'm/s'],
    ['Spd80mSSD', 'ws', 80, 'sd', 'm/s'],
    ['ws_80', 'ws', 80, 'mean', 'm/s'],
    ['Speed (cup_ 130 m)', 'ws', 130, 'mean', 'm/s'],
    ['Air Pressure (3 m)', 'p', 3, 'mean', 'hPa'],
    ['测风塔10m风速(m/s)', 'ws', 10, 'mean', 'm/s'],
    ['80米平均风速', 'ws', 80, 'mean', 'm/s'],
    ['10m风速标准差', 'ws', 10, 'sd', 'm/s'],
    ['70m风向最大值', 'wd', 70, 'max', 'deg'],
    ['10米最小风速', 'ws', 10, 'min', 'm/s'],
    ['温度(°)', 'T', null, 'mean', 'deg_C'],
    ['湿度(%)', 'RH', null, 'mean', '%'],
    ['气压（hPa）', 'p', null, 'mean', 'hPa'],
    ['Tower 187ft Speed', 'ws', 57, 'mean', 'm/s'],
    ['Gradient Richardson (38_ 87_ 122 m)', 'other', null, 'mean', ''],
    // A pressure reduced to sea level is no air pressure at the mast; the station pressure next to it is.
    ['Pressure s.l. (hPa)', 'other', null, 'mean', 'hPa'],
    ['BV_BP_SL_Avg', 'other', null, 'mean', ''],
    ['WS500_relative_air_pressure', 'other', null, 'mean', ''],
    ['MSLP_hPa', 'other', null, 'mean', 'hPa'],
    ['QNH (hPa)', 'other', null, 'mean', 'hPa'],
    ['Pressure (hPa)', 'p', null, 'mean', 'hPa'],
    ['BV_BP_Avg', 'p', null, 'mean', 'hPa'],
    ['WS500_absolute_air_pressure', 'p', null, 'mean', 'hPa'],
  ];
  for (const [name, element, heightM, statistic, unit] of cases) {
    it(`heightStatistics('${name}') → ${element} ${heightM ?? '—'} m ${statistic} ${unit}`, () => {
      const r = heightStatistics(name);
      expect(r.element).toBe(element);
      expect(r.heightM).toBe(heightM);
      expect(r.statistic).toBe(statistic);
      expect(r.unit).toBe(unit);
    });
  }
});

describe('detectTimeFormat(samples) and parseTimeString(text, format)', () => {
  it('detectTimeFormat picks day-first when a first field exceeds 12', () => {
    expect(detectTimeFormat(['09/01/2016 15:30', '13/01/2016 15:40'])?.format).toBe('DD/MM/YYYY HH:mm');
  });
  it('detectTimeFormat keeps ISO offsets and fractional seconds', () => {
    expect(detectTimeFormat(['2004-11-11 15:03:45.25', '2004-11-11 15:03:45.50'])?.format).toBe(
      'YYYY-MM-DD HH:mm:ss.SSS',
    );
    expect(detectTimeFormat(['2025-06-16T05:00:00Z'])?.format).toBe('YYYY-MM-DDTHH:mm:ssZ');
    expect(detectTimeFormat(['201601091530', '201601091540'])?.format).toBe('YYYYMMDDHHmm');
  });
  it('parseTimeString reads offsets, 24:00, fractions and rejects impossible dates', () => {
    const f = compileTimeFormat('YYYY-MM-DD HH:mm:ssZ');
    expect(parseTimeString('2013-07-01 00:00:00-06:00', f)).toBe(Date.UTC(2013, 6, 1, 6));
    expect(parseTimeString('2024-02-29 24:00:00', f)).toBe(Date.UTC(2024, 2, 1));
    expect(parseTimeString('2023-02-29 00:00:00', f)).toBeNaN();
    expect(parseTimeString('2004-11-11 15:03:45.25', compileTimeFormat('YYYY-MM-DD HH:mm:ss.SSS'))).toBe(
      Date.UTC(2004, 10, 11, 15, 3, 45, 250),
    );
    expect(parseTimeString('45292.5', compileTimeFormat('EXCEL'))).toBe(Date.UTC(2024, 0, 1, 12));
    expect(parseTimeString('2024-01-01 08:00', compileTimeFormat('YYYY-MM-DD HH:mm'), 480)).toBe(
      Date.UTC(2024, 0, 1),
    );
  });
});
