import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { localizeIngestWarning } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import { parseFile, recognize, type TRecognition } from './index.ts';

// Recognition with no hand-made rule of every text sample in ../shared/samples, checked against golden
// files of OUR outputs (fixtures/golden/*.json; REGEN=1 rewrites them — review the diff). The golden files
// hold the recognised structure and per-channel counts and means, never rows copied from the samples.
const SAMPLES = path.resolve(import.meta.dirname, '../../../../../../../shared/samples');
const hasSamples = existsSync(SAMPLES);
const GOLDEN = path.join(import.meta.dirname, 'fixtures/golden');
const REGEN = process.env.REGEN === '1';

function load(rel: string): { bytes: Uint8Array; fileName: string } {
  const raw = readFileSync(path.join(SAMPLES, rel));
  const fileName = path.basename(rel).replace(/\.gz$/, '');
  return { bytes: rel.endsWith('.gz') ? gunzipSync(raw) : raw, fileName };
}

function round(v: number, digits = 4): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

/** What the golden file keeps: structure, channels and a summary of the parsed values. */
function summarize(recognition: TRecognition, bytes: Uint8Array, fileName: string) {
  const parsed = parseFile(bytes, fileName, recognition.rule, recognition.channels);
  return {
    kind: recognition.kind,
    rule: recognition.rule,
    intervalMinutes: recognition.intervalMinutes,
    firstTime: recognition.firstTime,
    lastTime: recognition.lastTime,
    rowCount: recognition.rowCount,
    headerRowCount: recognition.headerRows.length,
    previewRowCount: recognition.previewRows.length,
    warnings: recognition.warnings,
    // What recognition read the time axis from, and what it is unsure of (issue 40).
    time: recognition.time,
    doubts: recognition.doubts,
    parsed: {
      rowCount: parsed.rowCount,
      skippedRows: parsed.skippedRows,
      duplicateTimestamps: parsed.duplicateTimestamps,
      warnings: parsed.warnings,
    },
    channels: parsed.columns.map(({ channel, values }) => {
      let n = 0;
      let sum = 0;
      for (const v of values) {
        if (!Number.isNaN(v)) {
          n++;
          sum += v;
        }
      }
      return { ...channel, valueCount: n, mean: n > 0 ? round(sum / n) : null };
    }),
  };
}

function checkGolden(id: string, actual: unknown): void {
  const file = path.join(GOLDEN, `${id}.json`);
  const text = `${JSON.stringify(actual, null, 2)}\n`;
  if (REGEN || !existsSync(file)) {
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(file, text);
  }
  expect(JSON.parse(text)).toEqual(JSON.parse(readFileSync(file, 'utf8')));
}

type TExpect = {
  id: string;
  file: string;
  kind: TRecognition['kind'];
  fieldStartRow: number;
  dataStartRow: number;
  delimiter: string;
  dateColumns: [number, number];
  dateFormat: string;
  missingValue: string;
  intervalMinutes: number | null;
  rowCount: number;
  encoding: string;
  /** A few channels: [column, element, heightM, statistic]. */
  channels: [number, string, number | null, string][];
};

const CASES: TExpect[] = [
  {
    id: 'toa5-joyce',
    file: 'campbell_toa5/cloudnetpy_20250127_JOYCE_WST_01m.dat',
    kind: 'toa5',
    fieldStartRow: 2,
    dataStartRow: 5,
    delimiter: ',',
    dateColumns: [1, 1],
    dateFormat: 'YYYY-MM-DD HH:mm:ss',
    missingValue: '',
    intervalMinutes: 1,
    rowCount: 9,
    encoding: 'utf-8',
    channels: [
      [3, 'T', null, 'mean'],
      [5, 'ws', null, 'mean'],
      [6, 'wd', null, 'mean'],
      [7, 'ws', null, 'max'],
      [9, 'p', null, 'mean'],
    ],
  },
  {
    id: 'toa5-granada',
    file: 'campbell_toa5/cloudnetpy_granada.dat',
    kind: 'toa5',
    fieldStartRow: 2,
    dataStartRow: 5,
    delimiter: ',',
    dateColumns: [1, 1],
    dateFormat: 'YYYY-MM-DD HH:mm:ss',
    missingValue: '',
    intervalMinutes: 1,
    rowCount: 10,
    encoding: 'utf-8',
    channels: [
      [3, 'T', null, 'mean'],
      [4, 'RH', null, 'mean'],
      [6, 'ws', null, 'mean'],
      [8, 'wd', null, 'sd'],
      [9, 'prcp', null, 'sum'],
    ],
  },
  {
    id: 'toa5-brightwind-bom-dayfirst',
    file: 'campbell_toa5/brightwind_campbell_scientific_demo_data1.csv',
    kind: 'toa5',
    fieldStartRow: 2,
    dataStartRow: 5,
    delimiter: ',',
    dateColumns: [1, 1],
    dateFormat: 'DD/MM/YYYY HH:mm:ssZ',
    missingValue: '',
    intervalMinutes: 10,
    rowCount: 188,
    encoding: 'utf-8',
    channels: [
      [5, 'ws', 80, 'mean'],
      [11, 'ws', 80, 'sd'],
      [17, 'ws', 80, 'max'],
      [23, 'wd', 78, 'mean'],
      [29, 'T', 2, 'mean'],
    ],
  },
  {
    id: 'symphoniepro-004310',
    file: 'nrg_symphoniepro_txt/nrgpy_004310_2022-03-17_00.00_000835_meas.txt',
    kind: 'symphoniepro',
    fieldStartRow: 241,
    dataStartRow: 242,
    delimiter: '\t',
    dateColumns: [1, 1],
    dateFormat: 'YYYY-MM-DD HH:mm:ss',
    missingValue: '-1000.000000',
    intervalMinutes: 1,
    rowCount: 370,
    encoding: 'utf-8',
    channels: [
      [2, 'ws', 85, 'mean'],
      [3, 'ws', 85, 'sd'],
      [22, 'T', 40, 'mean'],
      [30, 'wd', 10, 'mean'],
    ],
  },
  {
    id: 'symphoniepro-sunnydog',
    file: 'nrg_symphoniepro_txt/nrgpy_671225_SunnyDog_Test_Dev_meas_2025.06.16-2025.06.16.txt',
    kind: 'symphoniepro',
    fieldStartRow: 554,
    dataStartRow: 555,
    delimiter: '\t',
    dateColumns: [1, 1],
    dateFormat: 'YYYY-MM-DD HH:mm:ss',
    missingValue: '',
    intervalMinutes: 1,
    rowCount: 6,
    encoding: 'utf-8',
    channels: [
      [2, 'ws', null, 'mean'],
      [7, 'prcp', null, 'sum'],
      [13, 'wd', null, 'mean'],
      [16, 'ghi', 2.2, 'mean'],
      // Ch34, the WS600's `Measurand: Precipitation Type`: a code, not precipitation.
      [93, 'other', 2, 'mean'],
    ],
  },
  {
    id: 'logr-945800110',
    file: 'nrg_logr_dat/nrgpy_945800110_WRA_60m_meas_2025.06.15-2025.06.15.dat',
    kind: 'logr',
    fieldStartRow: 268,
    dataStartRow: 269,
    delimiter: '\t',
    dateColumns: [1, 1],
    dateFormat: 'YYYY-MM-DDTHH:mm:ssZ',
    missingValue: 'nan',
    intervalMinutes: 10,
    rowCount: 6,
    encoding: 'utf-8',
    channels: [
      [2, 'wd', 58, 'mean'],
      [5, 'wd', 58, 'sd'],
      [17, 'p', null, 'mean'],
      [22, 'T', 60, 'mean'],
      [92, 'ws', 60.19, 'mean'],
    ],
  },
  ...(['1', '2'] as const).map(
    (n): TExpect => ({
      id: `windographer-demo${n}`,
      file: `windographer_txt/brightwind_windographer_demo_data${n}.txt`,
      kind: 'windographer',
      fieldStartRow: 13,
      dataStartRow: 14,
      delimiter: '\t',
      dateColumns: [1, 1],
      dateFormat: n === '1' ? 'DD/MM/YYYY HH:mm:ssZ' : 'DD/MM/YYYY HH:mm:ss',
      missingValue: '',
      intervalMinutes: 10,
      rowCount: 188,
      encoding: 'utf-8',
      channels: [
        [2, 'ws', 80, 'mean'],
        [3, 'ws', 80, 'mean'],
        [8, 'ws', 80, 'sd'],
        [20, 'wd', 78, 'mean'],
      ],
    }),
  ),
  ...(
    [
      ['2', 'DD/MM/YYYY HH:mm'],
      ['3', 'DD/MM/YY HH:mm'],
      ['4', 'DD/MM/YYYY HH:mm:ssZ'],
    ] as const
  ).map(
    ([n, format]): TExpect => ({
      id: `brightwind-demo-data${n}`,
      file: `generic_csv/brightwind_demo_data${n}.csv`,
      kind: 'brightwind',
      fieldStartRow: 1,
      dataStartRow: 2,
      delimiter: ',',
      dateColumns: [1, 1],
      dateFormat: format,
      missingValue: '',
      intervalMinutes: 10,
      rowCount: 188,
      encoding: 'utf-8',
      channels: [
        [2, 'ws', 80, 'mean'],
        [8, 'ws', 80, 'sd'],
        [14, 'ws', 80, 'max'],
        [21, 'wd', 78, 'sd'],
        [28, 'p', 2, 'mean'],
        [29, 'prcp', null, 'sum'],
      ],
    }),
  ),
  {
    id: 'floating-lidar',
    file: 'generic_csv/brightwind_demo_floating_lidar_data.csv',
    kind: 'brightwind',
    fieldStartRow: 1,
    dataStartRow: 2,
    delimiter: ',',
    dateColumns: [1, 1],
    dateFormat: 'YYYY-MM-DD HH:mm:ss',
    missingValue: '',
    intervalMinutes: 10,
    rowCount: 1634,
    encoding: 'utf-8',
    channels: [
      [2, 'ws', 40, 'mean'],
      [3, 'wd', 40, 'mean'],
      [4, 'ws', 50, 'mean'],
    ],
  },
  {
    id: 'fergus-plain',
    file: 'real-mast/usdoe-fergus-electric/fergus_electric_10min_2001-04_2002-06.csv',
    kind: 'generic_csv',
    fieldStartRow: 1,
    dataStartRow: 2,
    delimiter: ',',
    dateColumns: [1, 1],
    dateFormat: 'M/D/YY H:mm',
    missingValue: '',
    intervalMinutes: 10,
    rowCount: 61031,
    encoding: 'utf-8',
    channels: [
      [2, 'ws', null, 'mean'],
      [3, 'ws', null, 'sd'],
      [4, 'wd', null, 'mean'],
    ],
  },
  {
    id: 'fergus-original-cr-latin1',
    file: 'real-mast/usdoe-fergus-electric/USDOE_fergus_electric.csv',
    kind: 'generic_csv',
    fieldStartRow: 10,
    dataStartRow: 11,
    delimiter: ',',
    dateColumns: [1, 1],
    dateFormat: 'M/D/YY H:mm',
    missingValue: '',
    intervalMinutes: 10,
    rowCount: 61031,
    encoding: 'windows-1252',
    channels: [
      [2, 'ws', null, 'mean'],
      [3, 'ws', null, 'sd'],
      [4, 'wd', null, 'mean'],
    ],
  },
  {
    id: 'nrel-m5',
    file: 'real-mast/nrel-nwtc-m5/nrel_nwtc_m5_10min_2012-08_2017-09.csv.gz',
    kind: 'generic_csv',
    fieldStartRow: 1,
    dataStartRow: 2,
    delimiter: ',',
    dateColumns: [1, 1],
    dateFormat: 'YYYY-MM-DD HH:mm:ssZ',
    missingValue: '',
    intervalMinutes: 10,
    rowCount: 162_346,
    encoding: 'utf-8',
    channels: [
      [2, 'ws', 130, 'mean'],
      [3, 'ws', 130, 'other'],
      [6, 'wd', 122, 'mean'],
      [27, 'rho', 3, 'mean'],
      [28, 'p', 3, 'mean'],
      [29, 'T', 3, 'mean'],
      [30, 'RH', 3, 'mean'],
      [61, 'ws', 119, 'mean'],
    ],
  },
];

describe.skipIf(!hasSamples)(
  `recognize() on the real samples (${hasSamples ? 'samples present' : 'skipped because ../shared is absent'})`,
  () => {
    for (const c of CASES) {
      it(`recognises ${c.file} as ${c.kind} with no hand-made rule`, () => {
        const { bytes, fileName } = load(c.file);
        const r = recognize(bytes, fileName);
        expect(r.kind).toBe(c.kind);
        expect(r.rule.encoding).toBe(c.encoding);
        expect(r.rule.fieldStartRow).toBe(c.fieldStartRow);
        expect(r.rule.dataStartRow).toBe(c.dataStartRow);
        expect(r.rule.fieldDelimiter).toBe(c.delimiter);
        expect(r.rule.dataDelimiter).toBe(c.delimiter);
        expect([r.rule.dateStartColumn, r.rule.dateEndColumn]).toEqual(c.dateColumns);
        expect(r.rule.dateFormat).toBe(c.dateFormat);
        expect(r.rule.missingValue).toBe(c.missingValue);
        expect(r.intervalMinutes).toBe(c.intervalMinutes);
        expect(r.rowCount).toBe(c.rowCount);
        for (const [column, element, heightM, statistic] of c.channels) {
          const ch = r.channels.find((x) => x.column === column);
          expect(ch, `column ${column}`).toBeDefined();
          expect([ch!.element, ch!.heightM, ch!.statistic], ch!.name).toEqual([element, heightM, statistic]);
        }
        expect(new Set(r.channels.map((x) => x.dataKey)).size).toBe(r.channels.length);
        checkGolden(c.id, summarize(r, bytes, fileName));
      });
    }

    it('reads day-first stamps as 9 January 2016, not 1 September (demo_data2/3/4)', () => {
      for (const n of ['2', '3', '4']) {
        const { bytes, fileName } = load(`generic_csv/brightwind_demo_data${n}.csv`);
        expect(recognize(bytes, fileName).firstTime).toBe('2016-01-09T15:30:00.000Z');
      }
    });

    it('shifts TOA5 period-end stamps to period starts', () => {
      const { bytes, fileName } = load('campbell_toa5/cloudnetpy_granada.dat');
      const r = recognize(bytes, fileName);
      expect(r.rule.timestampIsPeriodEnd).toBe(true);
      expect(r.firstTime).toBe('2024-04-18T23:59:00.000Z');
    });

    it('converts the SymphoniePRO logger time (UTC-5:00) to UTC', () => {
      const { bytes, fileName } = load('nrg_symphoniepro_txt/nrgpy_004310_2022-03-17_00.00_000835_meas.txt');
      const r = recognize(bytes, fileName);
      expect(r.rule.utcOffsetMinutes).toBe(-300);
      expect(r.firstTime).toBe('2022-03-17T05:00:00.000Z');
    });

    it('reads the M5 offsets (-06:00/-07:00) and drops its repeated stamps', () => {
      const { bytes, fileName } = load('real-mast/nrel-nwtc-m5/nrel_nwtc_m5_10min_2012-08_2017-09.csv.gz');
      const r = recognize(bytes, fileName);
      expect(r.firstTime).toBe('2012-08-31T00:00:00.000Z');
      expect(r.lastTime).toBe('2017-10-01T05:50:00.000Z');
      expect(r.channels).toHaveLength(100);
      expect(r.warnings).toContain('duplicateTimestamps:197');
    });

    it('tells the M5 file’s 3 349 off-grid rows from its 3 154 distinct off-grid stamps, in both languages', () => {
      const { bytes, fileName } = load('real-mast/nrel-nwtc-m5/nrel_nwtc_m5_10min_2012-08_2017-09.csv.gz');
      const { warnings } = recognize(bytes, fileName);
      const warning = warnings.find((w) => w.startsWith('offGridRows:'))!;
      // Of the 4 829 rows off the grid, the 1 480 stamps within 12 s of it are clock jitter, moved onto it (issue 40).
      expect(warnings).toContain('snappedStamps:1480|10|12');
      expect(warning).toBe('offGridRows:3349|3154');
      expect(localizeIngestWarning(warning, 'en')).toBe(
        '3349 rows (3154 distinct times) have a time off the data interval’s grid; they will not be stored',
      );
      expect(localizeIngestWarning(warning, 'zh')).toBe(
        '3349 行（3154 个不同时间）的时间不在数据间隔的整点网格上，这些行不会入库',
      );
    });

    it('stores the .rld binary, the WAsP .tab and the Windographer flag log without parsing', () => {
      const rld = load('nrg_rld/nrgpy_000110_2022-05-03_00.00_008549.rld');
      expect(recognize(rld.bytes, rld.fileName).kind).toBe('store_only');
      const tab = load('wasp_tab/foxes_winds100.tab');
      expect(recognize(tab.bytes, tab.fileName)).toMatchObject({
        kind: 'wasp_tab',
        channels: [],
        rowCount: 0,
      });
      const flags = load('windographer_txt/brightwind_windographer_flagging_log.txt');
      expect(recognize(flags.bytes, flags.fileName).kind).toBe('store_only');
    });
  },
);
