import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectFigures } from '../../src/modules/reports/group/collect.ts';
import { openTimeSeriesStore, refreshStationDays } from '../../src/modules/timeseries/index.ts';
import {
  RECON_GAPS,
  RECON_INVALID,
  RECON_N,
  RECON_T0,
  reconWorld,
  type TReconWorld,
} from '../reconstruct-fixtures.ts';
import { buildUser, startTestServer, type TTestServer } from '../test-server.ts';
import { readSeries, runTask, waitForTask } from '../wind-fixtures.ts';

/**
 * Gap reconstruction through the API (issue 45 §1): the preview says what a run would do, the run fills
 * the gaps with flag 1 and keeps the lineage, the undo gives the slots back; a neighbouring site the
 * caller cannot view is never read; failures are told in both languages.
 */

let server: TTestServer;
let token: string;
let world: TReconWorld;

const PROCESS = '/api/data-process/process';
const SLOT_MS = 600_000;

beforeAll(async () => {
  server = await startTestServer();
  const user = await buildUser(server.db, { features: ['data.process'] });
  token = await server.login(user.account, user.password);
  world = await reconWorld(server, token, user.roleId);
});

afterAll(async () => {
  await server?.stop();
});

const body = (extra: Record<string, unknown> = {}) => ({ versionId: world.workingId, ...extra });

async function targetSeries(dataKey: string) {
  const id = world.channels[dataKey]!.id;
  return readSeries(server, id, RECON_T0, RECON_T0 + 4320 * SLOT_MS);
}

describe('the reconstruction preview', () => {
  it('lists the gaps, the ranked sources with their skill, what would be filled and the cross-validated error', async () => {
    const r = await server.call('POST', `${PROCESS}/reconstruct/preview`, {
      token,
      body: body({ targetChannelIds: [world.channels.ws_80_a!.id, world.channels.wd_78!.id] }),
      language: 'EN',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const preview = r.body.data;
    expect(preview.failure).toBeNull();
    expect(preview.neighbours.map((n: { name: string }) => n.name)).toEqual([world.neighbour.name]);
    const ws = preview.targets.find((t: { channelName: string }) => t.channelName === 'WS 80m A');
    // Three gaps and the six invalid records: 72 + 144 + 6 + 6 slots.
    expect(ws.gaps.count).toBe(4);
    expect(ws.missingCount).toBe(72 + 144 + 6 + 6);
    const kinds = ws.steps.map((s: { kind: string }) => s.kind);
    expect(kinds[0]).toBe('redundant');
    expect(new Set(kinds)).toEqual(new Set(['redundant', 'other_height', 'neighbour']));
    expect(ws.steps[0].sourceName).toBe('WS 80m B');
    expect(ws.steps[0].skill.r).toBeGreaterThan(0.95);
    expect(ws.filledCount).toBe(ws.missingCount);
    expect(ws.recovery.beforePct).toBeLessThan(100);
    expect(ws.recovery.afterPct).toBe(100);
    expect(ws.crossValidation.heldOutSlots).toBeGreaterThan(0);
    expect(Math.abs(ws.crossValidation.annualMeanErrorPct)).toBeLessThan(2);
    expect(ws.uncertainty.annualMeanPct).toBeGreaterThanOrEqual(0);
    const wd = preview.targets.find((t: { channelName: string }) => t.channelName === 'WD 78m');
    expect(wd.steps.map((s: { sourceName: string }) => s.sourceName)).toEqual([
      `${world.neighbour.name} · WD 80m`,
    ]);
    expect(wd.filledCount).toBe(72);
    // Nothing was written.
    const after = await targetSeries('ws_80_a');
    expect(Number.isNaN(after.values[1000]!)).toBe(true);
  });

  it('never reads a neighbouring site the caller cannot view', async () => {
    const r = await server.call('POST', `${PROCESS}/reconstruct/preview`, {
      token,
      body: body({ sourceKinds: ['neighbour'], radiusKm: 500 }),
    });
    expect(r.status).toBe(200);
    const names = r.body.data.targets.flatMap(
      (t: { steps: { sourceName: string }[]; rejected: { sourceName: string }[] }) => [
        ...t.steps.map((s) => s.sourceName),
        ...t.rejected.map((s) => s.sourceName),
      ],
    );
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n: string) => n.startsWith(world.neighbour.name))).toBe(true);
    expect(JSON.stringify(r.body.data)).not.toContain(world.hidden.name);
  });

  it('refuses a version the caller may not process', async () => {
    const reader = await buildUser(server.db, { features: [] });
    const readerToken = await server.login(reader.account, reader.password);
    const r = await server.call('POST', `${PROCESS}/reconstruct/preview`, {
      token: readerToken,
      body: body(),
    });
    expect(r.status).toBe(403);
  });
});

describe('the reconstruction task and its undo', () => {
  it('fills the gaps with flag 1, keeps the lineage and the uncertainty, and the undo gives the slots back', async () => {
    const before = await targetSeries('ws_80_a');
    const task = await runTask(server, token, `${PROCESS}/reconstruct`, body());
    expect(task.status, task.error).toBe('succeeded');
    expect(task.kind).toBe('reconstruct');
    const result = task.result;
    const ws = result.targets.find((t: { channelName: string }) => t.channelName === 'WS 80m A');
    expect(ws.filledCount).toBe(72 + 144 + 6 + 6);
    expect(ws.steps[0]).toMatchObject({ kind: 'redundant', sourceName: 'WS 80m B', rank: 0 });
    expect(typeof ws.uncertainty.annualMeanPct).toBe('number');
    expect(result.uncertaintyPct).toBeGreaterThanOrEqual(ws.uncertainty.annualMeanPct);
    const filled = await targetSeries('ws_80_a');
    for (const [a] of RECON_GAPS) {
      expect(filled.flags[a]).toBe(1);
      expect(filled.values[a]!).toBeGreaterThan(0);
    }
    expect(filled.flags[RECON_INVALID[0]]).toBe(1);
    expect(filled.flags[10]).toBe(0);
    expect(filled.values[10]).toBe(before.values[10]);

    // Each filled record's provenance: the step (source, method, fit) that filled it.
    const kept = await server.db
      .selectFrom('reconstruction_undo')
      .select('entries')
      .where('task_id', '=', task.id)
      .executeTakeFirstOrThrow();
    const entry = (kept.entries as { channelId: number; filledBy: string; sourceIds: string[] }[]).find(
      (e) => e.channelId === world.channels.ws_80_a!.id,
    )!;
    const by = new Int16Array(new Uint8Array(inflateSync(Buffer.from(entry.filledBy, 'base64'))).buffer);
    expect(by.length).toBe(ws.filledCount);
    expect(entry.sourceIds).toEqual(ws.steps.map((s: { sourceId: string }) => s.sourceId));
    expect(by.filter((k) => k === 0).length).toBe(ws.steps[0].filledCount);

    const lineage = await server.call('GET', `/api/web/version/detail?versionId=${world.workingId}`, {
      token,
    });
    expect(lineage.body.data.lineage.map((s: { step: string }) => s.step)).toContain('reconstruct');

    // A second undo is refused while the first is queued or done.
    const undo = await server.call('POST', `${PROCESS}/reconstruct/undo`, {
      token,
      body: { taskId: task.id },
    });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    const undone = await waitForTask(server, token, undo.body.data.id);
    expect(undone.status, undone.error).toBe('succeeded');
    expect(undone.result.restoredCount).toBeGreaterThan(0);
    const back = await targetSeries('ws_80_a');
    expect(back.flags).toEqual(before.flags);
    expect(back.values.map((v) => (Number.isNaN(v) ? null : v))).toEqual(
      before.values.map((v) => (Number.isNaN(v) ? null : v)),
    );
    const again = await server.call('POST', `${PROCESS}/reconstruct/undo`, {
      token,
      body: { taskId: task.id },
      language: 'EN',
    });
    expect(again.status).toBe(409);
    expect(again.body.msg).toMatch(/already been undone/);
  });

  it('fails in both languages when every source is rejected, naming why', async () => {
    const r = await server.call('POST', `${PROCESS}/reconstruct`, {
      token,
      body: body({
        targetChannelIds: [world.channels.ws_80_a!.id],
        sourceKinds: ['other_height'],
        minR: 0.9999,
      }),
    });
    expect(r.status).toBe(200);
    const en = await waitForTask(server, token, r.body.data.id, 'EN');
    const zh = await waitForTask(server, token, r.body.data.id, 'ZH');
    expect(en.status).toBe('failed');
    expect(en.errorKey).toBe('reconstruct_all_rejected');
    expect(en.error).toContain('every source was rejected');
    expect(en.error).toContain('WS 60m');
    expect(zh.error).toContain('所有数据源均被拒绝');
  });

  it('fails in both languages without a source, and without gaps', async () => {
    const noSource = await runTask(
      server,
      token,
      `${PROCESS}/reconstruct`,
      body({ sourceKinds: ['reference'] }),
    );
    expect(noSource.errorKey).toBe('reconstruct_no_source');
    expect(noSource.error).toContain('no source was found');
    const zh = await waitForTask(server, token, noSource.id, 'ZH');
    expect(zh.error).toContain('没有找到可用于重建的数据源');
    const noGaps = await runTask(
      server,
      token,
      `${PROCESS}/reconstruct`,
      body({ targetChannelIds: [world.channels.ws_60!.id] }),
      'ZH',
    );
    expect(noGaps.errorKey).toBe('reconstruct_no_gaps');
    expect(noGaps.error).toContain('没有缺测');
    const preview = await server.call('POST', `${PROCESS}/reconstruct/preview`, {
      token,
      body: body({ targetChannelIds: [world.channels.ws_60!.id] }),
      language: 'EN',
    });
    expect(preview.body.data.failure).toContain('no gaps');
  });
});

describe("the hub's recovery after reconstruction", () => {
  /**
   * A second world whose thirty days end today (the hub's 30-day window), seen by a user of its own. Its
   * days are counted as the data-arrived listener counts them; the reconstruction writes only to the
   * working version, and the hub's and the group report's figures after reconstruction follow it
   * (issue 45 §1).
   */
  const DAY_MS = 86_400_000;
  let own: string;
  let fresh: TReconWorld;
  let t0: number;

  async function hubFigures() {
    const r = await server.call('GET', '/api/web/hub/overview', { token: own, language: 'EN' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const site = r.body.data.recovery30.worst.find(
      (w: { stationId: number }) => w.stationId === fresh.stationId,
    );
    expect(site, 'the mast in the 30-day window').toBeDefined();
    return site as { recoveryPct: number; recoveryAfterPct: number };
  }

  /** The group report's figures of the mast over its thirty days. */
  async function reportFigures() {
    const period = { start: new Date(t0), end: new Date(t0 + RECON_N * SLOT_MS) };
    const figures = await collectFigures(server.db, [fresh.stationId], period as never);
    return figures.sites[0]!;
  }

  beforeAll(async () => {
    const user = await buildUser(server.db, { features: ['data.process'] });
    own = await server.login(user.account, user.password);
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    t0 = today - (RECON_N / 144) * DAY_MS;
    fresh = await reconWorld(server, own, user.roleId, t0);
    const original = (await openTimeSeriesStore(server.db).findOriginalVersion(fresh.stationId))!;
    await server.db.transaction().execute(async (trx) => {
      await refreshStationDays(trx, fresh.stationId, original.id, t0, today - 1);
    });
  });

  it('moves the figure after reconstruction with the run and back with the undo, the measured one never', async () => {
    const before = await hubFigures();
    expect(before.recoveryPct).toBeLessThan(100);
    expect(before.recoveryAfterPct).toBe(before.recoveryPct);
    const reportBefore = await reportFigures();
    expect(reportBefore.recovery).toBeLessThan(1);
    expect(reportBefore.recoveryAfter).toBeCloseTo(reportBefore.recovery, 9);

    const task = await runTask(server, own, `${PROCESS}/reconstruct`, { versionId: fresh.workingId });
    expect(task.status, task.error).toBe('succeeded');
    const after = await hubFigures();
    expect(after.recoveryPct).toBe(before.recoveryPct);
    expect(after.recoveryAfterPct).toBeGreaterThan(before.recoveryPct);
    // Every gap of the 80 m cup filled: each height whole again.
    expect(after.recoveryAfterPct).toBe(100);
    const reportAfter = await reportFigures();
    expect(reportAfter.recovery).toBeCloseTo(reportBefore.recovery, 9);
    expect(reportAfter.recoveryAfter).toBeCloseTo(1, 9);

    const undo = await server.call('POST', `${PROCESS}/reconstruct/undo`, {
      token: own,
      body: { taskId: task.id },
    });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    const undone = await waitForTask(server, own, undo.body.data.id);
    expect(undone.status, undone.error).toBe('succeeded');
    const back = await hubFigures();
    expect(back.recoveryPct).toBe(before.recoveryPct);
    expect(back.recoveryAfterPct).toBe(before.recoveryPct);
    const reportBack = await reportFigures();
    expect(reportBack.recovery).toBeCloseTo(reportBefore.recovery, 9);
    expect(reportBack.recoveryAfter).toBeCloseTo(reportBefore.recovery, 9);
  });
});
