import { describe, expect, it } from 'vitest';
import {
  currentTotpCode,
  generateRecoveryCodes,
  hashRecoveryCode,
  matchTotpStep,
  normaliseRecoveryCode,
} from './second-factor.ts';

// RFC 6238 appendix B: the SHA-1 key "12345678901234567890" (base32), whose 8-digit code at T = 59 s is
// 94287082, so its 6-digit code is 287082 (step 1 of 30 s).
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('matchTotpStep', () => {
  it('matchTotpStep(RFC 6238 key, 287082, 59 s) is step 1', () => {
    expect(matchTotpStep(RFC_SECRET, '287082', 59_000)).toBe(1);
  });

  it('accepts one step of clock drift either side and names the code’s own step', () => {
    const now = 1_800_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotpStep(RFC_SECRET, currentTotpCode(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(matchTotpStep(RFC_SECRET, currentTotpCode(RFC_SECRET, now), now)).toBe(step);
    expect(matchTotpStep(RFC_SECRET, currentTotpCode(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
  });

  it('refuses a code two steps away, and anything but six digits', () => {
    const now = 1_800_000_000_000;
    const far = currentTotpCode(RFC_SECRET, now + 60_000);
    const near = new Set([-1, 0, 1].map((k) => currentTotpCode(RFC_SECRET, now + k * 30_000)));
    // The codes of this fixed moment are fixed: the one two steps ahead is none of the three accepted.
    expect(near.has(far)).toBe(false);
    expect(matchTotpStep(RFC_SECRET, far, now)).toBeUndefined();
    expect(matchTotpStep(RFC_SECRET, '28708', 59_000)).toBeUndefined();
    expect(matchTotpStep(RFC_SECRET, '2870821', 59_000)).toBeUndefined();
    expect(matchTotpStep(RFC_SECRET, 'abcdef', 59_000)).toBeUndefined();
  });
});

describe('recovery codes', () => {
  it('generateRecoveryCodes() gives ten different codes of four groups of four base32 letters', () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
  });

  it('normaliseRecoveryCode reads a code typed in any case, with spaces or without dashes', () => {
    expect(normaliseRecoveryCode('abcd-efgh-jklm-npq2')).toBe('ABCDEFGHJKLMNPQ2');
    expect(normaliseRecoveryCode(' ABCD EFGH JKLM NPQ2 ')).toBe('ABCDEFGHJKLMNPQ2');
    expect(normaliseRecoveryCode('ABCDEFGHJKLMNPQ2')).toBe('ABCDEFGHJKLMNPQ2');
  });

  it('normaliseRecoveryCode refuses a wrong length or letters outside base32 (0, 1, 8, 9)', () => {
    expect(normaliseRecoveryCode('ABCD-EFGH-JKLM')).toBeUndefined();
    expect(normaliseRecoveryCode('ABCD-EFGH-JKLM-NPQ0')).toBeUndefined();
    expect(normaliseRecoveryCode('ABCD-EFGH-JKLM-NPQ81')).toBeUndefined();
  });

  it('hashRecoveryCode is the same for the same code and differs for another', () => {
    expect(hashRecoveryCode('ABCDEFGHJKLMNPQ2').equals(hashRecoveryCode('ABCDEFGHJKLMNPQ2'))).toBe(true);
    expect(hashRecoveryCode('ABCDEFGHJKLMNPQ2').equals(hashRecoveryCode('ABCDEFGHJKLMNPQ3'))).toBe(false);
  });
});
