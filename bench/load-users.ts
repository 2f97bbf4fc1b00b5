// The simulated users of bench/load.ts (issue 18, issue 43 §4), shared with bench/scale-out.ts: each logs
// in as an account of its own, then repeats, with a think time of 0.5–1.5 s, the mix of the site list,
// the map search, a month's chart, the 500-row table, a month's statistics, data receipts and access
// tokens, and one user in ten one long-term compare or suitability check.

/** A mast the users read: its newest version and mean speed, and the compare body when it has a reference. */
export interface TLoadMast {
  stationId: number;
  versionId: number;
  channelId: number;
  compare?: unknown;
}

export interface TLoadMonth {
  startTime: string;
  endTime: string;
}

export interface TLoadOutcome {
  times: number[];
  errors: number;
  byUrl: Map<string, number[]>;
  errorsByUrl: Map<string, number>;
  errorKinds: Set<string>;
  seconds: number;
}

export const LOAD_PASSWORD = 'Bench#Load2026';

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export async function waitFor(what: string, probe: () => Promise<boolean>, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Logs `account` in at `base` (…/api) with the bench's password; its token. */
export async function loginAt(base: string, account: string, password = LOAD_PASSWORD): Promise<string> {
  const r = await fetch(`${base}/security/sys/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  return ((await r.json()) as { data: { token: string } }).data.token;
}

/** Makes `count` users with the administrator's role and company and logs each in; their tokens. */
export async function accountsFor(
  base: string,
  adminToken: string,
  count: number,
  login: (account: string) => Promise<string>,
): Promise<string[]> {
  const headers = { 'content-type': 'application/json', token: adminToken };
  const page = await fetch(`${base}/security/sys/user/page`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ pageNo: 1, pageSize: 10, account: 'admin' }),
  });
  const admin = (
    (await page.json()) as { data: { records: { account: string; roleId: number; companyId: number }[] } }
  ).data.records.find((u) => u.account === 'admin');
  if (!admin) throw new Error('the built-in administrator is not in the user list');
  const tokens: string[] = [];
  for (let u = 0; u < count; u++) {
    const account = `load-${String(u).padStart(3, '0')}`;
    const r = await fetch(`${base}/security/sys/user/save_or_update`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        account,
        userName: `Load ${u}`,
        roleId: admin.roleId,
        companyId: admin.companyId,
        password: LOAD_PASSWORD,
      }),
    });
    const reply = (await r.json()) as { code: number; message?: string };
    if (reply.code !== 200) throw new Error(`could not create ${account}: ${reply.message}`);
    tokens.push(await login(account));
  }
  return tokens;
}

/**
 * Up to `count` masts among the sites (`/web/station/page`) with a version that has data and a mean speed
 * channel; with the workbench's compare body from the site's default reference when it has one.
 */
export async function findMasts(base: string, token: string, count: number): Promise<TLoadMast[]> {
  const r = await fetch(`${base}/web/station/page`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify({ pageNo: 1, pageSize: 300 }),
  });
  const sites = ((await r.json()) as { data: { records: { id: number }[] } }).data.records;
  const masts: TLoadMast[] = [];
  for (const site of sites) {
    if (masts.length >= count) break;
    const v = await fetch(`${base}/web/version/list?stationId=${site.id}`, { headers: { token } });
    const list = ((await v.json()) as { data: { id: number; endTime?: string | null }[] }).data;
    if (!list[0]?.endTime) continue;
    const c = await fetch(`${base}/web/version/channels?versionId=${list[0].id}`, { headers: { token } });
    const channels =
      ((await c.json()) as { data: { id: number; element: string; statistic: string }[] }).data ?? [];
    const speed = channels.find(
      (x) => x.element === 'ws' && (x.statistic === 'avg' || x.statistic === 'mean'),
    );
    if (!speed) continue;
    const d = await fetch(`${base}/data-process/longterm/default?stationId=${site.id}`, {
      headers: { token },
    });
    const preset = ((await d.json()) as { data: Record<string, unknown> | null }).data;
    const compare =
      preset?.reference && preset.versionId && preset.speedChannelId
        ? {
            versionId: preset.versionId,
            speedChannelId: preset.speedChannelId,
            ...(preset.directionChannelId ? { directionChannelId: preset.directionChannelId } : {}),
            reference: preset.reference,
            period: preset.period,
            coverage: preset.coverage,
            sectors: preset.sectors,
          }
        : undefined;
    masts.push({ stationId: site.id, versionId: list[0].id, channelId: speed.id, compare });
  }
  return masts;
}

/**
 * Runs one simulated user per token for `durationMs`; user u calls `bases[u % bases.length]` (…/api of
 * one API process: round-robin per user over several).
 */
export async function runUsers(options: {
  bases: string[];
  tokens: string[];
  masts: TLoadMast[];
  months: TLoadMonth[];
  durationMs: number;
}): Promise<TLoadOutcome> {
  const { bases, tokens, masts, months, durationMs } = options;
  const outcome: TLoadOutcome = {
    times: [],
    errors: 0,
    byUrl: new Map(),
    errorsByUrl: new Map(),
    errorKinds: new Set(),
    seconds: 0,
  };
  const fail = (url: string) => {
    outcome.errors++;
    outcome.errorsByUrl.set(url, (outcome.errorsByUrl.get(url) ?? 0) + 1);
  };
  const started = Date.now();
  const user = async (u: number) => {
    const userToken = tokens[u]!;
    const base = bases[u % bases.length]!;
    let k = u;
    // One user in ten runs one long-term compare, another one suitability check, at some point of the
    // minute (an engineer runs them now and then; each is seconds of a compute thread).
    const heavyAt = 3 + (u % 20);
    const heavy = u % 10 === 0 ? 'compare' : u % 10 === 5 ? 'suitability' : undefined;
    for (let step = 0; Date.now() - started < durationMs; step++) {
      k = (k * 1103515245 + 12345) & 0x7fffffff;
      const pick = k % 100;
      const mast = masts[k % masts.length]!;
      const month = months[(k >> 8) % months.length]!;
      // The mix of issue 43 §4: the list, map, chart, table and statistics of before, and the newer
      // screens' calls — long-term compare, suitability, data receipts, access tokens.
      let method: 'GET' | 'POST' = 'POST';
      let url: string;
      let body: unknown;
      if (step === heavyAt && heavy === 'suitability')
        [url, body] = [
          '/data-process/suitability/check',
          { versionId: mast.versionId, speedChannelId: mast.channelId, hubHeight: 100 },
        ];
      else if (step === heavyAt && heavy === 'compare' && mast.compare)
        [url, body] = ['/data-process/longterm/compare', mast.compare];
      else if (pick < 27) [url, body] = ['/web/station/page', { pageNo: 1 + (k % 15), pageSize: 20 }];
      else if (pick < 44) [url, body] = ['/web/station/search', { mode: 'map' }];
      else if (pick < 62)
        [url, body] = [
          '/web/version/data/chart',
          { versionId: mast.versionId, channelIds: [mast.channelId], ...month, maxPoints: 2000 },
        ];
      else if (pick < 75)
        [url, body] = [
          '/web/version/data/page',
          { versionId: mast.versionId, pageNo: 1, pageSize: 500, ...month },
        ];
      else if (pick < 87)
        [url, body] = ['/data-process/statistics/analysis', { versionId: mast.versionId, ...month }];
      else if (pick < 93)
        [url, body] = ['/web/receipt/page', { pageNo: 1, pageSize: 20, stationId: mast.stationId }];
      else [method, url, body] = ['GET', '/security/sys/user/access_token/list', undefined];
      const t = performance.now();
      try {
        const r = await fetch(`${base}${url}`, {
          method,
          headers: {
            ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
            token: userToken,
            'utc-code': '+08:00',
          },
          ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
        });
        const reply = (await r.json()) as { code: number; data?: { errorCode?: string } };
        if (reply.code !== 200) {
          fail(url);
          outcome.errorKinds.add(`${url} ${r.status} ${reply.data?.errorCode ?? ''}`);
        }
      } catch {
        fail(url);
      }
      const ms = performance.now() - t;
      outcome.times.push(ms);
      outcome.byUrl.set(url, [...(outcome.byUrl.get(url) ?? []), ms]);
      await new Promise((r) => setTimeout(r, 500 + (k % 1000)));
    }
  };
  await Promise.all(Array.from({ length: tokens.length }, (_, u) => user(u)));
  outcome.seconds = (Date.now() - started) / 1000;
  return outcome;
}

/** Prints a run's totals, its kinds of error and each call's count, p50, p95 and errors. */
export function printLoad(outcome: TLoadOutcome): void {
  const { times } = outcome;
  console.log(
    `  (load: ${times.length} requests in ${outcome.seconds.toFixed(0)} s, ${outcome.errors} errors, p50 ${Math.round(
      percentile(times, 50),
    )} ms, p99 ${Math.round(percentile(times, 99))} ms)`,
  );
  for (const kind of outcome.errorKinds) console.log(`    error: ${kind}`);
  for (const [url, list] of outcome.byUrl) {
    console.log(
      `    ${url}: ${list.length} calls, p50 ${Math.round(percentile(list, 50))} ms, p95 ${Math.round(percentile(list, 95))} ms, ${outcome.errorsByUrl.get(url) ?? 0} errors`,
    );
  }
}
