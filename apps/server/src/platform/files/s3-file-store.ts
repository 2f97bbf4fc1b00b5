import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  assertHash,
  removeStalePartsIn,
  STALE_PART_MS,
  stageToTemp,
  type TFileStore,
  type TStagedFile,
  type TStageOptions,
} from './file-store.ts';

export interface TS3StoreOptions {
  /** e.g. http://minio:9000, https://oss-cn-beijing.aliyuncs.com; empty for AWS's own endpoint. */
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addresses (MinIO, s3rver): http://host/bucket/key instead of http://bucket.host/key. */
  forcePathStyle: boolean;
  /** Key prefix inside the bucket (e.g. "masthub/"). */
  prefix?: string | undefined;
  /** Where uploads are staged while hashed (a local folder). */
  tmpDir: string;
}

/** The object store cannot be reached or refused the request: nothing was recorded. */
export class FileStoreUnavailableError extends Error {
  constructor(override readonly cause: unknown) {
    super(`object store unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'FileStoreUnavailableError';
  }
}

/** Content read back differs from its name: the object was changed or damaged in the store. */
export class FileIntegrityError extends Error {
  constructor(readonly sha256: string) {
    super(`stored content ${sha256} does not match its SHA-256`);
    this.name = 'FileIntegrityError';
  }
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound';
  }
  return false;
}

/**
 * Content-addressed blobs in an S3-compatible bucket (AWS S3, MinIO, Aliyun OSS, Tencent COS), keyed
 * `<prefix>ab/cd/<sha256>` like the local store's paths. Same two steps: `stage` streams the upload to
 * a local part while hashing it (never the whole file in memory), `commit` uploads the part (streamed,
 * length known) unless the bucket holds that content already. Reads stream from the bucket and are
 * checked against the SHA-256 at the end: a changed object fails the read instead of serving wrong
 * bytes. Every process of an installation reads and writes the same bucket.
 */
export class S3FileStore implements TFileStore {
  private readonly client: S3Client;

  constructor(private readonly options: TS3StoreOptions) {
    this.client = new S3Client({
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Checksums only where the API requires them: many S3-compatible stores reject the newer
      // aws-chunked trailers; integrity is ours (SHA-256 verified on every read).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  get tmpDir(): string {
    return this.options.tmpDir;
  }

  keyOf(sha256: string): string {
    assertHash(sha256);
    return `${this.options.prefix ?? ''}${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
  }

  private async send<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isNotFound(error)) throw error;
      throw new FileStoreUnavailableError(error);
    }
  }

  removeStaleParts(olderThanMs = STALE_PART_MS, now = Date.now()): Promise<number> {
    return removeStalePartsIn(this.options.tmpDir, olderThanMs, now);
  }

  async stage(source: Readable, options: TStageOptions = {}): Promise<TStagedFile> {
    const { tmpPath, sha256, sizeBytes } = await stageToTemp(this.options.tmpDir, source, options);
    let isSettled = false;
    return {
      sha256,
      sizeBytes,
      commit: async () => {
        if (isSettled) return;
        try {
          if (!(await this.has(sha256))) {
            await this.send(() =>
              this.client.send(
                new PutObjectCommand({
                  Bucket: this.options.bucket,
                  Key: this.keyOf(sha256),
                  Body: createReadStream(tmpPath),
                  ContentLength: sizeBytes,
                  ContentType: 'application/octet-stream',
                  Metadata: { sha256 },
                }),
              ),
            );
          }
        } catch (error) {
          // The part stays for a retry of commit (or is discarded by the caller).
          throw error instanceof FileStoreUnavailableError ? error : new FileStoreUnavailableError(error);
        }
        isSettled = true;
        await rm(tmpPath, { force: true });
      },
      discard: async () => {
        if (isSettled) return;
        isSettled = true;
        await rm(tmpPath, { force: true });
      },
    };
  }

  async open(sha256: string): Promise<{ stream: Readable; sizeBytes: number } | undefined> {
    let reply: GetObjectCommandOutput;
    try {
      reply = await this.send(() =>
        this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(sha256) })),
      );
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
    const body = reply.Body as Readable;
    const hash = createHash('sha256');
    const verify = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        callback(null, chunk);
      },
      flush(callback) {
        callback(hash.digest('hex') === sha256 ? null : new FileIntegrityError(sha256));
      },
    });
    body.on('error', (error) => verify.destroy(error));
    return { stream: body.pipe(verify), sizeBytes: Number(reply.ContentLength ?? 0) };
  }

  async has(sha256: string): Promise<boolean> {
    try {
      await this.send(() =>
        this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(sha256) })),
      );
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async remove(sha256: string): Promise<void> {
    await this.send(() =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(sha256) })),
    );
  }

  close(): void {
    this.client.destroy();
  }
}

/** The staging folder of an S3 store under the data directory. */
export function s3TmpDir(dataDirAbs: string): string {
  return path.join(dataDirAbs, 'files', 'tmp');
}
