import { describe, expect, it } from 'vitest';
import { foldersToFetch } from './data-fetch.runner.ts';
import { isUnderFolder, matchFile, stationCodeFromName, type TMatchRule } from './file-matcher.ts';

const base: TMatchRule = {
  id: 1,
  name: 'r',
  dataSourceId: null,
  folder: '/data',
  inbox: 'INBOX',
  conditions: [],
  fileTypeSuffixes: [],
  stationMode: 'fromName',
  stationId: null,
  stationCodeRegex: '',
  stationCodeStart: 1,
  stationCodeLength: 6,
  isEnabled: true,
};
const ftpFile = {
  dataSourceId: 7,
  fetchType: 'ftp' as const,
  folder: '/data/2026',
  fileName: '000123_测风.CSV',
};

describe('matchFile', () => {
  it('reads the site code at a position of the file name', () => {
    expect(matchFile([base], ftpFile)).toEqual([{ rule: base, stationCode: '000123' }]);
  });

  it('reads the site code through a regex group and zero-pads short codes', () => {
    const rule = { ...base, stationCodeRegex: 'site(\\d+)_' };
    expect(stationCodeFromName(rule, 'site42_2026.csv')).toBe('000042');
  });

  it('needs the folder (FTP) or the inbox (e-mail) of the rule', () => {
    expect(matchFile([{ ...base, folder: '/other' }], ftpFile)).toEqual([]);
    expect(matchFile([{ ...base, folder: '' }], ftpFile)).toEqual([]);
    const mail = { dataSourceId: 7, fetchType: 'email' as const, folder: 'inbox', fileName: '000123.csv' };
    expect(matchFile([base], mail)).toHaveLength(1);
    expect(matchFile([{ ...base, inbox: '' }], mail)).toEqual([]);
  });

  it('checks file type suffixes, the source and every condition', () => {
    expect(matchFile([{ ...base, fileTypeSuffixes: ['csv'] }], ftpFile)).toHaveLength(1);
    expect(matchFile([{ ...base, fileTypeSuffixes: ['dat'] }], ftpFile)).toEqual([]);
    expect(matchFile([{ ...base, dataSourceId: 8 }], ftpFile)).toEqual([]);
    const conditions = [
      { component: 'fileName' as const, operator: 'contains' as const, value: '测风' },
      { component: 'folder' as const, operator: 'regex' as const, value: '/20\\d\\d$' },
    ];
    expect(matchFile([{ ...base, conditions }], ftpFile)).toHaveLength(1);
    expect(
      matchFile(
        [{ ...base, conditions: [{ component: 'subject', operator: 'equals', value: 'x' }] }],
        ftpFile,
      ),
    ).toEqual([]);
  });

  it('gives a fixed rule its site, and skips disabled rules', () => {
    const fixed = { ...base, stationMode: 'fixed' as const, stationId: 5 };
    expect(matchFile([{ ...base, isEnabled: false }, fixed], ftpFile)).toEqual([
      { rule: fixed, stationId: 5 },
    ]);
  });
});

describe('folders', () => {
  it('isUnderFolder(/a/b, /a) and not (/ab, /a)', () => {
    expect(isUnderFolder('/a/b', '/a')).toBe(true);
    expect(isUnderFolder('/ab', '/a')).toBe(false);
    expect(isUnderFolder('/anything', '/')).toBe(true);
  });

  it('fetches each folder once, leaving out those below another', () => {
    expect(
      foldersToFetch({ fetch_type: 'ftp', folder: '/data' }, [
        { ...base, folder: '/data/x' },
        { ...base, folder: 'y/' },
      ]),
    ).toEqual(['/data', '/y']);
    expect(
      foldersToFetch({ fetch_type: 'email', folder: '' }, [
        { ...base, inbox: 'inbox' },
        { ...base, inbox: '报表' },
      ]),
    ).toEqual(['INBOX', '报表']);
    expect(foldersToFetch({ fetch_type: 'ftp', folder: '' }, [])).toEqual(['/']);
  });
});
