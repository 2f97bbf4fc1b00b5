import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for small secrets stored in the database (password records). A sealed value is
 * version (1 byte) ‖ IV (12) ‖ tag (16) ‖ ciphertext; `context` is authenticated too, so a value
 * copied to another row (another station) does not open.
 */
export class SecretBox {
  constructor(private readonly key: () => Promise<Buffer>) {}

  async seal(plaintext: string, context: string): Promise<Buffer> {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', await this.key(), iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), ciphertext]);
  }

  /** The plaintext, or undefined when the value was sealed with another key or context, or is damaged. */
  async open(sealed: Buffer, context: string): Promise<string | undefined> {
    if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== VERSION) return undefined;
    const iv = sealed.subarray(1, 1 + IV_BYTES);
    const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
    try {
      const decipher = createDecipheriv('aes-256-gcm', await this.key(), iv);
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([
        decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}

function deriveKey(secret: Buffer | string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'masthub', purpose, 32));
}

/**
 * The 32-byte key for `purpose`, derived (HKDF-SHA256) from `configuredSecret` when set, else from a
 * random secret generated once in `<dataDir>/secret.key` (mode 0600) so the demo works without set-up.
 * Read lazily, on first use: a server that never stores a secret writes no key file.
 */
export function createKeySource(options: {
  configuredSecret: string | undefined;
  dataDir: string;
  purpose: string;
}): () => Promise<Buffer> {
  let pending: Promise<Buffer> | undefined;
  return () => {
    pending ??= (async () => {
      if (options.configuredSecret) return deriveKey(options.configuredSecret, options.purpose);
      return deriveKey(await readOrCreateSecretFile(options.dataDir), options.purpose);
    })();
    pending.catch(() => {
      pending = undefined;
    });
    return pending;
  };
}

async function readOrCreateSecretFile(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, 'secret.key');
  try {
    return parseSecret(await readFile(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  try {
    // 'wx': when two processes start on one data folder, the second one reads the first one's secret.
    await writeFile(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseSecret(await readFile(file, 'utf8'), file);
}

function parseSecret(text: string, file: string): Buffer {
  const hex = text.trim();
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`${file} does not hold a 64-digit hex secret`);
  return Buffer.from(hex, 'hex');
}
