import { expect } from 'vitest';
import { type TChannelRow, TimeSeriesRepository } from '../src/modules/timeseries/timeseries.repository.ts';
import { writeSeries } from '../src/modules/timeseries/version-series.ts';
import type { TTestServer } from './test-server.ts';

/**
 * Ingests a file into a site as the seed does and expects it parsed: the site's original version and its
 * channel ids by name.
 */
export async function ingestOriginal(
  server: TTestServer,
  stationId: number,
  file: { fileName: string; path: string },
): Promise<{ versionId: number; channelIds: Map<string, number> }> {
  const ingested = await server.services.ingestion.ingestFile({ stationId, source: 'seed', ...file });
  expect(ingested.status).toBe('parsed');
  const store = new TimeSeriesRepository(server.db);
  const version = (await store.findOriginalVersion(stationId))!;
  const channels = await store.listChannels(version.id);
  return { versionId: version.id, channelIds: new Map(channels.map((c) => [c.name, c.id])) };
}

/** One channel of crafted data: values on a grid from `startMs` (NaN = missing). */
export interface TSeedChannel {
  dataKey: string;
  name?: string;
  element: string;
  heightM: number | null;
  statistic?: string;
  unit?: string;
  intervalS?: number;
  values: ArrayLike<number>;
  flags?: ArrayLike<number>;
}

/**
 * Writes crafted channels into a site's original version (as ingestion would) and returns the version
 * and its channels by data key. Tests copy it into a working version before processing.
 */
export async function seedOriginal(
  server: TTestServer,
  stationId: number,
  startMs: number,
  channels: readonly TSeedChannel[],
  defaultIntervalS = 600,
): Promise<{ versionId: number; channels: Record<string, TChannelRow> }> {
  return server.db.transaction().execute(async (trx) => {
    const store = new TimeSeriesRepository(trx);
    const version = await store.ensureOriginalVersion(stationId, null);
    await store.lockVersion(version.id);
    const existing = await store.listChannels(version.id);
    const rows = await store.insertChannels(
      version.id,
      channels.map((c, k) => ({
        dataKey: c.dataKey,
        name: c.name ?? c.dataKey,
        element: c.element,
        heightM: c.heightM,
        statistic: c.statistic ?? 'mean',
        unit: c.unit ?? (c.element === 'wd' ? 'deg' : 'm/s'),
        intervalS: c.intervalS ?? defaultIntervalS,
        position: existing.length + k,
      })),
    );
    const byKey: Record<string, TChannelRow> = {};
    for (const [k, c] of channels.entries()) {
      const row = rows[k]!;
      byKey[c.dataKey] = row;
      const values = Float32Array.from(c.values);
      const flags = c.flags ? Uint8Array.from(c.flags) : new Uint8Array(values.length);
      await writeSeries(store, version.id, row, startMs, values, flags);
    }
    await store.refreshSummary(version.id);
    return { versionId: version.id, channels: byKey };
  });
}

/** Copies a version into a new working version through the API; returns its id and channels by data key. */
export async function copyVersion(
  server: TTestServer,
  token: string,
  stationId: number,
  sourceVersionId: number,
  name: string,
): Promise<{ versionId: number; channels: Record<string, TChannelRow> }> {
  const r = await server.call('POST', '/api/web/version/save', {
    token,
    body: { stationId, sourceVersionId, name },
  });
  expect(r.status, r.body.msg).toBe(200);
  const versionId = r.body.data.id as number;
  const rows = await new TimeSeriesRepository(server.db).listChannels(versionId);
  return { versionId, channels: Object.fromEntries(rows.map((c) => [c.dataKey, c])) };
}

/** Polls a task until it has succeeded or failed. */
export async function waitForTask(
  server: TTestServer,
  token: string,
  taskId: number,
  language: 'ZH' | 'EN' = 'EN',
  timeoutMs = 30_000,
): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await server.call('GET', `/api/data-process/process/task?taskId=${taskId}`, {
      token,
      language,
    });
    expect(r.status, r.body.msg).toBe(200);
    if (r.body.data.status === 'succeeded' || r.body.data.status === 'failed') return r.body.data;
    if (Date.now() > deadline) throw new Error(`task ${taskId} still ${r.body.data.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts a processing call and waits for its task; fails the test when the call is refused. */
export async function runTask(
  server: TTestServer,
  token: string,
  url: string,
  body: unknown,
  language: 'ZH' | 'EN' = 'EN',
): Promise<any> {
  const r = await server.call('POST', url, { token, body, language });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return waitForTask(server, token, r.body.data.id, language);
}

/** Every chunk row of a version as hex (values, flags), keyed by data key and month: byte comparisons. */
export async function chunkSnapshot(server: TTestServer, versionId: number) {
  const rows = await new TimeSeriesRepository(server.db).listChunkRows(versionId);
  return rows.map((r) => ({
    key: r.data_key,
    month: r.month_start.toISOString(),
    count: r.value_count,
    values: r.values.toString('hex'),
    flags: r.flags.toString('hex'),
  }));
}

/** A channel's values and flags over [fromMs, toMs). */
export async function readSeries(server: TTestServer, channelId: number, fromMs: number, toMs: number) {
  const s = await new TimeSeriesRepository(server.db).readChannel(channelId, fromMs, toMs);
  if (!s) throw new Error(`channel ${channelId} not found`);
  return { values: Array.from(s.values), flags: Array.from(s.flags) };
}

/** Number of processing_task rows (no task may be created by a refused call). */
export async function countTasks(server: TTestServer): Promise<number> {
  const row = await server.db
    .selectFrom('processing_task')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
