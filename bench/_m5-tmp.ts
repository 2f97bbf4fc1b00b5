import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { TimeSeriesRepository } from '../apps/server/src/modules/ingestion/store/timeseries.repository.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { createServer } from '../apps/server/src/server.ts';
const M5 = path.resolve(import.meta.dirname, '../../shared/samples/real-mast/nrel-nwtc-m5/nrel_nwtc_m5_10min_2012-08_2017-09.csv.gz');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'm5-'));
const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'Bench#2026pw', SEED_DEMO_DATA: 'false', WEB_DIST_DIR: '/x' });
const server = await createServer(config, createLogger(config));
try {
  const st = await server.db.insertInto('station').values({ station_code: '700002', project_name: 'm5', longitude: 115, latitude: 40 }).returning('id').executeTakeFirstOrThrow();
  const csv = path.join(dataDir, 'm5.csv');
  await pipeline(createReadStream(M5), createGunzip(), createWriteStream(csv));
  let t = performance.now();
  const r = await server.services.ingestion.ingestFile({ stationId: st.id, fileName: 'm5.csv', source: 'upload', path: csv });
  console.log('ingest', r.status, Math.round(performance.now() - t));
  const version = (await new TimeSeriesRepository(server.db).findOriginalVersion(st.id))!;
  const token = await (async () => { const x = await server.app.inject({ method: 'POST', url: '/api/security/sys/user/login', payload: { account: 'admin', password: 'Bench#2026pw' } }); return x.json().data.token; })();
  for (let i = 0; i < 2; i++) {
    t = performance.now();
    const res = await server.app.inject({ method: 'POST', url: '/api/data-process/statistics/analysis', headers: { token }, payload: { versionId: version.id } });
    console.log('analysis', res.statusCode, Math.round(performance.now() - t), 'ms', (res.payload.length / 1e6).toFixed(2), 'MB', 'rss', Math.round(process.memoryUsage().rss / 1e6));
    if (res.statusCode !== 200) console.log(res.payload.slice(0, 500));
    else { const d = res.json().data; console.log(d.channels.length, d.recordCount, d.shear?.heightsM, d.extreme.gumbel?.annualMaxima.map((m: any) => [m.year, m.max, m.isUsed]), d.extreme.gumbel?.fit?.returnValue); }
  }
  t = performance.now();
  const ex = await server.app.inject({ method: 'POST', url: '/api/data-process/statistics/export', headers: { token }, payload: { versionId: version.id } });
  console.log('export', ex.statusCode, Math.round(performance.now() - t), 'ms', ex.rawPayload.length);
} finally { await server.close(); rmSync(dataDir, { recursive: true, force: true }); }
