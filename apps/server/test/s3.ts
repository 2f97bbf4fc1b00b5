import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';

export interface TTestS3Server {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The folder s3rver keeps its objects in (to damage one on purpose). */
  directory: string;
  close(): Promise<void>;
}

/**
 * A real S3 protocol server on loopback (s3rver: signatures V4 checked, objects on disk) with one
 * bucket, for the S3 file store tests.
 */
export async function startTestS3Server(bucket = 'masthub-test'): Promise<TTestS3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'masthub-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
    vhostBuckets: false,
  });
  const address = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    // s3rver's fixed development credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    directory,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
