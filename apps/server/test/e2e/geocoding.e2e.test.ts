import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../test-server.ts';

interface TResult {
  kind: string;
  name: string;
  code?: string;
  source: string;
  longitude: number;
  latitude: number;
  bounds?: [number, number, number, number];
}

let server: TTestServer;
let token: string;
let visible: { id: number; stationCode: string };
let hidden: { id: number; stationCode: string };

beforeAll(async () => {
  server = await startTestServer({
    MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png',
    GEOCODER_PROVIDER: 'tianditu',
  });
  visible = await buildStation(server.db, { projectName: '张北风电场测风塔' });
  hidden = await buildStation(server.db, { projectName: '张北隐藏测风塔' });
  const user = await buildUser(server.db, { dataScope: 'list' });
  await grantRoleStations(server.db, user.roleId, [visible.id]);
  token = await server.login(user.account, user.password);
});
afterAll(async () => {
  await server.stop();
});

async function search(keywords: string, language: 'ZH' | 'EN' = 'ZH') {
  const r = await server.call(
    'GET',
    `/api/web/geocode/search?keywords=${encodeURIComponent(keywords)}&limit=20`,
    {
      token,
      language,
    },
  );
  expect(r.status).toBe(200);
  return r.body.data as {
    results: TResult[];
    providers: { name: string; enabled: boolean; reason?: string }[];
  };
}

describe('GET /api/web/geocode/search (offline provider)', () => {
  it('finds a visible site by its code and by its name, as a point', async () => {
    const byCode = await search(visible.stationCode);
    expect(byCode.results).toContainEqual(
      expect.objectContaining({ kind: 'site', code: visible.stationCode, name: '张北风电场测风塔' }),
    );
    const byName = await search('张北风电场');
    const site = byName.results.find((r) => r.kind === 'site');
    expect(site).toMatchObject({ code: visible.stationCode, source: 'offline' });
    expect(site?.bounds).toBeUndefined();
    expect(site?.longitude).toBeGreaterThan(100);
  });

  it('never returns a site the caller cannot see', async () => {
    for (const keywords of [hidden.stationCode, '张北隐藏', '张北']) {
      const { results } = await search(keywords);
      expect(results.some((r) => r.code === hidden.stationCode)).toBe(false);
    }
  });

  it('finds a province and a city by Chinese name, with bounds', async () => {
    const province = (await search('河北')).results.find((r) => r.kind === 'region' && r.code === '130000');
    expect(province).toMatchObject({ name: '河北省', bounds: [113.4, 36.0, 119.9, 42.7] });
    expect(province?.longitude).toBeCloseTo(116.65, 1);

    const city = (await search('石家庄')).results.find((r) => r.kind === 'region');
    expect(city?.code).toBe('130100');
    expect(city?.name).toContain('石家庄');
    expect(city?.bounds).toHaveLength(4);
    const [w, s, e, n] = city?.bounds ?? [0, 0, 0, 0];
    expect(w).toBeLessThan(114.5);
    expect(e).toBeGreaterThan(114.5);
    expect(s).toBeLessThan(38);
    expect(n).toBeGreaterThan(38);
  });

  it('names provinces in English for English callers', async () => {
    const { results } = await search('Hebei', 'EN');
    expect(results[0]).toMatchObject({ kind: 'region', code: '130000', name: 'Hebei' });
  });

  it('answers nothing for empty keywords, and refuses anonymous callers', async () => {
    expect((await search('')).results).toEqual([]);
    const r = await server.call('GET', '/api/web/geocode/search?keywords=河北');
    expect(r.status).not.toBe(200);
  });

  it('says the online provider is disabled without a key (offline still answers)', async () => {
    const { providers, results } = await search('河北');
    expect(providers).toEqual([
      { name: 'offline', enabled: true },
      { name: 'tianditu', enabled: false, reason: 'missingKey' },
    ]);
    expect(results.every((r) => r.source === 'offline')).toBe(true);
  });
});

describe('map settings in systemInfo', () => {
  it('returns MAP_TILE_URL as mapTileUrl', async () => {
    const r = await server.call('POST', '/api/web/sys_info/systemInfoGet');
    expect(r.body.data.mapTileUrl).toBe('https://tiles.example.com/{z}/{x}/{y}.png');
  });

  it('is empty (offline) by default and the admin sees the online provider as not configured', async () => {
    const plain = await startTestServer();
    try {
      const info = await plain.call('POST', '/api/web/sys_info/systemInfoGet');
      expect(info.body.data.mapTileUrl).toBe('');
      const adminToken = await plain.login('admin', TEST_ADMIN_PASSWORD);
      const r = await plain.call('GET', '/api/web/geocode/search?keywords=北京', { token: adminToken });
      expect(r.body.data.providers).toEqual([
        { name: 'offline', enabled: true },
        { name: 'online', enabled: false, reason: 'notConfigured' },
      ]);
      expect(r.body.data.results[0]).toMatchObject({ kind: 'region', code: '110000' });
    } finally {
      await plain.stop();
    }
  });
});

describe('personal config: map annotations', () => {
  it('stores valid notes and refuses a malformed one', async () => {
    const note = { id: 'n1', longitude: 116.4, latitude: 39.9, text: '测风塔选址' };
    const ok = await server.call('POST', '/api/web/personalConfig/saveOrUpdateBatch', {
      token,
      body: [{ type: 'mapAnnotations', key: 'notes', value: [note] }],
    });
    expect(ok.status).toBe(200);
    const list = await server.call('POST', '/api/web/personalConfig/listByType', {
      token,
      body: { type: 'mapAnnotations' },
    });
    expect(list.body.data[0]).toMatchObject({ key: 'notes', value: [note] });
    const bad = await server.call('POST', '/api/web/personalConfig/saveOrUpdateBatch', {
      token,
      body: [{ type: 'mapAnnotations', key: 'notes', value: [{ ...note, latitude: 123 }] }],
    });
    expect(bad.status).toBe(400);
  });
});
