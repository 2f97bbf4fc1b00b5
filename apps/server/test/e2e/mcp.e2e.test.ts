import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  type TTestServer,
} from '../test-server.ts';
import { seedOriginal } from '../wind-fixtures.ts';

/**
 * The Model Context Protocol server (issue 32) with the SDK's own client, over streamable HTTP at /mcp on
 * real PostgreSQL and over stdio (`npm run mcp`): the tools, the statistics of a seeded version, a token
 * limited to one site that sees nothing else, and the refusals (no token, revoked, no read scope).
 */
const CREATE = '/api/security/sys/user/access_token/create';
const REVOKE = '/api/security/sys/user/access_token/revoke';
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const START = Date.UTC(2025, 0, 1);
const N = 30 * 144;

let server: TTestServer;
let base: string;
let session: string;
let engineerId: number;
const sites: { id: number; stationCode: string }[] = [];
const versions: number[] = [];
const speed80: number[] = [];
const secrets: Record<'full' | 'limited' | 'writeOnly' | 'revoked', string> = {
  full: '',
  limited: '',
  writeOnly: '',
  revoked: '',
};
// 80 m speeds, and 40 m ones by a power law of exponent 0.2 (so the fitted shear is 0.2).
const ws80 = Float32Array.from({ length: N }, (_, i) => 6 + 3 * Math.sin(i / 37) + (i % 7) * 0.2);
const ws40 = Float32Array.from(ws80, (v) => v * 0.5 ** 0.2);
const meanOf = (values: Float32Array) => values.reduce((s, v) => s + v, 0) / values.length;

async function createToken(body: Record<string, unknown>) {
  const r = await server.call('POST', CREATE, { token: session, body: { expiresInDays: 30, ...body } });
  expect(r.status, r.body.msg).toBe(200);
  return r.body.data as { id: number; secret: string };
}

async function connect(secret: string, language?: 'ZH' | 'EN'): Promise<Client> {
  const client = new Client({ name: 'masthub-test', version: '1.0.0' });
  const headers: Record<string, string> = { authorization: `Bearer ${secret}` };
  if (language) headers.language = language;
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }),
  );
  return client;
}

type TToolResult = { isError?: boolean; content: { type: string; text?: string }[] };

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as TToolResult;
  const text = result.content[0]?.text ?? '';
  return { isError: result.isError === true, text, value: result.isError ? null : JSON.parse(text) };
}

beforeAll(async () => {
  server = await startTestServer({ ACCESS_TOKEN_RATE_PER_MINUTE: '1000' });
  const db = server.db;
  const engineer = await buildUser(db, { features: ['alarm.view'] });
  engineerId = engineer.id;
  for (const name of ['MCP 甲', 'MCP 乙', 'MCP 丙'])
    sites.push(await buildStation(db, { projectName: name }));
  // The engineer sees the first two sites; the third is nobody's business of theirs.
  await grantRoleStations(db, engineer.roleId, [sites[0]!.id, sites[1]!.id]);
  for (const [k, site] of sites.entries()) {
    const factor = 1 + k * 0.1;
    const seeded = await seedOriginal(server, site.id, START, [
      { dataKey: 'ws80', element: 'ws', heightM: 80, values: ws80.map((v) => v * factor) },
      { dataKey: 'ws40', element: 'ws', heightM: 40, values: ws40.map((v) => v * factor) },
      {
        dataKey: 'wd78',
        element: 'wd',
        heightM: 78,
        unit: 'deg',
        values: ws80.map((_, i) => (i * 13) % 360),
      },
    ]);
    versions.push(seeded.versionId);
    speed80.push(seeded.channels.ws80!.id);
    await db
      .insertInto('alarm')
      .values({
        station_id: site.id,
        type: 'data_missing',
        channel_key: `mcp-${k}`,
        period_start: new Date(START),
        period_end: new Date(START + 86_400_000),
      })
      .execute();
  }
  session = await server.login(engineer.account, engineer.password);
  secrets.full = (await createToken({ name: 'full', scopes: ['read'] })).secret;
  secrets.limited = (
    await createToken({ name: 'one site', scopes: ['read'], stationIds: [sites[0]!.id] })
  ).secret;
  secrets.writeOnly = (await createToken({ name: 'write only', scopes: ['write'] })).secret;
  const revoked = await createToken({ name: 'revoked', scopes: ['read'] });
  secrets.revoked = revoked.secret;
  const r = await server.call('POST', REVOKE, { token: session, body: { id: revoked.id } });
  expect(r.status, r.body.msg).toBe(200);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('the MCP server over streamable HTTP', () => {
  it('lists its read-only tools with their input schemas', async () => {
    const client = await connect(secrets.full);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'describe_site',
      'find_sites',
      'get_energy_yield',
      'get_statistics',
      'list_open_alarms',
      'list_turbines',
      'list_versions',
    ]);
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
    }
    const stats = tools.find((t) => t.name === 'get_statistics')!;
    expect(stats.inputSchema.required).toEqual(['versionId']);
    await client.close();
  });

  it('finds the sites, lists a version and returns its statistics: the figures of the data', async () => {
    const client = await connect(secrets.full, 'EN');
    const found = await call(client, 'find_sites', { query: 'MCP' });
    expect(found.isError, found.text).toBe(false);
    expect(found.value.sites.map((s: { id: number }) => s.id).sort()).toEqual([sites[0]!.id, sites[1]!.id]);
    // By province: its Chinese name, English name or code matches the sites of its cities.
    await server.db
      .updateTable('station')
      .set({ region_code: '130100' })
      .where('id', '=', sites[0]!.id)
      .execute();
    for (const province of ['河北', 'Hebei', '130000']) {
      const r = await call(client, 'find_sites', { province });
      expect(
        r.value.sites.map((x: { id: number }) => x.id),
        province,
      ).toEqual([sites[0]!.id]);
    }
    const listed = await call(client, 'list_versions', { stationId: sites[0]!.id });
    expect(listed.value.map((v: { id: number }) => v.id)).toEqual([versions[0]]);
    const described = await call(client, 'describe_site', { stationId: sites[0]!.id });
    expect(described.value.site.stationCode).toBe(sites[0]!.stationCode);
    expect(described.value.dataChannels.map((c: { heightM: number }) => c.heightM)).toEqual([80, 40, 78]);

    const stats = await call(client, 'get_statistics', { versionId: versions[0] });
    expect(stats.isError, stats.text).toBe(false);
    const s = stats.value;
    expect(s.recordCount).toBe(N);
    const byHeight = Object.fromEntries(
      s.meanSpeedByHeight.map((h: { heightM: number; meanSpeed: number }) => [h.heightM, h.meanSpeed]),
    );
    expect(byHeight[80]).toBeCloseTo(meanOf(ws80), 2);
    expect(byHeight[40]).toBeCloseTo(meanOf(ws40), 2);
    expect(s.shear.exponent).toBeCloseTo(0.2, 3);
    expect(s.recovery.every((r: { recoveryPct: number }) => r.recoveryPct === 100)).toBe(true);
    // The same figures as the API's statistics call with the same token.
    const api = await server.app.inject({
      method: 'POST',
      url: '/api/data-process/statistics/analysis',
      headers: { authorization: `Bearer ${secrets.full}` },
      payload: { versionId: versions[0] },
    });
    const analysis = api.json().data;
    const weibull80 = analysis.frequency.items.find(
      (i: { channelId: number }) => i.channelId === s.weibull[0].channelId,
    );
    expect(s.weibull[0].scaleA).toBe(weibull80.weibull.scale);
    expect(s.weibull[0].shapeK).toBe(weibull80.weibull.shape);
    expect(s.shear.exponent).toBe(analysis.shear.exponent);
    expect(s.turbulence.items).toEqual([]);
    // What the figures stood on, as the API says it (issue 41 §1: every answer says it, the MCP tools too).
    expect(s.basis).toEqual(analysis.basis);
    expect(s.basis.policy).toEqual({ includeSuspicious: true, includeFilled: true });
    // A summary, not the whole analysis.
    expect(stats.text.length).toBeLessThan(JSON.stringify(analysis).length / 5);
    await client.close();
  });

  it('limits a token to its one site: nothing else is found, and calls on another site are refused', async () => {
    const client = await connect(secrets.limited, 'EN');
    const found = await call(client, 'find_sites', {});
    expect(found.value.sites.map((s: { id: number }) => s.id)).toEqual([sites[0]!.id]);
    expect(found.value.total).toBe(1);
    const api = await server.app.inject({
      method: 'GET',
      url: `/api/web/version/list?stationId=${sites[1]!.id}`,
      headers: { authorization: `Bearer ${secrets.limited}`, language: 'EN' },
    });
    expect(api.statusCode).toBe(403);
    for (const [name, args] of [
      ['get_statistics', { versionId: versions[1] }],
      ['get_statistics', { versionId: versions[2] }],
      ['list_versions', { stationId: sites[1]!.id }],
      ['describe_site', { stationId: sites[1]!.id }],
      ['list_open_alarms', { stationId: sites[1]!.id }],
    ] as const) {
      const r = await call(client, name, args);
      expect(r.isError, `${name} ${r.text}`).toBe(true);
      expect(r.text).toBe(api.json().msg);
      expect(r.text).not.toMatch(/meanSpeed|recordCount|versionName/);
    }
    // Its own site answers.
    const own = await call(client, 'get_statistics', { versionId: versions[0] });
    expect(own.isError, own.text).toBe(false);
    await client.close();
  });

  it('gives the energy yield of the API and the open alarms of the sites the token may see', async () => {
    const client = await connect(secrets.full, 'EN');
    const turbines = await call(client, 'list_turbines', { query: 'NREL' });
    expect(turbines.value.length).toBeGreaterThan(0);
    const request = {
      versionId: versions[0],
      speedChannelId: speed80[0],
      hubHeight: 90,
      turbineIds: [turbines.value[0].id],
    };
    const energy = await call(client, 'get_energy_yield', request);
    expect(energy.isError, energy.text).toBe(false);
    const api = await server.app.inject({
      method: 'POST',
      url: '/api/data-process/energy/calculate',
      headers: { authorization: `Bearer ${secrets.full}` },
      payload: request,
    });
    expect(api.statusCode, api.body).toBe(200);
    const expected = api.json().data.turbines[0];
    expect(energy.value.turbines[0]).toMatchObject({
      turbineId: turbines.value[0].id,
      grossMwh: expected.grossMwh,
      netMwh: expected.netMwh,
      exceedance: expected.exceedance,
    });
    expect(energy.value.turbines[0].netMwh).toBeGreaterThan(0);
    expect(energy.value.basis).toEqual(api.json().data.basis);
    expect(energy.value.basis.versionId).toBe(versions[0]);
    const stationsOf = (r: { value: { alarms: { stationId: number }[] } }) =>
      r.value.alarms.map((a) => a.stationId).sort((a, b) => a - b);
    const all = await call(client, 'list_open_alarms', {});
    expect(stationsOf(all)).toEqual([sites[0]!.id, sites[1]!.id]);
    await client.close();
    const limited = await connect(secrets.limited, 'EN');
    expect(stationsOf(await call(limited, 'list_open_alarms', {}))).toEqual([sites[0]!.id]);
    await limited.close();
  });

  it('offers the alarms only to a user who may see them, like the API', async () => {
    const viewer = await buildUser(server.db, { features: [] });
    await grantRoleStations(server.db, viewer.roleId, [sites[0]!.id]);
    const token = await server.login(viewer.account, viewer.password);
    const r = await server.call('POST', CREATE, {
      token,
      body: { name: 'no alarms', expiresInDays: 1, scopes: ['read'] },
    });
    const client = await connect(r.body.data.secret, 'EN');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).not.toContain('list_open_alarms');
    expect(await call(client, 'list_open_alarms', {})).toMatchObject({
      isError: true,
      text: 'No access permission',
    });
    expect((await call(client, 'find_sites', {})).value.total).toBe(1);
    await client.close();
  });

  it('follows the user’s current rights: a site taken from the user is gone from the next call', async () => {
    const user = await buildUser(server.db, { features: [] });
    await grantRoleStations(server.db, user.roleId, [sites[2]!.id]);
    const token = await server.login(user.account, user.password);
    const r = await server.call('POST', CREATE, {
      token,
      body: { name: 'rights', expiresInDays: 1, scopes: ['read'] },
    });
    const client = await connect(r.body.data.secret, 'EN');
    expect((await call(client, 'list_versions', { stationId: sites[2]!.id })).isError).toBe(false);
    await server.db.deleteFrom('role_station').where('role_id', '=', user.roleId).execute();
    expect((await call(client, 'find_sites', {})).value.sites).toEqual([]);
    expect(await call(client, 'list_versions', { stationId: sites[2]!.id })).toMatchObject({ isError: true });
    await client.close();
  });

  it('says what is wrong in the caller’s language (zh by default)', async () => {
    const zh = await connect(secrets.full);
    const bad = await call(zh, 'get_statistics', { versionId: 'x', sectors: 10 });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/[\u4e00-\u9fff]/);
    expect(bad.text).toMatch(/sectors/);
    const refused = await call(zh, 'list_versions', { stationId: sites[2]!.id });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/[\u4e00-\u9fff]/);
    await zh.close();
    const en = await connect(secrets.full, 'EN');
    const province = await call(en, 'find_sites', { province: 'Atlantis' });
    expect(province).toMatchObject({
      isError: true,
      text: 'The request has invalid fields: province Please choose a valid option',
    });
    await en.close();
  });

  it('refuses a call without a token, with a revoked token or without the read scope', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    const post = (authorization?: string) =>
      fetch(`${base}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          language: 'EN',
          ...(authorization ? { authorization } : {}),
        },
        body: JSON.stringify(initialize),
      });
    expect((await post()).status).toBe(401);
    const revoked = await post(`Bearer ${secrets.revoked}`);
    expect(revoked.status).toBe(401);
    expect(((await revoked.json()) as { msg: string }).msg).toMatch(/token/i);
    const writeOnly = await post(`Bearer ${secrets.writeOnly}`);
    expect(writeOnly.status).toBe(403);
    expect(((await writeOnly.json()) as { msg: string }).msg).toMatch(/read/);
    const ok = await post(`Bearer ${secrets.full}`);
    expect(ok.status).toBe(200);
    // A stateless server opens no event stream: 405, which the SDK's client takes in its stride.
    const stream = await fetch(`${base}/mcp`, {
      headers: { authorization: `Bearer ${secrets.full}`, accept: 'text/event-stream', language: 'EN' },
    });
    expect(stream.status).toBe(405);
    expect(await stream.json()).toMatchObject({ error: { message: 'No such API: GET /mcp' } });
    expect((await fetch(`${base}/mcp`, { headers: { accept: 'text/event-stream' } })).status).toBe(401);
    // The SDK's client cannot connect with them either.
    for (const secret of [secrets.revoked, secrets.writeOnly, 'mht_unknown']) {
      await expect(connect(secret)).rejects.toThrow();
    }
  });
});

describe('the MCP endpoint’s bounds (issue 39 §5)', () => {
  const post = (body: unknown, language = 'EN') =>
    fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
        authorization: `Bearer ${secrets.full}`,
        language,
      },
      body: JSON.stringify(body),
    });
  const findSites = (id: number) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'find_sites', arguments: { limit: 100 } },
  });

  it('refuses a JSON-RPC batch as a whole with Invalid Request, so one request is one counted tool call', async () => {
    const batch = await post(Array.from({ length: 100 }, (_, i) => findSites(i + 1)));
    expect(batch.status).toBe(400);
    expect(await batch.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32600,
        message: 'JSON-RPC batches are not accepted: send one JSON-RPC message per request',
      },
      id: null,
    });
    const zh = await post([findSites(1)], 'ZH');
    expect(((await zh.json()) as { error: { message: string } }).error.message).toMatch(
      /不接受 JSON-RPC 批量请求/,
    );
    // One message per request answers as before.
    const single = await post(findSites(7));
    expect(single.status).toBe(200);
    const answer = (await single.json()) as { id: number; result: { content: { text: string }[] } };
    expect(answer.id).toBe(7);
    expect(JSON.parse(answer.result.content[0]!.text).total).toBe(2);
  });

  it('puts every heavy tool call in the heavy-work line: past the user’s places it is refused', async () => {
    const admission = server.services.admission;
    const releases: (() => void)[] = [];
    for (let i = 0; i < admission.limits.perUser; i++)
      releases.push(await admission.admit(engineerId, 'compute'));
    try {
      const client = await connect(secrets.full, 'EN');
      const refused = await call(client, 'get_statistics', { versionId: versions[0] });
      expect(refused.isError).toBe(true);
      expect(refused.text).toMatch(/requests in progress; please wait for one to finish/);
      await client.close();
    } finally {
      for (const release of releases) release();
    }
    expect(admission.load.compute.running).toBe(0);
  });
});

describe('the MCP server over stdio (npm run mcp)', () => {
  it('lists the tools and answers as the token in MASTHUB_TOKEN, within its one site', async () => {
    const client = new Client({ name: 'masthub-stdio-test', version: '1.0.0' });
    const transport = new StdioClientTransport({
      command: 'npm',
      args: ['run', '--silent', 'mcp'],
      cwd: ROOT,
      env: {
        ...(process.env as Record<string, string>),
        DATABASE_URL: server.databaseUrl,
        MASTHUB_TOKEN: secrets.limited,
        MASTHUB_LANGUAGE: 'EN',
        LOG_LEVEL: 'warn',
        COMPUTE_THREADS: '0',
        SEED_DEMO_DATA: 'false',
      },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    try {
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('get_statistics');
      const found = await call(client, 'find_sites', {});
      expect(found.value.sites.map((s: { id: number }) => s.id)).toEqual([sites[0]!.id]);
      const refused = await call(client, 'list_versions', { stationId: sites[1]!.id });
      expect(refused).toMatchObject({ isError: true, text: 'No access permission' });
    } catch (error) {
      throw new Error(`${String(error)}\n${stderr}`);
    } finally {
      await client.close();
    }
  }, 120_000);
});
