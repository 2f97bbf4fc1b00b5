import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { localizeDoubt, localizeIngestWarning, type TRecognizedChannel } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import { dailyToa5 } from '../../../../test/logger-fixtures.ts';
import { normalizeUnit, parseChannelName } from './channel-names.ts';
import { parseFile, recognize, type TRecognition } from './index.ts';
import { conversionOf } from './units.ts';

// Real files from real loggers (issue 40): ../shared/samples/logger-corpus, read as their headers say.
const CORPUS = path.resolve(import.meta.dirname, '../../../../../../../shared/samples/logger-corpus');
const hasCorpus = existsSync(CORPUS);
const WS500 = 'cloudnetpy_2026-05-01_limmaco-rad_falkenberg-c3sar_WS500_full_l0.c01.dat';
const KROVA = 'cloudnetpy_Krova_aws_pqBARLog5_20240520.csv';
const STATION = 'cloudnetpy_WeatherStation_20250413.csv';
const NRG_9431 = 'nrgpy_20220418_0700_000511_001183_statistical.dat';
const NRG_9432_STAT = 'nrgpy_20240111_1339_000304_002995_statistical.dat';
const NRG_9432_SECOND = 'nrgpy_20240111_1339_000304_002995_onesecond.dat';
const WEATHER = 'windpowerlib_weather.csv';

function read(file: string): TRecognition {
  return recognize(readFileSync(path.join(CORPUS, file)), file);
}
function byName(r: TRecognition, name: string): TRecognizedChannel {
  const channel = r.channels.find((c) => c.name.replace(/^"|"$/g, '') === name);
  expect(channel, name).toBeDefined();
  return channel!;
}
const shape = (c: TRecognizedChannel) => [c.element, c.heightM, c.statistic, c.unit];
const utf8 = (text: string) => new TextEncoder().encode(text);

describe.skipIf(!hasCorpus)(
  `the logger corpus (${hasCorpus ? 'present' : 'skipped because ../shared is absent'})`,
  () => {
    it('reads the Campbell WS500 table: no sensor model as a height, each quantity its own element', () => {
      const r = read(WS500);
      expect(r.kind).toBe('toa5');
      expect(r.channels.every((c) => c.heightM === null)).toBe(true);
      expect(shape(byName(r, 'WS500_relative_humidity'))).toEqual(['RH', null, 'mean', '%']);
      // Lufft's `relative air pressure` is reduced to sea level; the `absolute` one is the air's at the site.
      expect(shape(byName(r, 'WS500_relative_air_pressure'))).toEqual(['other', null, 'mean', 'hPa']);
      expect(shape(byName(r, 'WS500_absolute_air_pressure'))).toEqual(['p', null, 'mean', 'hPa']);
      expect(shape(byName(r, 'WS500_air_temperature'))).toEqual(['T', null, 'mean', 'deg_C']);
      expect(shape(byName(r, 'WS500_air_density'))).toEqual(['rho', null, 'mean', 'kg/m^3']);
      // Derived quantities keep their own unit under 'other': never the air temperature or humidity.
      for (const name of [
        'WS500_dewpoint_temperature',
        'WS500_wind_chill_temperature',
        'WS500_wet_bulb_temperature',
      ]) {
        expect(shape(byName(r, name)), name).toEqual(['other', null, 'mean', 'deg_C']);
      }
      expect(shape(byName(r, 'WS500_absolute_humidity'))).toEqual(['other', null, 'mean', 'g/m^3']);
      expect(shape(byName(r, 'WS500_mixing_ratio'))).toEqual(['other', null, 'mean', 'g/kg']);
      expect(shape(byName(r, 'WS500_specific_enthalpy'))).toEqual(['other', null, 'mean', 'kJ/kg']);
      expect(shape(byName(r, 'WS500_compass'))).toEqual(['other', null, 'mean', 'deg']);
      // The sensor's statistics are in the names; `Smp` only says the logger stored them as sent.
      expect(shape(byName(r, 'WS500_wind_speed_min'))).toEqual(['ws', null, 'min', 'm/s']);
      expect(shape(byName(r, 'WS500_wind_speed_std'))).toEqual(['ws', null, 'sd', 'm/s']);
      expect(shape(byName(r, 'WS500_wind_direction_avg'))).toEqual(['wd', null, 'mean', 'deg']);
      expect(byName(r, 'WS500_wind_speed_max').evidence?.unit).toEqual({
        confidence: 'stated',
        evidence: 'unitRow:m s-1',
      });
      expect(r.doubts.filter((d) => d.reason === 'unitUnknown')).toEqual([]);
      expect(r.doubts.filter((d) => d.field === 'values')).toEqual([]);
      // No wind column has a height: each says so.
      expect(r.doubts.filter((d) => d.reason === 'heightUnstated').map((d) => d.column)).toEqual([
        14, 15, 16, 17, 18, 19, 20, 21,
      ]);
    });

    it('reads the Krova zone from its time column title and snaps its second-jittered stamps', () => {
      const r = read(KROVA);
      expect(r.rule.utcOffsetMinutes).toBe(120);
      expect(r.time?.zone).toEqual({ confidence: 'stated', evidence: 'columnTitle:Read time (UTC+2)' });
      expect(r.warnings).toContain('timeZoneFromFile:Read time (UTC+2)');
      // 74 of 145 stamps lie a second or two off the 10-minute grid: all are records of it.
      expect(r.rowCount).toBe(145);
      expect(r.warnings).toContain('snappedStamps:74|10|12');
      expect(r.warnings.some((w) => w.startsWith('offGridRows:'))).toBe(false);
      expect(r.firstTime).toBe('2024-05-19T22:00:00.000Z');
      expect(r.lastTime).toBe('2024-05-20T22:00:00.000Z');
      expect(localizeIngestWarning('snappedStamps:74|10|12', 'en')).toBe(
        '74 stamps were within 12 s of the 10-minute grid (logger clock jitter) and were moved onto it',
      );
      const parsed = parseFile(readFileSync(path.join(CORPUS, KROVA)), KROVA, r.rule, r.channels);
      expect(parsed.snappedStamps).toBe(74);
      expect(parsed.timesMs.every((t) => t % 600_000 === 0)).toBe(true);
    });

    it('reads the Krova names: dew point and soil are no air temperature, `10min` and `max/3h` are intervals, `(10m)` no height, pressure in tenths is doubted', () => {
      const r = read(KROVA);
      expect(shape(byName(r, 'Dew point temp (C)'))).toEqual(['other', null, 'mean', 'deg_C']);
      expect(shape(byName(r, 'Wind speed 10min (m/s)'))).toEqual(['ws', null, 'mean', 'm/s']);
      expect(shape(byName(r, 'Wind dir 10min (deg)'))).toEqual(['wd', null, 'mean', 'deg']);
      // The maximum of three hours is not the 10-minute record's maximum.
      expect(shape(byName(r, 'Wind speed max/3h (m/s)'))).toEqual(['ws', null, 'other', 'm/s']);
      expect(shape(byName(r, 'Temp -5cm (C)'))).toEqual(['other', null, 'mean', 'deg_C']);
      expect(byName(r, 'Cloud layer1 height (10m)').heightM).toBeNull();
      const pressure = byName(r, 'Pressure (hPa)');
      const doubt = r.doubts.find((d) => d.column === pressure.column && d.field === 'values');
      expect(doubt).toMatchObject({ reason: 'valuesLookScaled', suggestion: { unit: 'daPa' } });
      expect(localizeDoubt(doubt!, 'en')).toContain('look like air pressure in daPa, not hPa');
      // The pressure reduced to sea level is no air pressure at the site: kept as other, not range-checked.
      const seaLevel = byName(r, 'Pressure s.l. (hPa)');
      expect(shape(seaLevel)).toEqual(['other', null, 'mean', 'hPa']);
      expect(r.doubts.filter((d) => d.column === seaLevel.column)).toEqual([]);
    });

    it('reads the NRG 9431 sensor history: the measurand or description decides the element before the unit', () => {
      const r = read(NRG_9431);
      expect(r.kind).toBe('logr');
      const element = (name: string) => byName(r, name).element;
      expect(element('Ch1_Avg_W/m^2')).toBe('ghi');
      // Hukseflux SR30 tilt, EKO tilt and roll axes, the sun's zenith, azimuth and elevation: not wind directions.
      for (const name of [
        'Ch111_Avg_deg',
        'Ch121_Avg_deg',
        'Ch122_Avg_deg',
        'Ch308_Avg_Degrees',
        'Ch309_Avg_Degrees',
        'Ch310_Avg_Degrees',
      ]) {
        expect(element(name), name).toBe('other');
      }
      expect(byName(r, 'Ch309_Avg_Degrees').evidence?.element).toEqual({
        confidence: 'stated',
        evidence: 'sensorDescription:Azimuth',
      });
      // A pyranometer's body temperature and fan speed are its own, not the air's nor the wind's.
      expect(element('Ch109_Avg_deg_C')).toBe('other');
      expect(element('Ch113_Avg_rpm')).toBe('other');
      expect(element('Ch101_Avg_deg_C')).toBe('T');
      expect(byName(r, 'Ch104_Avg_m/s').evidence?.element.evidence).toBe('sensorDescription:Wind Speed Fast');
      expect(element('Ch12_Avg_Deg')).toBe('wd');
      // `Units: RH` of the NRG RH5X hygrometer: percent relative humidity, not an unknown unit `RH`.
      expect(shape(byName(r, 'Ch11_Avg_RH'))).toEqual(['RH', null, 'mean', '%']);
      expect(r.channels.filter((c) => c.element === 'wd' && c.statistic === 'mean')).toHaveLength(2);
      // Its header's zone is read; the stamps carry their own (…Z), which wins.
      expect(r.rule.utcOffsetMinutes).toBe(-300);
      expect(r.time?.zone.evidence).toBe('stampOffset:2022-04-18T07:01:00Z');
      expect(r.doubts.some((d) => d.reason === 'noWindColumn')).toBe(false);
    });

    it('reads the NRG 9432 statistical and one-second files alike: sun angles other, PV temperatures other', () => {
      for (const [file, stat] of [
        [NRG_9432_STAT, 'Avg'],
        [NRG_9432_SECOND, 'Samples'],
      ] as const) {
        const r = read(file);
        expect(r.kind, file).toBe('logr');
        for (const ch of [308, 309, 310, 3, 5, 202]) {
          const c = r.channels.find((x) => x.name.startsWith(`Ch${ch}_${stat}_`))!;
          expect(c.element, `${file} ${c.name}`).toBe('other');
          expect(c.evidence?.element.confidence).toBe('stated');
        }
        expect(r.channels.find((x) => x.name.startsWith(`Ch402_${stat}_`))!.element).toBe('ws');
        expect(r.channels.find((x) => x.name.startsWith(`Ch1_${stat}_`))!.element).toBe('ghi');
        expect(r.doubts.filter((d) => d.reason === 'unitUnknown')).toEqual([]);
      }
    });

    it('reads the two-row header of the windpowerlib weather file: names, then heights', () => {
      const r = read(WEATHER);
      expect(r.rule.fieldStartRow).toBe(1);
      expect(r.rule.dataStartRow).toBe(3);
      expect(r.warnings).not.toContain('noHeaderRow');
      expect(r.channels.map((c) => [c.name, c.element, c.heightM])).toEqual([
        ['pressure', 'p', null],
        ['temperature', 'T', 2],
        ['wind_speed', 'ws', 10],
        ['roughness_length', 'other', null],
        ['temperature', 'T', 10],
        ['wind_speed', 'ws', 80],
      ]);
      expect(byName(r, 'wind_speed').evidence?.height).toEqual({
        confidence: 'stated',
        evidence: 'heightRow:10',
      });
      // The file states no units: pascals and kelvins are doubted, not stored as hPa and °C silently.
      expect(r.doubts.filter((d) => d.field === 'values').map((d) => d.suggestion?.unit)).toEqual([
        'Pa',
        'K',
        'K',
      ]);
    });

    it('reads the `# Col. N :` names and units of the weather-station file', () => {
      const r = read(STATION);
      expect(r.warnings).not.toContain('noHeaderRow');
      expect(r.channels.map(shape)).toEqual([
        ['T', null, 'mean', 'deg_C'],
        ['ws', 2, 'mean', 'm/s'],
        ['RH', null, 'mean', '%'],
        ['prcp', null, 'sum', 'mm'],
        ['ws', 10, 'mean', 'm/s'],
        ['wd', 10, 'mean', 'deg'],
      ]);
      expect(r.time?.column.evidence).toBe('columnTitle:Date Time (yyyy-mm-ddThh:mm:ss)');
      expect(r.doubts.some((d) => d.reason === 'noWindColumn')).toBe(false);
    });

    it('says of no corpus file that it has no wind column: each has a speed or a direction', () => {
      for (const file of [WS500, KROVA, STATION, NRG_9431, NRG_9432_STAT, NRG_9432_SECOND, WEATHER]) {
        expect(
          read(file).doubts.some((d) => d.reason === 'noWindColumn'),
          file,
        ).toBe(false);
      }
    });
  },
);

describe('LoggerNet spellings and names', () => {
  it('knows the units row spellings of LoggerNet', () => {
    const cases: [string, string][] = [
      ['meters/second', 'm/s'],
      ['miles/hour', 'mph'],
      ['Deg', 'deg'],
      ['deg C', 'deg_C'],
      ['DegC', 'deg_C'],
      ['Deg C', 'deg_C'],
      ['mbar', 'hPa'],
      ['W/m^2', 'W/m^2'],
      ['W/m2', 'W/m^2'],
      ['kW/m^2', 'kW/m^2'],
      ['kW/m2', 'kW/m^2'],
      ['MJ/m^2', 'MJ/m^2'],
      ['mm', 'mm'],
      ['Volts', 'V'],
      ['g m-3', 'g/m^3'],
      ['g kg-1', 'g/kg'],
      ['kJ kg-1', 'kJ/kg'],
      ['kg m-3', 'kg/m^3'],
      ['m s-1', 'm/s'],
      ['%', '%'],
      ['hPa', 'hPa'],
    ];
    for (const [text, unit] of cases) expect(normalizeUnit(text), text).toBe(unit);
    expect(conversionOf({ unit: 'kW/m^2' })).toEqual({ unit: 'W/m^2', scale: 1000, offset: 0 });
    expect(conversionOf({ unit: 'mph' })?.unit).toBe('m/s');
  });

  it('reads LoggerNet names: solar is irradiance, battery and panel are their own, models are no heights', () => {
    const cases: [string, string, number | null, string][] = [
      ['SlrW_Avg', 'ghi', null, 'mean'],
      ['SlrkW_Avg', 'ghi', null, 'mean'],
      ['Slr_Avg', 'ghi', null, 'mean'],
      ['SlrMJ_Tot', 'other', null, 'sum'],
      ['BattV_Min', 'voltage', null, 'min'],
      ['PTemp_C_Avg', 'other', null, 'mean'],
      ['DP_Avg', 'other', null, 'mean'],
      ['DewPt_Avg', 'other', null, 'mean'],
      ['WaterLevel_Avg', 'other', null, 'mean'],
      ['HMP155_AirTC_Avg', 'T', null, 'mean'],
      ['CS215_RH', 'RH', null, 'mean'],
      ['WS600_wind_speed_avg', 'ws', null, 'mean'],
      ['WindSonic_WS_Avg', 'ws', null, 'mean'],
      ['Young05103_WS_80m_Avg', 'ws', 80, 'mean'],
      ['WS_80m_Avg', 'ws', 80, 'mean'],
    ];
    for (const [name, element, heightM, statistic] of cases) {
      const info = parseChannelName(name);
      expect([info.element, info.heightM, info.statistic], name).toEqual([element, heightM, statistic]);
    }
  });

  it('stores a TOA5 units row in miles/hour as mph, to be converted, not as m/s', () => {
    const text = [
      '"TOA5","Mast","CR1000","1","CR1000.Std.32","CPU:mast.CR1","1","Ten"',
      '"TIMESTAMP","RECORD","WS_mph_Avg","WindDir","SlrkW_Avg","AirTC_Avg","DewPt_Avg","BattV_Min","PTemp_C_Avg"',
      '"TS","RN","miles/hour","Deg","kW/m^2","Deg C","Deg C","Volts","Deg C"',
      '"","","Avg","Smp","Avg","Avg","Avg","Min","Avg"',
      ...Array.from({ length: 6 }, (_, i) => {
        const stamp = `2024-05-01 00:${String(i * 10).padStart(2, '0')}:00`;
        return `"${stamp}",${i},${12 + i},${180 + i},0.${2 + i},${14 + i},${6 + i},12.${6 + i},${18 + i}`;
      }),
      '',
    ].join('\r\n');
    const r = recognize(utf8(text), 'mast_Ten.dat');
    const unitOf = (name: string) => r.channels.find((c) => c.name === `"${name}"` || c.name === name)!;
    expect(shape(unitOf('WS_mph_Avg'))).toEqual(['ws', null, 'mean', 'mph']);
    expect(unitOf('WS_mph_Avg').evidence?.unit).toEqual({
      confidence: 'stated',
      evidence: 'unitRow:miles/hour',
    });
    expect(shape(unitOf('SlrkW_Avg'))).toEqual(['ghi', null, 'mean', 'kW/m^2']);
    expect(shape(unitOf('DewPt_Avg'))).toEqual(['other', null, 'mean', 'deg_C']);
    expect(shape(unitOf('BattV_Min'))).toEqual(['voltage', null, 'min', 'V']);
    expect(shape(unitOf('PTemp_C_Avg'))).toEqual(['other', null, 'mean', 'deg_C']);
    expect(r.doubts.filter((d) => d.reason === 'unitUnknown')).toEqual([]);
  });
});

describe('a ZephIR 300 10-minute CSV', () => {
  const header = [
    'Reference',
    'Time and Date',
    'Timestamp (s)',
    'Met Station Air Temp. (C)',
    'Met Station Humidity (%)',
    'Met Station Pressure (mbar)',
    'Met Station Wind Speed (m/s)',
    'Met Station Wind Direction (deg)',
    'Horizontal Wind Speed (m/s) at 38m',
    'Wind Direction (deg) at 38m',
    'Vertical Wind Speed (m/s) at 38m',
    'TI at 38m',
    'Horizontal Wind Speed (m/s) at 80m',
    'Wind Direction (deg) at 80m',
    'Vertical Wind Speed (m/s) at 80m',
    'TI at 80m',
  ];
  // The record counter runs on from 21980722; 21990101 and 22080101 read as dates were years 2199 and 2208.
  const references = [21980722, 21980723, 21990101, 21990102, 22080101, 22080102, 22080103, 22080104];
  const rows = references.map((reference, i) => {
    const t = Date.UTC(2023, 5, 1, 0, 10) + i * 600_000;
    const d = new Date(t);
    const p2 = (n: number) => String(n).padStart(2, '0');
    const stamp = `${p2(d.getUTCDate())}.${p2(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:00`;
    return [
      reference,
      stamp,
      t / 1000,
      14.2,
      81,
      1012.4,
      5.1,
      201,
      6.4 + i / 10,
      210,
      0.1,
      0.12,
      7.9,
      214,
      0.05,
      0.1,
    ].join(';');
  });
  const file = utf8(`${[header.join(';'), ...rows].join('\r\n')}\r\n`);

  it('reads the time from `Time and Date`, never the record counter, and the heights `at 38m`', () => {
    const r = recognize(file, 'ZephIR_300_10min.csv');
    expect([r.rule.dateStartColumn, r.rule.dateEndColumn]).toEqual([2, 2]);
    expect(r.rule.dateFormat).toBe('DD.MM.YYYY HH:mm:ss');
    expect(r.time?.column.evidence).toBe('columnTitle:Time and Date');
    expect(r.firstTime).toBe('2023-06-01T00:10:00.000Z');
    expect(r.lastTime).toBe('2023-06-01T01:20:00.000Z');
    expect(r.rowCount).toBe(8);
    expect(r.doubts.some((d) => d.reason === 'stampsOutOfRange')).toBe(false);
    const at = (name: string) => r.channels.find((c) => c.name === name)!;
    expect(shape(at('Horizontal Wind Speed (m/s) at 38m'))).toEqual(['ws', 38, 'mean', 'm/s']);
    expect(shape(at('Wind Direction (deg) at 38m'))).toEqual(['wd', 38, 'mean', 'deg']);
    expect(shape(at('Vertical Wind Speed (m/s) at 80m'))).toEqual(['wsv', 80, 'mean', 'm/s']);
    expect(at('Horizontal Wind Speed (m/s) at 80m').evidence?.unit).toEqual({
      confidence: 'stated',
      evidence: 'nameUnit:m/s',
    });
    expect(r.channels.some((c) => c.name === 'Reference')).toBe(true);
    expect(at('Reference').element).toBe('other');
  });
});

describe('a solar design-year TMY3 CSV', () => {
  const header = [
    'Date (MM/DD/YYYY)',
    'Time (HH:MM)',
    'ETR (W/m^2)',
    'ETRN (W/m^2)',
    'GHI (W/m^2)',
    'GHI source',
    'GHI uncert (%)',
    'DNI (W/m^2)',
    'DNI source',
    'DNI uncert (%)',
    'DHI (W/m^2)',
    'DHI source',
    'DHI uncert (%)',
    'Dry-bulb (C)',
    'Dry-bulb source',
    'Dry-bulb uncert (code)',
    'Dew-point (C)',
    'Dew-point source',
    'Dew-point uncert (code)',
    'RHum (%)',
    'RHum source',
    'RHum uncert (code)',
    'Pressure (mbar)',
    'Pressure source',
    'Pressure uncert (code)',
    'Wdir (degrees)',
    'Wdir source',
    'Wdir uncert (code)',
    'Wspd (m/s)',
    'Wspd source',
    'Wspd uncert (%)',
  ];
  // Two days of hour-ending local standard time (01:00 … 24:00), as TMY3 writes them.
  const rows: string[] = [];
  for (let day = 1; day <= 2; day++) {
    for (let hour = 1; hour <= 24; hour++) {
      const sun = hour >= 8 && hour <= 17 ? Math.round(600 * Math.sin(((hour - 7) / 11) * Math.PI)) : 0;
      const values = [
        `01/0${day}/1988`,
        `${String(hour).padStart(2, '0')}:00`,
        sun ? sun + 400 : 0,
        sun ? 1415 : 0,
        sun,
        sun ? 1 : 2,
        sun ? 8 : 0,
        sun ? sun + 200 : 0,
        sun ? 1 : 2,
        sun ? 15 : 0,
        sun ? 60 : 0,
        sun ? 1 : 2,
        sun ? 15 : 0,
        (8 + hour / 3).toFixed(1),
        'A',
        7,
        (-4 + hour / 10).toFixed(1),
        'A',
        7,
        40 - hour,
        'A',
        7,
        930,
        'A',
        7,
        (hour * 15) % 360,
        'A',
        8,
        (2 + (hour % 5) / 2).toFixed(1),
        'A',
        8,
      ];
      rows.push(values.join(','));
    }
  }
  const text = [`690150,"TWENTYNINE PALMS",CA,-8.0,34.300,-116.167,626`, header.join(','), ...rows, ''].join(
    '\n',
  );

  it('reads the zone of its station line, its hour-ending stamps, and keeps uncertainty and source columns out of the wind', () => {
    const r = recognize(utf8(text), '690150TY.csv');
    expect(r.rule.utcOffsetMinutes).toBe(-480);
    expect(r.time?.zone).toEqual({
      confidence: 'stated',
      evidence: 'headerLine:690150,"TWENTYNINE PALMS",CA,-8.0,34.300,-116.167,626',
    });
    expect(r.rule.dateFormat).toBe('MM/DD/YYYY HH:mm');
    expect(r.rule.timestampIsPeriodEnd).toBe(true);
    expect(r.time?.periodEnd).toEqual({ confidence: 'convention', evidence: 'deviceFormat:TMY3' });
    // 01/01/1988 01:00 at UTC−8 ends the hour that began at 00:00 local = 08:00 UTC.
    expect(r.firstTime).toBe('1988-01-01T08:00:00.000Z');
    const wind = r.channels.filter((c) => c.element === 'ws' || c.element === 'wd');
    expect(wind.map((c) => c.name)).toEqual(['Wdir (degrees)', 'Wspd (m/s)']);
    expect(r.channels.find((c) => c.name === 'Wspd uncert (%)')?.element).toBe('other');
    expect(r.channels.find((c) => c.name === 'ETR (W/m^2)')?.element).toBe('other');
    expect(r.channels.find((c) => c.name === 'GHI (W/m^2)')?.element).toBe('ghi');
    expect(r.channels.find((c) => c.name === 'Dew-point (C)')?.element).toBe('other');
    expect(r.channels.find((c) => c.name === 'Dry-bulb (C)')?.element).toBe('T');
    expect(r.warnings.some((w) => w.startsWith('textColumnsSkipped:') && w.includes('Wspd source'))).toBe(
      true,
    );
    // What is unsure: the wind's height, and that a design year is no measured series.
    const doubts = r.doubts.map((d) => d.reason);
    expect(doubts).toContain('typicalYear');
    expect(r.doubts.filter((d) => d.reason === 'heightUnstated').map((d) => d.column)).toEqual([26, 29]);
    const typical = r.doubts.find((d) => d.reason === 'typicalYear')!;
    expect(localizeDoubt(typical, 'zh')).toContain('典型气象年（TMY3）');
  });
});

describe('a daily TOA5 table', () => {
  it('reads its `TMx` stamp columns as text, its units row wholly, and its interval as one day ending at midnight', () => {
    const r = recognize(utf8(dailyToa5()), 'CR1000_Daily.dat');
    expect(r.kind).toBe('toa5');
    expect(r.intervalMinutes).toBe(1440);
    expect(r.rule.timestampIsPeriodEnd).toBe(true);
    expect(r.firstTime).toBe('2024-01-28T00:00:00.000Z');
    expect(r.lastTime).toBe('2024-03-03T00:00:00.000Z');
    expect(r.rowCount).toBe(36);
    expect(r.channels.map((c) => c.name.replace(/"/g, ''))).toEqual([
      'BattV_Min',
      'AirTC_Max',
      'AirTC_Min',
      'WS_ms_Avg',
      'WS_ms_Max',
      'Rain_mm_Tot',
      'SlrMJ_Tot',
    ]);
    // `MJ/m²` is an insolation total, its own unit under 'other'; no unit of the row is unknown.
    expect(r.doubts.filter((d) => d.reason === 'unitUnknown')).toEqual([]);
    expect(shape(r.channels.find((c) => c.name.includes('SlrMJ_Tot'))!)).toEqual([
      'other',
      null,
      'sum',
      'MJ/m^2',
    ]);
    expect(r.warnings.find((w) => w.startsWith('textColumnsSkipped:'))).toBe(
      'textColumnsSkipped:AirTC_TMx, AirTC_TMn, WS_ms_TMx',
    );
  });
});
