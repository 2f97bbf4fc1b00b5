import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { leftOutTotals, ZMcpCompareResult, ZMcpGenerateResult } from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildStation,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../../../test/test-server.ts';
import { TimeSeriesRepository } from '../timeseries/timeseries.repository.ts';

/**
 * Issue 41 §1 for the long-term correction: the comparison and the version it writes say what they stood
 * on — the target version, the period read, the records used and those left out (here one 85 m/s record
 * nobody ran QC on, outside the physical limits) — in the same shape as statistics, suitability, energy
 * and lidar, and the reference site's read says the same of itself.
 */

const HOUR = 3_600_000;
const START = Date.UTC(2024, 0, 1);
const HOURS = 60 * 24;
const SPIKE_AT = 500;

function stamp(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** Sixty days of hourly wind; the target is 1.2 × the reference + 0.5 with one 85 m/s record. */
function hourlyCsv(isTarget: boolean): string {
  const lines = ['Timestamp,Spd80mN,Dir78mS'];
  for (let h = 0; h < HOURS; h++) {
    const noise = Math.abs((Math.sin(h * 12.9898) * 43758.5453) % 1);
    const speed = 5 + 2 * Math.sin(h / 17) + 2 * noise;
    const value = isTarget ? (h === SPIKE_AT ? 85 : 1.2 * speed + 0.5) : speed;
    lines.push(`${stamp(START + h * HOUR)},${value.toFixed(3)},${(h * 7) % 360}`);
  }
  return `${lines.join('\n')}\n`;
}

let server: TTestServer;
let dataDir: string;
let token: string;
const sites: { versionId: number; speed: number; direction: number }[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-longterm-basis-'));
  server = await startTestServer({ DATA_DIR: dataDir });
  token = await server.login('admin', TEST_ADMIN_PASSWORD);
  const store = new TimeSeriesRepository(server.db);
  for (const isTarget of [false, true]) {
    const site = await buildStation(server.db);
    const fileName = isTarget ? 'target.csv' : 'reference.csv';
    writeFileSync(path.join(dataDir, fileName), hourlyCsv(isTarget));
    const result = await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName,
      source: 'seed',
      path: path.join(dataDir, fileName),
    });
    expect(result.status, JSON.stringify(result)).toBe('parsed');
    const version = (await store.findOriginalVersion(site.id))!;
    const channels = await store.listChannels(version.id);
    const id = (element: string) => channels.find((c) => c.element === element && c.statistic === 'mean')!.id;
    sites.push({ versionId: version.id, speed: id('ws'), direction: id('wd') });
  }
});

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const body = () => ({
  versionId: sites[1]!.versionId,
  speedChannelId: sites[1]!.speed,
  directionChannelId: sites[1]!.direction,
  reference: {
    kind: 'site',
    versionId: sites[0]!.versionId,
    speedChannelId: sites[0]!.speed,
    directionChannelId: sites[0]!.direction,
  },
  period: '1H',
  sectors: 0,
});

describe('the long-term correction says what it stood on (issue 41 §1)', () => {
  it('answers the target’s basis — version, period, records used, the 85 m/s left out — and the reference’s', async () => {
    const r = await server.call('POST', '/api/data-process/longterm/compare', {
      token,
      language: 'EN',
      headers: { 'utc-code': '+00:00' },
      body: body(),
    });
    expect(r.status, JSON.stringify(r.body).slice(0, 400)).toBe(200);
    const result = ZMcpCompareResult.parse(r.body.data);
    // The built-in first version's name in the reader's language.
    expect(result.versionName).toBe('Original data');
    expect(result.basis).toMatchObject({
      versionId: sites[1]!.versionId,
      startTime: new Date(START).toISOString(),
      endTime: new Date(START + HOURS * HOUR).toISOString(),
      records: HOURS,
      // The request's defaults: suspicious records out, filled ones in.
      policy: { includeSuspicious: false, includeFilled: true },
    });
    const [speed, direction] = result.basis.channels;
    expect(speed).toMatchObject({ channelId: sites[1]!.speed, present: HOURS, used: HOURS - 1 });
    expect(speed!.leftOut).toEqual({ invalid: 0, icing: 0, suspicious: 0, filled: 0, outsideLimits: 1 });
    expect(direction).toMatchObject({ channelId: sites[1]!.direction, used: HOURS });
    expect(leftOutTotals(result.basis).total).toBe(1);
    // The reference is another site's version: read the same way, nothing of it left out.
    expect(result.referenceBasis).toMatchObject({ versionId: sites[0]!.versionId, records: HOURS });
    expect(leftOutTotals(result.referenceBasis!).total).toBe(0);
    // The spike decides nothing: the fit is the line the target was built with.
    const ols = result.rows.find((row) => row.method === 'ols' && row.sectors === 0)!;
    expect(ols.slope).toBeCloseTo(1.2, 2);
  });

  it('answers the same basis for the version it writes', async () => {
    const compare = await server.call('POST', '/api/data-process/longterm/compare', {
      token,
      language: 'ZH',
      headers: { 'utc-code': '+00:00' },
      body: { ...body(), includeSuspicious: true },
    });
    expect(compare.status).toBe(200);
    const generated = await server.call('POST', '/api/data-process/longterm/generate', {
      token,
      language: 'ZH',
      headers: { 'utc-code': '+00:00' },
      body: { ...body(), includeSuspicious: true, method: 'ols', name: 'LT basis' },
    });
    expect(generated.status, JSON.stringify(generated.body).slice(0, 400)).toBe(200);
    const written = ZMcpGenerateResult.parse(generated.body.data);
    expect(written.basis).toEqual(ZMcpCompareResult.parse(compare.body.data).basis);
    expect(written.basis.policy).toEqual({ includeSuspicious: true, includeFilled: true });
    expect(written.basis.channels[0]!.leftOut.outsideLimits).toBe(1);
  });
});
