import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { demoFirstMonthFor, seedDemoTimeseries } from '../../src/modules/seed/demo-timeseries.ts';
import {
  seedDemoApplications,
  seedDemoDataReports,
  seedDemoLongTerm,
  seedDemoMapLayers,
  seedDemoOperations,
  seedDemoReports,
} from '../../src/modules/seed/index.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { multipartBody } from '../multipart.ts';
import { startTestServer, TEST_ADMIN_PASSWORD, type TTestServer } from '../test-server.ts';
import { buildContext } from './token-scopes.context.ts';
import { routeFixtures, type TContext, type TFixture } from './token-scopes.fixtures.ts';
import { changedTables, tableChecksums } from './token-scopes.tables.ts';

/**
 * Issue 39 §1, proven over the whole API rather than by a list: every route of the route table is called
 * with a personal access token of scope `read` and with one of scope `download` — an administrator's, so no
 * function or data permission stands in the way — with valid-shaped input for that route (a fixture per
 * route in token-scopes.fixtures.ts, required by the first test, checked against the route's own schemas);
 * after each call every table of the database is compared with its checksum before the call. A route the
 * token's scope does not reach answers 403 ACCESS_TOKEN_SCOPE; `session-only` routes answer 403
 * ACCESS_TOKEN_SESSION_ONLY to a token of any scope, `write` included. Tables a call is meant to write
 * whatever its scope are left out of the comparison, each with its reason (token-scopes.tables.ts).
 */

let server: TTestServer;
let session: string;
let ctx: TContext;
const secrets: Record<'read' | 'download' | 'all', string> = { read: '', download: '', all: '' };
/** Every call the test made: route, token, status — printed at the end. */
const calls: { route: string; token: string; status: number; ms: number; note: string }[] = [];

/** `SCOPE_TEST_ONLY=<regex>` calls only the matching routes (while working on one); CI calls them all. */
const only = process.env.SCOPE_TEST_ONLY ? new RegExp(process.env.SCOPE_TEST_ONLY) : null;
const routes = () => server.app.routeCatalogue.filter((r) => r.scope !== 'public');
const calledRoutes = () => routes().filter((r) => !only || only.test(`${r.method} ${r.url}`));
const keyOf = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

async function createToken(scopes: string[]): Promise<string> {
  const r = await server.call('POST', '/api/security/sys/user/access_token/create', {
    token: session,
    body: { name: `scope test ${scopes.join('+')}`, scopes, stationIds: [], expiresInDays: 1 },
  });
  expect(r.status, r.body.msg).toBe(200);
  return r.body.data.secret as string;
}

/** Calls a route with a bearer token and the fixture's input; answers status, envelope (if JSON) and bytes. */
async function callWith(route: { method: string; url: string }, fixture: TFixture, secret: string) {
  const input = await fixture.input(ctx);
  let url = route.url;
  for (const [name, value] of Object.entries(input.params ?? {}))
    url = url.replace(`:${name}`, String(value));
  if (input.query) {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(input.query)) {
      if (v !== undefined) search.set(k, Array.isArray(v) ? v.join(',') : String(v));
    }
    url += `?${search}`;
  }
  const headers: Record<string, string> = {
    authorization: `Bearer ${secret}`,
    language: 'EN',
    ...input.headers,
  };
  let payload: string | Buffer | undefined;
  if (input.multipart) {
    const form = multipartBody(input.multipart);
    headers['content-type'] = form.contentType;
    payload = form.payload;
  } else if (input.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(input.body);
  }
  const r = await server.app.inject({ method: route.method as 'GET', url, headers, payload });
  const isJson = String(r.headers['content-type'] ?? '').includes('json');
  return { status: r.statusCode, body: isJson ? r.json() : null };
}

beforeAll(async () => {
  server = await startTestServer({
    // Records for every route: the demo register (sites, roles, users, rules, channel configurations…).
    SEED_DEMO_DATA: 'true',
    // No job runs on its own between two checksums; the jobs a call would queue show in pgboss.job.
    JOBS_ENABLED: 'false',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    ACCESS_TOKEN_RATE_PER_MINUTE: '100000',
    ...(process.env.SCOPE_TEST_LOG ? { LOG_LEVEL: process.env.SCOPE_TEST_LOG } : {}),
  });
  session = await server.login('admin', TEST_ADMIN_PASSWORD);
  const log = createLogger({ LOG_LEVEL: 'silent' });
  const { services, db } = server;
  // Two demo masts with two months of data through the real ingestion path, then what the first start
  // builds on them: alarms and repairs, report groups with a report, data reports, download applications,
  // the long-term reference and convergence, map layers.
  const seeded = { firstMonth: demoFirstMonthFor(new Date()), months: 2 };
  await seedDemoTimeseries(db, services.ingestion, log, { siteCount: 2, ...seeded });
  await seedDemoOperations(db, services.alarms, log);
  await seedDemoReports(db, services.reports, log);
  await seedDemoDataReports(db, services.dataReports, log);
  await seedDemoApplications(db, services.apply, log);
  await seedDemoLongTerm(db, { files: services.files, convergence: services.longTermConvergence }, log);
  await seedDemoMapLayers(services.mapLayers);
  ctx = await buildContext(server, session, seeded);
  secrets.read = await createToken(['read']);
  secrets.download = await createToken(['download']);
  secrets.all = await createToken(['read', 'download', 'write']);
  // The hub's rolling windows move with the UTC day on the day's first hub call: made here, by a session.
  expect((await server.call('GET', '/api/web/hub/overview', { token: session })).status).toBe(200);
}, 600_000);

afterAll(async () => {
  if (calls.length > 0) {
    console.log(
      `Whole-API scope test: ${calls.length} calls\n${calls
        .map(
          (c) =>
            `${c.route.padEnd(62)} ${c.token.padEnd(8)} ${String(c.status).padEnd(4)} ${String(c.ms).padStart(6)} ms ${c.note}`,
        )
        .join('\n')}`,
    );
  }
  await server?.stop();
});

describe('every route states the token scope it needs, proven over the whole API (issue 39 §1)', () => {
  it('has a fixture for every route of the route table, each valid for the route’s own schemas', async () => {
    const fixtures = routeFixtures();
    const missing = routes()
      .map(keyOf)
      .filter((key) => !(key in fixtures));
    expect(missing, 'routes without a fixture in token-scopes.fixtures.ts').toEqual([]);
    const stale = Object.keys(fixtures).filter((key) => !routes().some((r) => keyOf(r) === key));
    expect(stale, 'fixtures of routes that no longer exist').toEqual([]);
    const invalid: string[] = [];
    for (const route of routes()) {
      const input = await fixtures[keyOf(route)]!.input(ctx);
      const check = (schema: z.ZodType | undefined, value: unknown, part: string) => {
        if (!schema) return;
        const parsed = schema.safeParse(value ?? {});
        if (!parsed.success) {
          const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
          invalid.push(`${keyOf(route)} ${part}: ${issues}`);
        }
      };
      // Query and path parameters arrive as text, lists joined by commas (as callWith sends them).
      const asText = (values?: Record<string, unknown>) =>
        values &&
        Object.fromEntries(
          Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]),
        );
      check(route.input.body, input.body, 'body');
      check(route.input.query, asText(input.query), 'query');
      check(route.input.params, asText(input.params), 'params');
    }
    expect(invalid).toEqual([]);
  });

  it('answers a read or a download token within its scope and changes nothing in the database', async () => {
    const fixtures = routeFixtures();
    const changed: string[] = [];
    const wrongStatus: string[] = [];
    // One snapshot between two calls: the one after a call is the one before the next.
    let last = await tableChecksums(server.db);
    for (const route of calledRoutes()) {
      const fixture = fixtures[keyOf(route)]!;
      for (const token of ['read', 'download'] as const) {
        const before = last;
        const started = performance.now();
        const r = await callWith(route, fixture, secrets[token]);
        const ms = Math.round(performance.now() - started);
        const after = await tableChecksums(server.db);
        last = after;
        const diff = changedTables(before, after, token);
        if (diff.length > 0) changed.push(`${keyOf(route)} with ${token}: ${diff.join(', ')}`);
        let expected: number;
        let note: string;
        if (route.scope === 'session-only') {
          expected = 403;
          note = r.body?.msg ?? '';
          if (r.body?.code !== 403 || !/login session/.test(note))
            wrongStatus.push(`${keyOf(route)}: ${note}`);
        } else if (route.scope !== token) {
          expected = 403;
          note = r.body?.msg ?? '';
          if (!/scope/.test(note)) wrongStatus.push(`${keyOf(route)} with ${token}: ${r.status} ${note}`);
        } else {
          expected = fixture.status ?? 200;
          note = fixture.reason ?? '';
        }
        if (r.status !== expected)
          wrongStatus.push(
            `${keyOf(route)} with ${token}: ${r.status} (expected ${expected}) ${r.body?.msg ?? ''}`,
          );
        calls.push({ route: keyOf(route), token, status: r.status, ms, note });
      }
    }
    expect(changed, 'routes that changed the database').toEqual([]);
    expect(wrongStatus).toEqual([]);
  }, 600_000);

  it('answers every session-only route 403 to a token of every scope, and changes nothing', async () => {
    const fixtures = routeFixtures();
    const sessionOnly = calledRoutes().filter((r) => r.scope === 'session-only');
    if (!only) expect(sessionOnly.length).toBeGreaterThan(10);
    for (const route of sessionOnly) {
      const before = await tableChecksums(server.db);
      const r = await callWith(route, fixtures[keyOf(route)]!, secrets.all);
      expect(r.status, keyOf(route)).toBe(403);
      expect(r.body.msg).toMatch(/login session/);
      expect(changedTables(before, await tableChecksums(server.db), 'read'), keyOf(route)).toEqual([]);
      calls.push({ route: keyOf(route), token: 'all', status: r.status, ms: 0, note: r.body.msg });
    }
  });
});
