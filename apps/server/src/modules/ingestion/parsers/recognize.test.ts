import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { buildXlsxBomb } from '../../../../test/archives.ts';
import { classifyFile, parseFile, recognize, type TParseRule, UnreadableFileError } from './index.ts';

// Synthetic fixtures generated in the test: encodings, delimiters, Chinese headers, spreadsheets.
const utf8 = (text: string) => new TextEncoder().encode(text);

/** A 10-minute table starting 2024-03-01 00:00 with `rows` rows. */
function table(header: string[], rows: number, delimiter = ',', stamp = isoStamp): string {
  const lines = [header.join(delimiter)];
  for (let i = 0; i < rows; i++) {
    const t = Date.UTC(2024, 2, 1) + i * 600_000;
    const values = header.slice(1).map((_, k) => (5 + k + (i % 7) * 0.25).toFixed(2));
    lines.push([stamp(t), ...values].join(delimiter));
  }
  return `${lines.join('\r\n')}\r\n`;
}
function isoStamp(t: number): string {
  return new Date(t).toISOString().slice(0, 19).replace('T', ' ');
}
function chineseStamp(t: number): string {
  const d = new Date(t);
  return `${d.getUTCFullYear()}/${d.getUTCMonth() + 1}/${d.getUTCDate()} ${d.getUTCHours()}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

const CHINESE_HEADER = [
  '时间',
  '80m风速平均(m/s)',
  '80米风速标准差',
  '80m风速最大',
  '80m风向(°)',
  '温度(℃)',
  '湿度(%)',
  '气压(hPa)',
];

function expectChineseChannels(r: ReturnType<typeof recognize>): void {
  expect(r.channels.map((c) => [c.element, c.heightM, c.statistic])).toEqual([
    ['ws', 80, 'mean'],
    ['ws', 80, 'sd'],
    ['ws', 80, 'max'],
    ['wd', 80, 'mean'],
    ['T', null, 'mean'],
    ['RH', null, 'mean'],
    ['p', null, 'mean'],
  ]);
  expect(r.channels[0]!.name).toBe('80m风速平均(m/s)');
  expect(r.channels.map((c) => c.dataKey)).toEqual([
    'ws_80_mean',
    'ws_80_sd',
    'ws_80_max',
    'wd_80_mean',
    'T_mean',
    'RH_mean',
    'p_mean',
  ]);
}

describe('recognize(bytes, fileName) on synthetic files', () => {
  it('reads `Prs8m_Avg` as air pressure, never as the humidity next to it', () => {
    const lines = ['TIMESTAMP,Spd80m_Avg,Tmp8m_Avg,RH8m_Avg,Prs8m_Avg'];
    for (let i = 0; i < 50; i++)
      lines.push(
        `${isoStamp(Date.UTC(2024, 2, 1) + i * 600_000)},7.1,3.2,80.5,${(903 + (i % 3)).toFixed(1)}`,
      );
    const r = recognize(utf8(lines.join('\n')), 'demo.csv');
    expect(r.channels.map((c) => [c.name, c.element])).toEqual([
      ['Spd80m_Avg', 'ws'],
      ['Tmp8m_Avg', 'T'],
      ['RH8m_Avg', 'RH'],
      ['Prs8m_Avg', 'p'],
    ]);
    expect(r.doubts.filter((d) => d.field === 'values')).toEqual([]);
  });

  it('doubts a mean speed whose 99th percentile is above 40 m/s, not a maximum that high (a lidar peak)', () => {
    const lines = ['Time,WS80_Avg (m/s),WS80_Max (m/s)'];
    for (let i = 0; i < 200; i++) {
      const high = i % 10 === 0;
      lines.push(`${isoStamp(Date.UTC(2024, 2, 1) + i * 600_000)},${high ? 45 : 8},${high ? 58 : 12}`);
    }
    const r = recognize(utf8(lines.join('\n')), 'lidar.csv');
    const values = r.doubts.filter((d) => d.field === 'values');
    // Columns are counted from 1 as the preview shows them: the mean is the second.
    expect(values.map((d) => [d.column, d.reason])).toEqual([[2, 'speedUnitUnlikely']]);
  });

  it('recognises a GBK CSV with Chinese headers (风速/风向/温度/湿度/气压, 80m/80米, 平均/标准差/最大)', () => {
    const bytes = iconv.encode(table(CHINESE_HEADER, 50), 'gbk');
    const r = recognize(bytes, '测风塔.csv');
    expect(r.rule.encoding).toBe('gb18030');
    expect(r.kind).toBe('generic_csv');
    expect(r.rowCount).toBe(50);
    expect(r.intervalMinutes).toBe(10);
    expectChineseChannels(r);
    const parsed = parseFile(bytes, '测风塔.csv', r.rule, r.channels);
    expect(parsed.columns[0]!.values[1]).toBeCloseTo(5.25, 5);
  });

  it('recognises GB18030 text, UTF-8 with BOM and UTF-16 LE with BOM alike', () => {
    const text = table(CHINESE_HEADER, 30);
    const variants: [Uint8Array, string][] = [
      [iconv.encode(text, 'gb18030'), 'gb18030'],
      [utf8(`\uFEFF${text}`), 'utf-8'],
      [iconv.encode(text, 'utf-16le', { addBOM: true }), 'utf-16le'],
    ];
    for (const [bytes, encoding] of variants) {
      const r = recognize(bytes, 'data.txt');
      expect(r.rule.encoding).toBe(encoding);
      expectChineseChannels(r);
      const parsed = parseFile(bytes, 'data.txt', r.rule, r.channels);
      expect(parsed.rowCount).toBe(30);
      expect(parsed.timesMs[0]).toBe(Date.UTC(2024, 2, 1));
    }
  });

  it('recognises comma, semicolon (with decimal comma), tab and space delimiters', () => {
    const header = ['Timestamp', 'WS_80m_Avg', 'WD_80m_Avg'];
    const cases: [string, string][] = [
      [table(header, 20, ','), ','],
      [table(header, 20, ';').replace(/(\d)\.(\d)/g, '$1,$2'), ';'],
      [table(header, 20, '\t'), '\t'],
      [table(header, 20, ' ').replace(/^Timestamp/, 'Date Time'), ' '],
    ];
    for (const [text, delimiter] of cases) {
      const r = recognize(utf8(text), 'data.csv');
      expect(r.rule.dataDelimiter).toBe(delimiter);
      expect(r.rowCount).toBe(20);
      const ws = r.channels.find((c) => c.element === 'ws')!;
      expect([ws.heightM, ws.statistic]).toEqual([80, 'mean']);
      const parsed = parseFile(utf8(text), 'data.csv', r.rule, r.channels);
      expect(parsed.columns.find((c) => c.channel.element === 'ws')!.values[1]).toBeCloseTo(5.25, 5);
      if (delimiter === ';') expect(r.rule.decimalSeparator).toBe(',');
      if (delimiter === ' ') expect([r.rule.dateStartColumn, r.rule.dateEndColumn]).toEqual([1, 2]);
    }
  });

  it('reads Chinese date forms (2016/1/9 15:30) and separate 日期/时间 columns', () => {
    const r = recognize(utf8(table(['时间', '10m风速'], 12, ',', chineseStamp)), 'a.csv');
    expect(r.rule.dateFormat).toBe('YYYY/M/D H:mm');
    expect(r.firstTime).toBe('2024-03-01T00:00:00.000Z');
    const split = table(['日期 时间', '10m风速'], 12)
      .replace('日期 时间', '日期,时间')
      .replace(/ (\d\d:)/g, ',$1');
    const r2 = recognize(utf8(split), 'b.csv');
    expect([r2.rule.dateStartColumn, r2.rule.dateEndColumn]).toEqual([1, 2]);
    expect(r2.channels.map((c) => c.column)).toEqual([3]);
    expect(r2.lastTime).toBe('2024-03-01T01:50:00.000Z');
  });

  it('reads 年月日 stamps from GBK bytes', () => {
    const stamp = (t: number) => {
      const d = new Date(t);
      return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日 ${d.getUTCHours()}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
    };
    const bytes = iconv.encode(table(['时间', '70m风向(°)'], 10, ',', stamp), 'gbk');
    const r = recognize(bytes, 'c.csv');
    expect(r.rule.dateFormat).toBe('YYYY年M月D日 H:mm');
    expect(r.lastTime).toBe('2024-03-01T01:30:00.000Z');
    expect(r.channels[0]).toMatchObject({ element: 'wd', heightM: 70, statistic: 'mean', unit: 'deg' });
  });

  it('tells month-first from the values (07/16/2011) and from the time step when all fields are ≤ 12', () => {
    const us = table(['Date', 'Speed 80m'], 5, ',', (t) => {
      const d = new Date(t + Date.UTC(2011, 6, 16) - Date.UTC(2024, 2, 1));
      return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()} ${isoStamp(d.getTime()).slice(11)}`;
    });
    expect(recognize(utf8(us), 'us.csv').rule.dateFormat).toBe('MM/DD/YYYY HH:mm:ss');
    // 2 March across midnight → 3 March: only month-first gives a regular step.
    const lines = ['Date,Speed 80m'];
    for (let i = 0; i < 12; i++) {
      const t = new Date(Date.UTC(2024, 2, 2, 23) + i * 600_000);
      lines.push(
        `${String(t.getUTCMonth() + 1).padStart(2, '0')}/${String(t.getUTCDate()).padStart(2, '0')}/2024 ${isoStamp(t.getTime()).slice(11, 16)},5`,
      );
    }
    const r = recognize(utf8(lines.join('\n')), 'ambiguous.csv');
    expect(r.rule.dateFormat).toBe('MM/DD/YYYY HH:mm');
    expect(r.intervalMinutes).toBe(10);
  });

  it('detects missing-value tokens (-999, "NAN", 9999) and reads them as missing', () => {
    const text = [
      'Timestamp,WS_80m_Avg,WD_80m_Avg',
      '2024-01-01 00:00,-999,"NAN"',
      '2024-01-01 00:10,5.5,9999',
      '2024-01-01 00:20,-999.0,120',
      '2024-01-01 00:30,-999.5,121',
      '',
    ].join('\n');
    const r = recognize(utf8(text), 'm.csv');
    expect(r.rule.missingValue.split('|').sort()).toEqual(['-999', '9999', 'NAN']);
    const parsed = parseFile(utf8(text), 'm.csv', r.rule, r.channels);
    expect(Array.from(parsed.columns[0]!.values)).toEqual([Number.NaN, 5.5, Number.NaN, -999.5]);
    expect(Array.from(parsed.columns[1]!.values)).toEqual([Number.NaN, Number.NaN, 120, 121]);
  });

  it('recognises an .xlsx (exceljs) with date cells and Chinese headers through the same recognition', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('数据');
    ws.addRow(['时间', '80m风速', '80m风向']);
    for (let i = 0; i < 24; i++) ws.addRow([new Date(Date.UTC(2024, 0, 1) + i * 600_000), 5 + i / 10, 180]);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    expect(classifyFile('a.xlsx', bytes)).toBe('spreadsheet');
    const r = recognize(bytes, 'a.xlsx');
    expect(r.kind).toBe('spreadsheet');
    expect(r.rowCount).toBe(24);
    expect(r.firstTime).toBe('2024-01-01T00:00:00.000Z');
    expect(r.channels.map((c) => c.dataKey)).toEqual(['ws_80_mean', 'wd_80_mean']);
    const parsed = parseFile(bytes, 'a.xlsx', r.rule, r.channels);
    expect(parsed.columns[0]!.values[3]).toBeCloseTo(5.3, 5);
  });

  it('reads exceljs formula results, rich text, hyperlinks and error cells of an .xlsx as their text', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('data');
    ws.addRow([
      { richText: [{ text: 'Time' }, { font: { bold: true }, text: 'stamp' }] },
      'WS_80m',
      'WD_78m',
    ]);
    for (let i = 0; i < 12; i++) {
      ws.addRow([
        { formula: `DATE(2024,1,1)+${i}/144`, result: new Date(Date.UTC(2024, 0, 1) + i * 600_000) },
        i === 3 ? { error: '#N/A' } : { formula: `5+${i}/10`, result: 5 + i / 10 },
        i === 4 ? { text: '181', hyperlink: 'https://example.com' } : 180,
      ]);
    }
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    const r = recognize(bytes, 'formulas.xlsx');
    expect(r.firstTime).toBe('2024-01-01T00:00:00.000Z');
    expect(r.rowCount).toBe(12);
    const parsed = parseFile(bytes, 'formulas.xlsx', r.rule, r.channels);
    expect(Array.from(parsed.columns[0]!.values.slice(2, 5))).toEqual([
      Math.fround(5.2),
      Number.NaN,
      Math.fround(5.4),
    ]);
    expect(parsed.columns[1]!.values[4]).toBe(181);
  });

  it('refuses a legacy .xls (OLE2) with a reason telling to save it as .xlsx or CSV', () => {
    const ole = new Uint8Array(4096);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(classifyFile('old.xls', ole)).toBe('spreadsheet');
    expect(() => recognize(ole, 'old.xls')).toThrow(
      expect.objectContaining({ reasonKey: 'spreadsheet_xls_unsupported' }),
    );
    // Delimited text saved under .xls, as some loggers do, is still read.
    const text = utf8(table(['Timestamp', 'Spd80mN'], 12));
    expect(recognize(text, 'text.xls').rowCount).toBe(12);
  });

  it('refuses an .xlsx bomb by the archive limits, with the limit as the reason', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('data').addRow(['Timestamp', 'Spd80mN']);
    const bomb = new Uint8Array(await buildXlsxBomb(Buffer.from(await wb.xlsx.writeBuffer())));
    expect(() => recognize(bomb, 'bomb.xlsx')).toThrow(
      expect.objectContaining({
        reasonKey: 'archive_ratio_too_high',
        details: { maxRatio: 100 },
      }),
    );
    const limits = { maxEntries: 3, maxEntryBytes: 2 ** 30, maxTotalBytes: 2 ** 30, maxRatio: 1000 };
    expect(() => recognize(bomb, 'bomb.xlsx', { archiveLimits: limits })).toThrow(
      expect.objectContaining({ reasonKey: 'archive_too_many_entries', details: { maximum: 3 } }),
    );
  });

  it('refuses a damaged spreadsheet with a reason', () => {
    const junk = new Uint8Array(2000).fill(7);
    junk.set([0x50, 0x4b, 0x03, 0x04]);
    expect(() => recognize(junk, 'broken.xlsx')).toThrow(UnreadableFileError);
    try {
      recognize(junk, 'broken.xlsx');
    } catch (e) {
      expect((e as UnreadableFileError).reasonKey).toBe('spreadsheet_unreadable');
    }
  });

  it('classifies .rld, .RWD, .wnd and TOB3 as store-only and recognises them without parsing', () => {
    const text = utf8('any text\n');
    expect(classifyFile('x.rld', text)).toBe('store_only');
    expect(classifyFile('X.RWD', text)).toBe('store_only');
    expect(classifyFile('meso.wnd', text)).toBe('store_only');
    expect(classifyFile('t.dat', utf8('"TOB3","x"\n\u0000\u0001'))).toBe('store_only');
    const r = recognize(utf8('iLat= 10 iLong= 20\n1 2 3\n'), 'meso.wnd');
    expect(r).toMatchObject({ kind: 'store_only', channels: [], rowCount: 0, warnings: ['storedNotParsed'] });
    expect(r.headerRows[0]).toEqual(['iLat= 10 iLong= 20']);
    expect(() => parseFile(text, 'x.rld', {} as TParseRule)).toThrow(UnreadableFileError);
  });
});
