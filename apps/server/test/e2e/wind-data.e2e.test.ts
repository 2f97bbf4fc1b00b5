import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimeSeriesRepository } from '../../src/modules/timeseries/timeseries.repository.ts';
import { writeSeries } from '../../src/modules/timeseries/version-series.ts';
import { multipartBody } from '../multipart.ts';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  type TTestServer,
} from '../test-server.ts';

/**
 * MeasureWind data calls (issue 7): the 500-row table, server-side chart downsampling, the six export
 * formats and the import of a logger file into a working version (a processing task).
 */

let server: TTestServer;
let dataDir: string;
let token: string;
let viewerToken: string;
let station: { id: number; stationCode: string };
let originalId: number;
let workingId: number;
const channelIds: Record<string, number> = {};

const START = Date.parse('2025-01-01T00:00:00Z');
const STEP = 600_000;
/** 20 days of 10-minute data: speed 5 + (i mod 7), direction (i·7) mod 360, temperature 10. */
const ROWS = 20 * 144;

function loggerCsv(from: number, count: number, speed: (i: number) => number, withGap = true): Buffer {
  const lines = ['Timestamp,WS_80m_Avg,WD_78m_Avg,T_2m_Avg'];
  for (let i = 0; i < count; i++) {
    const t = new Date(START + (from + i) * STEP).toISOString().slice(0, 19).replace('T', ' ');
    const missing = withGap && from + i >= 1000 && from + i < 1010;
    lines.push(`${t},${missing ? '' : speed(from + i).toFixed(2)},${((from + i) * 7) % 360},10.0`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function waitForTask(taskId: number) {
  for (let k = 0; k < 200; k++) {
    const r = await server.call('GET', `/api/data-process/process/task?taskId=${taskId}`, { token });
    if (r.body.data.status === 'succeeded' || r.body.data.status === 'failed') return r.body.data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`task ${taskId} did not finish`);
}

async function importInto(
  versionId: number,
  fileName: string,
  content: Buffer,
  language: 'ZH' | 'EN' = 'ZH',
) {
  const { payload, contentType } = multipartBody([{ name: 'file', fileName, content }]);
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/web/version/import?versionId=${versionId}`,
    headers: { token, 'content-type': contentType, language },
    payload,
  });
  return { status: response.statusCode, body: response.json() };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-wind-data-'));
  server = await startTestServer({ DATA_DIR: dataDir });
  station = await buildStation(server.db);
  const engineer = await buildUser(server.db, {
    features: ['data.process', 'data.import', 'station.downloadRaw'],
  });
  await grantRoleStations(server.db, engineer.roleId, [station.id]);
  token = await server.login(engineer.account, engineer.password);
  const viewer = await buildUser(server.db, { features: [] });
  await grantRoleStations(server.db, viewer.roleId, [station.id]);
  viewerToken = await server.login(viewer.account, viewer.password);
  const ingested = await server.services.ingestion.ingestFile({
    stationId: station.id,
    fileName: 'mast.csv',
    source: 'seed',
    bytes: loggerCsv(0, ROWS, (i) => 5 + (i % 7)),
  });
  expect(ingested.status).toBe('parsed');
  const versions = await server.call('GET', `/api/web/version/list?stationId=${station.id}`, { token });
  originalId = versions.body.data[0].id;
  const copy = await server.call('POST', '/api/web/version/save', {
    token,
    body: { stationId: station.id, sourceVersionId: originalId, name: '工作版本' },
  });
  expect(copy.status).toBe(200);
  workingId = copy.body.data.id;
  const channels = await server.call('GET', `/api/web/version/channels?versionId=${workingId}`, { token });
  // Keyed by the logger's column name (recognition gives data keys such as ws_80_mean).
  for (const c of channels.body.data) channelIds[c.name] = c.id;
});

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the site overview', () => {
  it('counts measuring days over the stored data: calendar days of the site’s zone, first to last record, both counted', async () => {
    const r = await server.call('GET', `/api/web/station/overview?id=${station.id}`, { token });
    // 20 whole days of records (00:00 on the 1st to 23:50 on the 20th, the site in UTC): 20, not 19.
    expect(r.body.data.measuringDays).toBe(ROWS / 144);
    // The same site read in Beijing time: its days are still the site's own.
    const zh = await server.call('GET', `/api/web/station/overview?id=${station.id}`, {
      token,
      headers: { 'utc-code': '+08:00' },
    });
    expect(zh.body.data.measuringDays).toBe(20);
  });
});

describe('the data table', () => {
  it('pages the version at most 500 rows at a time, every grid slot a row, gaps as null', async () => {
    const r = await server.call('POST', '/api/web/version/data/page', {
      token: viewerToken,
      body: { versionId: originalId, pageNo: 3, pageSize: 500 },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBe(ROWS);
    expect(r.body.data.records).toHaveLength(500);
    const keys = r.body.data.channels.map((c: { name: string }) => c.name);
    const ws = keys.indexOf('WS_80m_Avg');
    const row = r.body.data.records[0];
    expect(row.time).toBe(new Date(START + 1000 * STEP).toISOString());
    expect(row.values[ws]).toBeNull();
    expect(r.body.data.records[10].values[ws]).toBeCloseTo(5 + (1010 % 7), 4);
    expect(row.flags.every((f: number) => f === 0)).toBe(true);
  });

  it('refuses a page of more than 500 rows with a localised message', async () => {
    for (const language of ['ZH', 'EN'] as const) {
      const r = await server.call('POST', '/api/web/version/data/page', {
        token,
        language,
        body: { versionId: originalId, pageSize: 501 },
      });
      expect(r.status).toBe(400);
      expect(r.body.msg).toMatch(language === 'ZH' ? /不能大于 500/ : /greater than 500/);
    }
  });

  it('refuses a start after the end in both languages', async () => {
    const body = {
      versionId: originalId,
      startTime: '2025-01-05T00:00:00Z',
      endTime: '2025-01-02T00:00:00Z',
    };
    const zh = await server.call('POST', '/api/web/version/data/page', { token, body, language: 'ZH' });
    const en = await server.call('POST', '/api/web/version/data/page', { token, body, language: 'EN' });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toContain('开始时间不能晚于结束时间');
    expect(en.body.msg).toContain('The start time must not be later than the end time');
  });

  it('answers an all-missing range with empty rows, not an error', async () => {
    const r = await server.call('POST', '/api/web/version/data/page', {
      token,
      body: {
        versionId: workingId,
        channelIds: [channelIds.WS_80m_Avg],
        startTime: new Date(START + 1000 * STEP).toISOString(),
        endTime: new Date(START + 1010 * STEP).toISOString(),
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBe(10);
    expect(r.body.data.records.every((row: { values: unknown[] }) => row.values[0] === null)).toBe(true);
  });

  it('says 404 for a channel of another version', async () => {
    const original = await server.call('GET', `/api/web/version/channels?versionId=${originalId}`, { token });
    const r = await server.call('POST', '/api/web/version/data/page', {
      token,
      body: { versionId: workingId, channelIds: [original.body.data[0].id] },
    });
    expect(r.status).toBe(404);
  });
});

describe('the chart', () => {
  it('returns raw values when the range fits and min/avg/max buckets when it does not', async () => {
    const small = await server.call('POST', '/api/web/version/data/chart', {
      token,
      body: {
        versionId: workingId,
        channelIds: [channelIds.WS_80m_Avg],
        startTime: new Date(START).toISOString(),
        endTime: new Date(START + 100 * STEP).toISOString(),
        maxPoints: 200,
      },
    });
    expect(small.body.data.isAggregated).toBe(false);
    expect(small.body.data.bucketSeconds).toBe(600);
    expect(small.body.data.times).toHaveLength(100);
    expect(small.body.data.series[0].avg[3]).toBeCloseTo(8, 4);

    const big = await server.call('POST', '/api/web/version/data/chart', {
      token,
      body: {
        versionId: workingId,
        channelIds: [channelIds.WS_80m_Avg, channelIds.T_2m_Avg],
        maxPoints: 100,
      },
    });
    const data = big.body.data;
    expect(data.isAggregated).toBe(true);
    expect(data.times.length).toBeLessThanOrEqual(101);
    expect(data.bucketSeconds % 600).toBe(0);
    const speed = data.series[0];
    // Every full bucket holds whole weeks of the 7-value cycle or more: min 5, max 11.
    expect(Math.min(...speed.min.filter((v: number | null) => v !== null))).toBe(5);
    expect(Math.max(...speed.max.filter((v: number | null) => v !== null))).toBe(11);
    expect(data.series[1].avg.every((v: number | null) => v === null || Math.abs(v - 10) < 1e-4)).toBe(true);
  });

  it('carries the strongest flag of a bucket (invalid over suspicious)', async () => {
    const channel = { id: channelIds.WS_80m_Avg!, intervalS: 600 };
    await server.db.transaction().execute(async (trx) => {
      const s = new TimeSeriesRepository(trx);
      await s.lockVersion(workingId);
      await writeSeries(s, workingId, channel, START + 144 * STEP, null, Uint8Array.of(2, 3, 2));
    });
    const r = await server.call('POST', '/api/web/version/data/chart', {
      token,
      body: {
        versionId: workingId,
        channelIds: [channel.id],
        startTime: new Date(START + 144 * STEP).toISOString(),
        endTime: new Date(START + 150 * STEP).toISOString(),
        maxPoints: 100,
      },
    });
    expect(r.body.data.series[0].flag.slice(0, 4)).toEqual([2, 3, 2, 0]);
    await server.db.transaction().execute(async (trx) => {
      const s = new TimeSeriesRepository(trx);
      await s.lockVersion(workingId);
      await writeSeries(s, workingId, channel, START + 144 * STEP, null, Uint8Array.of(0, 0, 0));
    });
  });
});

describe('export', () => {
  it('is a download: refused to a user who may see the site but lacks the download right', async () => {
    const r = await server.call('POST', '/api/web/version/export', {
      token: viewerToken,
      body: { versionId: workingId, format: 1 },
      language: 'EN',
    });
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe('No access permission');
  });

  const exportOf = async (body: Record<string, unknown>) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/web/version/export',
      headers: { token },
      payload: { versionId: workingId, ...body },
    });
    return response;
  };

  it('writes a time-series CSV with a flag per value', async () => {
    const r = await exportOf({ format: 1, channelIds: [channelIds.WS_80m_Avg, channelIds.T_2m_Avg] });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toContain('.csv');
    const lines = r.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/WS_80m_Avg/);
    expect(lines.length).toBeGreaterThan(ROWS);
  });

  it('writes the stored precision (3.79, not 3.7899999618530273) under the column names the data table shows', async () => {
    const site = await buildStation(server.db);
    const lines = ['Timestamp,Spd80mAvg,Dir78mAvg'];
    const speeds = [3.79, 8.37, 12.1, 0.3];
    speeds.forEach((v, i) => {
      lines.push(
        `${new Date(START + i * STEP).toISOString().slice(0, 19).replace('T', ' ')},${v},${i * 90.5}`,
      );
    });
    await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: 'precision.csv',
      source: 'seed',
      bytes: Buffer.from(`${lines.join('\n')}\n`),
    });
    const admin = await server.login('admin', 'Admin#2026pw');
    const version = (await server.call('GET', `/api/web/version/list?stationId=${site.id}`, { token: admin }))
      .body.data[0];
    const channels = (
      await server.call('GET', `/api/web/version/channels?versionId=${version.id}`, { token: admin })
    ).body.data as { id: number; name: string; exportName: string }[];
    expect(channels.map((c) => [c.name, c.exportName])).toEqual([
      ['Spd80mAvg', 'WS_80m_Avg'],
      ['Dir78mAvg', 'WD_78m_Avg'],
    ]);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/web/version/export',
      headers: { token: admin, 'utc-code': 'UTC+00:00' },
      payload: { versionId: version.id, format: 1 },
    });
    const rows = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('Timestamp,WS_80m_Avg,WS_80m_Avg_Flag,WD_78m_Avg,WD_78m_Avg_Flag');
    expect(rows.slice(1).map((r: string) => r.split(',')[1])).toEqual(['3.79', '8.37', '12.1', '0.3']);
    expect(rows[2]).toBe('2025-01-01 00:10:00,8.37,0,90.5,0');
    // The data table pages 500 rows when no size is asked for (SPEC §9).
    const page = await server.call('POST', '/api/web/version/data/page', {
      token: admin,
      body: { versionId: version.id, pageNo: 1 },
    });
    expect(page.body.data.pageSize).toBe(500);
  });

  it('writes Meteodyn, WindSim, Windographer and WAsP files from the speed and direction', async () => {
    const tim = await exportOf({ format: 2 });
    expect(tim.statusCode).toBe(200);
    expect(tim.headers['content-disposition']).toContain('.tim');
    const tws = await exportOf({ format: 3 });
    expect(tws.headers['content-disposition']).toContain('.tws');
    expect(tws.body.length).toBeGreaterThan(1000);
    const txt = await exportOf({ format: 4 });
    expect(txt.headers['content-disposition']).toContain('.txt');
    expect(txt.body).toContain('WS_80m_Avg');
    const tab = await exportOf({ format: 5 });
    expect(tab.headers['content-disposition']).toContain('.tab');
    const tabLines = tab.body.split(/\r\n/);
    expect(tabLines[2]).toMatch(/^12 1\.00 0\.00/);
    const frequencies = tabLines[3]!.trim().split(/\s+/).map(Number);
    expect(frequencies.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 0);
  });

  it('gives back the original logger file for raw data', async () => {
    const raw = await exportOf({ format: 0 });
    expect(raw.statusCode).toBe(200);
    expect(raw.body.startsWith('Timestamp,WS_80m_Avg')).toBe(true);
  });

  it('refuses an unknown format with a localised message', async () => {
    const r = await server.call('POST', '/api/web/version/export', {
      token,
      language: 'EN',
      body: { versionId: workingId, format: 10 },
    });
    expect(r.status).toBe(400);
    expect(r.body.msg).toContain('Please choose a valid option');
  });
});

describe('import into a version', () => {
  it('refuses the view-only original with 409', async () => {
    const r = await importInto(
      originalId,
      'more.csv',
      loggerCsv(0, 10, () => 1),
      'EN',
    );
    expect(r.status).toBe(409);
    expect(r.body.msg).toContain('view-only');
  });

  it('replaces the version values with the file, as a task', async () => {
    const r = await importInto(
      workingId,
      'fix.csv',
      loggerCsv(1000, 10, () => 20, false),
    );
    expect(r.status).toBe(200);
    expect(r.body.data.kind).toBe('import');
    const task = await waitForTask(r.body.data.id);
    expect(task.status).toBe('succeeded');
    expect(task.result.files[0].valueCount).toBe(30);
    const page = await server.call('POST', '/api/web/version/data/page', {
      token,
      body: {
        versionId: workingId,
        channelIds: [channelIds.WS_80m_Avg],
        startTime: new Date(START + 999 * STEP).toISOString(),
        endTime: new Date(START + 1011 * STEP).toISOString(),
      },
    });
    expect(page.body.data.records.map((row: { values: number[] }) => row.values[0])).toEqual([
      5 + (999 % 7),
      ...Array(10).fill(20),
      5 + (1010 % 7),
    ]);
    const detail = await server.call('GET', `/api/web/version/detail?versionId=${workingId}`, { token });
    expect(detail.body.data.lineage.map((s: { step: string }) => s.step)).toEqual(['copy', 'import']);
  });

  it('fails the task with a localised reason for an unreadable file and changes nothing', async () => {
    const before = await server.db
      .selectFrom('ts_chunk')
      .select(['values', 'flags'])
      .where('version_id', '=', workingId)
      .orderBy('channel_id')
      .orderBy('month_start')
      .execute();
    const r = await importInto(workingId, 'junk.csv', Buffer.from('just some words\nno dates here\n'), 'EN');
    const task = await waitForTask(r.body.data.id);
    expect(task.status).toBe('failed');
    const en = await server.call('GET', `/api/data-process/process/task?taskId=${task.id}`, {
      token,
      language: 'EN',
    });
    expect(en.body.data.error).toContain('junk.csv');
    const zh = await server.call('GET', `/api/data-process/process/task?taskId=${task.id}`, {
      token,
      language: 'ZH',
    });
    expect(zh.body.data.error).toContain('无法识别');
    const after = await server.db
      .selectFrom('ts_chunk')
      .select(['values', 'flags'])
      .where('version_id', '=', workingId)
      .orderBy('channel_id')
      .orderBy('month_start')
      .execute();
    expect(after).toEqual(before);
  });

  it('refuses a file type that is not a data file', async () => {
    const r = await importInto(workingId, 'photo.jpg', Buffer.from('x'), 'EN');
    expect(r.status).toBe(415);
  });

  it('refuses a user without the import feature', async () => {
    const { payload, contentType } = multipartBody([
      { name: 'file', fileName: 'a.csv', content: Buffer.from('x') },
    ]);
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/web/version/import?versionId=${workingId}`,
      headers: { token: viewerToken, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(403);
  });
});
