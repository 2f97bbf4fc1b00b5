import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QC_RULE_KINDS, type TQcRule, type TQcRuleKind, ZQcRuleSave } from '@masthub/shared';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { firstFieldError } from '../../i18n/validation.ts';
import {
  defaultParams,
  describeQcRule,
  KINDS_OF_TYPE,
  ruleElement,
  type TTranslate,
  toQcRuleForm,
  toQcRuleSave,
} from './qc-rules.utils.ts';

function translator(language: 'zh-CN' | 'en-US'): TTranslate {
  const area = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../locales', language, 'qc-rules.json'), 'utf8'),
  );
  const i18n = createInstance();
  void i18n.init({
    lng: language,
    resources: { [language]: { translation: { 'qc-rules': area } } },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return i18n.getFixedT(language) as unknown as TTranslate;
}

const zh = translator('zh-CN');
const en = translator('en-US');

const record = (
  kind: TQcRuleKind,
  params: Record<string, unknown>,
  patch: Partial<TQcRule> = {},
): TQcRule => ({
  id: 7,
  ruleType: kind === 'no_data_days' ? 'warn' : 'auto_quality',
  kind,
  name: '规则',
  stationId: null,
  stationCode: null,
  stationName: null,
  params,
  isEnabled: true,
  notes: '',
  updaterName: 'admin',
  updateTime: '2026-01-01T00:00:00Z',
  ...patch,
});

describe('defaultParams', () => {
  it.each(QC_RULE_KINDS)('defaultParams(%s) is a valid rule of its type once named', (kind) => {
    const ruleType = kind === 'no_data_days' ? 'warn' : 'auto_quality';
    const form = { ...toQcRuleForm(undefined, ruleType), kind, name: '默认', params: defaultParams(kind) };
    const parsed = ZQcRuleSave.safeParse(toQcRuleSave(form, ruleType, undefined));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('a new form starts with the first kind of its type, for every site', () => {
    expect(toQcRuleForm(undefined, 'auto_quality')).toMatchObject({
      kind: 'range',
      scope: 'all',
      isEnabled: true,
    });
    expect(toQcRuleForm(undefined, 'warn')).toMatchObject({ kind: 'no_data_days', params: { days: 3 } });
    expect(KINDS_OF_TYPE.warn).toEqual(['no_data_days']);
  });
});

describe('toQcRuleSave / toQcRuleForm', () => {
  it('round-trips a site rule and keeps its id', () => {
    const site = record('trend', { element: 'T', maxChange: 5, windowHours: 1, flag: 2 }, { stationId: 12 });
    const form = toQcRuleForm(site, 'auto_quality');
    expect(form).toMatchObject({ scope: 'station', stationId: 12 });
    expect(toQcRuleSave(form, 'auto_quality', site.id)).toEqual({
      id: 7,
      ruleType: 'auto_quality',
      kind: 'trend',
      name: '规则',
      stationId: 12,
      isEnabled: true,
      notes: '',
      params: { element: 'T', maxChange: 5, windowHours: 1, flag: 2 },
    });
    expect(toQcRuleSave({ ...form, scope: 'all' }, 'auto_quality', 7).stationId).toBeNull();
  });

  it('leaves out empty numbers so the schema reports them, and keeps “every height” of conditions', () => {
    const form = {
      ...toQcRuleForm(undefined, 'auto_quality'),
      name: 'x',
      params: { element: 'ws', min: null, max: 40, flag: 3 },
    };
    const save = toQcRuleSave(form, 'auto_quality', undefined);
    expect(save.params).toEqual({ element: 'ws', max: 40, flag: 3 });
    expect(firstFieldError(ZQcRuleSave, save, 'params.min', 'zh')).toBe('请输入有效的数字');

    const custom = toQcRuleSave(
      {
        ...form,
        kind: 'custom',
        params: {
          combine: 'and',
          negate: false,
          targetElement: null,
          flag: 2,
          conditions: [{ element: 'T', heightM: null, statistic: 'avg', comparator: '<=', threshold: 0 }],
        },
      },
      'auto_quality',
      undefined,
    );
    expect(custom.params).toEqual({
      combine: 'and',
      negate: false,
      flag: 2,
      conditions: [{ element: 'T', heightM: null, statistic: 'avg', comparator: '<=', threshold: 0 }],
    });
    expect(ZQcRuleSave.safeParse(custom).success).toBe(true);
  });

  it('is checked by the shared schema: min above max, a 0-hour window and no conditions', () => {
    const base = { ...toQcRuleForm(undefined, 'auto_quality'), name: 'x' };
    const range = toQcRuleSave(
      { ...base, params: { element: 'ws', min: 10, max: 5, flag: 3 } },
      'auto_quality',
      undefined,
    );
    expect(firstFieldError(ZQcRuleSave, range, 'params.max', 'en')).toBe(
      'The minimum must not be above the maximum',
    );
    const trend = toQcRuleSave(
      { ...base, kind: 'trend', params: { element: 'T', maxChange: 5, windowHours: 0, flag: 2 } },
      'auto_quality',
      undefined,
    );
    expect(firstFieldError(ZQcRuleSave, trend, 'params.windowHours', 'zh')).toBe('不能小于 1');
    const custom = toQcRuleSave(
      { ...base, kind: 'custom', params: { combine: 'and', conditions: [], flag: 2 } },
      'auto_quality',
      undefined,
    );
    expect(firstFieldError(ZQcRuleSave, custom, 'params.conditions', 'zh')).toBe('此项为必填项');
  });
});

describe('describeQcRule', () => {
  it('puts range, trend and height-difference parameters in words, with units', () => {
    const range = record('range', { element: 'ws', min: 0, max: 40, flag: 3 });
    expect(describeQcRule(range, zh)).toBe('风速 0–40 m/s → 无效');
    expect(describeQcRule(range, en)).toBe('Wind speed 0–40 m/s → invalid');
    const trend = record('trend', { element: 'p', maxChange: 10, windowHours: 3, flag: 2 });
    expect(describeQcRule(trend, zh)).toBe('气压 3 小时变化 ≥ 10 hPa → 可疑');
    expect(describeQcRule(trend, en)).toBe('Pressure change over 3 h ≥ 10 hPa → suspicious');
    const diff = record('height_diff', { element: 'ws', lowerHeight: 30, upperHeight: 50, maxDifference: 2 });
    expect(describeQcRule(diff, zh)).toBe('风速 50 m 与 30 m 相差 ≥ 2 m/s → 可疑');
  });

  it('describes missing days, warning rules and custom expressions', () => {
    expect(describeQcRule(record('missing_days', { element: 'ws' }), zh)).toBe(
      '风速每日少于 1 条数据 → 记为缺失日',
    );
    expect(describeQcRule(record('no_data_days', { days: 3 }), zh)).toBe('连续 3 天无数据 → 告警');
    expect(describeQcRule(record('no_data_days', { days: 3 }), en)).toBe(
      'No data for 3 consecutive days → alarm',
    );
    const custom = record('custom', {
      combine: 'and',
      conditions: [
        { element: 'T', comparator: '<=', threshold: 0 },
        { element: 'ws', heightM: 80, statistic: 'sd', comparator: '==', threshold: 0 },
      ],
      targetElement: 'ws',
      flag: 4,
    });
    expect(describeQcRule(custom, zh)).toBe('温度 ≤ 0 且 80 m 风速标准差 = 0 → 风速结冰');
    expect(describeQcRule(custom, en)).toBe(
      'Temperature ≤ 0 and Wind speed at 80 m standard deviation = 0 → Wind speed icing',
    );
    const negated = record('custom', {
      combine: 'or',
      negate: true,
      conditions: [
        { element: 'RH', comparator: '>', threshold: 95 },
        { element: 'T', comparator: '<', threshold: -30 },
      ],
    });
    expect(describeQcRule(negated, zh)).toBe('非（相对湿度 > 95 或 温度 < -30） → 相对湿度可疑');
  });

  it('says so when stored params are not valid', () => {
    expect(describeQcRule(record('range', { element: 'ws', min: 5, max: 1 }), zh)).toBe('参数无效');
  });
});

describe('ruleElement', () => {
  it('is the element, a custom rule’s target (or first condition’s element), none for warning rules', () => {
    expect(ruleElement(record('range', { element: 'T' }))).toBe('T');
    expect(ruleElement(record('custom', { conditions: [{ element: 'RH' }] }))).toBe('RH');
    expect(ruleElement(record('custom', { conditions: [{ element: 'RH' }], targetElement: 'ws' }))).toBe(
      'ws',
    );
    expect(ruleElement(record('no_data_days', { days: 3 }))).toBeUndefined();
  });
});
