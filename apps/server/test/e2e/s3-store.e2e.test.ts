import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../multipart.ts';
import { startTestS3Server, type TTestS3Server } from '../s3.ts';
import { deadPort } from '../smtp.ts';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  type TTestServer,
} from '../test-server.ts';

let s3: TTestS3Server;
let server: TTestServer;
let token: string;
let station: { id: number };

function s3Env(endpoint: string): Record<string, string> {
  return {
    FILE_STORE: 's3',
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    S3_PREFIX: 'masthub/',
  };
}

function loggerCsv(): Buffer {
  const lines = ['Timestamp,WS_80m_Avg,WD_78m_Avg'];
  for (let i = 0; i < 144; i++) {
    const t = new Date(Date.UTC(2025, 5, 1) + i * 600_000).toISOString().slice(0, 19).replace('T', ' ');
    lines.push(`${t},${(6 + Math.sin(i / 9)).toFixed(2)},${(i * 11) % 360}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function upload(target: TTestServer, userToken: string, stationId: number, content: Buffer) {
  const { payload, contentType } = multipartBody([
    { name: 'stationId', value: String(stationId) },
    { name: 'file', fileName: 'logger_20250601.csv', content },
  ]);
  const r = await target.app.inject({
    method: 'POST',
    url: '/api/web/station/data/upload',
    headers: { token: userToken, 'content-type': contentType, language: 'EN' },
    payload,
  });
  return { status: r.statusCode, body: r.json() };
}

beforeAll(async () => {
  s3 = await startTestS3Server();
  server = await startTestServer(s3Env(s3.endpoint));
  station = await buildStation(server.db);
  const importer = await buildUser(server.db, { features: ['data.import', 'station.downloadRaw'] });
  await grantRoleStations(server.db, importer.roleId, [station.id]);
  token = await server.login(importer.account, importer.password);
});

afterAll(async () => {
  await server?.stop();
  await s3?.close();
});

describe('FILE_STORE=s3', () => {
  it('keeps an uploaded logger file in the bucket, parses it from there and serves it back byte for byte', async () => {
    const content = loggerCsv();
    const r = await upload(server, token, station.id, content);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    let row: { status: string; sha256: string } | undefined;
    for (let i = 0; i < 200; i++) {
      row = await server.db
        .selectFrom('raw_file')
        .select(['status', 'sha256'])
        .where('station_id', '=', station.id)
        .executeTakeFirst();
      if (row && row.status !== 'pending' && row.status !== 'parsing') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(row?.status).toBe('parsed');
    expect(await server.services.files.has(row!.sha256.trim())).toBe(true);
    const original = await server.app.inject({
      method: 'POST',
      url: '/api/data-parse/export/original_file',
      headers: { token, 'content-type': 'application/json' },
      payload: { stationId: station.id },
    });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(content)).toBe(true);
  });

  it('refuses an upload with a clear localised 503 and records nothing when the bucket cannot be reached', async () => {
    const dead = await startTestServer(s3Env(`http://127.0.0.1:${await deadPort()}`));
    try {
      const site = await buildStation(dead.db);
      const importer = await buildUser(dead.db, { features: ['data.import'] });
      await grantRoleStations(dead.db, importer.roleId, [site.id]);
      const deadToken = await dead.login(importer.account, importer.password);
      const r = await upload(dead, deadToken, site.id, loggerCsv());
      expect(r.status).toBe(503);
      expect(r.body.msg).toBe(
        'The file store is unavailable at the moment; nothing was saved, please try again shortly',
      );
      const rows = await dead.db
        .selectFrom('raw_file')
        .select('id')
        .where('station_id', '=', site.id)
        .execute();
      expect(rows).toEqual([]);
    } finally {
      await dead.stop();
    }
  });
});
