import { dataRecovery } from '@masthub/wind';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimeSeriesRepository } from '../../src/modules/timeseries/timeseries.repository.ts';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  type TTestServer,
} from '../test-server.ts';
import { chunkSnapshot, copyVersion, readSeries } from '../wind-fixtures.ts';

let server: TTestServer;
let processorToken: string;
let viewerToken: string;
let station: { id: number };
let originalId: number;
let versionId: number;
let speedId: number;
let directionId: number;

const START = Date.parse('2024-03-31T20:00:00Z');
const ROWS = 60; // 10 h, across the March/April chunk boundary
const GAP = 10; // row 10 (21:40) has no speed

/** A 10-minute logger CSV with one speed (a gap at row GAP) and one direction column. */
function loggerCsv(): Buffer {
  const lines = ['Timestamp,WS_80m_Avg,WD_78m_Avg'];
  for (let i = 0; i < ROWS; i++) {
    const t = new Date(START + i * 600_000).toISOString().slice(0, 19).replace('T', ' ');
    lines.push(`${t},${i === GAP ? '' : (5 + i / 10).toFixed(2)},${(i * 7) % 360}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

const at = (minutes: number) => new Date(START + minutes * 60_000).toISOString();

async function saveMark(body: Record<string, unknown>, token = processorToken, language: 'ZH' | 'EN' = 'EN') {
  return server.call('POST', '/api/web/version/mark/save', { token, body, language });
}

/** How many speed values the statistics analysis of the version uses (its summary row count). */
async function speedValuesUsedByStatistics(): Promise<number> {
  const r = await server.call('POST', '/api/data-process/statistics/analysis', {
    token: viewerToken,
    body: { versionId, channelIds: [speedId] },
  });
  expect(r.status, r.body.msg).toBe(200);
  return r.body.data.summary.rows.find((row: { channelId: number }) => row.channelId === speedId).count;
}

beforeAll(async () => {
  server = await startTestServer();
  station = await buildStation(server.db);
  const processor = await buildUser(server.db, { features: ['data.process'] });
  await grantRoleStations(server.db, processor.roleId, [station.id]);
  processorToken = await server.login(processor.account, processor.password);
  const viewer = await buildUser(server.db, { features: [] });
  await grantRoleStations(server.db, viewer.roleId, [station.id]);
  viewerToken = await server.login(viewer.account, viewer.password);
  const ingested = await server.services.ingestion.ingestFile({
    stationId: station.id,
    fileName: 'logger.csv',
    source: 'upload',
    bytes: loggerCsv(),
  });
  expect(ingested.status).toBe('parsed');
  originalId = (await new TimeSeriesRepository(server.db).findOriginalVersion(station.id))!.id;
  const copy = await copyVersion(server, processorToken, station.id, originalId, '标记工作版本');
  versionId = copy.versionId;
  speedId = Object.values(copy.channels).find((c) => c.element === 'ws')!.id;
  directionId = Object.values(copy.channels).find((c) => c.element === 'wd')!.id;
});

afterAll(async () => {
  await server?.stop();
});

describe('manual marks', () => {
  it('marks present values invalid in the chunks (missing slots stay 0) and the statistics leave them out', async () => {
    const before = await chunkSnapshot(server, versionId);
    const usedBefore = await speedValuesUsedByStatistics();
    expect(usedBefore).toBe(ROWS - 1);
    // 21:00 … 01:00 next day: rows 6 … 29 (24 slots, row 10 missing), across two month chunks.
    const r = await saveMark({
      versionId,
      channelIds: [speedId],
      startTime: at(60),
      endTime: at(300),
      flag: 3,
      note: '传感器故障',
    });
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body.data).toMatchObject({
      versionId,
      source: 'manual',
      taskId: null,
      channelIds: [speedId],
      flag: 3,
      note: '传感器故障',
      changedCount: 23,
      isUndone: false,
      undoerName: null,
    });
    const series = await readSeries(server, speedId, START, START + ROWS * 600_000);
    for (let i = 0; i < ROWS; i++) {
      const expected = i >= 6 && i < 30 && i !== GAP ? 3 : 0;
      expect(series.flags[i], `row ${i}`).toBe(expected);
    }
    expect(Number.isNaN(series.values[GAP]!)).toBe(true);
    // Both month chunks were rewritten; the direction channel was not touched.
    const after = await chunkSnapshot(server, versionId);
    const changed = after.filter((c, k) => c.flags !== before[k]!.flags).map((c) => `${c.key}@${c.month}`);
    expect(changed.length).toBe(2);
    expect(changed.every((k) => k.startsWith('ws_'))).toBe(true);
    expect(after.map((c) => c.values)).toEqual(before.map((c) => c.values));
    // Invalid values count as invalid in the recovery and are masked out of the statistics.
    const recovery = dataRecovery(series.values, series.flags);
    expect(recovery.overall).toMatchObject({ shouldCount: ROWS, lackCount: 1, invalidCount: 23 });
    expect(await speedValuesUsedByStatistics()).toBe(ROWS - 1 - 23);
    // The other channel is untouched.
    const direction = await readSeries(server, directionId, START, START + ROWS * 600_000);
    expect(direction.flags.every((f) => f === 0)).toBe(true);
  });

  it('lists marks newest first with channel names, who and when; a user without the feature may read them', async () => {
    const r = await server.call('POST', '/api/web/version/mark/page', {
      token: viewerToken,
      body: { versionId },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBeGreaterThanOrEqual(1);
    const mark = r.body.data.records[0];
    expect(mark.channelNames).toEqual(['WS_80m_Avg']);
    expect(mark.creatorName).toMatch(/^User /);
    expect(Date.parse(mark.createTime)).not.toBeNaN();
    expect(Date.parse(mark.startTime)).toBe(Date.parse(at(60)));
  });

  it('undoes a mark back to the exact bytes, and refuses a second undo with 409 in zh and en', async () => {
    const before = await chunkSnapshot(server, versionId);
    const r = await saveMark({
      versionId,
      channelIds: [speedId, directionId],
      startTime: at(0),
      endTime: at(600),
      flag: 2,
    });
    expect(r.status).toBe(200);
    const changedCount = r.body.data.changedCount;
    expect(changedCount).toBeGreaterThan(0);
    expect(await chunkSnapshot(server, versionId)).not.toEqual(before);
    const undo = await server.call('POST', '/api/web/version/mark/undo', {
      token: processorToken,
      body: { id: r.body.data.id },
    });
    expect(undo.status, undo.body.msg).toBe(200);
    expect(undo.body.data).toMatchObject({ isUndone: true });
    expect(undo.body.data.undoerName).toMatch(/^User /);
    expect(Date.parse(undo.body.data.undoTime)).not.toBeNaN();
    expect(await chunkSnapshot(server, versionId)).toEqual(before);
    for (const [language, msg] of [
      ['ZH', '该标记已撤销'],
      ['EN', 'This mark has already been undone'],
    ] as const) {
      const again = await server.call('POST', '/api/web/version/mark/undo', {
        token: processorToken,
        body: { id: r.body.data.id },
        language,
      });
      expect(again.status).toBe(409);
      expect(again.body.msg).toBe(msg);
      expect(again.body.data.errorCode).toBe('MARK_ALREADY_UNDONE');
    }
    expect(await chunkSnapshot(server, versionId)).toEqual(before);
  });

  it('keeps later marks on undo: only slots still holding the undone flag go back', async () => {
    const range = [START + 400 * 60_000, START + 600 * 60_000] as const; // rows 40 … 59
    const first = await saveMark({
      versionId,
      channelIds: [speedId],
      startTime: at(400),
      endTime: at(500),
      flag: 4,
    });
    const second = await saveMark({
      versionId,
      channelIds: [speedId],
      startTime: at(450),
      endTime: at(550),
      flag: 2,
    });
    expect([first.status, second.status]).toEqual([200, 200]);
    const undo = await server.call('POST', '/api/web/version/mark/undo', {
      token: processorToken,
      body: { id: first.body.data.id },
    });
    expect(undo.status).toBe(200);
    const s = await readSeries(server, speedId, range[0], range[1]);
    // rows 40–44: icing undone → 0; rows 45–54: the later suspicious mark wins; rows 55–59: untouched.
    expect(s.flags).toEqual([...Array(5).fill(0), ...Array(10).fill(2), ...Array(5).fill(0)]);
    const undoSecond = await server.call('POST', '/api/web/version/mark/undo', {
      token: processorToken,
      body: { id: second.body.data.id },
    });
    expect(undoSecond.status).toBe(200);
    expect((await readSeries(server, speedId, range[0], range[1])).flags.every((f) => f === 0)).toBe(true);
  });

  it('undoes overlapping marks in either order back to the flags before both', async () => {
    const before = await chunkSnapshot(server, versionId);
    const first = await saveMark({
      versionId,
      channelIds: [speedId],
      startTime: at(400),
      endTime: at(500),
      flag: 4,
    });
    const second = await saveMark({
      versionId,
      channelIds: [speedId],
      startTime: at(450),
      endTime: at(550),
      flag: 2,
    });
    for (const id of [second.body.data.id, first.body.data.id]) {
      const undo = await server.call('POST', '/api/web/version/mark/undo', {
        token: processorToken,
        body: { id },
      });
      expect(undo.status).toBe(200);
    }
    expect(await chunkSnapshot(server, versionId)).toEqual(before);
  });

  it('treats "normal" as a mark too: it clears flags and can be undone', async () => {
    const normal = await saveMark({
      versionId,
      channelIds: [speedId],
      startTime: at(0),
      endTime: at(600),
      flag: 0,
    });
    expect(normal.status).toBe(200);
    expect(normal.body.data.changedCount).toBe(23); // the invalid mark of the first test
    expect(
      (await readSeries(server, speedId, START, START + ROWS * 600_000)).flags.every((f) => f === 0),
    ).toBe(true);
    const undo = await server.call('POST', '/api/web/version/mark/undo', {
      token: processorToken,
      body: { id: normal.body.data.id },
    });
    expect(undo.status).toBe(200);
    const s = await readSeries(server, speedId, START, START + ROWS * 600_000);
    expect(s.flags.filter((f) => f === 3).length).toBe(23);
  });

  it('refuses the original version with 409 in zh and en and changes nothing', async () => {
    const before = await chunkSnapshot(server, originalId);
    const originalSpeed = (await new TimeSeriesRepository(server.db).listChannels(originalId)).find(
      (c) => c.element === 'ws',
    )!;
    for (const [language, msg] of [
      ['ZH', '原始数据版本只能查看，请先复制出一个工作版本再处理'],
      ['EN', 'The original version is view-only; copy it to a working version first'],
    ] as const) {
      const r = await saveMark(
        { versionId: originalId, channelIds: [originalSpeed.id], startTime: at(0), endTime: at(60), flag: 3 },
        processorToken,
        language,
      );
      expect(r.status).toBe(409);
      expect(r.body.msg).toBe(msg);
    }
    expect(await chunkSnapshot(server, originalId)).toEqual(before);
  });

  it('refuses a mark while a task is queued or running on the version (409 with the task id)', async () => {
    const before = await chunkSnapshot(server, versionId);
    const task = await server.db
      .insertInto('processing_task')
      .values({ version_id: versionId, station_id: station.id, kind: 'interpolation', status: 'running' })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const r = await saveMark({
        versionId,
        channelIds: [speedId],
        startTime: at(0),
        endTime: at(60),
        flag: 3,
      });
      expect(r.status).toBe(409);
      expect(r.body.data.errorCode).toBe('VERSION_TASK_RUNNING');
      expect(r.body.msg).toContain(`#${task.id}`);
      const zh = await saveMark(
        { versionId, channelIds: [speedId], startTime: at(0), endTime: at(60), flag: 3 },
        processorToken,
        'ZH',
      );
      expect(zh.body.msg).toBe(`该版本已有数据处理任务（#${task.id}）正在进行，请等待其完成后再试`);
      const marks = await server.call('POST', '/api/web/version/mark/page', {
        token: processorToken,
        body: { versionId },
      });
      const undo = await server.call('POST', '/api/web/version/mark/undo', {
        token: processorToken,
        body: { id: marks.body.data.records[0].id },
      });
      expect(undo.status).toBe(409);
    } finally {
      await server.db
        .updateTable('processing_task')
        .set({ status: 'failed' })
        .where('id', '=', task.id)
        .execute();
    }
    expect(await chunkSnapshot(server, versionId)).toEqual(before);
  });

  it('validates the request (start after end, flag 1) and refuses channels of another version', async () => {
    for (const [language, message] of [
      ['ZH', '开始时间不能晚于结束时间'],
      ['EN', 'The start time must not be later than the end time'],
    ] as const) {
      const r = await saveMark(
        { versionId, channelIds: [speedId], startTime: at(60), endTime: at(0), flag: 3 },
        processorToken,
        language,
      );
      expect(r.status).toBe(400);
      expect(r.body.data.fields).toContainEqual({ field: 'endTime', message });
    }
    const flagOne = await saveMark({
      versionId,
      channelIds: [speedId],
      startTime: at(0),
      endTime: at(60),
      flag: 1,
    });
    expect(flagOne.status).toBe(400);
    const originalSpeed = (await new TimeSeriesRepository(server.db).listChannels(originalId))[0]!;
    const foreign = await saveMark({
      versionId,
      channelIds: [originalSpeed.id],
      startTime: at(0),
      endTime: at(60),
      flag: 3,
    });
    expect(foreign.status).toBe(404);
  });

  it('refuses marking and undoing to a user without data.process', async () => {
    const r = await saveMark(
      { versionId, channelIds: [speedId], startTime: at(0), endTime: at(60), flag: 3 },
      viewerToken,
    );
    expect(r.status).toBe(403);
    const undo = await server.call('POST', '/api/web/version/mark/undo', {
      token: viewerToken,
      body: { id: 1 },
    });
    expect(undo.status).toBe(403);
  });
});
