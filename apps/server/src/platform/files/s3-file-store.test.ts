import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TTestS3Server } from '../../../test/s3.ts';
import { deadPort } from '../../../test/smtp.ts';
import { FileTooLargeError } from './file-store.ts';
import { FileIntegrityError, FileStoreUnavailableError, S3FileStore } from './s3-file-store.ts';

let s3: TTestS3Server;
let tmp: string;

function storeAt(endpoint: string, prefix = 'files/'): S3FileStore {
  return new S3FileStore({
    endpoint,
    region: 'us-east-1',
    bucket: s3.bucket,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
    prefix,
    tmpDir: path.join(tmp, 'parts'),
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A source of `size` bytes in 64 KB pieces (never one buffer). */
function pieces(size: number, seed: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) {
        this.push(null);
        return;
      }
      const n = Math.min(65_536, size - sent);
      const piece = Buffer.alloc(n, (seed + sent / 65_536) % 256);
      sent += n;
      this.push(piece);
    },
  });
}

beforeAll(async () => {
  s3 = await startTestS3Server();
  tmp = mkdtempSync(path.join(os.tmpdir(), 'masthub-s3-store-'));
});

afterAll(async () => {
  await s3?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('S3FileStore against a real S3 protocol server', () => {
  it('stages, commits and reads back content under its SHA-256, byte for byte', async () => {
    const store = storeAt(s3.endpoint);
    const content = randomBytes(300_000);
    const staged = await store.stage(Readable.from([content]));
    expect(staged.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    expect(await store.has(staged.sha256)).toBe(false);
    await staged.commit();
    expect(await store.has(staged.sha256)).toBe(true);
    const blob = (await store.open(staged.sha256))!;
    expect(blob.sizeBytes).toBe(content.length);
    expect((await readAll(blob.stream)).equals(content)).toBe(true);
    // The part is gone once committed.
    expect(readdirSync(path.join(tmp, 'parts'))).toEqual([]);
  });

  it('streams a 12 MB upload in pieces and stores equal content once', async () => {
    const store = storeAt(s3.endpoint);
    const a = await store.stage(pieces(12 * 1024 * 1024, 7));
    const b = await store.stage(pieces(12 * 1024 * 1024, 7));
    expect(b.sha256).toBe(a.sha256);
    await a.commit();
    await b.commit();
    const blob = (await store.open(a.sha256))!;
    const hash = createHash('sha256');
    for await (const chunk of blob.stream) hash.update(chunk as Buffer);
    expect(hash.digest('hex')).toBe(a.sha256);
  });

  it('answers undefined for content it does not hold, and removes content (twice is fine)', async () => {
    const store = storeAt(s3.endpoint);
    expect(await store.open('f'.repeat(64))).toBeUndefined();
    const staged = await store.stage(Readable.from([Buffer.from('remove me')]));
    await staged.commit();
    await store.remove(staged.sha256);
    await store.remove(staged.sha256);
    expect(await store.has(staged.sha256)).toBe(false);
  });

  it('refuses content past the limit before anything is uploaded', async () => {
    const store = storeAt(s3.endpoint);
    await expect(store.stage(pieces(200_000, 1), { maxBytes: 100_000 })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    expect(readdirSync(path.join(tmp, 'parts'))).toEqual([]);
  });

  it('fails a read whose stored bytes no longer match their name', async () => {
    const store = storeAt(s3.endpoint, 'damaged/');
    const staged = await store.stage(Readable.from([Buffer.from('original content')]));
    await staged.commit();
    // Another content put under that name behind the store's back.
    const other = storeAt(s3.endpoint, 'damaged/');
    await (other as unknown as { client: { send: (c: unknown) => Promise<unknown> } }).client.send(
      new (await import('@aws-sdk/client-s3')).PutObjectCommand({
        Bucket: s3.bucket,
        Key: store.keyOf(staged.sha256),
        Body: Buffer.from('tampered content'),
      }),
    );
    const blob = (await store.open(staged.sha256))!;
    await expect(readAll(blob.stream)).rejects.toBeInstanceOf(FileIntegrityError);
  });

  it('reports an unreachable endpoint as unavailable and keeps the part for a retry', async () => {
    const store = storeAt(`http://127.0.0.1:${await deadPort()}`);
    const staged = await store.stage(Readable.from([Buffer.from('to a dead endpoint')]));
    await expect(staged.commit()).rejects.toBeInstanceOf(FileStoreUnavailableError);
    expect(readdirSync(path.join(tmp, 'parts')).length).toBe(1);
    await staged.discard();
    expect(readdirSync(path.join(tmp, 'parts'))).toEqual([]);
    await expect(store.open(staged.sha256)).rejects.toBeInstanceOf(FileStoreUnavailableError);
  });
});
