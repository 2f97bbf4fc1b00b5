import type { TReceiptFix } from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildStation,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../../../test/test-server.ts';
import { readSeries, seedOriginal, waitForTask } from '../../../test/wind-fixtures.ts';
import { TimeSeriesRepository } from '../timeseries/timeseries.repository.ts';

/**
 * The one-click fixes of the data receipt on the real app and PostgreSQL: for each kind a finding is
 * stored as a computed receipt would store it, its fix applied through the API (a processing task on the
 * site's receipt version), the working version's values checked, then the undo checked to give back
 * exactly what was there. The original version is never touched.
 */
const START = Date.UTC(2025, 2, 1);
const STEP = 600_000;
const N = 6 * 144;
const ramp = (i: number) => 4 + (i % 37) / 4;

let server: TTestServer;
let token: string;
let site: { id: number };
let originalId: number;
let channelIds: Record<string, number>;

async function storeFinding(fix: TReceiptFix, check: string): Promise<number> {
  const rawFile = await server.db
    .insertInto('raw_file')
    .values({
      sha256: `${'c'.repeat(60)}${String(Math.floor(Math.random() * 9000) + 1000)}`,
      file_name: 'logger.csv',
      size_bytes: 1,
      station_id: site.id,
      source: 'upload',
      status: 'parsed',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const receipt = await server.db
    .insertInto('data_receipt')
    .values({ raw_file_id: rawFile.id, station_id: site.id, version_id: originalId, status: 'done' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const finding = await server.db
    .insertInto('receipt_finding')
    .values({
      receipt_id: receipt.id,
      station_id: site.id,
      position: 0,
      check_kind: check,
      finding_key: `${check}.test`,
      severity: 'error',
      channels: ['ws_80_mean'],
      period_start: new Date(START),
      period_end: new Date(START + N * STEP),
      numbers: '{}',
      fix: JSON.stringify(fix),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return finding.id;
}

async function applyAndUndo(findingId: number, check: (versionId: number) => Promise<void>) {
  const applied = await server.call('POST', '/api/web/receipt/apply', { token, body: { findingId } });
  expect(applied.status, applied.body.msg).toBe(200);
  const task = await waitForTask(server, token, applied.body.data.taskId);
  expect(task.status, task.error).toBe('succeeded');
  const versionId = applied.body.data.versionId as number;
  const before = await valuesOf(versionId, 'ws_80_mean');
  await check(versionId);
  const undone = await server.call('POST', '/api/web/receipt/undo', {
    token,
    body: { fixId: applied.body.data.fixId },
  });
  expect(undone.status, undone.body.msg).toBe(200);
  expect((await waitForTask(server, token, undone.body.data.taskId)).status).toBe('succeeded');
  return { versionId, before };
}

async function valuesOf(versionId: number, dataKey: string) {
  const channel = (await new TimeSeriesRepository(server.db).listChannels(versionId)).find(
    (c) => c.dataKey === dataKey,
  )!;
  return Array.from((await readSeries(server, channel.id, START - 2 * 3_600_000, START + N * STEP)).values);
}

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin', TEST_ADMIN_PASSWORD);
  site = await buildStation(server.db);
  const seeded = await seedOriginal(server, site.id, START, [
    {
      dataKey: 'ws_80_mean',
      element: 'ws',
      heightM: 80,
      values: Array.from({ length: N }, (_, i) => ramp(i)),
    },
    {
      dataKey: 'wd_78_mean',
      element: 'wd',
      heightM: 78,
      values: Array.from({ length: N }, (_, i) => (i * 7) % 360),
    },
  ]);
  originalId = seeded.versionId;
  channelIds = Object.fromEntries(Object.entries(seeded.channels).map(([k, c]) => [k, c.id]));
  const config = await server.db
    .insertInto('channel_config')
    .values({
      station_id: site.id,
      name: 'config',
      effective_from: new Date(START - 86_400_000),
      updater_name: 't',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('channel_config_channel')
    .values({
      config_id: config.id,
      position: 0,
      channel_name: 'Spd80m',
      element: 'ws',
      data_key: 'ws_80_mean',
      statistic: 'mean',
      boom_orientation_deg: 0,
    })
    .execute();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('receipt fixes as undoable processing tasks', () => {
  it('shift_clock moves every channel of the period by the fix’s minutes and the undo moves it back', async () => {
    const findingId = await storeFinding(
      { kind: 'shift_clock', fromMs: START, toMs: START + N * STEP, minutes: -60 },
      'clock_offset',
    );
    const { versionId, before } = await applyAndUndo(findingId, async (v) => {
      const after = await valuesOf(v, 'ws_80_mean');
      // The read starts 2 h before the data: record k now sits 6 steps earlier.
      expect(after[12 - 6]).toBeCloseTo(ramp(0), 5);
      expect(after[12 + 100 - 6]).toBeCloseTo(ramp(100), 5);
      expect(Number.isNaN(after[12 + N - 1]!)).toBe(true);
    });
    const restored = await valuesOf(versionId, 'ws_80_mean');
    expect(restored.map(String)).toEqual((await valuesOf(originalId, 'ws_80_mean')).map(String));
    expect(before.length).toBe(restored.length);
  }, 60_000);

  it('slope_offset rescales from its date on, vane_offset turns a vane, both undone exactly', async () => {
    const from = START + 144 * STEP;
    const slope = await storeFinding(
      { kind: 'slope_offset', channel: 'ws_80_mean', slope: 1.03, offset: 0.1, fromMs: from },
      'slope_mismatch',
    );
    const { versionId } = await applyAndUndo(slope, async (v) => {
      const after = await valuesOf(v, 'ws_80_mean');
      expect(after[12 + 10]).toBeCloseTo(ramp(10), 5);
      expect(after[12 + 200]).toBeCloseTo(1.03 * ramp(200) + 0.1, 4);
    });
    expect((await valuesOf(versionId, 'ws_80_mean')).map(String)).toEqual(
      (await valuesOf(originalId, 'ws_80_mean')).map(String),
    );
    const vane = await storeFinding(
      { kind: 'vane_offset', channel: 'wd_78_mean', deg: -15, fromMs: START },
      'vane_offset',
    );
    await applyAndUndo(vane, async (v) => {
      const after = await valuesOf(v, 'wd_78_mean');
      expect(after[12]).toBeCloseTo(345, 4);
      expect(after[12 + 3]).toBeCloseTo(6, 4);
    });
    expect((await valuesOf(versionId, 'wd_78_mean')).map(String)).toEqual(
      (await valuesOf(originalId, 'wd_78_mean')).map(String),
    );
  }, 60_000);

  it('set_boom_orientation sets the configured boom and the undo sets the previous one back', async () => {
    const findingId = await storeFinding(
      { kind: 'set_boom_orientation', channel: 'ws_80_mean', deg: 180 },
      'boom_orientation',
    );
    const boom = async () =>
      (
        await server.db
          .selectFrom('channel_config_channel')
          .select('boom_orientation_deg')
          .where('data_key', '=', 'ws_80_mean')
          .executeTakeFirstOrThrow()
      ).boom_orientation_deg;
    await applyAndUndo(findingId, async () => {
      expect(await boom()).toBe(180);
    });
    expect(await boom()).toBe(0);
    expect(channelIds.ws_80_mean).toBeGreaterThan(0);
  }, 60_000);

  it('refuses to apply a fix twice and to fix the original version', async () => {
    const findingId = await storeFinding(
      { kind: 'slope_offset', channel: 'ws_80_mean', slope: 1.01, offset: 0, fromMs: START },
      'slope_mismatch',
    );
    const onOriginal = await server.call('POST', '/api/web/receipt/apply', {
      token,
      body: { findingId, versionId: originalId },
      language: 'EN',
    });
    expect(onOriginal.status).toBe(409);
    expect(onOriginal.body.data.errorCode).toBe('VERSION_VIEW_ONLY');
    const first = await server.call('POST', '/api/web/receipt/apply', { token, body: { findingId } });
    expect(first.status).toBe(200);
    await waitForTask(server, token, first.body.data.taskId);
    const second = await server.call('POST', '/api/web/receipt/apply', {
      token,
      body: { findingId },
      language: 'EN',
    });
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe('This finding has already been dismissed or fixed');
  }, 60_000);
});
