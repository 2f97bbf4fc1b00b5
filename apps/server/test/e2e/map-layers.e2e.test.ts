import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGeoTiff } from '../../src/modules/meteorology/geotiff.ts';
import { sampleWindSpeed } from '../../src/modules/meteorology/samples/synthetic.ts';
import { seedDemoMapLayers } from '../../src/modules/seed/demo-map-layers.ts';
import { multipartBody } from '../multipart.ts';
import { buildUser, startTestServer, TEST_ADMIN_PASSWORD, type TTestServer } from '../test-server.ts';

/** A 4 × 3 wind grid over 110–114° E, 30–33° N (1° cells), nodata in the last cell. */
const GRID = { west: 110, north: 33, resX: 1, resY: 1, width: 4, height: 3 };
const WIND = Float32Array.from([5, 6, 7, 8, 4, 5, 6, 7, 3, 4, 5, -9999]);

function tiff(options: { bands?: Float32Array[]; epsg?: number } = {}): Buffer {
  return writeGeoTiff({ ...GRID, bands: options.bands ?? [WIND], nodata: -9999, epsg: options.epsg ?? 4326 });
}

async function countStoredFiles(root: string): Promise<number> {
  let count = 0;
  const walk = async (dir: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name === 'tmp') continue;
      if (e.isDirectory()) await walk(path.join(dir, e.name));
      else count += 1;
    }
  };
  await walk(root);
  return count;
}

let server: TTestServer;
let adminToken: string;
let userToken: string;

async function upload(
  token: string,
  fields: Record<string, string>,
  content: Buffer,
  language: 'ZH' | 'EN' = 'EN',
) {
  const { payload, contentType } = multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', fileName: 'layer.tif', content, contentType: 'image/tiff' },
  ]);
  const r = await server.app.inject({
    method: 'POST',
    url: '/api/web/map_layer/upload',
    headers: { token, language, 'content-type': contentType },
    payload,
  });
  return { status: r.statusCode, body: r.json() };
}

beforeAll(async () => {
  server = await startTestServer({
    HAS_POINT_QUERY: 'true',
    DATA_DIR: `/tmp/masthub-map-layers-${process.pid}`,
  });
  adminToken = await server.login('admin', TEST_ADMIN_PASSWORD);
  const user = await buildUser(server.db, { features: [] });
  userToken = await server.login(user.account, user.password);
});
afterAll(async () => {
  await server.stop();
  await rm(`/tmp/masthub-map-layers-${process.pid}`, { recursive: true, force: true });
});

describe('map layers', () => {
  let layerId: number;

  it('uploads a GeoTIFF and lists it with kind, unit, bounds and legend', async () => {
    const r = await upload(
      adminToken,
      { kind: 'wind_speed', name: '测试风速 100 m', heightM: '100' },
      tiff(),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    layerId = r.body.data.id;
    expect(r.body.data).toMatchObject({
      kind: 'wind_speed',
      unit: 'm/s',
      heightM: 100,
      bounds: [110, 30, 114, 33],
      width: 4,
      height: 3,
      nodata: -9999,
    });
    const list = await server.call('GET', '/api/web/map_layer/list', { token: userToken });
    expect(list.status).toBe(200);
    const layer = list.body.data.find((l: { id: number }) => l.id === layerId);
    expect(layer.legend).toHaveLength(15);
    expect(layer.legend[0].value).toBe(3);
    expect(layer.legend[14].value).toBe(10);
  });

  it('serves the layer image as a cacheable PNG', async () => {
    const r = await server.app.inject({
      method: 'GET',
      url: `/api/web/map_layer/image?id=${layerId}&v=0123abcd`,
      headers: { token: userToken },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/png');
    expect(r.headers['cache-control']).toContain('max-age=31536000');
    const png = r.rawPayload;
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(4);
    // The nodata cell (last pixel) is transparent.
    const idat = png.indexOf('IDAT');
    const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
    expect(raw[raw.length - 1]).toBe(0);
    expect(raw[4]).toBe(255);
    // Second call: the stored rendering, byte for byte.
    const again = await server.app.inject({
      method: 'GET',
      url: `/api/web/map_layer/image?id=${layerId}`,
      headers: { token: userToken },
    });
    expect(again.rawPayload.equals(png)).toBe(true);
  });

  it('answers point values: exact at a node, bilinear between, null outside or on nodata', async () => {
    const query = async (longitude: number, latitude: number) => {
      const r = await server.call('POST', '/api/meteorological/query/wind/point', {
        token: userToken,
        body: { longitude, latitude },
      });
      expect(r.status).toBe(200);
      return r.body.data.find((v: { layerId: number }) => v.layerId === layerId);
    };
    const node = await query(110.5, 32.5);
    expect(node).toMatchObject({ kind: 'wind_speed', unit: 'm/s', heightM: 100, name: '测试风速 100 m' });
    expect(node.value).toBeCloseTo(5, 6);
    expect((await query(111, 32.5)).value).toBeCloseTo(5.5, 6);
    expect((await query(111, 32)).value).toBeCloseTo((5 + 6 + 4 + 5) / 4, 6);
    expect((await query(120, 32)).value).toBeNull();
    expect((await query(113.6, 30.4)).value).toBeNull();
  });

  it('refuses bad coordinates with 400 and localised field messages', async () => {
    const zh = await server.call('POST', '/api/meteorological/query/wind/point', {
      token: userToken,
      body: { longitude: 181, latitude: -91 },
      language: 'ZH',
    });
    expect(zh.status).toBe(400);
    expect(JSON.stringify(zh.body)).toContain('经度范围为 [-180, 180]');
    expect(JSON.stringify(zh.body)).toContain('纬度范围为 [-90, 90]');
    const en = await server.call('POST', '/api/meteorological/query/wind/point', {
      token: userToken,
      body: { longitude: 'east', latitude: 30 },
      language: 'EN',
    });
    expect(en.status).toBe(400);
    expect(JSON.stringify(en.body)).toContain('Longitude must be within [-180, 180]');
  });

  it('refuses a non-GeoTIFF, a projected raster and several bands, storing nothing', async () => {
    const filesDir = path.join(`/tmp/masthub-map-layers-${process.pid}`, 'files');
    const before = await countStoredFiles(filesDir);
    const text = await upload(
      adminToken,
      { kind: 'dem', name: 'x' },
      Buffer.from('hello, not a raster'),
      'ZH',
    );
    expect(text.status).toBe(422);
    expect(text.body.msg).toBe('文件不是有效的 GeoTIFF 栅格');
    const projected = await upload(adminToken, { kind: 'dem', name: 'x' }, tiff({ epsg: 3857 }));
    expect(projected.body.msg).toBe(
      'The raster must use WGS84 longitude/latitude (EPSG:4326); this file uses EPSG:3857',
    );
    const bands = await upload(adminToken, { kind: 'dem', name: 'x' }, tiff({ bands: [WIND, WIND] }));
    expect(bands.body.msg).toBe('The raster must have a single band; this file has 2');
    const badKind = await upload(adminToken, { kind: 'rainfall', name: 'x' }, tiff());
    expect(badKind.status).toBe(400);
    expect(await countStoredFiles(filesDir)).toBe(before);
    const list = await server.call('GET', '/api/web/map_layer/list', { token: userToken });
    expect(list.body.data).toHaveLength(1);
  });

  it('refuses upload and delete to a user without system.rule', async () => {
    const r = await upload(userToken, { kind: 'dem', name: 'x' }, tiff());
    expect(r.status).toBe(403);
    const d = await server.call('GET', `/api/web/map_layer/delete?id=${layerId}`, { token: userToken });
    expect(d.status).toBe(403);
  });

  it('deletes a layer and its stored files', async () => {
    const filesDir = path.join(`/tmp/masthub-map-layers-${process.pid}`, 'files');
    const d = await server.call('GET', `/api/web/map_layer/delete?id=${layerId}`, { token: adminToken });
    expect(d.status).toBe(200);
    expect(await countStoredFiles(filesDir)).toBe(0);
    const list = await server.call('GET', '/api/web/map_layer/list', { token: userToken });
    expect(list.body.data).toEqual([]);
    const again = await server.call('GET', `/api/web/map_layer/delete?id=${layerId}`, { token: adminToken });
    expect(again.status).toBe(404);
  });
});

describe('the demo seed', () => {
  it('registers the clearly labelled synthetic wind and elevation samples once', async () => {
    expect(await seedDemoMapLayers(server.services.mapLayers)).toBe(2);
    expect(await seedDemoMapLayers(server.services.mapLayers)).toBe(0);
    const list = await server.call('GET', '/api/web/map_layer/list', { token: userToken });
    expect(list.body.data.map((l: { kind: string }) => l.kind).sort()).toEqual(['dem', 'wind_speed']);
    for (const layer of list.body.data) expect(layer.name).toMatch(/示例数据（合成）.*Synthetic sample/);
    const r = await server.call('POST', '/api/meteorological/query/wind/point', {
      token: userToken,
      body: { longitude: 113.125, latitude: 43.125 },
    });
    const wind = r.body.data.find((v: { kind: string }) => v.kind === 'wind_speed');
    expect(wind).toMatchObject({ heightM: 100, unit: 'm/s' });
    expect(wind.value).toBeCloseTo(sampleWindSpeed(113.125, 43.125), 3);
  });
});

describe('point query switched off', () => {
  let off: TTestServer;
  beforeAll(async () => {
    off = await startTestServer({ HAS_POINT_QUERY: 'false' });
  });
  afterAll(async () => {
    await off.stop();
  });

  it('refuses with 403 and a clear localised message', async () => {
    const token = await off.login('admin', TEST_ADMIN_PASSWORD);
    const zh = await off.call('POST', '/api/meteorological/query/wind/point', {
      token,
      body: { longitude: 110, latitude: 30 },
      language: 'ZH',
    });
    expect(zh.status).toBe(403);
    expect(zh.body.msg).toBe('本系统未开启点位资源查询');
    const en = await off.call('POST', '/api/meteorological/query/wind/point', {
      token,
      body: { longitude: 110, latitude: 30 },
      language: 'EN',
    });
    expect(en.body.msg).toBe('Point resource query is not enabled on this server');
  });
});
