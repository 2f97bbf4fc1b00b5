import { describe, expect, it } from 'vitest';
import { wgs84ToUtm } from '../geo/wgs84-to-utm.ts';
import { createTimeGrid } from '../model/create-time-grid.ts';
import { frequencyTable } from '../statistics/frequency-table.ts';
import { formatPlainNumber } from './format-plain-number.ts';
import { writeMeteodynTim } from './write-meteodyn-tim.ts';
import { writeTimeSeriesCsv } from './write-time-series-csv.ts';
import { writeWaspTab } from './write-wasp-tab.ts';
import { writeWindographerTxt } from './write-windographer-txt.ts';
import { writeWindsimTws } from './write-windsim-tws.ts';

// EXPORTS.md worked example: 10-min data at a UTC+08 site, 2016-01-09 15:30–16:00 local, 15:50 missing.
const GRID = createTimeGrid({ startMs: Date.UTC(2016, 0, 9, 7, 30), intervalMinutes: 10, length: 4 });
const NaN_ = Number.NaN;
const WS = Float32Array.of(8.37, 8.25, NaN_, 7.652);
const SD = Float32Array.of(1.24, 0.897, NaN_, 0.756);
const WD = Float32Array.of(114.2, 114.4, NaN_, 117.8);
const CHANNELS = [
  { name: 'WS_80m_N_Avg', values: WS },
  { name: 'WS_80m_N_SD', values: SD },
  { name: 'WD_78m_Avg', values: WD },
];
const text = (chunks: Iterable<Uint8Array>) => Buffer.concat([...chunks]).toString('utf8');

describe('writeTimeSeriesCsv (EXPORTS §2)', () => {
  it('writeTimeSeriesCsv(worked example, no BOM) reproduces the example byte for byte with CRLF', () => {
    const csv = text(
      writeTimeSeriesCsv({ grid: GRID, utcOffsetHours: 8, channels: CHANNELS, bom: false, float32: true }),
    );
    expect(csv).toBe(
      [
        'Timestamp,WS_80m_N_Avg,WS_80m_N_SD,WD_78m_Avg',
        '2016-01-09 15:30:00,8.37,1.24,114.2',
        '2016-01-09 15:40:00,8.25,0.897,114.4',
        '2016-01-09 15:50:00,,,',
        '2016-01-09 16:00:00,7.652,0.756,117.8',
        '',
      ].join('\r\n'),
    );
  });

  it('writeTimeSeriesCsv starts with a UTF-8 BOM by default and streams in chunks', () => {
    const chunks = [
      ...writeTimeSeriesCsv({
        grid: GRID,
        utcOffsetHours: 8,
        channels: CHANNELS,
        chunkBytes: 1,
        float32: true,
      }),
    ];
    expect([...chunks[0]!.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text(chunks.slice(0, 1)).startsWith('\uFEFFTimestamp,')).toBe(true);
    expect(chunks).toHaveLength(4);
  });

  it('writeTimeSeriesCsv with flags adds a _Flag column and can blank excluded values; quotes odd names', () => {
    const csv = text(
      writeTimeSeriesCsv({
        grid: GRID,
        utcOffsetHours: 0,
        channels: [{ name: 'WS "80m", N', values: WS, flags: Uint8Array.of(0, 3, 0, 2) }],
        bom: false,
        withFlags: true,
        excludeUnusable: true,
        includeSuspicious: false,
        missingToken: '-9999',
        float32: true,
      }),
    );
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Timestamp,"WS ""80m"", N","WS ""80m"", N_Flag"');
    expect(lines[1]).toBe('2016-01-09 07:30:00,8.37,0');
    expect(lines[2]).toBe('2016-01-09 07:40:00,-9999,3');
    expect(lines[4]).toBe('2016-01-09 08:00:00,-9999,2');
  });

  it('writeTimeSeriesCsv rejects duplicate names and channels off the grid', () => {
    expect(() =>
      text(writeTimeSeriesCsv({ grid: GRID, utcOffsetHours: 0, channels: [CHANNELS[0]!, CHANNELS[0]!] })),
    ).toThrow('unique');
    expect(() =>
      text(writeTimeSeriesCsv({ grid: GRID, utcOffsetHours: 0, channels: [{ name: 'x', values: [1] }] })),
    ).toThrow('match the grid');
  });

  it('formatPlainNumber writes no exponent for |x| ≥ 1e-4 and the shortest Float32 text', () => {
    expect(formatPlainNumber(1.5e21)).toBe('1500000000000000000000');
    expect(formatPlainNumber(0.00012)).toBe('0.00012');
    expect(formatPlainNumber(Math.fround(0.897), { float32: true })).toBe('0.897');
    expect(formatPlainNumber(-0)).toBe('0');
    expect(formatPlainNumber(-0.001, { decimals: 2 })).toBe('0.00');
    expect(formatPlainNumber(Number.NaN)).toBeUndefined();
  });
});

describe('writeWaspTab (EXPORTS §3)', () => {
  // §3.4 counts per bin (rows 0–1 … 4–5 m/s) and sector (N, E, S, W).
  const COUNTS = [
    [2, 1, 0, 4],
    [6, 3, 3, 8],
    [8, 4, 9, 12],
    [3, 2, 12, 10],
    [1, 0, 6, 6],
  ];
  const speeds: number[] = [];
  const dirs: number[] = [];
  COUNTS.forEach((row, b) => {
    row.forEach((n, s) => {
      for (let k = 0; k < n; k++) {
        speeds.push(b + 0.5);
        dirs.push(s * 90);
      }
    });
  });

  it('writeWaspTab(§3.4 worked example) reproduces the example file', () => {
    const tab = text(
      writeWaspTab({
        table: frequencyTable(speeds, dirs, { sectors: 4 }),
        description: 'M1 demo mast | Spd80mN / Dir78mS | 2016-01-09 to 2016-01-10 | 100 records',
        latitudeDeg: 54.2,
        longitudeDeg: -7.6,
        heightM: 80,
      }),
    );
    expect(tab).toBe(
      [
        'M1 demo mast | Spd80mN / Dir78mS | 2016-01-09 to 2016-01-10 | 100 records',
        '54.200000 -7.600000 80.0',
        '4 1.00 0.00',
        '20.00 10.00 30.00 40.00',
        '1.0 100.00 100.00 0.00 100.00',
        '2.0 300.00 300.00 100.00 200.00',
        '3.0 400.00 400.00 300.00 300.00',
        '4.0 150.00 200.00 400.00 250.00',
        '5.0 50.00 0.00 200.00 150.00',
        '',
      ].join('\r\n'),
    );
    // Check of §3.4: bin-centre mean weighted by total counts = 2.69 m/s.
    const mean = COUNTS.reduce((a, row, b) => a + (b + 0.5) * row.reduce((x, y) => x + y, 0), 0) / 100;
    expect(mean).toBeCloseTo(2.69, 10);
  });

  it('writeWaspTab writes an empty sector as 0.00 and refuses non-ASCII text or more than 36 sectors', () => {
    const tab = text(
      writeWaspTab({
        table: frequencyTable([1.2], [0], { sectors: 2 }),
        description: 'x',
        latitudeDeg: 0,
        longitudeDeg: 0,
        heightM: 10,
      }),
    );
    expect(tab.split('\r\n')[3]).toBe('100.00 0.00');
    expect(tab.split('\r\n')[5]).toBe('2.0 1000.00 0.00');
    expect(() =>
      text(
        writeWaspTab({
          table: frequencyTable([1], [0]),
          description: '风',
          latitudeDeg: 0,
          longitudeDeg: 0,
          heightM: 1,
        }),
      ),
    ).toThrow('ASCII');
    expect(() =>
      text(
        writeWaspTab({
          table: frequencyTable([1], [0], { sectors: 37 }),
          description: 'x',
          latitudeDeg: 0,
          longitudeDeg: 0,
          heightM: 1,
        }),
      ),
    ).toThrow('36');
  });
});

describe('writeWindsimTws (EXPORTS §4)', () => {
  it('writeWindsimTws(worked example) matches the example; every keyword has ":" in column 20', () => {
    const utm = wgs84ToUtm(54.2, -7.6);
    const tws = text(
      writeWindsimTws({
        grid: GRID,
        utcOffsetHours: 8,
        speedMps: WS,
        directionDeg: WD,
        speedSdMps: SD,
        siteName: 'M1 demo mast',
        comment: `M1 demo mast, exported 2025-01-01, EPSG:${utm.epsg}, stamps = period start, UTC`,
        eastingM: utm.eastingM,
        northingM: utm.northingM,
        heightM: 80,
      }),
    );
    const lines = tws.split('\r\n');
    expect(lines).toEqual([
      '! M1 demo mast, exported 2025-01-01, EPSG:32629, stamps = period start, UTC',
      'version            : 48',
      'site name          : M1 demo mast',
      'measurement period : 09.01.2016 - 09.01.2016',
      'site position      : 591326.1 6006679.2',
      'coordinate system  : 3',
      'measurement height : 80.0',
      '',
      'rec nr: year: mon: date: hour: min: dir: speed: SDspeed:',
      '1 2016 01 09 15 30 114.2 8.37 1.24',
      '2 2016 01 09 15 40 114.4 8.25 0.90',
      '3 2016 01 09 16 00 117.8 7.65 0.76',
      '',
    ]);
    for (const line of lines.slice(1, 7)) expect(line.indexOf(':') + 1).toBe(20);
    expect(lines[0]![19]).not.toBe(':');
  });

  it('writeWindsimTws without SD writes version 45 and never a ":" in column 20 of the comment', () => {
    const tws = text(
      writeWindsimTws({
        grid: GRID,
        utcOffsetHours: 0,
        speedMps: WS,
        directionDeg: Float32Array.of(360, 1, 2, 3),
        siteName: 'x',
        comment: '1234567890123456789:x',
        eastingM: 0,
        northingM: 0,
        heightM: 10,
      }),
    );
    const lines = tws.split('\r\n');
    expect(lines[0]![19]).not.toBe(':');
    expect(lines[1]).toBe('version            : 45');
    expect(lines[9]).toBe('1 2016 01 09 07 30 0.0 8.37');
  });
});

describe('writeWindographerTxt (EXPORTS §5)', () => {
  it('writeWindographerTxt(worked example) matches the example; Date/Time is line 13 and rows have 4 fields', () => {
    const txt = text(
      writeWindographerTxt({
        grid: GRID,
        utcOffsetHours: 8,
        channels: CHANNELS,
        createdAt: '01-01-2025 00:00',
        platform: 'DemoPlatform 1.0',
        latitudeDeg: 54.2,
        longitudeDeg: -7.6,
        elevationM: 120,
        excludedFlags: 'Icing',
        float32: true,
      }),
    );
    const lines = txt.split('\r\n');
    expect(lines).toEqual([
      'Created 01-01-2025 00:00 by DemoPlatform 1.0 (Windographer text format)',
      '',
      'Latitude = N 54.200000',
      'Longitude = W 7.600000',
      'Elevation = 120 m',
      'Calm threshold = 0 m/s',
      '',
      'Included flags: <Unflagged data>',
      'Excluded flags: Icing',
      '',
      'Time stamps indicate the beginning of the time step.',
      '',
      'Date/Time\tWS_80m_N_Avg\tWS_80m_N_SD\tWD_78m_Avg',
      '2016-01-09 15:30\t8.37\t1.24\t114.2',
      '2016-01-09 15:40\t8.25\t0.897\t114.4',
      '2016-01-09 15:50\t\t\t',
      '2016-01-09 16:00\t7.652\t0.756\t117.8',
      '',
    ]);
    expect(txt.charCodeAt(0)).not.toBe(0xfeff);
    for (const row of lines.slice(13, 17)) expect(row.split('\t')).toHaveLength(4);
  });
});

describe('writeMeteodynTim (EXPORTS §6, provisional)', () => {
  it('writeMeteodynTim(worked example) omits the missing row: speed dir sd HH:MM:SS dd-mm-yyyy', () => {
    expect(
      text(
        writeMeteodynTim({ grid: GRID, utcOffsetHours: 8, speedMps: WS, directionDeg: WD, speedSdMps: SD }),
      ),
    ).toBe(
      [
        '8.37 114.2 1.24 15:30:00 09-01-2016',
        '8.25 114.4 0.90 15:40:00 09-01-2016',
        '7.65 117.8 0.76 16:00:00 09-01-2016',
        '',
      ].join('\r\n'),
    );
  });

  it('writeMeteodynTim with preserveMeanSpeed keeps the mean of all measured speeds', () => {
    const speeds = [4, 8, 12];
    const grid = createTimeGrid({ startMs: 0, intervalMinutes: 10, length: 3 });
    const out = text(
      writeMeteodynTim({
        grid,
        utcOffsetHours: 0,
        speedMps: speeds,
        directionDeg: [10, 20, NaN_],
        preserveMeanSpeed: true,
      }),
    );
    const written = out
      .trim()
      .split('\r\n')
      .map((l) => Number(l.split(' ')[0]));
    expect(written.reduce((a, b) => a + b, 0) / written.length).toBeCloseTo(8, 10);
  });
});
