import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Raised by `stage` when the source grows past `maxBytes`; the partial temp file is already gone. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`);
    this.name = 'FileTooLargeError';
  }
}

/** Content streamed into the store but not yet visible under its hash. */
export interface TStagedFile {
  sha256: string;
  sizeBytes: number;
  /** Makes the content readable under its hash (a no-op when equal content is already stored). */
  commit(): Promise<void>;
  /** Drops the staged content if it was not committed; safe to call more than once. */
  discard(): Promise<void>;
}

export interface TStageOptions {
  /** Larger content fails with FileTooLargeError as soon as the limit is passed. */
  maxBytes?: number;
  /**
   * Sees the first HEAD_BYTES bytes (fewer for a shorter file) before anything else is kept; an
   * error it returns aborts the write (content sniffing: a renamed executable is not a PDF).
   */
  checkHead?: (head: Buffer) => Error | undefined;
}

/** How many leading bytes `checkHead` sees. */
export const HEAD_BYTES = 16;

/**
 * Raw files, content-addressed by SHA-256 (DESIGN §3). Writing is two-step — `stage` streams and
 * hashes, `commit` publishes — so a caller can record the file in the database between the two
 * under a lock on the hash. Implementations: the local disk (LocalFileStore) and S3-compatible object
 * storage (S3FileStore).
 */
export interface TFileStore {
  stage(source: Readable, options?: TStageOptions): Promise<TStagedFile>;
  /** The stored content, or undefined when no blob has this hash. */
  open(sha256: string): Promise<{ stream: Readable; sizeBytes: number } | undefined>;
  has(sha256: string): Promise<boolean>;
  /** Removes the blob; removing a missing blob is not an error. */
  remove(sha256: string): Promise<void>;
}

const SHA256_PATTERN = /^[0-9a-f]{64}$/;

/** A staged upload not written to for this long belongs to no live request. */
export const STALE_PART_MS = 10 * 60_000;

export function assertHash(sha256: string): void {
  // The hash becomes a path: anything else could point outside the store.
  if (!SHA256_PATTERN.test(sha256)) throw new Error(`not a SHA-256 hex digest: ${sha256}`);
}

/**
 * Streams `source` into a new part file under `tmpDir` while hashing and metering it (the first step of
 * every store's `stage`): never the whole content in memory; a refused or failed upload leaves no part.
 */
export async function stageToTemp(
  tmpDir: string,
  source: Readable,
  options: TStageOptions = {},
): Promise<{ tmpPath: string; sha256: string; sizeBytes: number }> {
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  const checkHead = options.checkHead;
  let head: Buffer | undefined = checkHead ? Buffer.alloc(0) : undefined;
  const inspect = (isLast: boolean): Error | undefined => {
    if (!head || !checkHead || (head.length < HEAD_BYTES && !isLast)) return undefined;
    const problem = checkHead(head.subarray(0, HEAD_BYTES));
    head = undefined;
    return problem;
  };
  await mkdir(tmpDir, { recursive: true });
  const tmpPath = path.join(tmpDir, `${randomUUID()}.part`);
  const hash = createHash('sha256');
  let sizeBytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      sizeBytes += chunk.length;
      if (sizeBytes > maxBytes) {
        callback(new FileTooLargeError(maxBytes));
        return;
      }
      if (head) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES)]);
      const problem = inspect(false);
      if (problem) {
        callback(problem);
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      callback(inspect(true));
    },
  });
  // Open the part before anything can fail: a write stream destroyed while still opening creates its
  // file after the clean-up below has run, which left parts behind (seen under load in the tests).
  const out = createWriteStream(tmpPath, { flags: 'wx', mode: 0o640 });
  // An upload aborted while the part opens must not be an unhandled 'error'; the pipeline reports it.
  source.on('error', () => undefined);
  await once(out, 'ready');
  try {
    await pipeline(source, meter, out);
  } catch (error) {
    await rm(tmpPath, { force: true });
    throw error;
  }
  return { tmpPath, sha256: hash.digest('hex'), sizeBytes };
}

/** Deletes the part files in `tmpDir` untouched for `olderThanMs` (uploads cut off by a stopped process). */
export async function removeStalePartsIn(
  tmpDir: string,
  olderThanMs = STALE_PART_MS,
  now = Date.now(),
): Promise<number> {
  let names: string[];
  try {
    names = await readdir(tmpDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.part'))) {
    const file = path.join(tmpDir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && now - info.mtimeMs >= olderThanMs) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/**
 * Blobs under `<root>/ab/cd/<sha256>`; uploads stream to `<root>/tmp` (same file system, so the
 * final rename is atomic) while being hashed, and never sit in memory whole.
 */
export class LocalFileStore implements TFileStore {
  readonly tmpDir: string;

  constructor(readonly root: string) {
    this.tmpDir = path.join(root, 'tmp');
  }

  /**
   * Deletes staged uploads left by a process that stopped mid-upload (killed, crashed, power lost).
   * Only parts untouched for `olderThanMs` go: an upload in progress writes to its part continuously.
   */
  removeStaleParts(olderThanMs = STALE_PART_MS, now = Date.now()): Promise<number> {
    return removeStalePartsIn(this.tmpDir, olderThanMs, now);
  }

  pathOf(sha256: string): string {
    assertHash(sha256);
    return path.join(this.root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  async stage(source: Readable, options: TStageOptions = {}): Promise<TStagedFile> {
    const { tmpPath, sha256, sizeBytes } = await stageToTemp(this.tmpDir, source, options);
    let isSettled = false;
    return {
      sha256,
      sizeBytes,
      commit: async () => {
        if (isSettled) return;
        const finalPath = this.pathOf(sha256);
        if (await this.has(sha256)) {
          await rm(tmpPath, { force: true });
        } else {
          await mkdir(path.dirname(finalPath), { recursive: true });
          await rename(tmpPath, finalPath);
        }
        isSettled = true;
      },
      discard: async () => {
        if (isSettled) return;
        isSettled = true;
        await rm(tmpPath, { force: true });
      },
    };
  }

  async open(sha256: string): Promise<{ stream: Readable; sizeBytes: number } | undefined> {
    const filePath = this.pathOf(sha256);
    try {
      const info = await stat(filePath);
      return { stream: createReadStream(filePath), sizeBytes: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async has(sha256: string): Promise<boolean> {
    try {
      await stat(this.pathOf(sha256));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async remove(sha256: string): Promise<void> {
    const filePath = this.pathOf(sha256);
    try {
      await unlink(filePath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    // The fan-out folders stay: removing them could race a concurrent commit into them.
  }
}
