import type { TDatasetVersion, TParseRuleRecord, TRecognition, TRecognizedChannel } from '@masthub/shared';
import { ZDataSourceSaveRequest, ZFileMatchRuleSaveRequest, ZParseRuleSave } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import {
  canReparse,
  columnCount,
  DEFAULT_PARSE_RULE,
  DELIMITER_KEYS,
  DELIMITERS,
  dataRangeOf,
  defaultPort,
  duplicateDataKeys,
  fileExtension,
  isStoreOnlyName,
  isTaskFinished,
  openDoubts,
  SITE_UPLOAD_ACCEPT,
  stampTimes,
  statusColor,
  toDataSourceForm,
  toDataSourceSave,
  toFileMatchForm,
  toFileMatchSave,
  toParseRuleForm,
  toParseRuleSave,
  updateChannel,
  uploadProblem,
} from './ingestion.utils.ts';

const version = (patch: Partial<TDatasetVersion>): TDatasetVersion => ({
  id: 1,
  stationId: 1,
  name: 'original',
  kind: 'original',
  isViewOnly: true,
  sourceVersionId: null,
  createTime: '2026-01-01T00:00:00Z',
  startTime: null,
  endTime: null,
  channelCount: 0,
  valueCount: 0,
  ...patch,
});

const channel = (patch: Partial<TRecognizedChannel>): TRecognizedChannel => ({
  column: 2,
  name: 'Spd80mAvg',
  element: 'ws',
  heightM: 80,
  statistic: 'mean',
  unit: 'm/s',
  dataKey: 'ws_80_mean',
  tag: '',
  ...patch,
});

describe('site uploads', () => {
  it('reads extensions case-insensitively', () => {
    expect(fileExtension('M5_2020.CSV')).toBe('csv');
    expect(fileExtension('logger.RWD')).toBe('rwd');
    expect(fileExtension('noext')).toBe('');
  });

  it('takes site files and vendor binaries, refuses others, empty and oversized files', () => {
    expect(uploadProblem('a.csv', 10)).toBeUndefined();
    expect(uploadProblem('a.xlsx', 10)).toBeUndefined();
    expect(uploadProblem('a.rld', 10)).toBeUndefined();
    expect(uploadProblem('a.pdf', 10)).toBe('type');
    expect(uploadProblem('a.txt', 0)).toBe('empty');
    expect(uploadProblem('a.txt', 1024 ** 3 + 1)).toBe('size');
    expect(SITE_UPLOAD_ACCEPT).toContain('.dat');
    expect(SITE_UPLOAD_ACCEPT).toContain('.wnd');
  });

  it('tells store-only files by name', () => {
    expect(isStoreOnlyName('000001.RWD')).toBe(true);
    expect(isStoreOnlyName('meso.wnd')).toBe(true);
    expect(isStoreOnlyName('data.csv')).toBe(false);
  });
});

describe('tasks and statuses', () => {
  it('stops polling once a task ends', () => {
    expect(isTaskFinished('pending')).toBe(false);
    expect(isTaskFinished('parsing')).toBe(false);
    expect(isTaskFinished('parsed')).toBe(true);
    expect(isTaskFinished('failed')).toBe(true);
    expect(isTaskFinished('duplicate')).toBe(true);
    expect(isTaskFinished('stored_not_parsed')).toBe(true);
  });

  it('colours statuses and allows re-parsing only failed or unparsed files', () => {
    expect(statusColor('parsed')).toBe('success');
    expect(statusColor('failed')).toBe('error');
    expect(statusColor('parsing')).toBe('processing');
    expect(canReparse('failed')).toBe(true);
    expect(canReparse('stored_not_parsed')).toBe(true);
    expect(canReparse('parsed')).toBe(false);
  });

  it('names every delimiter', () => {
    expect(DELIMITERS).toEqual([',', ';', '\t', ' ']);
    expect(DELIMITER_KEYS['\t']).toBe('tab');
  });
});

describe('data range', () => {
  it('is null before any data', () => {
    expect(dataRangeOf([])).toBeNull();
    expect(dataRangeOf([version({})])).toBeNull();
  });

  it('takes the original version', () => {
    const range = dataRangeOf([
      version({ startTime: '2030-01-01T00:00:00Z', endTime: '2030-01-02T23:50:00Z', channelCount: 4 }),
      version({ id: 2, kind: 'working', startTime: '2029-01-01T00:00:00Z', endTime: '2031-01-01T00:00:00Z' }),
    ]);
    expect(range).toEqual({
      startTime: '2030-01-01T00:00:00Z',
      endTime: '2030-01-02T23:50:00Z',
      channelCount: 4,
      valueCount: 0,
    });
  });

  it('falls back to the widest range of the versions', () => {
    const range = dataRangeOf([
      version({ kind: 'working', startTime: '2030-01-05T00:00:00Z', endTime: '2030-01-06T00:00:00Z' }),
      version({ kind: 'working', startTime: '2030-01-01T00:00:00Z', endTime: '2030-01-03T00:00:00Z' }),
    ]);
    expect(range?.startTime).toBe('2030-01-01T00:00:00Z');
    expect(range?.endTime).toBe('2030-01-06T00:00:00Z');
  });
});

describe('channel table', () => {
  it('changes one channel and leaves the input alone', () => {
    const channels = [channel({}), channel({ column: 3, name: 'Dir78mAvg', dataKey: 'wd_78_mean' })];
    const next = updateChannel(channels, 1, { heightM: 78 });
    expect(next[1]?.heightM).toBe(78);
    expect(channels[1]?.heightM).toBe(80);
    expect(next[0]).toBe(channels[0]);
  });

  it('finds duplicate data keys', () => {
    expect(duplicateDataKeys([channel({}), channel({ column: 3 })])).toEqual(['ws_80_mean']);
    expect(duplicateDataKeys([channel({}), channel({ dataKey: 'x' })])).toEqual([]);
  });

  it('counts the widest row', () => {
    expect(columnCount([['a'], ['a', 'b', 'c'], []])).toBe(3);
    expect(columnCount([])).toBe(0);
  });
});

describe('time stamp meaning in the preview', () => {
  const toa5 = {
    rule: { ...DEFAULT_PARSE_RULE, timestampIsPeriodEnd: true },
    // The TOA5 sample's first stamp 15:30 was recognised as a period end: its period starts at 15:20.
    firstTime: '2016-01-09T15:20:00.000Z',
    lastTime: '2016-01-10T22:00:00.000Z',
    intervalMinutes: 10,
  };

  it('keeps the recognised period-end starts and shows the stamp as written', () => {
    expect(stampTimes(toa5, true)).toEqual({
      firstTime: '2016-01-09T15:20:00.000Z',
      lastTime: '2016-01-10T22:00:00.000Z',
      firstStamp: '2016-01-09T15:30:00.000Z',
    });
  });

  it('stores the stamps as written when the user says they mark the period start', () => {
    expect(stampTimes(toa5, false)).toEqual({
      firstTime: '2016-01-09T15:30:00.000Z',
      lastTime: '2016-01-10T22:10:00.000Z',
      firstStamp: '2016-01-09T15:30:00.000Z',
    });
  });

  it('moves period-start stamps back one interval when the user says they mark the period end', () => {
    const csv = { ...toa5, rule: DEFAULT_PARSE_RULE, firstTime: '2030-01-01T00:00:00.000Z' };
    expect(stampTimes(csv, true).firstTime).toBe('2029-12-31T23:50:00.000Z');
    expect(stampTimes(csv, false).firstTime).toBe('2030-01-01T00:00:00.000Z');
    expect(stampTimes({ ...csv, intervalMinutes: null }, true).firstTime).toBe('2030-01-01T00:00:00.000Z');
  });
});

describe('parse rule form', () => {
  it('builds a valid save body for a new rule', () => {
    const values = toParseRuleForm(undefined);
    values.name = ' 测风塔 CSV ';
    const body = toParseRuleSave(values, undefined);
    expect(body.name).toBe('测风塔 CSV');
    expect(body.id).toBeUndefined();
    expect(ZParseRuleSave.safeParse(body).success).toBe(true);
  });

  it('keeps the id and channels of an edited rule', () => {
    const record: TParseRuleRecord = {
      id: 7,
      name: 'TOA5',
      rule: { ...toParseRuleForm(undefined).rule, encoding: 'gbk', fieldDelimiter: ';', dataDelimiter: ';' },
      channels: [channel({})],
      notes: '',
      stationCount: 2,
      updaterName: 'admin',
      updateTime: '2026-01-01T00:00:00Z',
    };
    const values = toParseRuleForm(record);
    expect(values.rule.encoding).toBe('gbk');
    const body = toParseRuleSave(values, record);
    expect(body.id).toBe(7);
    expect(body.channels).toHaveLength(1);
    expect(ZParseRuleSave.safeParse(body).success).toBe(true);
  });

  it('lets the schema refuse a date end column before its start', () => {
    const values = toParseRuleForm(undefined);
    values.name = 'x';
    values.rule = { ...values.rule, dateStartColumn: 3, dateEndColumn: 2 };
    const result = ZParseRuleSave.safeParse(toParseRuleSave(values, undefined));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path.join('.')).toBe('rule.dateEndColumn');
  });
});

describe('data source form', () => {
  it('uses the protocol default ports', () => {
    expect(defaultPort('imaps')).toBe(993);
    expect(defaultPort('imap')).toBe(143);
    expect(defaultPort('ftp')).toBe(21);
  });

  it('sends the password only when one was typed', () => {
    const values = {
      ...toDataSourceForm(undefined),
      name: '测风邮箱',
      host: 'imap.example.com',
      username: 'mast@example.com',
    };
    expect(toDataSourceSave(values, 3)).not.toHaveProperty('password');
    const withPassword = toDataSourceSave({ ...values, password: 'auth-code' }, undefined);
    expect(withPassword.password).toBe('auth-code');
    expect(ZDataSourceSaveRequest.safeParse(withPassword).success).toBe(true);
  });

  it('never fills the stored password into the edit form', () => {
    const form = toDataSourceForm({
      id: 1,
      name: 'ftp',
      fetchType: 'ftp',
      fetchTypeName: 'FTP',
      protocol: 'ftps',
      host: 'ftp.example.com',
      port: 21,
      isSsl: true,
      username: 'u',
      hasPassword: true,
      smtpHost: '',
      smtpPort: null,
      smtpSecurity: 'tls',
      smtpUsername: '',
      hasSmtpPassword: false,
      folder: '/data',
      scheduleCron: '',
      intervalMinutes: null,
      isEnabled: true,
      nextRunTime: null,
      lastRunTime: null,
      lastRunStatus: null,
      lastRunStatusName: '',
      lastRunError: '',
      lastRunSummary: null,
      ruleCount: 0,
      createTime: '2026-01-01T00:00:00Z',
    });
    expect(form.password).toBe('');
    expect(form.folder).toBe('/data');
  });
});

describe('file-match rule form', () => {
  it('sends a site only in the fixed mode', () => {
    const values = { ...toFileMatchForm(undefined), name: 'rule1', folder: '/in', stationId: 5 };
    expect(toFileMatchSave(values, undefined).stationId).toBe(5);
    const fromName = toFileMatchSave(
      { ...values, stationMode: 'fromName', stationCodeRegex: '^(\\d{6})' },
      2,
    );
    expect(fromName.stationId).toBeNull();
    expect(fromName.id).toBe(2);
    expect(ZFileMatchRuleSaveRequest.safeParse(fromName).success).toBe(true);
  });

  it('lets the schema refuse whitespace in the name and an empty folder and inbox', () => {
    const values = { ...toFileMatchForm(undefined), name: 'rule 1', stationId: 5 };
    const result = ZFileMatchRuleSaveRequest.safeParse(toFileMatchSave(values, undefined));
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(paths).toEqual(expect.arrayContaining(['name', 'folder', 'inbox']));
  });
});

describe('openDoubts (issue 40)', () => {
  const channel = (column: number, patch: Partial<TRecognizedChannel> = {}): TRecognizedChannel => ({
    column,
    name: `c${column}`,
    element: 'ws',
    heightM: 80,
    statistic: 'mean',
    unit: 'm/s',
    dataKey: `ws_80_${column}`,
    tag: '',
    ...patch,
  });
  const recognition = {
    rule: { ...DEFAULT_PARSE_RULE, dateFormat: 'DD/MM/YYYY HH:mm', utcOffsetMinutes: 480 },
    channels: [channel(2), channel(3, { element: 'p', unit: 'hPa' })],
    doubts: [
      { id: 'unit:2', field: 'unit', column: 2, reason: 'unitUnknown', params: {} },
      { id: 'values:3', field: 'values', column: 3, reason: 'valuesLookScaled', params: {} },
      { id: 'timeFormat:file', field: 'timeFormat', column: null, reason: 'dateOrderAmbiguous', params: {} },
      { id: 'file:file', field: 'file', column: null, reason: 'noWindColumn', params: {} },
    ],
  } as unknown as TRecognition;
  const ids = (rule: TRecognition['rule'], channels: TRecognizedChannel[]) =>
    openDoubts(recognition, rule, channels).map((d) => d.id);

  it('keeps every doubt open while nothing it is about changed', () => {
    expect(ids(recognition.rule, recognition.channels)).toEqual([
      'unit:2',
      'values:3',
      'timeFormat:file',
      'file:file',
    ]);
  });

  it('resolves a column’s doubt by a change of what it is about, or by leaving the column out', () => {
    const edited = [channel(2, { unit: 'knots' }), channel(3, { element: 'p', unit: 'daPa' })];
    expect(ids(recognition.rule, edited)).toEqual(['timeFormat:file', 'file:file']);
    expect(ids({ ...recognition.rule, dateFormat: 'MM/DD/YYYY HH:mm' }, [])).toEqual(['file:file']);
  });
});
