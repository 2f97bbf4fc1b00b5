import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  type TTestServer,
} from '../test-server.ts';

/**
 * The pandas example of docs/python (issue 32), run against a real server with a personal access token:
 * it lists the sites, fetches the version as Parquet and computes a mean, which must be the mean of the
 * CSV export's usable values. Run when a `python3` with pandas and requests is present (.ci/run installs
 * Debian's python3-pandas and python3-requests), skipped with a message otherwise.
 */

const EXAMPLE = path.resolve(import.meta.dirname, '../../../../docs/python/masthub_example.py');

function pythonWithPandas(): string | undefined {
  for (const candidate of ['python3', '/usr/bin/python3']) {
    const r = spawnSync(candidate, ['-c', 'import pandas, requests'], { stdio: 'ignore' });
    if (r.status === 0) return candidate;
  }
  return undefined;
}

const python = pythonWithPandas();
if (!python) {
  console.warn(
    'python-example skipped: no python3 with pandas and requests (apt-get install python3-pandas python3-requests)',
  );
}

let server: TTestServer;
let tmp: string;
let address: string;
let secret: string;
let site: { id: number; stationCode: string };
let expected: { mean: number; count: number; column: string };

const START = Date.parse('2025-03-25T00:00:00Z');
const STEP = 600_000;
const ROWS = 20 * 144;

function run(env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(python!, [EXAMPLE, site.stationCode], {
      cwd: path.dirname(EXAMPLE),
      env: { ...process.env, MASTHUB_URL: address, MASTHUB_TOKEN: secret, ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

describe.skipIf(!python)('docs/python/masthub_example.py', () => {
  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'masthub-python-'));
    server = await startTestServer({ DATA_DIR: path.join(tmp, 'data') });
    site = await buildStation(server.db);
    const other = await buildStation(server.db);
    const user = await buildUser(server.db, { features: ['station.downloadRaw'] });
    await grantRoleStations(server.db, user.roleId, [site.id, other.id]);
    const session = await server.login(user.account, user.password);
    const lines = ['Timestamp,WS_40m_Avg,WS_80m_Avg,WD_78m_Avg'];
    for (let i = 0; i < ROWS; i++) {
      const t = new Date(START + i * STEP).toISOString().slice(0, 19).replace('T', ' ');
      const speed = i % 500 === 7 ? '' : (5 + 4 * Math.sin(i / 50)).toFixed(3);
      lines.push(`${t},${(3 + (i % 11) / 3).toFixed(2)},${speed},${(i * 3) % 360}`);
    }
    const ingested = await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: 'mast.csv',
      source: 'seed',
      bytes: Buffer.from(`${lines.join('\n')}\n`),
    });
    expect(ingested.status).toBe('parsed');
    const made = await server.call('POST', '/api/security/sys/user/access_token/create', {
      token: session,
      body: { name: 'pandas', scopes: ['read', 'download'], expiresInDays: 30 },
    });
    expect(made.status, made.body.msg).toBe(200);
    secret = made.body.data.secret;
    // The expected mean from the CSV export: values whose flag is below 3 (invalid, icing left out).
    const versions = await server.call('GET', `/api/web/version/list?stationId=${site.id}`, {
      token: session,
    });
    const csv = await server.app.inject({
      method: 'POST',
      url: '/api/web/version/export',
      headers: { token: session },
      payload: { versionId: versions.body.data[0].id, format: 1 },
    });
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const header = rows[0]!.split(',');
    const at = header.indexOf('WS_80m_Avg');
    let sum = 0;
    let count = 0;
    for (const row of rows.slice(1)) {
      const fields = row.split(',');
      if (fields[at] !== '' && Number(fields[at + 1]) < 3) {
        sum += Math.fround(Number(fields[at]));
        count++;
      }
    }
    expected = { mean: sum / count, count, column: 'WS_80m_Avg' };
    address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('lists the sites, fetches the version as Parquet with the token and prints the mean of the CSV export', async () => {
    for (const reader of ['auto', 'builtin']) {
      const r = await run({ MASTHUB_PARQUET_READER: reader });
      expect(r.code, r.err).toBe(0);
      expect(r.err).toContain(`site ${site.stationCode}`);
      const result = JSON.parse(r.out.trim().split('\n').at(-1)!) as Record<string, unknown>;
      expect(result).toMatchObject({
        site: site.stationCode,
        column: expected.column,
        count: expected.count,
        first: '2025-03-25T00:00:00+00:00',
      });
      expect(result['mean'] as number).toBeCloseTo(expected.mean, 9);
      if (reader === 'builtin') expect(result['reader']).toBe('masthub_parquet');
    }
  }, 120_000);

  it('is refused without a valid token, with the server’s message', async () => {
    const r = await run({ MASTHUB_TOKEN: 'mht_not-a-token' });
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/401/);
  }, 60_000);
});
