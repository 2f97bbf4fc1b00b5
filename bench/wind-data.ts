// MeasureWind figures for `npm run bench` (issue 7): a chart of 5 years × 1 channel of the NREL M5 mast
// (262 800 ten-minute slots aggregated on the server into 2 000 buckets), end to end over HTTP on a
// real (embedded) PostgreSQL. Target ≤ 200 ms (computed; `api.chart_ms.m5_5y_cached` is a repeat).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { createServer } from '../apps/server/src/server.ts';
import { ingestM5, M5_GZ } from './m5.ts';
import type { TBenchResult } from './run.ts';

const ADMIN_PASSWORD = 'Bench#2026pw';
const RUNS = 7;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function benchWindData(): Promise<TBenchResult[]> {
  if (!existsSync(M5_GZ)) {
    console.warn(`api.chart_ms.m5_5y skipped: ${M5_GZ} not found (../shared is absent in a user's clone)`);
    return [];
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-bench-chart-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD,
    SEED_DEMO_DATA: 'false',
    PORT: '0',
    HOST: '127.0.0.1',
  });
  const server = await createServer(config, createLogger(config));
  try {
    const { stationId } = await ingestM5(server, dataDir, { code: '900001', name: 'NREL M5 bench' });
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const post = async (url: string, body: unknown, token?: string) => {
      const r = await fetch(`${address}/api${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
        body: JSON.stringify(body),
      });
      return (await r.json()) as { code: number; data: { token?: string; times?: unknown[] } };
    };
    const token = (await post('/security/sys/user/login', { account: 'admin', password: ADMIN_PASSWORD }))
      .data.token as string;
    const versions = await fetch(`${address}/api/web/version/list?stationId=${stationId}`, {
      headers: { token },
    });
    const versionId = ((await versions.json()) as { data: { id: number }[] }).data[0]!.id;
    const channels = await fetch(`${address}/api/web/version/channels?versionId=${versionId}`, {
      headers: { token },
    });
    const list = (
      (await channels.json()) as {
        data: { id: number; element: string; heightM: number; statistic: string }[];
      }
    ).data;
    const speed = list
      .filter((c) => c.element === 'ws' && c.statistic === 'mean')
      .sort((a, b) => b.heightM - a.heightM)[0]!;
    const body = {
      versionId,
      channelIds: [speed.id],
      startTime: '2012-09-01T00:00:00Z',
      endTime: '2017-09-01T00:00:00Z',
      maxPoints: 2000,
    };
    await post('/web/version/data/chart', { ...body, maxPoints: 1999 }, token);
    // Charts are cached by data revision: each timed run asks for one point more (another key, the same
    // work), so the figure is the computation; `…_cached` is a repeat of the same request.
    const time = async (request: typeof body): Promise<number> => {
      const t = performance.now();
      const reply = await post('/web/version/data/chart', request, token);
      if (reply.code !== 200 || (reply.data.times?.length ?? 0) === 0) throw new Error('chart call failed');
      return performance.now() - t;
    };
    const cold: number[] = [];
    for (let i = 0; i < RUNS; i++) cold.push(await time({ ...body, maxPoints: body.maxPoints + i }));
    const cached: number[] = [];
    for (let i = 0; i < RUNS; i++) cached.push(await time(body));
    return [
      { name: 'api.chart_ms.m5_5y', value: Math.round(median(cold)), unit: 'ms' },
      { name: 'api.chart_ms.m5_5y_cached', value: Math.round(median(cached) * 10) / 10, unit: 'ms' },
    ];
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
