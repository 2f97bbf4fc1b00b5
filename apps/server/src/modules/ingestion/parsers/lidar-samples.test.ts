import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { localizeUnreadableReason, type TRecognition } from '@masthub/shared';
import { checkLidarFilters, lowAvailabilityMask } from '@masthub/wind';
import { describe, expect, it } from 'vitest';
import { parserPort } from '../parser-binding.ts';
import { parseFile, recognize, type TParsedFile, UnreadableFileError } from './index.ts';

// The lidar and sodar readers of issue 31 on the real samples of ../shared/samples (LIDAR.md): WindCube
// `.sta` (ground and buoy), Scintec `.mnd`, the brightwind floating-lidar CSV, and Halo `.hpl` refused.
const SAMPLES = path.resolve(import.meta.dirname, '../../../../../../../shared/samples');
const hasSamples = existsSync(SAMPLES);
const skipped = hasSamples ? 'samples present' : 'skipped because ../shared is absent';

function load(rel: string): { bytes: Uint8Array; fileName: string } {
  return { bytes: readFileSync(path.join(SAMPLES, rel)), fileName: path.basename(rel) };
}

function read(rel: string): { r: TRecognition; parsed: TParsedFile } {
  const { bytes, fileName } = load(rel);
  const r = recognize(bytes, fileName);
  return { r, parsed: parseFile(bytes, fileName, r.rule, r.channels) };
}

/** The parsed values of one data key. */
function column(parsed: TParsedFile, dataKey: string): Float32Array {
  const found = parsed.columns.find((c) => c.channel.dataKey === dataKey);
  if (!found) throw new Error(`no channel ${dataKey}`);
  return found.values;
}

const iso = (ms: number | undefined) => new Date(ms ?? Number.NaN).toISOString();
const PER_HEIGHT = [
  'ws_mean',
  'ws_sd',
  'ws_min',
  'ws_max',
  'wd_mean',
  'wsv_mean',
  'wsv_sd',
  'cnr_mean',
  'cnr_min',
  'dsb_mean',
  'avail_mean',
];

type TStaCase = {
  file: string;
  kind: TRecognition['kind'];
  serial: string;
  firmware: string;
  cnrThresholdDb: number;
  heightsM: number[];
  rows: number;
  /** Period starts (the files stamp period ends). */
  first: string;
  last: string;
  /** [data key, row, value] */
  values: [string, number, number][];
  availability: [number, number];
};

const Z_HEIGHTS = [40, 60, 80, 90, 100, 120, 140, 160, 180, 200, 220, 240];
const NEXUS_HEIGHTS = [40, 54, 74, 84, 94, 110, 115, 134, 154, 174, 194, 220];
const STA: TStaCase[] = [
  {
    file: 'windcube_sta/tsdat_lidar.z05.00.20201201.000000.sta',
    kind: 'windcube_sta_floating',
    serial: 'WLS866-25',
    firmware: '2.1.9',
    cnrThresholdDb: -23,
    heightsM: Z_HEIGHTS,
    rows: 144,
    first: '2020-12-01T00:00:00.000Z',
    last: '2020-12-01T23:50:00.000Z',
    values: [
      ['ws_40_mean', 0, 6.79],
      ['ws_240_mean', 143, 5.58],
    ],
    availability: [11, 100],
  },
  {
    file: 'windcube_sta/tsdat_lidar.z06.00.20201201.000000.sta',
    kind: 'windcube_sta_floating',
    serial: 'WLS866-24',
    firmware: '2.1.9',
    cnrThresholdDb: -23,
    heightsM: Z_HEIGHTS,
    rows: 144,
    first: '2020-12-01T00:00:00.000Z',
    last: '2020-12-01T23:50:00.000Z',
    values: [
      ['ws_40_mean', 0, 11.31],
      ['ws_40_sd', 0, 1.33],
      ['wd_40_mean', 0, 148.4],
      ['wsv_40_mean', 0, -0.42],
      ['cnr_40_mean', 0, -5.1],
      ['avail_40_mean', 0, 100],
      ['ws_240_mean', 1, 11.59],
      ['avail_240_mean', 1, 0],
      ['cnr_240_mean', 1, -22.5],
      ['ws_240_mean', 143, 7.2],
    ],
    availability: [0, 100],
  },
  {
    file: 'windcube_sta/nexus-sources-windcube_abc_2020_10_07__00_10_00.sta',
    kind: 'windcube_sta',
    serial: 'WLS71072',
    firmware: 'WF 2.1.6.16036',
    cnrThresholdDb: -24,
    heightsM: NEXUS_HEIGHTS,
    rows: 144,
    first: '2020-10-07T00:00:00.000Z',
    last: '2020-10-07T23:50:00.000Z',
    values: [
      ['ws_40_mean', 0, 5.67],
      ['ws_220_mean', 143, 14.05],
      ['p_mean', 0, 0],
    ],
    availability: [26.67, 100],
  },
  {
    file: 'windcube_sta/nexus-sources-windcube_abc_2020_10_08__00_10_00.sta',
    kind: 'windcube_sta',
    serial: 'WLS71072',
    firmware: 'WF 2.1.6.16036',
    cnrThresholdDb: -24,
    heightsM: NEXUS_HEIGHTS,
    rows: 54,
    first: '2020-10-08T00:00:00.000Z',
    last: '2020-10-08T08:50:00.000Z',
    values: [
      ['ws_40_mean', 0, 6.28],
      ['ws_220_mean', 53, 11.81],
    ],
    availability: [10.17, 100],
  },
];

describe.skipIf(!hasSamples)(`WindCube .sta readers on the real samples (${skipped})`, () => {
  for (const c of STA) {
    it(`reads ${path.basename(c.file)} as ${c.kind}: ${c.rows} rows, ${c.heightsM.length} heights by column title`, () => {
      const { r, parsed } = read(c.file);
      expect(r.kind).toBe(c.kind);
      expect(r.remoteSensing).toMatchObject({
        stationType: c.kind === 'windcube_sta_floating' ? 'floating_lidar' : 'lidar',
        serial: c.serial,
        firmware: c.firmware,
        cnrThresholdDb: c.cnrThresholdDb,
        heightsM: c.heightsM,
      });
      expect(r.rule).toMatchObject({
        fieldStartRow: 42,
        dataStartRow: 43,
        encoding: 'windows-1252',
        timestampIsPeriodEnd: true,
        utcOffsetMinutes: 0,
      });
      expect(r.warnings).toContain('timeZoneFromFile:UTC+0');
      expect([r.rowCount, r.intervalMinutes, r.firstTime, r.lastTime]).toEqual([c.rows, 10, c.first, c.last]);
      expect([parsed.rowCount, iso(parsed.timesMs[0]), iso(parsed.timesMs[parsed.rowCount - 1])]).toEqual([
        c.rows,
        c.first,
        c.last,
      ]);
      // 11 channels per height, every one named from its title, plus the device's six.
      expect(r.channels).toHaveLength(c.heightsM.length * 11 + 6);
      const keys = new Set(r.channels.map((ch) => ch.dataKey));
      expect(keys.size).toBe(r.channels.length);
      for (const h of c.heightsM) {
        for (const k of PER_HEIGHT) expect(keys, `${k} at ${h} m`).toContain(k.replace('_', `_${h}_`));
      }
      expect(r.channels.find((ch) => ch.dataKey === `cnr_${c.heightsM[0]}_mean`)).toMatchObject({
        element: 'cnr',
        statistic: 'mean',
        unit: 'dB',
      });
      expect(r.channels.find((ch) => ch.dataKey === `ws_${c.heightsM[0]}_sd`)!.name).toMatch(/Dispersion/);
      for (const [key, row, value] of c.values)
        expect(column(parsed, key)[row], `${key}[${row}]`).toBeCloseTo(value, 4);
      let lo = Number.POSITIVE_INFINITY;
      let hi = Number.NEGATIVE_INFINITY;
      for (const h of c.heightsM) {
        for (const v of column(parsed, `avail_${h}_mean`)) {
          if (Number.isNaN(v)) continue;
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
      }
      expect([lo, hi]).toEqual([expect.closeTo(c.availability[0], 2), c.availability[1]]);
    });
  }

  it('keeps the z06 buoy file’s 0 % availability rows with their speeds, and the filters flag them invalid', () => {
    const { parsed } = read(STA[1]!.file);
    let belowEighty = 0;
    let zero = 0;
    let zeroWithSpeed = 0;
    let flagged = 0;
    for (const h of Z_HEIGHTS) {
      const availability = column(parsed, `avail_${h}_mean`);
      const speed = column(parsed, `ws_${h}_mean`);
      const mask = lowAvailabilityMask(availability);
      for (let i = 0; i < availability.length; i++) {
        if (availability[i]! < 80) belowEighty++;
        if (availability[i] === 0) zero++;
        if (availability[i] === 0 && !Number.isNaN(speed[i]!)) {
          zeroWithSpeed++;
          expect(mask[i], `${h} m row ${i}`).toBe(1);
        }
      }
      const changes = checkLidarFilters(
        [{ id: `ws_${h}_mean`, element: 'ws', heightM: h, statistic: 'avg', values: speed }],
        { availability, cnrDb: column(parsed, `cnr_${h}_mean`) },
      );
      flagged += changes.filter(
        (c) => c.rule.startsWith('lidar_availability:') && availability[c.index] === 0,
      ).length;
    }
    expect([belowEighty, zero, zeroWithSpeed]).toEqual([333, 113, 10]);
    // A speed that is there is flagged, never deleted: 00:20 at 240 m still reads 11.59 m/s.
    expect(flagged).toBe(10);
    expect(column(parsed, 'ws_240_mean')[1]).toBeCloseTo(11.59, 4);
  });

  it('passes a WindCube file through the ingestion port unchanged in units (dB and % stay)', () => {
    const { bytes, fileName } = load(STA[2]!.file);
    const r = parserPort.recognize(fileName, bytes);
    const parsed = parserPort.parseFile(fileName, bytes, r.rule, r.channels);
    expect(parsed.columns.filter((c) => c.channel.sourceUnit)).toEqual([]);
    expect(parsed.columns.find((c) => c.channel.dataKey === 'ws_40_mean')!.values[0]).toBeCloseTo(5.67, 4);
  });
});

describe('the WindCube header and title rules, on files built by the test', () => {
  const build = (header: string[], titles: string[], row: string[]) =>
    new TextEncoder().encode(
      [
        `HeaderSize=${header.length}`,
        ...header,
        '********************',
        titles.join('\t'),
        row.join('\t'),
        '',
      ].join('\n'),
    );

  it('takes heights from `Altitudes AGL (m)=` when titles carry none, by occurrence, and reads stamps as UTC', () => {
    const titles = [
      'Timestamp (end of interval)',
      'Wind Speed (m/s)',
      'Data Availability (%)',
      'Wind Speed (m/s)',
      'Data Availability (%)',
    ];
    const bytes = build(['Version=3.0', 'ID System=WLS70-1', 'Altitudes AGL (m)=\t100\t150'], titles, [
      '2024/01/01 00:10',
      '7.5',
      '99',
      '8.5',
      '98',
    ]);
    const r = recognize(bytes, 'x.sta');
    expect(r.kind).toBe('windcube_sta');
    expect(r.channels.map((c) => c.dataKey)).toEqual([
      'ws_100_mean',
      'avail_100_mean',
      'ws_150_mean',
      'avail_150_mean',
    ]);
    expect(r.remoteSensing?.heightsM).toEqual([100, 150]);
    expect(r.warnings).toContain('timeZoneOfFormat:UTC');
    expect(r.firstTime).toBe('2024-01-01T00:10:00.000Z');
  });

  it('reads a column by its title wherever the firmware puts it', () => {
    const titles = [
      'Timestamp (end of interval)',
      '80m Data Availability (%)',
      '80m CNR (dB)',
      '80m Wind Direction (°)',
      '80m Wind Speed (m/s)',
    ];
    const r = recognize(
      build(['Altitudes (m)=\t80'], titles, ['2024/01/01 00:10', '95', '-12.5', '270.5', '9.25']),
      'y.sta',
    );
    expect(r.channels.map((c) => [c.column, c.dataKey])).toEqual([
      [2, 'avail_80_mean'],
      [3, 'cnr_80_mean'],
      [4, 'wd_80_mean'],
      [5, 'ws_80_mean'],
    ]);
  });
});

describe.skipIf(!hasSamples)(`Scintec .mnd sodar reader on the real sample (${skipped})`, () => {
  const FILE = 'scintec_mnd/arm-test-data_sodar.20230404.mnd';

  it('reads 96 blocks of 58 heights (30–600 m), period-end stamps shifted to starts, the device from the header', () => {
    const { r, parsed } = read(FILE);
    expect(r.kind).toBe('scintec_mnd');
    expect([r.rowCount, r.intervalMinutes, r.firstTime, r.lastTime]).toEqual([
      96,
      15,
      '2023-04-04T00:00:00.000Z',
      '2023-04-04T23:45:00.000Z',
    ]);
    expect(r.remoteSensing).toMatchObject({
      stationType: 'sodar',
      make: 'Scintec',
      model: 'MFAS',
      serial: 'A-C-0417',
      firmware: 'APRun 1.51',
    });
    const heights = r.remoteSensing!.heightsM;
    expect([heights.length, heights[0], heights[heights.length - 1]]).toEqual([58, 30, 600]);
    expect(r.channels).toHaveLength(6 * 58);
    expect(r.warnings.find((w) => w.startsWith('unusedColumnsSkipped:'))).toMatch(/U_geo.*CT\^2/);
    expect(parsed.rowCount).toBe(96);
    expect(column(parsed, 'ws_30_mean')[0]).toBeCloseTo(3.67, 4);
    expect(column(parsed, 'wd_30_mean')[0]).toBeCloseTo(129.9, 4);
    expect(column(parsed, 'wsv_30_sd')[0]).toBeCloseTo(0.45, 4);
  });

  it('reads each variable’s own invalid marker as missing (speed 99.99, direction 999.9, σφ 999.9)', () => {
    const { parsed } = read(FILE);
    const missing = (prefix: string, stat: string) => {
      let n = 0;
      for (const c of parsed.columns) {
        if (c.channel.dataKey.startsWith(prefix) && c.channel.dataKey.endsWith(stat)) {
          for (const v of c.values) if (Number.isNaN(v)) n++;
        }
      }
      return n;
    };
    expect(missing('ws_', '_mean')).toBe(350);
    expect(missing('wd_', '_mean')).toBe(350);
    expect(missing('wsv_', '_mean')).toBe(230);
    expect(missing('wsv_', '_sd')).toBe(1029);
    expect(missing('ws_', '_sd')).toBe(3034);
    expect(missing('wd_', '_sd')).toBe(1387);
    expect(Number.isNaN(column(parsed, 'ws_590_mean')[95]!)).toBe(true);
    expect(column(parsed, 'wsv_590_mean')[95]).toBeCloseTo(0.45, 4);
  });
});

describe('Scintec per-variable markers, on a file built by the test', () => {
  const mnd = [
    'FORMAT-1',
    '2024-01-01 00:10:00 0',
    'MFAS',
    '6 2 2',
    '# file information',
    'device serial number        : T-1',
    '# variable definitions',
    'height # z # m # Z1 # 0 # 99999',
    'wind speed # speed # m/s # G1 # 0 # 99.99',
    'wind direction # dir # deg # R1 # 0 # 999.9',
    '# beginning of data block',
    '',
    '2024-01-01 00:10:00 00:10:00',
    '#    z  speed    dir',
    '    40  99.99  99.99',
    '    50   7.10  999.9',
    '',
    '2024-01-01 00:20:00 00:10:00',
    '#    z  speed    dir',
    '    40   6.00  180.0',
    '    50   7.00  190.0',
    '',
  ].join('\n');

  it('drops 99.99 as a speed but keeps 99.99 as a direction, whose marker is 999.9', () => {
    const bytes = new TextEncoder().encode(mnd);
    const r = recognize(bytes, 'built.mnd');
    const parsed = parseFile(bytes, 'built.mnd', r.rule, r.channels);
    expect(r.firstTime).toBe('2024-01-01T00:00:00.000Z');
    expect(Number.isNaN(column(parsed, 'ws_40_mean')[0]!)).toBe(true);
    expect(column(parsed, 'wd_40_mean')[0]).toBeCloseTo(99.99, 4);
    expect(column(parsed, 'ws_50_mean')[0]).toBeCloseTo(7.1, 4);
    expect(Number.isNaN(column(parsed, 'wd_50_mean')[0]!)).toBe(true);
    expect([...column(parsed, 'wd_50_mean')].slice(1)).toEqual([190]);
  });
});

describe('Scintec variable definitions, on a file built by the test', () => {
  const mnd = [
    'FORMAT-1',
    '2024-01-01 00:10:00 0',
    'MFAS',
    '4 1 1',
    '# variable definitions',
    'height # z # m # Z1 # 0 # 99999',
    'wind speed # speed # m/s # G1 # 0 # 99.99',
    'error code # - - - - groundclutter - - - #  # E # IIIIWIII',
    'sigma speed # sigSpeed # m/s # S # 0 # 88.88',
    '# beginning of data block',
    '',
    '2024-01-01 00:10:00 00:10:00',
    '#    z  speed  error  sigSpeed',
    '    40   6.00      0     88.88',
    '',
    '2024-01-01 00:20:00 00:10:00',
    '#    z  speed  error  sigSpeed',
    '    40   7.00      0      0.90',
    '',
  ].join('\n');

  it('counts the five-field error-code line as a variable: later names and invalid markers stay their own', () => {
    const bytes = new TextEncoder().encode(mnd);
    const r = recognize(bytes, 'built.mnd');
    expect(r.channels.map((c) => [c.name, c.dataKey])).toEqual([
      ['40m wind speed (speed)', 'ws_40_mean'],
      ['40m sigma speed (sigSpeed)', 'ws_40_sd'],
    ]);
    const parsed = parseFile(bytes, 'built.mnd', r.rule, r.channels);
    expect(Number.isNaN(column(parsed, 'ws_40_sd')[0]!)).toBe(true);
    expect(column(parsed, 'ws_40_sd')[1]).toBeCloseTo(0.9, 4);
  });
});

describe.skipIf(!hasSamples)(`Halo .hpl raw scans recognised and refused (${skipped})`, () => {
  const HALO = [
    'halo_hpl/halo-reader_soverato-2021-10-01-VAD_194_20210624_170110.hpl',
    'halo_hpl/halo-reader_eriswil-2022-12-14-Stare_91_20221214_11.hpl',
    'halo_hpl/halo-reader_warsaw-2022-12-13-Stare_213_20221213_04.hpl',
    'halo_hpl/halo-reader_hyytiala-2023-09-13-Stare_46_20230913_23.hpl',
    'halo_hpl/halo-reader_warsaw-2021-10-01-Stare_213_20211001_18.hpl',
    'halo_hpl/halo-reader_Background_141222-000013.txt',
  ];
  for (const file of HALO) {
    it(`refuses ${path.basename(file)} with the radial-data reason, by recognition and by a rule alike`, () => {
      const { bytes, fileName } = load(file);
      const refusal = (fn: () => unknown) => {
        try {
          fn();
        } catch (error) {
          return error;
        }
        return null;
      };
      const recognized = refusal(() => recognize(bytes, fileName));
      expect(recognized).toBeInstanceOf(UnreadableFileError);
      expect((recognized as UnreadableFileError).reasonKey).toBe('radial_lidar_data');
      const rule = {
        ...recognize(new TextEncoder().encode('Timestamp,WS\n2024-01-01 00:00,5\n'), 'a.csv').rule,
      };
      const parsed = refusal(() => parseFile(bytes, fileName, rule));
      expect((parsed as UnreadableFileError).reasonKey).toBe('radial_lidar_data');
    });
  }

  it('says why in both languages', () => {
    expect(localizeUnreadableReason('radial_lidar_data', {}, 'en')).toMatch(
      /radial Doppler.*wind retrieval.*nothing was stored/,
    );
    expect(localizeUnreadableReason('radial_lidar_data', {}, 'zh')).toMatch(/径向.*风场反演.*未保存/);
  });
});

describe.skipIf(!hasSamples)(`brightwind floating-lidar CSV (${skipped})`, () => {
  for (const file of [
    'brightwind-demo/demo_floating_lidar_data.csv',
    'generic_csv/brightwind_demo_floating_lidar_data.csv',
  ]) {
    it(`reads ${file}: 1634 rows, speed and direction at 40 and 50 m`, () => {
      const { r, parsed } = read(file);
      expect(r.kind).toBe('brightwind');
      expect([r.rowCount, r.firstTime, r.lastTime]).toEqual([
        1634,
        '2012-10-23T13:10:00.000Z',
        '2014-05-06T09:50:00.000Z',
      ]);
      expect(r.channels.map((c) => [c.dataKey, c.heightM])).toEqual([
        ['ws_40_mean', 40],
        ['wd_40_mean', 40],
        ['ws_50_mean', 50],
        ['wd_50_mean', 50],
      ]);
      expect(column(parsed, 'ws_40_mean')[0]).toBeCloseTo(3.37, 4);
      expect(column(parsed, 'wd_50_mean')[0]).toBeCloseTo(120.9, 4);
    });
  }
});
