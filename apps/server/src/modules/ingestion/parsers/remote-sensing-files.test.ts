import { readFileSync } from 'node:fs';
import path from 'node:path';
import { localizeIngestWarning, localizeUnreadableReason, type TParseRule } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import { classifyFile, parseFile, recognize, type TParsedFile, UnreadableFileError } from './index.ts';

// Issue 40, the lidar and sodar files real loggers write (fixtures/ in the layouts the formats describe;
// the real files could not be shared): the oldest WindCube v1 `.sta`, an AQ500 sodar result file with NUL
// padding, a Triton CSV with TI as a fraction, and Molas3D-style radial data that must be refused.
const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'latin1');
const bytes = (text: string) => Buffer.from(text, 'latin1');

/** The AQ500 fixture as the unit writes it: NUL before CRLF on some header lines and after the last line. */
function paddedAq500(text = fixture('aq500-result.txt')): Buffer {
  const padded = text
    .replace('Station site name=Hill farm 2        \r\n', 'Station site name=Hill farm 2        \0\r\n')
    .replace('AQ500 Program version=9S31\r\n', 'AQ500 Program version=9S31\0\r\n')
    .replace('Output power(W)=250 \r\n', 'Output power(W)=250 \0\r\n');
  return bytes(`${padded}\0\0\0`);
}

function reasonOf(fn: () => unknown): string | null {
  try {
    fn();
  } catch (error) {
    if (error instanceof UnreadableFileError) return error.reasonKey;
    throw error;
  }
  return null;
}

function read(content: Buffer, fileName: string): { r: ReturnType<typeof recognize>; parsed: TParsedFile } {
  const r = recognize(content, fileName);
  return { r, parsed: parseFile(content, fileName, r.rule, r.channels) };
}

function column(parsed: TParsedFile, dataKey: string): number[] {
  const found = parsed.columns.find((c) => c.channel.dataKey === dataKey);
  if (!found) throw new Error(`no channel ${dataKey}`);
  return [...found.values];
}

describe('WindCube v1 .sta of the older firmware (HeaderLength=, Vhm1 … per altitude index)', () => {
  const V1 = fixture('windcube-v1-old-firmware.sta');

  it('maps each altitude index to the k-th height of Altitudes(m)=, with period-end stamps in the header’s zone', () => {
    const { r, parsed } = read(bytes(V1), 'WLS7-031_2012_07_01.sta');
    expect(r.kind).toBe('windcube_sta');
    expect(r.remoteSensing).toEqual({
      stationType: 'lidar',
      make: 'Leosphere/Vaisala',
      model: 'WindCube v1',
      serial: 'WLS7-031',
      firmware: '1.0.7',
      heightsM: [40, 60, 80, 100, 120],
      cnrThresholdDb: -22,
    });
    const byName = (name: string) => r.channels.find((c) => c.name === name);
    const mapped = (name: string) => {
      const c = byName(name)!;
      return [c.element, c.heightM, c.statistic, c.unit, c.dataKey];
    };
    expect(mapped('Vhm1')).toEqual(['ws', 40, 'mean', 'm/s', 'ws_40_mean']);
    expect(mapped('dVh2')).toEqual(['ws', 60, 'sd', 'm/s', 'ws_60_sd']);
    expect(mapped('VhMax3')).toEqual(['ws', 80, 'max', 'm/s', 'ws_80_max']);
    expect(mapped('VhMin4')).toEqual(['ws', 100, 'min', 'm/s', 'ws_100_min']);
    expect(mapped('Azim5')).toEqual(['wd', 120, 'mean', 'deg', 'wd_120_mean']);
    expect(mapped('wm1')).toEqual(['wsv', 40, 'mean', 'm/s', 'wsv_40_mean']);
    expect(mapped('dwm1')).toEqual(['wsv', 40, 'sd', 'm/s', 'wsv_40_sd']);
    expect(mapped('CNRm2')).toEqual(['cnr', 60, 'mean', 'dB', 'cnr_60_mean']);
    expect(mapped('Avail5')).toEqual(['avail', 120, 'mean', '%', 'avail_120_mean']);
    expect(mapped('um1')).toEqual(['other', 40, 'mean', 'm/s', 'other_40_u_mean']);
    // The lidar's housing, not the air (issue 40).
    expect(mapped('Tm')).toEqual(['other', null, 'mean', 'deg_C', 'other_internal_temp']);
    expect(byName('Tm')!.tag).toBe('internal');
    expect(mapped('WiperCount')).toEqual(['other', null, 'count', '', 'other_wiper_count']);
    expect(r.channels).toHaveLength(2 + 14 * 5);
    // `Date` stamps are period ends (Leosphere); `Timezone=UTC+8` is the logger clock.
    expect(r.rule).toMatchObject({ timestampIsPeriodEnd: true, utcOffsetMinutes: 480 });
    expect(r.warnings).toContain('timeZoneFromFile:UTC+8');
    expect([r.rowCount, r.intervalMinutes, r.firstTime, r.lastTime]).toEqual([
      6,
      10,
      '2012-06-30T16:00:00.000Z',
      '2012-06-30T16:50:00.000Z',
    ]);
    expect(column(parsed, 'ws_40_mean')[0]).toBeCloseTo(5, 5);
    expect(column(parsed, 'wd_60_mean')[1]).toBeCloseTo(204, 5);
    expect(Number.isNaN(column(parsed, 'ws_120_mean')[2]!)).toBe(true);
    expect(column(parsed, 'avail_120_mean')[2]).toBe(38);
  });

  it('reads space-separated altitudes and gives columns past the list no height, saying so', () => {
    const shortList = V1.replace('Altitudes(m)=\t40\t60\t80\t100\t120', 'Altitudes(m)=40 60 80 100');
    const r = recognize(bytes(shortList), 'old.sta');
    expect(r.remoteSensing?.heightsM).toEqual([40, 60, 80, 100]);
    expect(r.channels.find((c) => c.name === 'Vhm4')).toMatchObject({ heightM: 100, dataKey: 'ws_100_mean' });
    expect(r.channels.find((c) => c.name === 'Vhm5')).toMatchObject({ heightM: null, dataKey: 'ws_i5_mean' });
    expect(r.warnings).toContain('windCubeHeightsMissing:4|5');
    expect(localizeIngestWarning('windCubeHeightsMissing:4|5', 'en')).toMatch(/lists 4 heights .* index 5/);
  });

  it('refuses a file whose rows carry one column more than its titles rather than shift every title', () => {
    // The date and the time in two columns under the one `Date` title.
    const split = V1.replace(/^(\d{4}\/\d{2}\/\d{2}) (\d{2}:\d{2}:\d{2})\t/gm, '$1\t$2\t');
    expect(reasonOf(() => recognize(bytes(split), 'old.sta'))).toBe('columns_without_titles');
    expect(localizeUnreadableReason('columns_without_titles', { extra: 1 }, 'zh')).toMatch(/多 1 列/);
  });
});

describe('NUL padding in text files', () => {
  it('reads a text file with NUL bytes at line ends and after its last line (the AQ500 habit)', () => {
    const padded = paddedAq500();
    expect(padded.includes(0)).toBe(true);
    expect(classifyFile('161122_result.txt', padded)).toBe('text');
    expect(classifyFile('161122_result.res', padded)).toBe('text');
    const r = recognize(padded, '240312_result.txt');
    expect(r.kind).toBe('aq500');
    expect(r.rowCount).toBe(6);
    // NULs at the start of the file and of a block (line starts) are padding too.
    const rows = (from: number) =>
      Array.from(
        { length: 30 },
        (_, i) => `2024-01-01 ${String(from + Math.floor(i / 6)).padStart(2, '0')}:${i % 6}0,5.${i % 10}\r\n`,
      );
    const csv = bytes(`\0\0Timestamp,WS_80m_Avg\r\n${rows(0).join('')}\0\0\r\n${rows(5).join('')}`);
    expect(recognize(csv, 'a.csv').rowCount).toBe(60);
  });

  it('tells padding from binary: refuses random bytes, a ZIP, a PNG, a NUL inside a line and NULs over 1 % of the file, reads the padded file', () => {
    const random = new Uint8Array(5000);
    let seed = 12345;
    for (let i = 0; i < random.length; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      random[i] = seed >> 16;
    }
    const zip = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]),
      Buffer.from('data.csv\r\n'),
      Buffer.from(random.subarray(0, 400)),
    ]);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]),
      Buffer.from('IHDR'),
      Buffer.from([0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0xc8, 0x08, 0x06, 0x00, 0x00, 0x00]),
      Buffer.from(random.subarray(400, 900)),
    ]);
    const inLine = bytes('Timestamp,WS\r\n2024-01-01 00:00,5\0.1\r\n2024-01-01 00:10,5.3\r\n');
    const tooMuch = bytes(`Timestamp,WS\r\n${'2024-01-01 00:00,5.1\0\0\r\n'.repeat(3)}`);
    const rule = recognize(bytes('Timestamp,WS\n2024-01-01 00:00,5\n'), 'a.csv').rule as TParseRule;
    for (const [name, content] of [
      ['random', Buffer.from(random)],
      ['zip', zip],
      ['png', png],
      ['inLine', inLine],
      ['tooMuch', tooMuch],
    ] as const) {
      expect([name, reasonOf(() => recognize(content, 'data.csv'))]).toEqual([name, 'binary_content']);
      expect([name, reasonOf(() => parseFile(content, 'data.csv', rule))]).toEqual([name, 'binary_content']);
    }
    const padded = paddedAq500();
    const r = recognize(padded, 'r.txt');
    expect(parseFile(padded, 'r.txt', r.rule, r.channels).rowCount).toBe(6);
  });
});

describe('AQ500 sodar result files', () => {
  it('reads levels from LL/HL/Interval, channels from the Data field lists, 9999 as missing, and says the stamps are taken as period starts', () => {
    const { r, parsed } = read(paddedAq500(), '240312_result.txt');
    expect(r.kind).toBe('aq500');
    expect(r.remoteSensing).toMatchObject({
      stationType: 'sodar',
      make: 'AQSystem',
      model: 'AQ500',
      serial: '',
      firmware: '9S31',
      heightsM: [40, 50, 60, 70, 80, 90, 100],
    });
    const at = (heightM: number) =>
      r.channels.filter((c) => c.heightM === heightM).map((c) => [c.column, c.element, c.statistic, c.unit]);
    expect(at(40)).toEqual([
      [6, 'ws', 'mean', 'm/s'],
      [7, 'wd', 'mean', 'deg'],
      [8, 'ws', 'sd', 'm/s'],
      [9, 'wsv', 'mean', 'm/s'],
      [10, 'wsv', 'sd', 'm/s'],
      [11, 'other', 'other', ''],
    ]);
    expect(at(100).map((c) => c[0])).toEqual([42, 43, 44, 45, 46, 47]);
    // Values the logger scales are never given a physical unit; the absent pressure sensor is not read.
    const site = r.channels.filter((c) => c.heightM === null).map((c) => [c.name, c.element, c.unit]);
    expect(site).toEqual([
      ['Battery voltage(V * 100)', 'other', ''],
      ['Temperature sensor(deg C * 10)', 'other', ''],
      ['Humidity sensor(%RH)', 'RH', '%'],
    ]);
    expect(r.warnings).toContain('unusedColumnsSkipped:Pressure sensor(Hp)=False');
    expect(r.rule).toMatchObject({
      dateFormat: 'YYYYMMDD H:mm',
      missingValue: '9999',
      timestampIsPeriodEnd: false,
      intervalMinutes: 10,
    });
    expect(r.warnings).toContain('periodStartAssumed');
    expect(localizeIngestWarning('periodStartAssumed', 'zh')).toMatch(/开始还是结束.*时段开始/);
    expect([r.rowCount, r.firstTime, r.lastTime]).toEqual([
      6,
      '2024-03-12T09:20:00.000Z',
      '2024-03-12T10:10:00.000Z',
    ]);
    expect(column(parsed, 'ws_40_mean')[0]).toBeCloseTo(4.2, 5);
    expect(column(parsed, 'wd_100_mean')[0]).toBe(262);
    expect(Number.isNaN(column(parsed, 'ws_100_mean')[1]!)).toBe(true);
    expect(column(parsed, 'ws_100_sd')[1]).toBeCloseTo(0.62, 5);
  });

  it('does not import a per-height list whose length is not the number of levels, and says so', () => {
    const short = fixture('aq500-result.txt').replace(
      'Data field 10,16,22,28,34,40,46:',
      'Data field 10,16,22,28,34,40:',
    );
    const r = recognize(bytes(short), 'r.txt');
    expect(r.channels.filter((c) => c.element === 'wsv' && c.statistic === 'sd')).toEqual([]);
    expect(r.channels.filter((c) => c.element === 'ws' && c.statistic === 'mean')).toHaveLength(7);
    expect(r.warnings).toContain('heightColumnsMismatch:Std-w m/s(LL to HL)|6|7');
    expect(localizeIngestWarning('heightColumnsMismatch:Std-w m/s(LL to HL)|6|7', 'en')).toBe(
      '“Std-w m/s(LL to HL)” has 6 columns for 7 levels, so its columns cannot be matched to heights; not imported',
    );
  });

  it('refuses an AQ500 file without a Data field list or with levels that disagree, with a reason in both languages', () => {
    const bare = fixture('aq500-result.txt').replace(/^Data field .*\r\n/gm, '');
    expect(reasonOf(() => recognize(bytes(bare), 'r.txt'))).toBe('aq500_fields_unknown');
    // Levels that disagree with the lowest level, the step and the highest level give no trusted height.
    const disagree = fixture('aq500-result.txt').replace('Number of levels=7', 'Number of levels=8');
    expect(reasonOf(() => recognize(bytes(disagree), 'r.txt'))).toBe('aq500_fields_unknown');
    expect(localizeUnreadableReason('aq500_fields_unknown', {}, 'en')).toMatch(
      /AQ500 .*Data field.*nothing was stored/,
    );
    expect(localizeUnreadableReason('aq500_fields_unknown', {}, 'zh')).toMatch(/AQ500.*未保存任何数据/);
  });
});

describe('turbulence intensity as a fraction or in percent', () => {
  const tiUnits = (r: ReturnType<typeof recognize>) =>
    r.channels.filter((c) => /_ti$/.test(c.dataKey)).map((c) => [c.dataKey, c.unit]);

  it('labels a Triton TI written as a fraction without a unit (even with a calm-period TI above 1), one in percent as %', () => {
    const r = recognize(bytes(fixture('triton-ti-fraction.csv')), 'TritonExport_2024-04-02.csv');
    expect(tiUnits(r)).toEqual([
      ['ws_40_ti', ''],
      ['ws_60_ti', ''],
      ['ws_80_ti', ''],
      ['ws_100_ti', ''],
    ]);
    expect(r.channels.find((c) => c.dataKey === 'ws_40_mean')?.unit).toBe('m/s');
    const percent = fixture('triton-ti-fraction.csv').replace(
      /,(0\.\d{3}|1\.120),/g,
      (_, ti: string) => `,${(Number(ti) * 100).toFixed(1)},`,
    );
    expect(tiUnits(recognize(bytes(percent), 'ti.csv'))).toEqual([
      ['ws_40_ti', '%'],
      ['ws_60_ti', '%'],
      ['ws_80_ti', '%'],
      ['ws_100_ti', '%'],
    ]);
  });

  it('reads Triton’s own “Wind Turbulence” columns in a semicolon, decimal-comma export as fractions too', () => {
    const lines = [
      'Triton Wind Speed Data;;;;',
      'Logger Serial Number: 4711;;;;',
      'Date and Time;40m Wind Speed;40m Wind Direction;40m Wind Turbulence;Quality (Station Height 40m)',
      '<Intentionally blank>;m/s;°;<no units specified>;%',
      ...Array.from(
        { length: 8 },
        (_, i) => `02.04.2024 0${Math.floor(i / 6)}:${(i % 6) * 10 || '00'};6,${i};18${i};0,1${i};9${i}`,
      ),
    ];
    const r = recognize(bytes(`${lines.join('\r\n')}\r\n`), 'TritonExport.csv');
    expect(tiUnits(r)).toEqual([['ws_40_ti', '']]);
  });
});

describe('radial (line-of-sight) lidar data', () => {
  const wide = [
    'Time,Beam,Azimuth,Elevation,Range1,Range2,Range3,Range4',
    ...Array.from(
      { length: 6 },
      (_, i) => `2025-03-02 10:00:0${i},${i % 4},${90 * (i % 4)},62,-3.1,-3.2,-3.3,-3.4`,
    ),
  ].join('\n');
  const losPerDistance = [
    'Timestamp;Azimuth;Elevation;LOS Velocity 100m;LOS Velocity 150m;CNR 100m;CNR 150m',
    ...Array.from({ length: 6 }, (_, i) => `2025-03-02 10:00:0${i};${90 * (i % 4)};75;-2,1;-2,3;-8,5;-10,2`),
  ].join('\n');

  for (const [name, content] of [
    ['Molas3D RealTime rows per gate', fixture('molas3d-realtime-radial.csv')],
    ['a column per range gate', wide],
    ['LOS velocity per distance', losPerDistance],
  ] as const) {
    it(`refuses ${name} by recognition and by a rule alike`, () => {
      expect(reasonOf(() => recognize(bytes(content), 'Molas3D_00941_RealTime_20250302.csv'))).toBe(
        'radial_velocity_data',
      );
      const rule = recognize(bytes('Timestamp,WS\n2024-01-01 00:00,5\n'), 'a.csv').rule;
      expect(reasonOf(() => parseFile(bytes(content), 'r.csv', rule))).toBe('radial_velocity_data');
    });
  }

  it('says why in both languages, naming radial line-of-sight data and the wind retrieval', () => {
    expect(localizeUnreadableReason('radial_velocity_data', {}, 'en')).toMatch(
      /radial \(line-of-sight\) velocities.*wind retrieval.*nothing was stored/,
    );
    expect(localizeUnreadableReason('radial_velocity_data', {}, 'zh')).toMatch(
      /径向（视线方向）.*风场反演.*未保存/,
    );
  });

  it('reads a mast file with solar azimuth and elevation, a range column and Doppler broadening, refusing its radial twin', () => {
    const mast = [
      'Timestamp,WS_80m_Avg,WD_78m_Avg,Solar Azimuth,Solar Elevation,Range,Dopp Spect Broad (m/s),Wind Speed 100m',
      ...Array.from({ length: 6 }, (_, i) => `2024-01-01 00:${i}0,5.${i},21${i},180,20,3,0.5,6.${i}`),
    ].join('\n');
    const r = recognize(bytes(mast), 'mast.csv');
    expect(r.kind).toBe('generic_csv');
    expect(r.rowCount).toBe(6);
    const twin = mast.replace('Wind Speed 100m', 'Radial Wind Speed 100m');
    expect(reasonOf(() => recognize(bytes(twin), 'mast.csv'))).toBe('radial_velocity_data');
  });
});
