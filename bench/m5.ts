// The five-year NREL M5 mast of ../shared, ingested into a bench server through the real ingestion path
// (the statistics, chart, offload, stats-path and Parquet benches all start from it).
import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { TServer } from '../apps/server/src/server.ts';

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
