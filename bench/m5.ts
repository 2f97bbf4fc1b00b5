// The five-year NREL M5 mast of ../shared, ingested into a bench server through the real ingestion path
// (the statistics, chart, offload, stats-path and Parquet benches all start from it).
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { createServer, type TServer } from '../apps/server/src/server.ts';

export const M5_GZ = path.resolve(
  import.meta.dirname,
  '../../shared/samples/real-mast/nrel-nwtc-m5/nrel_nwtc_m5_10min_2012-08_2017-09.csv.gz',
);

/** Creates a site (`code`, `name`) holding the M5 file as its original version; returns their ids. */
export async function ingestM5(
  server: TServer,
  dataDir: string,
  site: { code: string; name: string },
): Promise<{ stationId: number; versionId: number }> {
  const m5 = path.join(dataDir, 'nrel_m5.csv');
  await pipeline(createReadStream(M5_GZ), createGunzip(), createWriteStream(m5));
  const station = await server.db
    .insertInto('station')
    .values({ station_code: site.code, project_name: site.name, longitude: -105.2, latitude: 39.9 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ingested = await server.services.ingestion.ingestFile({
    stationId: station.id,
    fileName: 'nrel_nwtc_m5_10min_2012-08_2017-09.csv',
    source: 'seed',
    path: m5,
  });
  if (ingested.status !== 'parsed') throw new Error(`M5 not parsed: ${ingested.status}`);
  rmSync(m5, { force: true });
  const version = await server.db
    .selectFrom('dataset_version')
    .select('id')
    .where('station_id', '=', station.id)
    .executeTakeFirstOrThrow();
  return { stationId: station.id, versionId: Number(version.id) };
}

/** A bench server over HTTP holding the M5 mast, and a whole-version download in one of SPEC §9's formats. */
export interface TM5ExportServer {
  /** Downloads the whole version in a format: milliseconds to the last byte, and bytes. */
  download(format: number): Promise<{ ms: number; bytes: number }>;
  close(): Promise<void>;
}

/** Starts a server (embedded PostgreSQL) with the M5 mast as site `code` and logs in (the export benches). */
export async function m5ExportServer(site: { code: string; name: string }): Promise<TM5ExportServer> {
  const password = 'Bench#2026pw';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-bench-m5-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: password,
    SEED_DEMO_DATA: 'false',
    PORT: '0',
    HOST: '127.0.0.1',
  });
  const server = await createServer(config, createLogger(config));
  const close = async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const { versionId } = await ingestM5(server, dataDir, site);
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${address}/api/security/sys/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const download = async (format: number) => {
      const t = performance.now();
      const r = await fetch(`${address}/api/web/version/export`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token, 'utc-code': 'UTC+00:00' },
        body: JSON.stringify({ versionId, format }),
      });
      if (r.status !== 200) throw new Error(`export ${format}: ${r.status} ${await r.text()}`);
      let bytes = 0;
      const reader = r.body!.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.length;
      return { ms: performance.now() - t, bytes };
    };
    return { download, close };
  } catch (err) {
    await close();
    throw err;
  }
}
