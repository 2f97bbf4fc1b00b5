import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { tableFromIPC } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimeSeriesRepository } from '../../src/modules/timeseries/timeseries.repository.ts';
import { writeSeries } from '../../src/modules/timeseries/version-series.ts';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  type TTestServer,
} from '../test-server.ts';

/**
 * Parquet and Arrow downloads of a version (issue 32), read back with readers that are not ours: DuckDB
 * (its own C++ Parquet reader) for Parquet, apache-arrow's reader for the Arrow IPC stream. The Parquet
 * file must hold the CSV export value for value, flag for flag, one row group per UTC month.
 */

let server: TTestServer;
let tmp: string;
let token: string;
let reviewerToken: string;
let site: { id: number; stationCode: string };
let hidden: { id: number; stationCode: string };
let versionId: number;
let hiddenVersionId: number;
let duck: Awaited<ReturnType<DuckDBInstance['connect']>>;

const START = Date.parse('2025-01-20T00:00:00Z');
const STEP = 600_000;
/** 45 days of 10-minute rows: January's last 12 days, February, March's first 5 days. */
const ROWS = 45 * 144;

function loggerCsv(): Buffer {
  const lines = ['Timestamp,WS_80m_Avg,WD_78m_Avg,T_2m_Avg'];
  for (let i = 0; i < ROWS; i++) {
    const t = new Date(START + i * STEP).toISOString().slice(0, 19).replace('T', ' ');
    const gap = i >= 1000 && i < 1010;
    const speed = (4 + 6 * Math.abs(Math.sin(i / 37))).toFixed(3);
    lines.push(`${t},${gap ? '' : speed},${(i * 7.3) % 360},${(-3 + (i % 90) / 7).toFixed(2)}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function versionOf(stationId: number): Promise<number> {
  const versions = await server.call('GET', `/api/web/version/list?stationId=${stationId}`, { token });
  return versions.body.data[0].id;
}

async function exportOf(format: number, id = versionId) {
  return server.app.inject({
    method: 'POST',
    url: '/api/web/version/export',
    headers: { token, 'utc-code': 'UTC+00:00' },
    payload: { versionId: id, format },
  });
}

async function query(sql: string): Promise<Record<string, unknown>[]> {
  return (await duck.runAndReadAll(sql)).getRowObjects() as Record<string, unknown>[];
}

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'masthub-parquet-'));
  server = await startTestServer({ DATA_DIR: path.join(tmp, 'data') });
  site = await buildStation(server.db);
  hidden = await buildStation(server.db);
  const engineer = await buildUser(server.db, { features: ['station.downloadRaw'] });
  await grantRoleStations(server.db, engineer.roleId, [site.id]);
  token = await server.login(engineer.account, engineer.password);
  const reviewer = await buildUser(server.db, { features: ['system.apply'] });
  await grantRoleStations(server.db, reviewer.roleId, [site.id]);
  reviewerToken = await server.login(reviewer.account, reviewer.password);
  for (const s of [site, hidden]) {
    const ingested = await server.services.ingestion.ingestFile({
      stationId: s.id,
      fileName: 'mast.csv',
      source: 'seed',
      bytes: loggerCsv(),
    });
    expect(ingested.status).toBe('parsed');
  }
  versionId = await versionOf(site.id);
  const admin = await buildUser(server.db, { features: ['station.downloadRaw'] });
  await grantRoleStations(server.db, admin.roleId, [hidden.id]);
  const adminToken = await server.login(admin.account, admin.password);
  const hv = await server.call('GET', `/api/web/version/list?stationId=${hidden.id}`, { token: adminToken });
  hiddenVersionId = hv.body.data[0].id;
  // Flags on the speed: suspicious, invalid and icing slots across the month boundary.
  const channels = await server.call('GET', `/api/web/version/channels?versionId=${versionId}`, { token });
  const speed = channels.body.data.find((c: { name: string }) => c.name === 'WS_80m_Avg');
  await server.db.transaction().execute(async (trx) => {
    const store = new TimeSeriesRepository(trx);
    await store.lockVersion(versionId);
    await writeSeries(store, versionId, speed, START + 1720 * STEP, null, Uint8Array.of(2, 3, 4, 2, 0, 3));
  });
  duck = await (await DuckDBInstance.create(':memory:')).connect();
}, 180_000);

afterAll(async () => {
  duck?.closeSync();
  await server?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('Parquet download of a version', () => {
  let file: string;
  let csv: string[][];

  beforeAll(async () => {
    const r = await exportOf(6);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.apache.parquet');
    expect(r.headers['content-disposition']).toContain('.parquet');
    file = path.join(tmp, 'version.parquet');
    writeFileSync(file, r.rawPayload);
    const c = await exportOf(1);
    csv = c.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
  });

  it('holds the CSV export value for value and flag for flag, read by DuckDB', async () => {
    const header = csv[0]!;
    const columns = header.slice(1);
    const rows = await query(
      `SELECT epoch_ms("timestamp") AS ms, * EXCLUDE ("timestamp") FROM '${file}' ORDER BY "timestamp"`,
    );
    expect(rows).toHaveLength(csv.length - 1);
    expect(Object.keys(rows[0]!)).toEqual(['ms', ...columns]);
    let values = 0;
    let flagged = 0;
    for (const [k, row] of rows.entries()) {
      const line = csv[k + 1]!;
      expect(new Date(Number(row['ms'])).toISOString().slice(0, 19).replace('T', ' ')).toBe(line[0]);
      for (const [j, name] of columns.entries()) {
        const text = line[j + 1]!;
        const got = row[name];
        if (name.endsWith('_Flag')) {
          expect(got, `${name} ${line[0]}`).toBe(Number(text));
          if (got !== 0) flagged++;
        } else if (text === '') expect(got, `${name} ${line[0]}`).toBeNull();
        else {
          // Float32 in the file; the CSV writes its shortest text: both are the same float.
          expect(got, `${name} ${line[0]}`).toBe(Math.fround(Number(text)));
          values++;
        }
      }
    }
    expect(values).toBeGreaterThan(3 * (ROWS - 20));
    expect(flagged).toBe(5);
  });

  it('types the columns: UTC timestamp, Float32 values, 8-bit unsigned flags', async () => {
    const described = await query(`DESCRIBE SELECT * FROM '${file}'`);
    const types = Object.fromEntries(described.map((d) => [d['column_name'], d['column_type']]));
    expect(types).toMatchObject({
      timestamp: 'TIMESTAMP WITH TIME ZONE',
      WS_80m_Avg: 'FLOAT',
      WS_80m_Avg_Flag: 'UTINYINT',
      T_2m_Avg: 'FLOAT',
    });
  });

  it('carries each channel’s export name and unit in its column metadata, and the file’s', async () => {
    const chunks = await query(
      `SELECT path_in_schema, map_extract_value(key_value_metadata, 'unit'::BLOB) AS unit,
         map_extract_value(key_value_metadata, 'masthub.name'::BLOB) AS name
       FROM parquet_metadata('${file}') WHERE row_group_id = 0 AND path_in_schema IN ('WS_80m_Avg', 'T_2m_Avg')`,
    );
    const byPath = Object.fromEntries(chunks.map((c) => [c['path_in_schema'], c]));
    expect(String(byPath['WS_80m_Avg']!['unit'])).toBe('m/s');
    expect(String(byPath['WS_80m_Avg']!['name'])).toBe('WS_80m_Avg');
    expect(String(byPath['T_2m_Avg']!['unit'])).toMatch(/C/);
    const kv = await query(
      `SELECT decode(key) AS key, decode(value) AS value FROM parquet_kv_metadata('${file}')`,
    );
    const meta = Object.fromEntries(kv.map((e) => [e['key'], e['value']]));
    expect(meta['masthub.station']).toBe(site.stationCode);
    const described = JSON.parse(String(meta['masthub.columns'])) as Record<string, string>[];
    expect(described.find((d) => d['column'] === 'WS_80m_Avg')).toMatchObject({
      flagColumn: 'WS_80m_Avg_Flag',
      unit: 'm/s',
    });
  });

  it('cuts row groups at UTC month starts', async () => {
    const groups = await query(
      `SELECT DISTINCT row_group_id AS g, row_group_num_rows AS n FROM parquet_metadata('${file}') ORDER BY g`,
    );
    // 20–31 January (12 days), February (28), 1–5 March; the CSV's last row is the export's end.
    const counts = groups.map((g) => Number(g['n']));
    expect(counts.slice(0, 2)).toEqual([12 * 144, 28 * 144]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(csv.length - 1);
    expect(counts).toHaveLength(3);
    const months = await query(
      `SELECT count(DISTINCT date_trunc('month', "timestamp" AT TIME ZONE 'UTC')) AS m FROM '${file}'`,
    );
    expect(Number(months[0]!['m'])).toBe(3);
  });

  it('refuses a site the user may not see (403), and writes nothing', async () => {
    const r = await exportOf(6, hiddenVersionId);
    expect(r.statusCode).toBe(403);
    expect(r.rawPayload.subarray(0, 4).toString()).not.toBe('PAR1');
  });
});

describe('Arrow IPC download of a version', () => {
  it('is a stream of one record batch per month that apache-arrow reads back, with the column metadata', async () => {
    const r = await exportOf(7);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toContain('.arrows');
    const table = tableFromIPC(r.rawPayload);
    expect(table.batches).toHaveLength(3);
    const parquet = await query(
      `SELECT epoch_ms("timestamp") AS ms, "WS_80m_Avg" AS ws, "WS_80m_Avg_Flag" AS f FROM '${path.join(tmp, 'version.parquet')}' ORDER BY ms`,
    );
    expect(table.numRows).toBe(parquet.length);
    const ws = table.getChild('WS_80m_Avg')!;
    const flags = table.getChild('WS_80m_Avg_Flag')!;
    const times = table.getChild('timestamp')!;
    for (let i = 0; i < table.numRows; i++) {
      expect(Number(times.get(i))).toBe(Number(parquet[i]!['ms']));
      expect(ws.get(i)).toBe(parquet[i]!['ws']);
      expect(flags.get(i)).toBe(parquet[i]!['f']);
    }
    const field = table.schema.fields.find((f) => f.name === 'WS_80m_Avg')!;
    expect(field.metadata.get('unit')).toBe('m/s');
    expect(String(field.type)).toBe('Float32');
    expect(String(table.schema.fields[0]!.type)).toContain('UTC');
  });
});

describe('a download application for Parquet', () => {
  it('is exported as a Parquet file DuckDB reads', async () => {
    const applied = await server.call('POST', '/api/web/apply/save', {
      token,
      body: {
        stationIds: [site.id],
        fileType: 6,
        startTime: new Date(START).toISOString(),
        endTime: new Date(START + 10 * 86_400_000).toISOString(),
        applyReason: '用 pandas 分析',
        toAddr: 'engineer@masthub.test',
      },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const id = applied.body.data.id;
    const reviewed = await server.call('POST', '/api/web/apply/review', {
      token: reviewerToken,
      body: { ids: [id], decision: 'approved', comment: '同意', linkDays: 7 },
    });
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    let row: { export_status: string | null; file_name: string | null } | undefined;
    for (let i = 0; i < 400; i++) {
      row = await server.db
        .selectFrom('download_application')
        .select(['export_status', 'file_name'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      if (row.export_status === 'ready' || row.export_status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(row?.export_status).toBe('ready');
    expect(row?.file_name).toMatch(/\.parquet$/);
    const ticket = await server.call('POST', '/api/web/apply/ticket', { token, body: { id } });
    expect(ticket.status).toBe(200);
    const got = await server.app.inject({ method: 'GET', url: ticket.body.data.url });
    expect(got.statusCode).toBe(200);
    const file = path.join(tmp, 'applied.parquet');
    writeFileSync(file, got.rawPayload);
    const counted = await query(`SELECT count(*) AS n, count("WS_80m_Avg") AS ws FROM '${file}'`);
    expect(Number(counted[0]!['n'])).toBeGreaterThanOrEqual(10 * 144);
    expect(Number(counted[0]!['n'])).toBeLessThanOrEqual(10 * 144 + 1);
    expect(Number(counted[0]!['ws'])).toBeGreaterThan(10 * 144 - 20);
  });
});
