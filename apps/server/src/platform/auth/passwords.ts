import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

// scrypt cost: N = 2^15, r = 8, p = 3 (32 MiB, one of OWASP's recommended settings; ≈ 160 ms on this
// machine's cores). Hashes written with a lower cost are upgraded at the next successful login.
const N = 32_768;
const R = 8;
const P = 3;
const KEY_LENGTH = 64;
const MAXMEM = 64 * 1024 * 1024;

/** Hashes a password with scrypt and a random 16-byte salt: `scrypt$N$r$p$salt$hash` (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAXMEM });
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** Checks a password against a stored hash in constant time; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, hashB64] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hashB64, 'base64');
  const actual = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whether a stored hash was written with a weaker cost than today's (upgrade it at the next login). */
export function needsRehash(stored: string): boolean {
  const parts = stored.split('$');
  return parts[0] !== 'scrypt' || Number(parts[1]) * Number(parts[3]) < N * P || Number(parts[2]) < R;
}

// Verified against when the account does not exist, so a wrong account costs as much time as a wrong password.
export const DUMMY_PASSWORD_HASH =
  `scrypt$${N}$${R}$${P}$AAAAAAAAAAAAAAAAAAAAAA==$` + Buffer.alloc(KEY_LENGTH).toString('base64');

const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIALS = '@#%+=!?';

function pick(alphabet: string): string {
  return alphabet[randomBytes(1)[0]! % alphabet.length]!;
}

/** A random 16-character password meeting the SPEC §5 rule (upper, lower, digit, special). */
export function generatePassword(): string {
  const all = LOWER + UPPER + DIGITS + SPECIALS;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SPECIALS)];
  while (chars.length < 16) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomBytes(1)[0]! % (i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
