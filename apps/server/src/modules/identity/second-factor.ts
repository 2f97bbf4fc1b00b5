import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@masthub/shared';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** The issuer authenticator apps show beside the account. */
export const TOTP_ISSUER = 'MastHub';
const PERIOD_SECONDS = 30;
const DIGITS = 6;
// One step either side: a phone clock 30 s off, or a code typed as it rolled over, still works.
const WINDOW_STEPS = 1;

// RFC 4648 base32 letters: no 0/1/8/9, so a recovery code read aloud or typed cannot mix up O/0 or I/1.
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function totpOf(secretBase32: string, account: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: account,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random TOTP key (160 bits, RFC 4226's recommendation), base32. */
export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The key as authenticator apps read it: the otpauth:// URI and the same as an SVG QR code (data URL). */
export async function describeTotpSecret(secretBase32: string, account: string) {
  const uri = totpOf(secretBase32, account).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return {
    secret: secretBase32,
    uri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    issuer: TOTP_ISSUER,
    account,
  };
}

/**
 * The 30-second step a 6-digit code belongs to, when it is right at `nowMs` (one step of clock drift
 * either side), else undefined. The caller accepts a step only once (no replay within the window).
 */
export function matchTotpStep(secretBase32: string, code: string, nowMs: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(secretBase32, '').validate({ token: code, timestamp: nowMs, window: WINDOW_STEPS });
  if (delta === null) return undefined;
  return Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
}

/** The code of a key at `nowMs` (what an authenticator app shows; used by tests, never in a login). */
export function currentTotpCode(secretBase32: string, nowMs: number): string {
  return totpOf(secretBase32, '').generate({ timestamp: nowMs });
}

/** Ten one-time recovery codes of 80 random bits each: `ABCD-EFGH-JKLM-NPQR`. */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(16);
    const chars = [...bytes].map((b) => BASE32[b % 32]!).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/** A recovery code as typed (any case, spaces or dashes) in its stored form, or undefined if it cannot be one. */
export function normaliseRecoveryCode(typed: string): string | undefined {
  const plain = typed.toUpperCase().replace(/[\s-]/g, '');
  return /^[A-Z2-7]{16}$/.test(plain) ? plain : undefined;
}

/** What is stored of a recovery code: the SHA-256 of its normalised form (80 random bits need no salt). */
export function hashRecoveryCode(normalised: string): Buffer {
  return createHash('sha256').update(`recovery:${normalised}`).digest();
}

/** A one-time enrolment code (80 random bits, written like a recovery code). */
export function generateEnrolmentCode(): string {
  return generateRecoveryCodes(1)[0]!;
}

/** What is stored of an enrolment code: the SHA-256 of its normalised form, apart from recovery codes. */
export function hashEnrolmentCode(normalised: string): Buffer {
  return createHash('sha256').update(`enrolment:${normalised}`).digest();
}
