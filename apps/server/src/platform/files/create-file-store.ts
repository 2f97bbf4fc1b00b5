import path from 'node:path';
import type { TConfig } from '../config.ts';
import { LocalFileStore, type TFileStore } from './file-store.ts';
import { S3FileStore } from './s3-file-store.ts';

/** A store with a local staging folder (both kinds stage uploads on this machine's disk). */
export type TConfiguredFileStore = TFileStore & { removeStaleParts(): Promise<number> };

/** The file store the configuration names: the local disk (default) or an S3-compatible bucket. */
export function createFileStore(config: TConfig): TConfiguredFileStore {
  const local = path.join(config.dataDirAbs, 'files');
  if (config.FILE_STORE !== 's3') return new LocalFileStore(local);
  return new S3FileStore({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET!,
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
    tmpDir: path.join(local, 'tmp'),
  });
}
