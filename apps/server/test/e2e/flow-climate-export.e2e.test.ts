import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { hasWindio, windioValidator } from '../../../../packages/wind/src/testing/windio-validator.ts';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  type TTestServer,
} from '../test-server.ts';

/**
 * The wind climates of flow models (issue 46 §2): a version's WAsP .owc and windIO energy resource at a
 * chosen height, downloaded through the export call (formats 8 and 9) and through a download application.
 * Each file is read back with a plain XML / YAML parser and compared with sector counts taken straight
 * from the logger file the test ingested (not from MastHub's tables).
 */

let server: TTestServer;
let tmp: string;
let token: string;
let reviewerToken: string;
let site: { id: number; stationCode: string };
let hidden: { id: number; stationCode: string };
let versionId: number;
let hiddenVersionId: number;
let speed80: number;
let speed40: number;
let vane: number;

const START = Date.parse('2025-01-20T00:00:00Z');
const STEP = 600_000;
/** 12 days of 10-minute rows. */
const ROWS = 12 * 144;
const speedAt = (i: number, base: number) => base + 5 * Math.abs(Math.sin(i / 37)) + (i % 11) / 10;
const directionAt = (i: number) => (i * 7.3 + 3 * Math.sin(i / 5)) % 360;
/** Rows 1000–1009 have no direction: they are not in the climate. */
const hasDirection = (i: number) => i < 1000 || i >= 1010;

function loggerCsv(): Buffer {
  const lines = ['Timestamp,WS_80m_Avg,WS_40m_Avg,WD_78m_Avg'];
  for (let i = 0; i < ROWS; i++) {
    const t = new Date(START + i * STEP).toISOString().slice(0, 19).replace('T', ' ');
    lines.push(
      `${t},${speedAt(i, 4).toFixed(3)},${speedAt(i, 3).toFixed(3)},${hasDirection(i) ? directionAt(i).toFixed(2) : ''}`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** Sector shares straight from the rows written (sector k centred on k·360/n, lower edge inclusive). */
function expectedShares(sectors: number): number[] {
  const counts = new Array<number>(sectors).fill(0);
  let total = 0;
  for (let i = 0; i < ROWS; i++) {
    if (!hasDirection(i)) continue;
    const d = Number(directionAt(i).toFixed(2));
    counts[Math.floor(((((d + 180 / sectors) % 360) + 360) % 360) / (360 / sectors)) % sectors]!++;
    total++;
  }
  return counts.map((c) => c / total);
}

async function exportOf(body: Record<string, unknown>, language = 'zh') {
  return server.app.inject({
    method: 'POST',
    url: '/api/web/version/export',
    headers: { token, 'utc-code': 'UTC+08:00', language },
    payload: { versionId, ...body },
  });
}

/** Reads an .owc as its layout says: CountOfSectors, site details, ObservedWind / SpeedBin attributes. */
function readOwc(xml: string) {
  const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement!;
  const site = root.getElementsByTagName('RveaAnemometerSiteDetails')[0]!;
  return {
    root: root.tagName,
    sectors: Number(root.getAttribute('CountOfSectors')),
    height: Number(site.getAttribute('HeightAGL')),
    latitude: Number(site.getAttribute('LatitudeDegrees')),
    longitude: Number(site.getAttribute('LongitudeDegrees')),
    shares: Array.from(root.getElementsByTagName('ObservedWind'), (w) =>
      Number(w.getAttribute('SectorFrequency')),
    ),
    binSums: Array.from(root.getElementsByTagName('ObservedWind'), (w) =>
      Array.from(w.getElementsByTagName('SpeedBin'), (b) => Number(b.getAttribute('Frequency'))).reduce(
        (x, y) => x + y,
        0,
      ),
    ),
  };
}

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'masthub-flowclimate-'));
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
  const versions = await server.call('GET', `/api/web/version/list?stationId=${site.id}`, { token });
  versionId = versions.body.data[0].id;
  const channels = await server.call('GET', `/api/web/version/channels?versionId=${versionId}`, { token });
  const idOf = (name: string) => channels.body.data.find((c: { name: string }) => c.name === name).id;
  speed80 = idOf('WS_80m_Avg');
  speed40 = idOf('WS_40m_Avg');
  vane = idOf('WD_78m_Avg');
  const admin = await buildUser(server.db, { features: ['station.downloadRaw'] });
  await grantRoleStations(server.db, admin.roleId, [hidden.id]);
  const adminToken = await server.login(admin.account, admin.password);
  const hv = await server.call('GET', `/api/web/version/list?stationId=${hidden.id}`, { token: adminToken });
  hiddenVersionId = hv.body.data[0].id;
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('POST /web/version/export, formats 8 (WAsP .owc) and 9 (windIO)', () => {
  it('format 8 at the 40 m speed gives a WAsP .owc of 12 sectors at 40 m, the site coordinates and the sector shares of the logger rows', async () => {
    const r = await exportOf({ format: 8, speedChannelId: speed40, directionChannelId: vane });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(decodeURIComponent(String(r.headers['content-disposition']))).toContain('_40m_观测风气候.owc');
    const owc = readOwc(r.body);
    expect(owc.root).toBe('RveaObservedWindClimate');
    expect(owc.sectors).toBe(12);
    expect(owc.height).toBe(40);
    const station = await server.db
      .selectFrom('station')
      .select(['latitude', 'longitude'])
      .where('id', '=', site.id)
      .executeTakeFirstOrThrow();
    expect(owc.latitude).toBeCloseTo(Number(station.latitude), 6);
    expect(owc.longitude).toBeCloseTo(Number(station.longitude), 6);
    const shares = expectedShares(12);
    owc.shares.forEach((share, s) => {
      expect(Math.abs(share - shares[s]!)).toBeLessThanOrEqual(5e-7);
    });
    for (const sum of owc.binSums) expect(sum).toBeCloseTo(1, 4);
    // The records of the period: rows 1000–1009 have no direction, the rest all count.
    expect(r.body).toContain(`${ROWS - 10} records of 10 min`);
    expect(r.body).toContain('Period 2025-01-20T08:00:00+08:00 to ');
  });

  it('format 9 with 16 sectors, in English, is a windIO energy resource at 80 m whose probabilities are the logger rows`', async () => {
    const r = await exportOf(
      { format: 9, speedChannelId: speed80, directionChannelId: vane, tabSectors: 16 },
      'en',
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/yaml; charset=utf-8');
    expect(decodeURIComponent(String(r.headers['content-disposition']))).toContain('_80m_wind-resource.yaml');
    const doc = parseYaml(r.body) as {
      name: string;
      wind_resource: {
        wind_direction: number[];
        sector_probability: { data: number[]; dims: string[] };
        weibull_a: { data: number[] };
        weibull_k: { data: number[] };
        height: number;
        x: number;
        y: number;
      };
    };
    const w = doc.wind_resource;
    expect(doc.name).toContain(site.stationCode);
    expect(w.wind_direction).toHaveLength(16);
    expect(w.wind_direction[1]).toBe(22.5);
    expect(w.sector_probability.dims).toEqual(['wind_direction']);
    const shares = expectedShares(16);
    w.sector_probability.data.forEach((p, s) => {
      expect(Math.abs(p - shares[s]!)).toBeLessThanOrEqual(5e-7);
    });
    expect(w.height).toBe(80);
    for (const [a, k] of w.weibull_a.data.map((a, s) => [a, w.weibull_k.data[s]!] as const)) {
      // Speeds 4–10.1 m/s: every sector's Weibull sits in that range, k of a narrow distribution.
      expect(a).toBeGreaterThan(4);
      expect(a).toBeLessThan(10.5);
      expect(k).toBeGreaterThan(1);
    }
    expect(w.x).toBeGreaterThan(100_000);
    expect(w.y).toBeGreaterThan(4_000_000);
    expect(r.body).toMatch(/^# latitude_deg: 40\.000000$/m);
    // Valid against windIO's energy_resource schema (skipped, as the wind tests say, without ../shared).
    if (hasWindio) expect(windioValidator()(doc)).toEqual([]);
  });

  it('refuses a site the user may not see (403) and a version without a direction in the range', async () => {
    const hiddenOne = await server.app.inject({
      method: 'POST',
      url: '/api/web/version/export',
      headers: { token, 'utc-code': 'UTC+08:00' },
      payload: { versionId: hiddenVersionId, format: 9 },
    });
    expect(hiddenOne.statusCode).toBe(403);
    const noDirection = await exportOf({
      format: 8,
      startTime: new Date(START + 1001 * STEP).toISOString(),
      endTime: new Date(START + 1008 * STEP).toISOString(),
    });
    expect(noDirection.statusCode).toBe(422);
    expect(noDirection.body).not.toContain('RveaObservedWindClimate');
  });
});

describe('a download application for the wind climates of flow models', () => {
  it('fileType 8 and 9 are exported as a .owc and a .yaml the readers read', async () => {
    for (const [fileType, extension] of [
      [8, 'owc'],
      [9, 'yaml'],
    ] as const) {
      const applied = await server.call('POST', '/api/web/apply/save', {
        token,
        body: {
          stationIds: [site.id],
          fileType,
          startTime: new Date(START).toISOString(),
          endTime: new Date(START + 10 * 86_400_000).toISOString(),
          applyReason: '导入 WAsP 计算',
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
      expect(row?.file_name).toMatch(new RegExp(`\\.${extension}$`));
      const ticket = await server.call('POST', '/api/web/apply/ticket', { token, body: { id } });
      const got = await server.app.inject({ method: 'GET', url: ticket.body.data.url });
      expect(got.statusCode).toBe(200);
      if (fileType === 8) {
        const owc = readOwc(got.body);
        expect(owc.sectors).toBe(12);
        expect(owc.height).toBe(80);
      } else {
        const doc = parseYaml(got.body) as { wind_resource: { sector_probability: { data: number[] } } };
        expect(doc.wind_resource.sector_probability.data).toHaveLength(12);
      }
    }
  });
});
