import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimeSeriesRepository } from '../../src/modules/timeseries/timeseries.repository.ts';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  type TTestServer,
} from '../test-server.ts';

let server: TTestServer;
let token: string;
let versionId: number;
const START = Date.parse('2025-01-01T00:00:00Z');
const ROWS = 6 * 24 * 10;

/** Ten days of a 10-minute logger with two speeds and a vane. */
function loggerCsv(): Buffer {
  const lines = ['Timestamp,WS_80m_Avg,WS_60m_Avg,WD_78m_Avg'];
  for (let i = 0; i < ROWS; i++) {
    const t = new Date(START + i * 600_000).toISOString().slice(0, 19).replace('T', ' ');
    const v = 6 + 3 * Math.sin(i / 37);
    lines.push(`${t},${v.toFixed(2)},${(v * 0.93).toFixed(2)},${(i * 13) % 360}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function analysis(acceptEncoding?: string) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/data-process/statistics/analysis',
    headers: { token, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    payload: { versionId },
  });
  expect(response.statusCode).toBe(200);
  return response;
}

function decoded(response: { headers: Record<string, unknown>; rawPayload: Buffer }): unknown {
  const encoding = response.headers['content-encoding'];
  const bytes =
    encoding === 'br'
      ? brotliDecompressSync(response.rawPayload)
      : encoding === 'gzip'
        ? gunzipSync(response.rawPayload)
        : response.rawPayload;
  return JSON.parse(bytes.toString('utf8'));
}

beforeAll(async () => {
  server = await startTestServer({ COMPUTE_THREADS: '1' });
  const station = await buildStation(server.db);
  const user = await buildUser(server.db, { features: ['data.process', 'station.downloadRaw'] });
  await grantRoleStations(server.db, user.roleId, [station.id]);
  token = await server.login(user.account, user.password);
  const ingested = await server.services.ingestion.ingestFile({
    stationId: station.id,
    fileName: 'logger.csv',
    source: 'upload',
    bytes: loggerCsv(),
  });
  expect(ingested.status).toBe('parsed');
  versionId = (await new TimeSeriesRepository(server.db).findOriginalVersion(station.id))!.id;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('compressed answers (issue 33)', () => {
  it('sends the statistics answer as it is to a client that accepts no encoding', async () => {
    const plain = await analysis();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((plain.json() as { code: number }).code).toBe(200);
  });

  it('sends the same statistics compressed with brotli, computed and cached, and with gzip when brotli is not taken', async () => {
    const plain = decoded(await analysis());
    const first = await analysis('gzip, deflate, br');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(first.rawPayload.length).toBeLessThan(JSON.stringify(plain).length / 3);
    expect(decoded(first)).toEqual(plain);
    // The repeat is the cached answer's bytes compressed once: equal to the byte.
    const repeat = await analysis('br');
    expect(repeat.rawPayload.equals(first.rawPayload)).toBe(true);
    const gzip = await analysis('gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toEqual(plain);
  });

  it('compresses an error or a small answer only when it is worth it, and keeps a download as its bytes', async () => {
    const small = await server.app.inject({
      method: 'GET',
      url: '/api/security/sys/user/second_factor',
      headers: { token, 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/data-process/statistics/analysis',
      headers: { token, 'accept-encoding': 'br' },
      payload: { versionId: -1 },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(typeof (decoded(refused) as { msg: string }).msg).toBe('string');
    const download = await server.app.inject({
      method: 'POST',
      url: '/api/data-process/statistics/export',
      headers: { token, 'accept-encoding': 'br, gzip' },
      payload: { versionId },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-encoding']).toBeUndefined();
    // An xlsx is a zip: it starts with PK.
    expect(download.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('sends a version export in a text format as written, though text/csv and text/plain are compressible', async () => {
    for (const format of [1, 4]) {
      const download = await server.app.inject({
        method: 'POST',
        url: '/api/web/version/export',
        headers: { token, 'accept-encoding': 'br, gzip', 'utc-code': 'UTC+00:00' },
        payload: { versionId, format },
      });
      expect(download.statusCode, `format ${format}`).toBe(200);
      expect(download.headers['content-type'], `format ${format}`).toMatch(/^text\//);
      expect(download.headers['content-encoding'], `format ${format}`).toBeUndefined();
      expect(download.rawPayload.toString('utf8'), `format ${format}`).toMatch(
        /^(\uFEFFTimestamp,|Created )/,
      );
    }
  });
});
