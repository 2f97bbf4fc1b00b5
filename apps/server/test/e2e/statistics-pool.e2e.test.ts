import { buffer } from 'node:stream/consumers';
import { ZStatisticsRequest } from '@masthub/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TQcRuleForRun } from '../../src/modules/qc-rules/evaluate-qc-rules.ts';
import { TimeSeriesRepository } from '../../src/modules/timeseries/timeseries.repository.ts';
import { loadSeries } from '../../src/modules/timeseries/version-series.ts';
import type { TWindDataComputeTask as TComputeTask } from '../../src/modules/wind-data/compute-tasks.ts';
import { chartBuckets, chartJobSize, type TChartJob } from '../../src/modules/wind-data/data/chart-run.ts';
import {
  EXPORT_IN_FLIGHT,
  exportChunks,
  exportStreamFromPool,
  type TExportJob,
} from '../../src/modules/wind-data/data/export-run.ts';
import { evaluateQcGroup, type TQcGroupResult } from '../../src/modules/wind-data/processing/qc-evaluate.ts';
import { StatisticsService } from '../../src/modules/wind-data/statistics/statistics.service.ts';
import type { TComputeReply } from '../../src/platform/compute/compute.worker.ts';
import { runComputeTask } from '../../src/platform/compute/compute-task.ts';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  type TTestServer,
} from '../test-server.ts';
import { copyVersion } from '../wind-fixtures.ts';

let server: TTestServer;
let token: string;
let versionId: number;
let speedId: number;
let speed60Id: number;
const START = Date.parse('2025-01-01T00:00:00Z');
const ROWS = 6 * 24 * 20;

/** Twenty days of a 10-minute logger with two speeds and a vane. */
function loggerCsv(): Buffer {
  const lines = ['Timestamp,WS_80m_Avg,WS_60m_Avg,WD_78m_Avg'];
  for (let i = 0; i < ROWS; i++) {
    const t = new Date(START + i * 600_000).toISOString().slice(0, 19).replace('T', ' ');
    const v = 6 + 3 * Math.sin(i / 37);
    lines.push(`${t},${v.toFixed(2)},${(v * 0.93).toFixed(2)},${(i * 13) % 360}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function analysis(body: Record<string, unknown> = {}) {
  const r = await server.call('POST', '/api/data-process/statistics/analysis', {
    token,
    body: { versionId, ...body },
  });
  expect(r.status, r.body.msg).toBe(200);
  return r.body.data;
}

beforeAll(async () => {
  server = await startTestServer({ COMPUTE_THREADS: '1' });
  const station = await buildStation(server.db);
  const user = await buildUser(server.db, { features: ['data.process'] });
  await grantRoleStations(server.db, user.roleId, [station.id]);
  token = await server.login(user.account, user.password);
  const ingested = await server.services.ingestion.ingestFile({
    stationId: station.id,
    fileName: 'logger.csv',
    source: 'upload',
    bytes: loggerCsv(),
  });
  expect(ingested.status).toBe('parsed');
  // The uploaded file's data receipt (issue 30) runs in the same pool: let it finish before tasks are counted.
  for (let i = 0; i < 600; i++) {
    const pending = await server.db
      .selectFrom('data_receipt')
      .select('id')
      .where('status', '=', 'pending')
      .execute();
    if (pending.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const originalId = (await new TimeSeriesRepository(server.db).findOriginalVersion(station.id))!.id;
  const copy = await copyVersion(server, token, station.id, originalId, '缓存测试');
  versionId = copy.versionId;
  speedId = Object.values(copy.channels).find((c) => c.element === 'ws' && c.heightM === 80)!.id;
  speed60Id = Object.values(copy.channels).find((c) => c.element === 'ws' && c.heightM === 60)!.id;
});

afterAll(async () => {
  await server?.stop();
});

describe('statistics off the event loop, with a cache keyed by the data', () => {
  it('computes in a worker thread once, then answers an identical request from the cache', async () => {
    const pool = server.services.compute;
    const before = pool.completed;
    const first = await analysis();
    expect(pool.completed).toBe(before + 1);
    const second = await analysis();
    expect(pool.completed).toBe(before + 1);
    expect(second).toEqual(first);
    // Other parameters are another result.
    await analysis({ sectors: 12 });
    expect(pool.completed).toBe(before + 2);
  });

  it('answers anew after a mark, and the first answer again after its undo', async () => {
    const pool = server.services.compute;
    const original = await analysis();
    const countOf = (data: { summary: { rows: { channelId: number; count: number }[] } }) =>
      data.summary.rows.find((row) => row.channelId === speedId)!.count;
    const mark = await server.call('POST', '/api/web/version/mark/save', {
      token,
      body: {
        versionId,
        channelIds: [speedId],
        startTime: new Date(START).toISOString(),
        endTime: new Date(START + 86_400_000).toISOString(),
        flag: 3,
        note: '覆冰',
      },
    });
    expect(mark.status, mark.body.msg).toBe(200);
    const before = pool.completed;
    const marked = await analysis();
    expect(pool.completed).toBe(before + 1);
    expect(countOf(marked)).toBe(countOf(original) - mark.body.data.changedCount);
    const undo = await server.call('POST', '/api/web/version/mark/undo', {
      token,
      body: { id: mark.body.data.id },
    });
    expect(undo.status, undo.body.msg).toBe(200);
    const back = await analysis();
    expect(back).toEqual(original);
  });

  it('answers the data table and a chart again from the cache, and anew after a mark and its undo', async () => {
    const windData = server.services.windData;
    const range = {
      startTime: new Date(START).toISOString(),
      endTime: new Date(START + 2 * 86_400_000).toISOString(),
    };
    const page = async () => {
      const r = await server.call('POST', '/api/web/version/data/page', {
        token,
        body: { versionId, pageNo: 1, pageSize: 500, ...range },
      });
      expect(r.status, r.body.msg).toBe(200);
      return r.body.data;
    };
    const chart = async () => {
      const r = await server.call('POST', '/api/web/version/data/chart', {
        token,
        body: { versionId, channelIds: [speedId], maxPoints: 100, ...range },
      });
      expect(r.status, r.body.msg).toBe(200);
      return r.body.data;
    };
    const before = windData.cachedAnswers;
    const [firstPage, firstChart] = [await page(), await chart()];
    expect(windData.cachedAnswers).toBe(before + 2);
    expect(await page()).toEqual(firstPage);
    expect(await chart()).toEqual(firstChart);
    expect(windData.cachedAnswers).toBe(before + 2);
    const column = firstPage.channels.findIndex((c: { id: number }) => c.id === speedId);
    const mark = await server.call('POST', '/api/web/version/mark/save', {
      token,
      body: { versionId, channelIds: [speedId], ...range, flag: 3, note: '覆冰' },
    });
    expect(mark.status, mark.body.msg).toBe(200);
    const marked = await page();
    expect(marked.records.every((r: { flags: number[] }) => r.flags[column] === 3)).toBe(true);
    expect((await chart()).series[0].flag.every((f: number) => f === 3)).toBe(true);
    const undo = await server.call('POST', '/api/web/version/mark/undo', {
      token,
      body: { id: mark.body.data.id },
    });
    expect(undo.status, undo.body.msg).toBe(200);
    expect(await page()).toEqual(firstPage);
    expect(await chart()).toEqual(firstChart);
    // Access is checked before the cache: a user who may not see the site gets nothing from it.
    const outsider = await buildUser(server.db, { features: ['data.process'] });
    const outsiderToken = await server.login(outsider.account, outsider.password);
    const refused = await server.call('POST', '/api/web/version/data/page', {
      token: outsiderToken,
      body: { versionId, pageNo: 1, pageSize: 500, ...range },
    });
    expect(refused.status).not.toBe(200);
    expect(refused.body.data?.records).toBeUndefined();
  });

  it('reads the series in the worker thread with its own connection and answers what the event loop computes', async () => {
    const onEventLoop = new StatisticsService(
      server.db,
      server.services.versions,
      server.services.stationAccess,
    );
    const pool = server.services.compute;
    const before = pool.completed;
    const body = { versionId, sectors: 12, startTime: new Date(START + 86_400_000).toISOString() };
    const fromWorker = await analysis(body);
    expect(pool.completed).toBe(before + 1);
    const user = await server.services.identity.authenticate(token);
    const local = await onEventLoop.analyse(user, ZStatisticsRequest.parse(body), {
      language: 'zh',
      utcOffsetMinutes: 480,
    });
    expect(fromWorker).toEqual(local);
    expect(fromWorker.recordCount).toBe(ROWS - 144);
  });

  it('downsamples a chart in a worker thread to the same buckets as on the event loop', async () => {
    const job: TChartJob = {
      channels: [{ id: speedId, intervalS: 600 }],
      fromMs: START,
      toMs: START + ROWS * 600_000,
      bucketStartMs: START,
      bucketMs: 3_600_000,
      bucketCount: ROWS / 6,
    };
    const reply = await server.services.compute.run<TComputeTask, TComputeReply>({
      kind: 'chart',
      databaseUrl: server.databaseUrl,
      job,
    });
    expect(reply.ok).toBe(true);
    const local = await chartBuckets(server.db, job);
    expect(reply.ok && reply.value).toEqual(local);
    expect(local[0]!.avg).toHaveLength(ROWS / 6);
    expect(local[0]!.avg.every((v) => v !== null)).toBe(true);
    // What decides between the pool and the event loop: channels × slots read.
    expect(chartJobSize(job)).toBe(ROWS);
    expect(chartJobSize({ ...job, channels: [...job.channels, { id: 1, intervalS: 60 }] })).toBe(ROWS * 11);
  });

  it('evaluates QC rules in a worker thread to the same flags as on the event loop', async () => {
    const store = new TimeSeriesRepository(server.db);
    const channels = await store.listChannels(versionId);
    const load = () => loadSeries(store, channels, START, START + ROWS * 600_000);
    const rules: TQcRuleForRun[] = [
      { id: 1, name: 'range', kind: 'range', params: { element: 'ws', min: 0, max: 8 } },
    ];
    const loaded = await load();
    const fromWorker = await runComputeTask<TQcGroupResult>(
      server.services.compute,
      { kind: 'qc', loaded, rules, utcOffsetMinutes: 480 },
      { transferList: loaded.channels.flatMap((c) => [c.values.buffer, c.flags.buffer]) },
    );
    const local = evaluateQcGroup(await load(), rules, 480);
    expect(fromWorker).toEqual(local);
    // Speeds above 8 m/s (6 + 3·sin) at both heights are flagged invalid.
    expect(local.flags.map((f) => f.channelId).sort()).toEqual(
      channels
        .filter((c) => c.element === 'ws')
        .map((c) => c.id)
        .sort(),
    );
    expect(local.flags.every((f) => f.flags.includes(3))).toBe(true);
    expect(local.strongest).toBe(3);
  });

  /** An export job of the version's channels over its twenty days. */
  async function exportJob(format: number, messageChars?: number): Promise<TExportJob> {
    const channels = await new TimeSeriesRepository(server.db).listChannels(versionId);
    const speed = channels.find((c) => c.id === speedId)!;
    const vane = channels.find((c) => c.element === 'wd')!;
    return {
      format,
      channels: format === 1 || format === 4 ? channels : [speed, vane],
      fromMs: START,
      toMs: START + ROWS * 600_000,
      utcOffsetMinutes: 480,
      versionId,
      includeSuspicious: true,
      names: channels.map((c) => [c.id, c.name]),
      station: { code: '610001', latitude: 38.5, longitude: 106.2, altitudeM: 1200 },
      versionName: '缓存测试',
      createdAt: '2026-11-26 10:00',
      ...(messageChars ? { messageChars } : {}),
    };
  }
  const access = () => ({
    pool: server.services.compute,
    databaseUrl: server.databaseUrl,
    streams: server.services.computeStreams,
  });
  const eventLoopText = async (job: TExportJob) =>
    Buffer.concat([...((await exportChunks(server.db, job)) as Iterable<Uint8Array>)]).toString('utf8');

  it('writes every export format in a worker thread to the same text as on the event loop', async () => {
    for (const format of [1, 2, 3, 4, 5]) {
      const job = await exportJob(format);
      const fromWorker = (await buffer(await exportStreamFromPool(access(), job))).toString('utf8');
      expect(fromWorker.length, `format ${format}`).toBeGreaterThan(100);
      expect(fromWorker, `format ${format}`).toBe(await eventLoopText(job));
    }
  });

  it('writes Parquet and Arrow in a worker thread, in messages, to the same bytes as on the event loop', async () => {
    for (const format of [6, 7]) {
      const job = { ...(await exportJob(format)), channels: (await exportJob(1)).channels };
      const fromWorker = await buffer(await exportStreamFromPool(access(), { ...job, messageChars: 4_096 }));
      const pieces: Uint8Array[] = [];
      for await (const piece of (await exportChunks(server.db, job)) as AsyncIterable<Uint8Array>)
        pieces.push(piece);
      const local = Buffer.concat(pieces);
      expect(fromWorker.length, `format ${format}`).toBeGreaterThan(10_000);
      expect(fromWorker.equals(local), `format ${format}`).toBe(true);
    }
  });

  it('leaves icing and (unless asked for) suspicious values out of the pair formats, and undoes it', async () => {
    const rows = async (includeSuspicious: boolean) => {
      const job = { ...(await exportJob(2)), includeSuspicious };
      return (await eventLoopText(job)).trim().split('\r\n').length;
    };
    const all = await rows(true);
    const mark = async (flag: number, day: number) => {
      const r = await server.call('POST', '/api/web/version/mark/save', {
        token,
        body: {
          versionId,
          channelIds: [speedId],
          startTime: new Date(START + day * 86_400_000).toISOString(),
          endTime: new Date(START + (day + 1) * 86_400_000).toISOString(),
          flag,
          note: 'export',
        },
      });
      expect(r.status, r.body.msg).toBe(200);
      return r.body.data.id as number;
    };
    const icing = await mark(4, 3);
    const suspicious = await mark(2, 4);
    expect(await rows(true)).toBe(all - 144);
    expect(await rows(false)).toBe(all - 288);
    for (const id of [suspicious, icing]) {
      const undo = await server.call('POST', '/api/web/version/mark/undo', { token, body: { id } });
      expect(undo.status, undo.body.msg).toBe(200);
    }
    expect(await rows(false)).toBe(all);
  });

  it('keeps a slow download to a few pieces ahead of the client, and sends the rest as it reads', async () => {
    const job = await exportJob(1, 2_000);
    const whole = await eventLoopText(job);
    expect(whole.length).toBeGreaterThan(100_000);
    const stream = await exportStreamFromPool(access(), job);
    // Not read for a while: the thread waits for credit instead of sending the whole file.
    await new Promise((r) => setTimeout(r, 300));
    const highWaterMark = stream.readableHighWaterMark;
    expect(stream.readableLength).toBeLessThan(highWaterMark + (EXPORT_IN_FLIGHT + 2) * 2_000);
    expect((await buffer(stream)).toString('utf8')).toBe(whole);
  });

  it('computes statistics while an export waits on a client that does not read', async () => {
    const stalled = await exportStreamFromPool(access(), await exportJob(1, 2_000));
    // A cold analysis (other sectors than every other test) needs the computation pool's thread.
    const pool = server.services.compute;
    const before = pool.completed;
    const r = await analysis({ sectors: 12, startTime: new Date(START + 2 * 86_400_000).toISOString() });
    expect(pool.completed).toBe(before + 1);
    expect(r.recordCount).toBe(ROWS - 288);
    stalled.destroy();
  });

  it('stops writing an export when the client goes away', async () => {
    const pool = server.services.computeStreams;
    const before = pool.completed;
    const stream = await exportStreamFromPool(access(), await exportJob(1, 2_000));
    await new Promise((r) => stream.once('readable', r));
    stream.destroy();
    // The thread waiting for credit sees the port close and ends its task (without, it would wait forever).
    await vi.waitFor(() => expect(pool.completed).toBe(before + 1), { timeout: 10_000 });
  });

  it('refuses an export before its first byte with the localised error when the series cannot be read', async () => {
    const job = await exportJob(1);
    const mixed = { ...job, channels: [job.channels[0]!, { ...job.channels[1]!, intervalS: 60 }] };
    await expect(exportStreamFromPool(access(), mixed)).rejects.toMatchObject({ code: 'VERSION_NO_DATA' });
    const r = await server.call('GET', '/api/health', {});
    expect(r.status).toBe(200);
  });

  it('survives a worker thread that dies: that task fails, the pool replaces the thread, the API answers', async () => {
    const pool = server.services.compute;
    await expect(pool.run({ kind: 'crash' })).rejects.toThrow();
    const r = await analysis({ sectors: 16 });
    expect(r.versionId).toBe(versionId);
    const health = await server.call('GET', '/api/health', {});
    expect(health.status).toBe(200);
  });

  it('answers a statistics error from the worker as the same localised error', async () => {
    const r = await server.call('POST', '/api/data-process/statistics/analysis', {
      token,
      language: 'EN',
      body: {
        versionId,
        startTime: '2030-01-01T00:00:00Z',
        endTime: '2030-02-01T00:00:00Z',
      },
    });
    expect(r.status).toBe(422);
    expect(r.body.data.errorCode).toBe('STATISTICS_NO_DATA');
  });

  it('answers the completed statistics (issue 29) from the worker, checked against the answer schema', async () => {
    const r = await analysis({ sectors: 12, mommMinCoverage: 0.5, shearChannelIds: [speedId, speed60Id] });
    const rose = r.rose.items.find((i: { speedChannelId: number }) => i.speedChannelId === speedId);
    const table = rose.jointTable;
    expect(table.sectorPct).toHaveLength(12);
    expect(table.totalCount).toBe(ROWS);
    // No calm record (every speed ≥ 3 m/s): the table's sector totals are the rose.
    table.sectorPct.forEach((v: number, s: number) => {
      expect(v).toBeCloseTo(rose.sectors[s].frequencyPct, 5);
    });
    expect(table.pct.flat().reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(100, 4);
    // Monthly maxima with their time, the highest channel first; no gust channel here.
    expect(r.extreme.monthlyMaxima.map((m: { channelId: number }) => m.channelId)).toEqual([
      speedId,
      speed60Id,
    ]);
    const [jan] = r.extreme.monthlyMaxima[0].months;
    const summary = r.summary.rows.find((row: { channelId: number }) => row.channelId === speedId);
    expect(jan).toMatchObject({ month: '2025-01', count: ROWS, max: summary.max, gustMax: null });
    expect(Date.parse(jan.maxTime)).toBeGreaterThanOrEqual(START);
    expect(jan.coverage).toBeCloseTo((20 / 31) * 100, 9);
    // January holds 20 of 31 days (65 %): in the MOMM at a 0.5 threshold, out at the default 0.8.
    const series = r.monthly.series.find((x: { channelId: number }) => x.channelId === speedId);
    expect(r.monthly.mommMinCoverage).toBe(0.5);
    expect(series.mommBrightwind).toBeCloseTo(series.byYearMonth[0], 9);
    expect(series.mommMastHub).toBeCloseTo(series.byYearMonth[0], 9);
    const strict = await analysis({ sectors: 12 });
    expect(strict.monthly.series[0]).toMatchObject({ mommBrightwind: null, mommMastHub: null });
    expect(r.shear).toMatchObject({ isExplicit: true, heightsM: [60, 80] });
    expect(r.airDensity.byYearMonth).toEqual([]);
  });

  it('writes the completed statistics into the workbook in both languages', async () => {
    for (const [language, joint, momm, maxima] of [
      ['EN', 'Joint speed × direction frequency', 'MOMM, brightwind', 'Monthly maxima'],
      ['ZH', '风速 × 风向联合频率', 'MOMM（brightwind', '月最大风速'],
    ] as const) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/data-process/statistics/export',
        headers: { token, language },
        payload: { versionId, sectors: 16, mommMinCoverage: 0.5 },
      });
      expect(response.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const text = (sheet: number) => {
        const cells: string[] = [];
        workbook.worksheets[sheet]!.eachRow((row) => {
          row.eachCell((cell) => {
            cells.push(String(cell.value));
          });
        });
        return cells.join('\n');
      };
      expect(text(7)).toContain(joint);
      expect(text(5)).toContain(momm);
      expect(text(9)).toContain(maxima);
      expect(text(9)).toContain('2025-01');
    }
  });

  it('refuses a MOMM threshold outside 0–1 and a shear over more than 8 heights with localised field errors', async () => {
    for (const [language, momm, heights] of [
      [
        'EN',
        'The monthly coverage threshold of the MOMM must be between 0 and 1',
        'Choose wind speeds at 2 to 8',
      ],
      ['ZH', '月均值平均（MOMM）的月覆盖率阈值须在 0–1 之间', '风切变须选择 2–8 个不同高度的风速'],
    ] as const) {
      const r = await server.call('POST', '/api/data-process/statistics/analysis', {
        token,
        language,
        body: {
          versionId,
          mommMinCoverage: -0.1,
          shearChannelIds: Array.from({ length: 9 }, (_, k) => k + 1),
        },
      });
      expect(r.status).toBe(400);
      const fields = r.body.data.fields as { field: string; message: string }[];
      expect(fields).toContainEqual({ field: 'mommMinCoverage', message: momm });
      expect(fields.find((f) => f.field === 'shearChannelIds')!.message).toContain(heights);
    }
  });
});
