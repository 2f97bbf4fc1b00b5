import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rescaled } from '../../src/modules/sensors/index.ts';
import { buildStation, startTestServer, TEST_ADMIN_PASSWORD, type TTestServer } from '../test-server.ts';
import { copyVersion, readSeries, seedOriginal, waitForTask } from '../wind-fixtures.ts';

/** The real DOE Fergus Electric mast (10-min speeds, 2001–2002), read from ../shared. */
const FERGUS = path.resolve(
  import.meta.dirname,
  '../../../../../shared/samples/real-mast/usdoe-fergus-electric/fergus_electric_10min_2001-04_2002-06.csv',
);
const hasFergus = existsSync(FERGUS);
if (!hasFergus)
  console.warn(`calibration correction test: ${FERGUS} not found (../shared is absent) — skipped`);

/** The first 30 days of the mast's speeds from its first record (4/23/01 14:00), on the 10-min grid. */
function fergusSpeeds(): { startMs: number; values: Float32Array } {
  const lines = readFileSync(FERGUS, 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .filter(Boolean)
    .slice(0, 30 * 144);
  return {
    startMs: Date.UTC(2001, 3, 23, 14, 0),
    values: Float32Array.from(lines, (l) => {
      const cell = l.split(',')[1];
      return cell ? Number(cell) : Number.NaN;
    }),
  };
}

/** The IEA Task 43 demo's error: the logger programmed with offset 0.2491, the certificate says 0.2419. */
const PROGRAMMED = { slope: 0.04573, offset: 0.2491 };
const CERTIFIED = { slope: 0.04581, offset: 0.2419 };
const DAY = 86_400_000;

let server: TTestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin', TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await server.stop();
});

describe.skipIf(!hasFergus)('correcting history to the calibration certificate on real data', () => {
  it('re-scales the period exactly, leaves the rest and the original alone, and is undone exactly', async () => {
    const station = await buildStation(server.db);
    const { startMs, values } = fergusSpeeds();
    const original = await seedOriginal(server, station.id, startMs, [
      { dataKey: 'ws_30_mean', element: 'ws', heightM: 30, values },
    ]);
    const working = await copyVersion(server, token, station.id, original.versionId, 'calibration');
    const channel = working.channels.ws_30_mean!;
    const endMs = startMs + values.length * 600_000;
    const before = await readSeries(server, channel.id, startMs, endMs);
    const fromMs = startMs + 10 * DAY;
    const toMs = startMs + 20 * DAY;

    const refused = await server.call('POST', '/api/web/sensor/calibration/correct', {
      token,
      body: {
        versionId: original.versionId,
        channel: 'ws_30_mean',
        fromTime: new Date(fromMs).toISOString(),
        toTime: new Date(toMs).toISOString(),
        programmed: PROGRAMMED,
        certified: CERTIFIED,
      },
    });
    expect(refused.status, 'the original is never corrected').not.toBe(200);

    const started = await server.call('POST', '/api/web/sensor/calibration/correct', {
      token,
      body: {
        versionId: working.versionId,
        channel: 'ws_30_mean',
        fromTime: new Date(fromMs).toISOString(),
        toTime: new Date(toMs).toISOString(),
        programmed: PROGRAMMED,
        certified: CERTIFIED,
      },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const task = await waitForTask(server, token, started.body.data.taskId);
    expect(task.status, JSON.stringify(task)).toBe('succeeded');

    const after = await readSeries(server, channel.id, startMs, endMs);
    let changed = 0;
    for (let i = 0; i < before.values.length; i++) {
      const t = startMs + i * 600_000;
      const v = before.values[i]!;
      if (Number.isNaN(v)) {
        expect(Number.isNaN(after.values[i]!)).toBe(true);
        continue;
      }
      const inPeriod = t >= fromMs && t < toMs;
      // Exact to the stored 32-bit float: v' = (v − 0.2491)/0.04573 × 0.04581 + 0.2419.
      const expected = inPeriod ? Math.fround(((v - 0.2491) / 0.04573) * 0.04581 + 0.2419) : v;
      expect(after.values[i]).toBe(expected);
      expect(after.flags[i]).toBe(before.flags[i]);
      if (inPeriod) changed++;
    }
    expect(changed).toBeGreaterThan(1000);
    // A 10 m/s reading becomes 10.0129… m/s.
    expect(
      rescaled(10, { channel: '', fromMs: 0, toMs: null, programmed: PROGRAMMED, certified: CERTIFIED }),
    ).toBeCloseTo(((10 - 0.2491) / 0.04573) * 0.04581 + 0.2419, 12);
    const untouched = await readSeries(server, original.channels.ws_30_mean!.id, startMs, endMs);
    expect(Array.from(untouched.values)).toEqual(Array.from(before.values));
    const lineage = await server.db
      .selectFrom('dataset_version')
      .select('lineage')
      .where('id', '=', working.versionId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(lineage.lineage)).toContain('calibration_fix');

    const listed = await server.call(
      'GET',
      `/api/web/sensor/calibration/corrections?stationId=${station.id}`,
      {
        token,
      },
    );
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        id: started.body.data.correctionId,
        versionId: working.versionId,
        versionName: 'calibration',
        channel: 'ws_30_mean',
        fromTime: new Date(fromMs).toISOString(),
        toTime: new Date(toMs).toISOString(),
        programmed: PROGRAMMED,
        certified: CERTIFIED,
        status: 'applied',
      }),
    ]);
    const undo = await server.call('POST', '/api/web/sensor/calibration/correct/undo', {
      token,
      body: { correctionId: started.body.data.correctionId },
    });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect((await waitForTask(server, token, undo.body.data.taskId)).status).toBe('succeeded');
    const undone = await readSeries(server, channel.id, startMs, endMs);
    expect(Array.from(undone.values)).toEqual(Array.from(before.values));
    const again = await server.call('POST', '/api/web/sensor/calibration/correct/undo', {
      token,
      body: { correctionId: started.body.data.correctionId },
      language: 'EN',
    });
    expect(again.status).toBe(409);
  }, 60_000);
});
