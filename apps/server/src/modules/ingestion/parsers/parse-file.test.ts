import { localizeUnreadableReason } from '@masthub/shared';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { parseFile, recognize, type TParseRule, UnreadableFileError } from './index.ts';
import { rowCount } from './parse-file.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

const RULE: TParseRule = {
  encoding: 'utf-8',
  fieldStartRow: 1,
  fieldDelimiter: ',',
  dataStartRow: 2,
  dataDelimiter: ',',
  dataStartColumn: 2,
  dateStartColumn: 1,
  dateEndColumn: 1,
  dateFormat: 'YYYY-MM-DD HH:mm',
  missingValue: '',
  utcOffsetMinutes: 0,
  timestampIsPeriodEnd: false,
};

/** The reason key of the UnreadableFileError thrown by `fn` (fails when nothing or something else is thrown). */
function reasonOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(UnreadableFileError);
    expect((e as UnreadableFileError).reason.length).toBeGreaterThan(0);
    return (e as UnreadableFileError).reasonKey;
  }
  throw new Error('expected an UnreadableFileError');
}

describe('parseFile(bytes, fileName, rule)', () => {
  it('reads numbers in plain, signed, exponent and quoted forms into Float32 columns', () => {
    const text =
      'Time,WS_80m,T_2m\n2024-01-01 00:00,1.5,-2.25\n2024-01-01 00:10,"3",1e1\n2024-01-01 00:20,+.5,-1.5E-1\n';
    const p = parseFile(utf8(text), 'a.csv', RULE);
    expect(p.columns.map((c) => c.channel.dataKey)).toEqual(['ws_80_mean', 'T_2_mean']);
    expect(Array.from(p.columns[0]!.values)).toEqual([1.5, 3, 0.5]);
    expect(Array.from(p.columns[1]!.values).map((v) => Math.round(v * 100) / 100)).toEqual([
      -2.25, 10, -0.15,
    ]);
    expect(Array.from(p.timesMs)).toEqual([0, 10, 20].map((m) => Date.UTC(2024, 0, 1, 0, m)));
  });

  it('applies the logger offset and turns period-end stamps into period starts', () => {
    const text = 'Time,WS\n2024-01-01 08:10,1\n2024-01-01 08:20,2\n2024-01-01 08:30,3\n';
    const p = parseFile(utf8(text), 'a.csv', { ...RULE, utcOffsetMinutes: 480, timestampIsPeriodEnd: true });
    expect(new Date(p.timesMs[0]!).toISOString()).toBe('2024-01-01T00:00:00.000Z');
  });

  it('sorts dates that go backwards and reports it', () => {
    const text = 'Time,WS\n2024-01-01 00:20,3\n2024-01-01 00:00,1\n2024-01-01 00:10,2\n';
    const p = parseFile(utf8(text), 'a.csv', RULE);
    expect(Array.from(p.columns[0]!.values)).toEqual([1, 2, 3]);
    expect(p.warnings).toContain('rowsOutOfOrder:1');
  });

  it('keeps the first row of a repeated time stamp and counts the repeats', () => {
    const text =
      'Time,WS\n2024-01-01 00:00,1\n2024-01-01 00:10,2\n2024-01-01 00:10,9\n2024-01-01 00:00,8\n2024-01-01 00:20,3\n';
    const p = parseFile(utf8(text), 'a.csv', RULE);
    expect(Array.from(p.columns[0]!.values)).toEqual([1, 2, 3]);
    expect(p.duplicateTimestamps).toBe(2);
    expect(p.warnings).toContain('duplicateTimestamps:2');
    // The dropped rows' stamps, so the rows of an off-grid stamp can be counted, not only the stamp.
    expect(Array.from(p.repeatedTimesMs)).toEqual([0, 10].map((m) => Date.UTC(2024, 0, 1, 0, m)));
  });

  it('skips repeated header rows and unreadable stamps, counting them', () => {
    const text = 'Time,WS\n2024-01-01 00:00,1\nTime,WS\n2024-01-01 00:10,2\nxx-yy,5\n2024-01-01 00:20,3\n';
    const p = parseFile(utf8(text), 'a.csv', RULE);
    expect(p.rowCount).toBe(3);
    expect(p.skippedRows).toBe(2);
    expect(p.warnings).toEqual(expect.arrayContaining(['repeatedHeaderRows:2']));
  });

  it('refuses a file cut off in its last row (truncated)', () => {
    const full = 'Time,WS,WD\n2024-01-01 00:00,1,10\n2024-01-01 00:10,2,20\n2024-01-01 00:20,3,30\n';
    expect(reasonOf(() => parseFile(utf8(full.slice(0, -5)), 'a.csv', RULE))).toBe('truncated_file');
    expect(reasonOf(() => recognize(utf8(full.slice(0, -20)), 'a.csv'))).toBe('truncated_file');
    expect(parseFile(utf8(full.slice(0, -1)), 'a.csv', RULE).rowCount).toBe(3);
  });

  it('refuses binary junk', () => {
    const junk = new Uint8Array(5000);
    for (let i = 0; i < junk.length; i++) junk[i] = (i * 7919) % 256;
    expect(reasonOf(() => recognize(junk, 'data.csv'))).toBe('binary_content');
    expect(reasonOf(() => parseFile(junk, 'data.csv', RULE))).toBe('binary_content');
  });

  it('refuses a GBK file read with a UTF-8 rule (wrong encoding)', () => {
    const bytes = iconv.encode('时间,80m风速\n2024-01-01 00:00,1\n', 'gbk');
    expect(reasonOf(() => parseFile(bytes, 'a.csv', RULE))).toBe('wrong_encoding');
    expect(reasonOf(() => parseFile(bytes, 'a.csv', { ...RULE, encoding: 'klingon' }))).toBe(
      'unknown_encoding',
    );
  });

  it('refuses a 10,000-column header with the column limit', () => {
    const header = ['Time', ...Array.from({ length: 9999 }, (_, i) => `C${i}`)].join(',');
    const row = ['2024-01-01 00:00', ...Array.from({ length: 9999 }, () => '1')].join(',');
    expect(reasonOf(() => recognize(utf8(`${header}\n`), 'wide.csv'))).toBe('too_many_columns');
    expect(reasonOf(() => recognize(utf8(`${header}\n${row}\n${row}\n`), 'wide.csv'))).toBe(
      'too_many_columns',
    );
    expect(reasonOf(() => parseFile(utf8(`${header}\n${row}\n`), 'wide.csv', RULE))).toBe('too_many_columns');
  });

  it('refuses a header-only file, a file with no time column and an empty file', () => {
    expect(reasonOf(() => recognize(utf8('Timestamp,WS_80m,WD_80m\n'), 'h.csv'))).toBe('no_data_rows');
    expect(reasonOf(() => parseFile(utf8('Timestamp,WS_80m\n'), 'h.csv', RULE))).toBe('no_data_rows');
    expect(reasonOf(() => recognize(utf8('a,b,c\n1,2,3\n4,5,6\n7,8,9\n'), 'n.csv'))).toBe('no_time_column');
    expect(reasonOf(() => recognize(new Uint8Array(0), 'e.csv'))).toBe('empty_file');
    expect(reasonOf(() => recognize(utf8('\n\n  \n'), 'e.csv'))).toBe('empty_file');
  });

  it('refuses a header row past the end of the file, naming how many rows it has', () => {
    const text = 'Time,WS\r\n2024-01-01 00:00,1\n2024-01-01 00:10,2';
    try {
      parseFile(utf8(text), 'a.csv', { ...RULE, fieldStartRow: 9, dataStartRow: 10 });
      expect.unreachable();
    } catch (e) {
      const error = e as UnreadableFileError;
      expect(error.reasonKey).toBe('header_row_missing');
      expect(localizeUnreadableReason(error.reasonKey, error.details, 'en')).toBe(
        'the header row 9 does not exist; the file has only 3 rows',
      );
      expect(localizeUnreadableReason(error.reasonKey, error.details, 'zh')).toBe(
        '第 9 行（字段行）不存在，文件只有 3 行',
      );
    }
  });

  it('rowCount counts rows ended by CRLF, LF or CR and a last row without an ending', () => {
    expect(rowCount(utf8(''))).toBe(0);
    expect(rowCount(utf8('a'))).toBe(1);
    expect(rowCount(utf8('a\n'))).toBe(1);
    expect(rowCount(utf8('a\r\nb\rc\nd'))).toBe(4);
  });

  it('refuses a rule whose date format matches no row', () => {
    const text = 'Time,WS\n2024-01-01 00:00,1\n';
    expect(reasonOf(() => parseFile(utf8(text), 'a.csv', { ...RULE, dateFormat: 'DD.MM.YYYY HH:mm' }))).toBe(
      'no_valid_rows',
    );
    expect(reasonOf(() => parseFile(utf8(text), 'a.csv', { ...RULE, dateFormat: 'HH:mm' }))).toBe('bad_rule');
  });

  it('reads only the given channels, and ragged rows as missing', () => {
    const text = 'Time,A 10m WS,B 20m WS\n2024-01-01 00:00,1,2\n2024-01-01 00:10,3\n2024-01-01 00:20,5,6\n';
    const r = recognize(utf8(text), 'a.csv');
    const p = parseFile(utf8(text), 'a.csv', r.rule, [r.channels[1]!]);
    expect(p.columns).toHaveLength(1);
    expect(Array.from(p.columns[0]!.values)).toEqual([2, Number.NaN, 6]);
  });
});
