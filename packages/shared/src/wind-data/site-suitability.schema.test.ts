import { describe, expect, it } from 'vitest';
import { localizeIssues } from '../i18n/localize-issues.ts';
import {
  SUITABILITY_CHECK_KEYS,
  SUITABILITY_CHECK_NAMES,
  SUITABILITY_CLASS_KEYS,
  turbineClassVerdict,
  ZIecClass,
  ZSuitabilityRequest,
} from './site-suitability.schema.ts';

const request = (overrides: Record<string, unknown> = {}) => ({
  versionId: 4,
  hubHeight: 90,
  speedChannelId: 11,
  ...overrides,
});

describe('ZSuitabilityRequest: the site suitability check of issue 29', () => {
  it('defaults to the 10–25 m/s check range, σ-based TI, the highest estimate, monthly maxima and 12 sectors', () => {
    expect(ZSuitabilityRequest.parse(request())).toMatchObject({
      checkRangeMin: 10,
      checkRangeMax: 25,
      turbulenceDefinition: 'sigma',
      extremeMethod: 'highest',
      periodsPerYear: 12,
      sectors: 12,
      densitySource: 'measured',
      shearChannelIds: [],
      includeSuspicious: false,
    });
    // No long-term version named: the server takes the site's newest one; null asks for none.
    expect(ZSuitabilityRequest.parse(request()).longTermVersionId).toBeUndefined();
    expect(ZSuitabilityRequest.parse(request({ longTermVersionId: null })).longTermVersionId).toBeNull();
  });

  it('refuses a hub height outside the SPEC §5 rule with the hub height message in both languages', () => {
    for (const hubHeight of [0, -10, 90.5, 501, 'high']) {
      const parsed = ZSuitabilityRequest.safeParse(request({ hubHeight }));
      expect(parsed.success, String(hubHeight)).toBe(false);
      expect(localizeIssues(parsed.error!.issues, 'zh')).toContainEqual({
        field: 'hubHeight',
        message: '轮毂高度须为大于 0 且不超过 500 的整数（米）',
      });
    }
    const missing = ZSuitabilityRequest.safeParse({ versionId: 4, speedChannelId: 11 });
    expect(localizeIssues(missing.error!.issues, 'en')).toContainEqual({
      field: 'hubHeight',
      message: 'The hub height must be a whole number of metres above 0 and at most 500',
    });
  });

  it('refuses a reversed or out-of-range check range, one shear height and impossible annual maxima', () => {
    const parsed = ZSuitabilityRequest.safeParse(
      request({ checkRangeMin: 20, checkRangeMax: 12, shearChannelIds: [5], annualMaximaMps: [25, -3, 140] }),
    );
    expect(parsed.success).toBe(false);
    const issues = localizeIssues(parsed.error!.issues, 'en');
    expect(issues).toContainEqual({
      field: 'checkRangeMax',
      message: 'The check range must lie within 1–40 m/s with its lower end not above its upper end',
    });
    expect(issues).toContainEqual({
      field: 'shearChannelIds',
      message: 'Choose wind speeds at 2 to 8 different heights for the shear',
    });
    expect(issues).toContainEqual({
      field: 'annualMaximaMps.1',
      message: 'An annual maximum must be between 0 and 100 m/s',
    });
    expect(issues.map((i) => i.field)).toContain('annualMaximaMps.2');
    expect(ZSuitabilityRequest.safeParse(request({ checkRangeMax: 45 })).success).toBe(false);
    expect(ZSuitabilityRequest.safeParse(request({ periodsPerYear: 5 })).success).toBe(false);
    expect(ZSuitabilityRequest.safeParse(request({ periodsPerYear: 4 })).success).toBe(true);
  });

  it('names every check in both languages and lists the 12 class combinations most demanding first', () => {
    for (const key of SUITABILITY_CHECK_KEYS) {
      expect(SUITABILITY_CHECK_NAMES[key].zh).toMatch(/\S/);
      expect(SUITABILITY_CHECK_NAMES[key].en).toMatch(/\S/);
    }
    expect(SUITABILITY_CLASS_KEYS).toHaveLength(12);
    expect(SUITABILITY_CLASS_KEYS[0]).toBe('I A+');
    expect(SUITABILITY_CLASS_KEYS.at(-1)).toBe('III C');
  });
});

describe('ZIecClass and turbineClassVerdict: a turbine’s class against the site', () => {
  it('accepts the IEC classes and S, nothing else', () => {
    for (const c of ['I A', 'II B', 'III A+', 'S']) expect(ZIecClass.safeParse(c).success, c).toBe(true);
    for (const c of ['IV A', 'I D', 'IIIB', '']) expect(ZIecClass.safeParse(c).success, c).toBe(false);
  });

  it('reads the site’s verdict of the turbine’s class, null for none or a special class', () => {
    const verdicts = [
      { key: 'III B' as const, isSuitable: true },
      { key: 'II A' as const, isSuitable: false },
    ];
    expect(turbineClassVerdict('III B', verdicts)).toBe(true);
    expect(turbineClassVerdict('II A', verdicts)).toBe(false);
    expect(turbineClassVerdict('S', verdicts)).toBeNull();
    expect(turbineClassVerdict(null, verdicts)).toBeNull();
  });
});
