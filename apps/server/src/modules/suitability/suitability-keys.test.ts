import {
  ICE_CLASS_COLOURS,
  ICING_REASON_KEYS,
  SUITABILITY_CHECK_KEYS,
  SUITABILITY_CLASS_KEYS,
  SUITABILITY_EXTREME_METHODS,
  SUITABILITY_REASON_KEYS,
} from '@masthub/shared';
import {
  CLASS_KEYS,
  EXTREME_METHODS,
  ICING_SYMPTOMS,
  IEA_ICE_CLASSES,
  SUITABILITY_CHECKS,
  SUITABILITY_REASONS,
} from '@masthub/wind';
import { describe, expect, it } from 'vitest';
import { SERVER_TEXTS } from '../../i18n/index.ts';

describe('the site suitability keys of packages/shared and packages/wind', () => {
  it('name the same checks, reasons, extreme methods and class combinations in the same order', () => {
    expect([...SUITABILITY_CHECK_KEYS]).toEqual([...SUITABILITY_CHECKS]);
    expect([...SUITABILITY_REASON_KEYS]).toEqual([...SUITABILITY_REASONS]);
    expect([...SUITABILITY_EXTREME_METHODS]).toEqual([...EXTREME_METHODS]);
    expect([...SUITABILITY_CLASS_KEYS]).toEqual([...CLASS_KEYS]);
  });

  it('have a text in the server catalogue for every reason and extreme method, in both languages', () => {
    const texts = SERVER_TEXTS as Record<string, { zh: string; en: string }>;
    for (const reason of SUITABILITY_REASON_KEYS) {
      expect(texts[`suitability.reason.${reason}`]?.zh, reason).toMatch(/\S/);
      expect(texts[`suitability.reason.${reason}`]?.en, reason).toMatch(/\S/);
    }
    for (const method of SUITABILITY_EXTREME_METHODS) {
      expect(texts[`suitability.method.${method}`]?.en, method).toMatch(/\S/);
      expect(texts[`suitability.describe.${method}`]?.zh, method).toMatch(/\S/);
    }
  });
});

describe('the cold-climate keys of packages/shared and packages/wind (issue 45 §2)', () => {
  it('name the same icing reasons (the symptoms, then the meteorological condition) and one colour per IEA class', () => {
    expect([...ICING_REASON_KEYS]).toEqual([...ICING_SYMPTOMS, 'cold-and-humid']);
    expect(ICE_CLASS_COLOURS).toHaveLength(IEA_ICE_CLASSES.length);
  });
});
