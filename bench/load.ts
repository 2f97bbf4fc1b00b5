// Load for `npm run bench` (issue 18): `load.p95_ms.200users` — 200 simulated users for 60 s on loopback
// against a MastHub server process (the real entry point, embedded PostgreSQL, the demo data: 300 sites,
// three masts with two years of 10-minute data). Each user logs in once, then repeats, with a think time
// of 0.5–1.5 s: the site list (30 %), the map search (20 %), a month's chart of a channel (20 %), the
// 500-row data table (15 %) and a month's statistics (15 %; 24 months × 3 masts, so most are computed).
// The load starts when the server has finished the demo's one-time background work (CPU quiet).
// Target: 0 errors, p95 ≤ 300 ms; also requests/s and the server's peak RSS.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '../apps/server/src/platform/db/embedded.ts';
import {
  accountsFor,
  findMasts,
  LOAD_PASSWORD,
  loginAt,
  percentile,
  printLoad,
  runUsers,
  waitFor,
} from './load-users.ts';
import type { TBenchResult } from './run.ts';

const USERS = 200;
const DURATION_MS = 60_000;
const ADMIN_PASSWORD = LOAD_PASSWORD;
const root = path.resolve(import.meta.dirname, '..');

function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Waits until a process uses under a tenth of a core over 5 s; returns how long that took. */
async function waitForQuiet(pid: number, ms: number): Promise<number> {
  const started = Date.now();
  const window: number[] = [cpuSecondsOf(pid)];
  while (Date.now() - started < ms) {
    await new Promise((r) => setTimeout(r, 1000));
    window.push(cpuSecondsOf(pid));
    if (window.length > 6) window.shift();
    if (window.length === 6 && window[5]! - window[0]! < 0.5) return Date.now() - started;
  }
  console.log('  (the server never went quiet: measuring anyway)');
  return Date.now() - started;
}

export async function benchLoad(): Promise<TBenchResult[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-bench-load-'));
  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}/api`;
  let server: ChildProcess | undefined;
  try {
    server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main-api.ts')], {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD,
        SEED_DEMO_DATA: 'true',
        WEB_DIST_DIR: '/nonexistent-web-dist',
      },
    });
    await waitFor('the server', async () => (await fetch(`${base}/health`)).ok, 120_000);
    const login = (account: string) => loginAt(base, account);
    const token = await login('admin');
    // The demo's data goes in by a background job: the server says when it is done (issue 43 §4: guessing
    // from the last stamp broke when the demo moved to Beijing time).
    await waitFor(
      'the demo data',
      async () => {
        const health = (await (await fetch(`${base}/health`)).json()) as { data: { demoData?: string } };
        return health.data.demoData === 'ready';
      },
      900_000,
    );
    // Three masts with a mean speed channel to load.
    const masts = await findMasts(base, token, 3);
    if (masts.length < 3)
      throw new Error(`the demo data holds ${masts.length} masts with a speed channel, not 3`);
    // The demo's one-time seeding (the rest of its import, the first reports, the alarm evaluation) runs
    // in the server's job queue: the load starts once the server is quiet, so it measures the API.
    const quietAfterMs = await waitForQuiet(server.pid!, 600_000);
    console.log(`  (server quiet ${Math.round(quietAfterMs / 1000)} s after the demo data was in)`);
    const now = new Date();
    const months = Array.from({ length: 24 }, (_, k) => {
      const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 24 + k, 1));
      const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 23 + k, 1));
      return { startTime: start.toISOString(), endTime: end.toISOString() };
    });
    // Each simulated user is an account of its own (the administrator's role and company), as 200 people
    // would be: the per-user limit of heavy calls (HEAVY_PER_USER, 2) then counts each of them, not one
    // shared account (issue 43 §4: 33 of the last run's errors were that limit on the one account).
    const tokens = await accountsFor(base, token, USERS, login);
    let peakRss = 0;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssOf(server!.pid!));
    }, 200);
    const outcome = await runUsers({ bases: [base], tokens, masts, months, durationMs: DURATION_MS });
    clearInterval(sampler);
    printLoad(outcome);
    const { times, errors, seconds } = outcome;
    return [
      { name: 'load.p95_ms.200users', value: Math.round(percentile(times, 95)), unit: 'ms' },
      { name: 'load.requests_per_s.200users', value: Math.round(times.length / seconds), unit: 'req/s' },
      { name: 'load.errors.200users', value: errors, unit: 'count' },
      { name: 'load.server_peak_rss_mb.200users', value: Math.round(peakRss / 1048576), unit: 'MB' },
    ];
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npx tsx bench/load.ts` runs this benchmark alone.
// With --json (as `npm run bench` runs it, in a process of its own) the figures are the last line, as JSON.
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchLoad();
  console.log(process.argv.includes('--json') ? JSON.stringify(figures) : figures);
  process.exit(0);
}
