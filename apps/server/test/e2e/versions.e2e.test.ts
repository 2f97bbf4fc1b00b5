import { renderText, type TText } from '@masthub/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimeSeriesRepository } from '../../src/modules/timeseries/timeseries.repository.ts';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  type TTestServer,
} from '../test-server.ts';
import { chunkSnapshot } from '../wind-fixtures.ts';

let server: TTestServer;
let token: string;
let userId: number;
let viewerToken: string;
let station: { id: number };
let originalId: number;

const START = Date.parse('2024-01-31T22:00:00Z');
const ROWS = 30; // across the January/February chunk boundary

function loggerCsv(): Buffer {
  const lines = ['Timestamp,WS_80m_Avg,WD_78m_Avg'];
  for (let i = 0; i < ROWS; i++) {
    const t = new Date(START + i * 600_000).toISOString().slice(0, 19).replace('T', ' ');
    lines.push(`${t},${(6 + i / 10).toFixed(2)},${(i * 11) % 360}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function createVersion(name: string, sourceVersionId = originalId, language: 'ZH' | 'EN' = 'EN') {
  return server.call('POST', '/api/web/version/save', {
    token,
    language,
    body: { stationId: station.id, sourceVersionId, name },
  });
}

beforeAll(async () => {
  server = await startTestServer();
  station = await buildStation(server.db);
  const user = await buildUser(server.db, { features: ['data.process'] });
  userId = user.id;
  await grantRoleStations(server.db, user.roleId, [station.id]);
  token = await server.login(user.account, user.password);
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
});

afterAll(async () => {
  await server?.stop();
});

describe('versions of a site', () => {
  it('copies a version into a working version with the same channels and data', async () => {
    const r = await createVersion('工作版本 A');
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body.data).toMatchObject({
      stationId: station.id,
      name: '工作版本 A',
      kind: 'working',
      isViewOnly: false,
      sourceVersionId: originalId,
      channelCount: 2,
      valueCount: 2 * ROWS,
      startTime: new Date(START).toISOString(),
      endTime: new Date(START + (ROWS - 1) * 600_000).toISOString(),
    });
    const copy = await chunkSnapshot(server, r.body.data.id);
    const original = await chunkSnapshot(server, originalId);
    expect(copy.map(({ key, month, values, flags }) => ({ key, month, values, flags }))).toEqual(
      original.map(({ key, month, values, flags }) => ({ key, month, values, flags })),
    );
    expect(copy.length).toBe(4); // 2 channels × 2 months
  });

  it('lists the channels of a version with their data ranges (any user who can see the site)', async () => {
    const r = await server.call('GET', `/api/web/version/channels?versionId=${originalId}`, {
      token: viewerToken,
    });
    expect(r.status).toBe(200);
    expect(r.body.data.map((c: { name: string }) => c.name)).toEqual(['WS_80m_Avg', 'WD_78m_Avg']);
    expect(r.body.data[0]).toMatchObject({
      element: 'ws',
      heightM: 80,
      intervalS: 600,
      valueCount: ROWS,
      startTime: new Date(START).toISOString(),
      endTime: new Date(START + (ROWS - 1) * 600_000).toISOString(),
    });
  });

  it('shows a version with its lineage: source, method, who and when', async () => {
    const created = await createVersion('工作版本 B');
    const r = await server.call('GET', `/api/web/version/detail?versionId=${created.body.data.id}`, {
      token: viewerToken,
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ name: '工作版本 B', activeTaskId: null });
    expect(r.body.data.creatorName).toMatch(/^User /);
    expect(r.body.data.lineage).toHaveLength(1);
    expect(r.body.data.lineage[0]).toMatchObject({
      step: 'copy',
      sourceVersionId: originalId,
      params: { sourceName: '原始数据' },
    });
    expect(r.body.data.lineage[0].userName).toBe(r.body.data.creatorName);
    expect(Date.parse(r.body.data.lineage[0].time)).not.toBeNaN();
    // A copy of a copy names its own source.
    const second = await createVersion('工作版本 B2', created.body.data.id);
    const detail = await server.call('GET', `/api/web/version/detail?versionId=${second.body.data.id}`, {
      token,
    });
    expect(detail.body.data.lineage[0]).toMatchObject({
      sourceVersionId: created.body.data.id,
      params: { sourceName: '工作版本 B' },
    });
    const original = await server.call('GET', `/api/web/version/detail?versionId=${originalId}`, { token });
    expect(original.body.data).toMatchObject({ kind: 'original', isViewOnly: true });
  });

  it('refuses a name the site already uses (any case) with 409 in zh and en', async () => {
    for (const [language, msg] of [
      ['ZH', '该站点已有名为“工作版本 a”的版本'],
      ['EN', 'This site already has a version named “工作版本 a”'],
    ] as const) {
      const r = await createVersion('工作版本 a', originalId, language);
      expect(r.status).toBe(409);
      expect(r.body.msg).toBe(msg);
    }
  });

  it('renames a working version; a taken name and the original are refused with 409', async () => {
    const created = await createVersion('改名前');
    const id = created.body.data.id;
    const ok = await server.call('POST', '/api/web/version/rename', { token, body: { id, name: '改名后' } });
    expect(ok.status, ok.body.msg).toBe(200);
    const detail = await server.call('GET', `/api/web/version/detail?versionId=${id}`, { token });
    expect(detail.body.data.name).toBe('改名后');
    const taken = await server.call('POST', '/api/web/version/rename', {
      token,
      body: { id, name: '工作版本 A' },
      language: 'EN',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.data.errorCode).toBe('VERSION_NAME_TAKEN');
    expect(taken.body.msg).toBe('This site already has a version named “工作版本 A”');
    for (const [language, msg] of [
      ['ZH', '原始数据版本只能查看，请先复制出一个工作版本再处理'],
      ['EN', 'The original version is view-only; copy it to a working version first'],
    ] as const) {
      const original = await server.call('POST', '/api/web/version/rename', {
        token,
        body: { id: originalId, name: '新名字' },
        language,
      });
      expect(original.status).toBe(409);
      expect(original.body.msg).toBe(msg);
    }
    const stillOriginal = await server.call('GET', `/api/web/version/detail?versionId=${originalId}`, {
      token,
    });
    expect(stillOriginal.body.data.name).toBe('原始数据');
  });

  it('deletes a working version as a task: the version, its channels and chunks are gone', async () => {
    const created = await createVersion('要删除的版本');
    const id = created.body.data.id;
    const r = await server.call('POST', '/api/web/version/delete', { token, body: { id } });
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body.data).toMatchObject({ kind: 'delete_data', versionId: id, status: 'queued' });
    const deadline = Date.now() + 20_000;
    while ((await server.call('GET', `/api/web/version/detail?versionId=${id}`, { token })).status === 200) {
      if (Date.now() > deadline) throw new Error('the version was not deleted');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await server.call('GET', `/api/web/version/detail?versionId=${id}`, { token })).status).toBe(404);
    expect(await new TimeSeriesRepository(server.db).listChannels(id)).toEqual([]);
    expect(await chunkSnapshot(server, id)).toEqual([]);
    // The original and the other versions are untouched.
    expect((await chunkSnapshot(server, originalId)).length).toBe(4);
    // The end is stored as a message for the user who started it.
    const message = await (async () => {
      for (;;) {
        const row = await server.db
          .selectFrom('message')
          .select(['message_text', 'message_type'])
          .where('user_id', '=', userId)
          .where('type', '=', 'task')
          .orderBy('id', 'desc')
          .executeTakeFirst();
        if (row || Date.now() > deadline) return row;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    expect(message?.message_type).toBe('success');
    expect(renderText(message?.message_text as TText, 'zh')).toBe(
      `删除版本数据已完成（任务 #${r.body.data.id}）`,
    );
    expect(renderText(message?.message_text as TText, 'en')).toBe(
      `Version data deletion finished (task #${r.body.data.id})`,
    );
  });

  it('refuses to delete the original version (409) and keeps it', async () => {
    const r = await server.call('POST', '/api/web/version/delete', {
      token,
      body: { id: originalId },
      language: 'EN',
    });
    expect(r.status).toBe(409);
    expect(r.body.data.errorCode).toBe('VERSION_VIEW_ONLY');
    expect((await chunkSnapshot(server, originalId)).length).toBe(4);
  });

  it('refuses version changes to a user without data.process (403) but lets them read', async () => {
    const save = await server.call('POST', '/api/web/version/save', {
      token: viewerToken,
      body: { stationId: station.id, sourceVersionId: originalId, name: 'x' },
    });
    expect(save.status).toBe(403);
    const list = await server.call('GET', `/api/web/version/list?stationId=${station.id}`, {
      token: viewerToken,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.map((v: { name: string }) => v.name)).toContain('原始数据');
  });

  it('names the system-made original version in the reader’s language, in lists, details and export files', async () => {
    const en = await server.call('GET', `/api/web/version/list?stationId=${station.id}`, {
      token,
      language: 'EN',
    });
    const original = en.body.data.find((v: { kind: string }) => v.kind === 'original');
    expect(original.name).toBe('Original data');
    const detail = await server.call('GET', `/api/web/version/detail?versionId=${original.id}`, {
      token,
      language: 'EN',
    });
    expect(detail.body.data.name).toBe('Original data');
    const multi = await server.call('GET', `/api/web/version/multi_list?stationIds=${station.id}`, {
      token,
      language: 'ZH',
    });
    expect(multi.body.data[0].versions.find((v: { kind: string }) => v.kind === 'original').name).toBe(
      '原始数据',
    );
    const admin = await server.login('admin', 'Admin#2026pw');
    const file = await server.app.inject({
      method: 'POST',
      url: '/api/web/version/export',
      headers: { token: admin, language: 'EN' },
      payload: { versionId: original.id, format: 1 },
    });
    expect(file.headers['content-disposition']).toContain('Original_data');
  });

  it('answers 404 for an unknown version and for a source version of another site', async () => {
    const unknown = await server.call('GET', '/api/web/version/detail?versionId=999999', { token });
    expect(unknown.status).toBe(404);
    const other = await buildStation(server.db);
    const otherVersion = await new TimeSeriesRepository(server.db).ensureOriginalVersion(other.id, null);
    const r = await createVersion('跨站复制', otherVersion.id);
    expect(r.status).toBe(404);
  });
});

describe('the delete task and a waiting poller', () => {
  it('keeps its task row after the version is gone: a poller sees it succeed, and the end arrives as a message', async () => {
    const created = await createVersion('轮询删除');
    const r = await server.call('POST', '/api/web/version/delete', {
      token,
      body: { id: created.body.data.id },
    });
    const taskId = r.body.data.id as number;
    const deadline = Date.now() + 20_000;
    for (;;) {
      const task = await server.call('GET', `/api/data-process/process/task?taskId=${taskId}`, { token });
      expect(task.status).toBe(200);
      if (task.body.data.status === 'succeeded') {
        expect(task.body.data.result).toMatchObject({ name: '轮询删除' });
        break;
      }
      expect(['queued', 'running']).toContain(task.body.data.status);
      if (Date.now() > deadline) throw new Error('the delete task did not finish');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const detail = await server.call('GET', `/api/web/version/detail?versionId=${created.body.data.id}`, {
      token,
    });
    expect(detail.status).toBe(404);
    for (;;) {
      const row = await server.db
        .selectFrom('message')
        .select('message_text')
        .where('user_id', '=', userId)
        .where(sql<string>`message_text->'params'->>'taskId'`, '=', String(taskId))
        .executeTakeFirst();
      if (row) {
        expect(renderText(row.message_text as TText, 'zh')).toBe(`删除版本数据已完成（任务 #${taskId}）`);
        break;
      }
      if (Date.now() > deadline) throw new Error('no end message');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});

describe('the station log', () => {
  it('records creating, renaming and deleting a version on the site', async () => {
    const created = await createVersion('日志版本');
    const id = created.body.data.id as number;
    await server.call('POST', '/api/web/version/rename', { token, body: { id, name: '日志版本二' } });
    await server.call('POST', '/api/web/version/delete', { token, body: { id } });
    const rows = await server.db
      .selectFrom('station_log')
      .select(['type', 'location', 'objects_text'])
      .where('station_id', '=', station.id)
      .where('location', '=', 'measureWind')
      .orderBy('id')
      .execute();
    const mine = rows
      .map((r) => ({ type: r.type, objects: renderText(r.objects_text as TText, 'zh') }))
      .filter((r) => r.objects.includes('日志版本'));
    expect(mine.map((r) => r.type)).toEqual(['add', 'edit', 'delete']);
    expect(mine[0]!.objects).toMatch(/新建数据版本“日志版本”/);
    expect(mine[1]!.objects).toMatch(/“日志版本”改名为“日志版本二”/);
    expect(mine[2]!.objects).toMatch(/删除数据版本“日志版本二”/);
  });
});
