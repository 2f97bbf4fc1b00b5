import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TimeSeriesRepository,
  VERSION_LOCK_CLASS,
} from '../../src/modules/timeseries/timeseries.repository.ts';
import { TaskRepository } from '../../src/modules/wind-data/tasks.repository.ts';
import { buildStation, startTestServer, type TTestServer } from '../test-server.ts';

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function runningTask(): Promise<{ taskId: number; versionId: number }> {
  const station = await buildStation(server.db);
  const store = new TimeSeriesRepository(server.db);
  const original = await store.ensureOriginalVersion(station.id, null);
  const version = await store.insertVersion({
    stationId: station.id,
    name: `中断测试 ${station.id}`,
    sourceVersionId: original.id,
    lineage: [],
    createdBy: null,
    creatorName: '',
  });
  const row = await server.db
    .insertInto('processing_task')
    .values({ version_id: version.id, station_id: station.id, kind: 'qc', status: 'running', params: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { taskId: row.id, versionId: version.id };
}

describe('tasks left running at start', () => {
  it('fails a task nobody runs any more, and leaves one a live process still runs (it holds the version lock)', async () => {
    const orphan = await runningTask();
    const live = await runningTask();
    // Another process's task transaction: it holds its version's lock until it ends.
    const client = await server.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1, $2)', [VERSION_LOCK_CLASS, live.versionId]);
      const failed = await new TaskRepository(server.db).failInterrupted();
      expect(failed).toContain(orphan.taskId);
      expect(failed).not.toContain(live.taskId);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const rows = await server.db
      .selectFrom('processing_task')
      .select(['id', 'status', 'error_key'])
      .where('id', 'in', [orphan.taskId, live.taskId])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: orphan.taskId, status: 'failed', error_key: 'interrupted' },
      { id: live.taskId, status: 'running', error_key: null },
    ]);
    const shown = await server.services.processingTasks.get(
      (await server.services.identity.authenticate(await server.login('admin', 'Admin#2026pw')))!,
      orphan.taskId,
      'en',
    );
    expect(shown.error).toBe('the task was interrupted (server restart); the version is unchanged');
  });
});
