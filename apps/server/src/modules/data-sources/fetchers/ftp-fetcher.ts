import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client, type FileInfo, FTPError } from 'basic-ftp';
import { FolderNotFoundError } from '../../mail/index.ts';
import { normaliseFolder } from '../file-matcher.ts';
import type { TItemSink, TRemoteItem, TSourceConnectionConfig } from './fetcher.types.ts';

const DEFAULT_TIMEOUT_MS = 20_000;
/** How deep below a fetched folder files are looked for. */
export const FTP_MAX_DEPTH = 5;

function joinRemote(dir: string, name: string): string {
  return dir === '/' ? `/${name}` : `${dir}/${name}`;
}

/**
 * Connects and logs in (FTPS: explicit TLS, implicit on port 990), runs `work`, always closes.
 * basic-ftp sends OPTS UTF8 ON, so servers that support it exchange Chinese file names as UTF-8.
 */
export async function withFtp<T>(
  config: TSourceConnectionConfig,
  work: (client: Client) => Promise<T>,
): Promise<T> {
  const client = new Client(config.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const isTls = config.protocol === 'ftps' || config.isSsl;
  try {
    await client.access({
      host: config.host,
      port: config.port,
      user: config.username,
      password: config.password,
      secure: isTls ? (config.port === 990 ? 'implicit' : true) : false,
      secureOptions: { servername: config.host },
    });
    return await work(client);
  } finally {
    client.close();
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof FTPError && error.code === 550;
}

/**
 * Lists a folder. Servers differ on listing a missing path (550, 451, or an empty listing), so the
 * folder is entered first: CWD to a missing folder is 550 everywhere.
 */
async function listFolder(client: Client, folder: string): Promise<FileInfo[]> {
  try {
    await client.cd(folder);
  } catch (error) {
    if (isMissing(error)) throw new FolderNotFoundError(folder);
    throw error;
  }
  return client.list();
}

/** Logs in and checks that `folder` can be listed (test_connection). */
export function testFtp(config: TSourceConnectionConfig, folder: string): Promise<void> {
  return withFtp(config, async (client) => {
    await listFolder(client, normaliseFolder(folder));
  });
}

/** The sub-folders of `folder` (ftp_dirs). */
export function listFtpDirs(
  config: TSourceConnectionConfig,
  folder: string,
): Promise<{ path: string; name: string }[]> {
  const dir = normaliseFolder(folder);
  return withFtp(config, async (client) => {
    const entries = await listFolder(client, dir);
    return entries
      .filter((e) => e.isDirectory && e.name !== '.' && e.name !== '..')
      .map((e) => ({ path: joinRemote(dir, e.name), name: e.name }))
      .sort((a, b) => a.path.localeCompare(b.path));
  });
}

/** The key that makes an FTP file "the same file": its path, size and modification time. */
export function ftpItemKey(remotePath: string, entry: FileInfo): string {
  const mtime = entry.modifiedAt?.toISOString() ?? entry.rawModifiedAt;
  return `ftp:${remotePath}:${entry.size}:${mtime}`;
}

/**
 * Walks each folder (at most FTP_MAX_DEPTH levels down) and downloads every file not fetched before to
 * a temporary file, which the sink ingests; the temporary file is removed afterwards. A folder below
 * the configured ones that cannot be listed is skipped; a configured folder that is missing fails.
 */
export async function fetchFtp(
  config: TSourceConnectionConfig,
  folders: readonly string[],
  sink: TItemSink,
): Promise<void> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'masthub-ftp-'));
  try {
    await withFtp(config, async (client) => {
      const walk = async (dir: string, depth: number, isTop: boolean): Promise<void> => {
        if (sink.isFull()) return;
        let entries: FileInfo[];
        try {
          entries = await listFolder(client, dir);
        } catch (error) {
          if (!isTop && error instanceof FolderNotFoundError) return;
          throw error;
        }
        const files = entries
          .filter((e) => e.isFile)
          .map((entry) => ({ entry, remotePath: joinRemote(dir, entry.name) }))
          .sort((a, b) => a.remotePath.localeCompare(b.remotePath));
        const wanted = await sink.selectNew(files.map((f) => ftpItemKey(f.remotePath, f.entry)));
        for (const { entry, remotePath } of files) {
          if (sink.isFull()) return;
          const key = ftpItemKey(remotePath, entry);
          if (!wanted.has(key)) continue;
          const local = path.join(tmp, randomBytes(8).toString('hex'));
          await client.downloadTo(local, remotePath);
          const item: TRemoteItem = {
            key,
            kind: 'ftp',
            folder: dir,
            uid: null,
            messageId: '',
            subject: '',
            sender: '',
            remotePath,
            sizeBytes: entry.size,
          };
          try {
            await sink.handle(item, [
              { position: 0, fileName: entry.name, sizeBytes: entry.size, path: local },
            ]);
          } finally {
            await rm(local, { force: true });
          }
        }
        if (depth >= FTP_MAX_DEPTH) return;
        const dirs = entries
          .filter((e) => e.isDirectory && e.name !== '.' && e.name !== '..')
          .map((e) => joinRemote(dir, e.name))
          .sort();
        for (const sub of dirs) await walk(sub, depth + 1, false);
      };
      for (const folder of folders) await walk(normaliseFolder(folder), 0, true);
    });
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
