import { describe, expect, it } from 'vitest';
import {
  BUILTIN_NAMES,
  builtinKeysMatching,
  displayName,
  isText,
  nameParam,
  renderText,
  TEXTS,
  text,
} from './texts.ts';

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
const placeholders = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('TEXTS', () => {
  it('gives every text in both languages, with the same placeholders, and English without Chinese characters', () => {
    for (const [key, entry] of Object.entries(TEXTS)) {
      expect(entry.zh, key).not.toBe('');
      expect(entry.en, key).not.toBe('');
      expect(placeholders(entry.en), key).toEqual(placeholders(entry.zh));
      expect(entry.en, key).not.toMatch(CJK);
    }
  });
});

describe('renderText(text, language)', () => {
  it('writes a stored text in the reader’s language, nested terms and lists included', () => {
    const stored = text('stationLog.siteEdited', {
      code: '000123',
      name: '张北一期',
      fields: [text('stationField.project_name'), text('stationField.tags')],
    });
    expect(renderText(stored, 'zh')).toBe('站点 000123（张北一期）：项目名称、标签');
    expect(renderText(stored, 'en')).toBe('Site 000123 (张北一期): project name, tags');
  });

  it('takes a value given in both languages in the reader’s one', () => {
    const stored = text('message.applyFailed', { id: 5, reason: { zh: '没有数据', en: 'no data' } });
    expect(renderText(stored, 'zh')).toBe('下载申请 #5 的数据导出失败：没有数据');
    expect(renderText(stored, 'en')).toBe('The export of download application #5 failed: no data');
  });

  it('survives a round trip through JSON (as stored in jsonb)', () => {
    const stored = JSON.parse(
      JSON.stringify(
        text('alarm.noData', {
          days: 3,
          rule: text('alarm.rule', { name: nameParam('x', 'qcRule.no_data_3_days') }),
        }),
      ),
    );
    expect(isText(stored)).toBe(true);
    expect(renderText(stored, 'en')).toBe('No data for 3 days (rule “No data for 3 days in a row”)');
    expect(renderText(stored, 'zh')).toBe('连续 3 天无数据（规则“连续 3 天无数据”）');
  });

  it('shows a key it does not know as the key', () => {
    expect(renderText({ key: 'stationLog.fromTheFuture', params: { a: 1 } }, 'en')).toBe(
      'stationLog.fromTheFuture',
    );
  });
});

describe('built-in names', () => {
  it('displayName reads a built-in row in the reader’s language and a user’s row as written', () => {
    expect(displayName('标准周报', 'reportTemplate.weekly_standard', 'en')).toBe('Standard weekly report');
    expect(displayName('标准周报', 'reportTemplate.weekly_standard', 'zh')).toBe('标准周报');
    expect(displayName('风速高度差检验 50 m / 30 m', 'qcRule.ws_diff_50_30', 'en')).toBe(
      'Wind speed height-difference test 50 m / 30 m',
    );
    expect(displayName('我的规则', null, 'en')).toBe('我的规则');
    expect(displayName('我的规则', 'qcRule.unknown', 'en')).toBe('我的规则');
  });

  it('nameParam keeps a built-in name as a key and a user’s name as text', () => {
    expect(nameParam('标准月报', 'reportTemplate.monthly_standard')).toEqual({
      key: 'builtin.reportTemplate.monthly_standard',
    });
    expect(nameParam('本站风速', null)).toBe('本站风速');
  });

  it('builtinKeysMatching finds built-ins by their name in either language', () => {
    expect(builtinKeysMatching('weekly', 'reportTemplate.')).toEqual([
      'reportTemplate.weekly_standard',
      'reportTemplate.weekly_brief',
    ]);
    expect(builtinKeysMatching('周报', 'reportTemplate.')).toHaveLength(2);
    expect(builtinKeysMatching('weekly', 'qcRule.')).toEqual([]);
    expect(builtinKeysMatching(' ', 'qcRule.')).toEqual([]);
  });

  it('names every built-in in both languages', () => {
    for (const [key, names] of Object.entries(BUILTIN_NAMES)) {
      expect(names.zh, key).toMatch(CJK);
      expect(names.en, key).not.toMatch(CJK);
    }
  });
});
