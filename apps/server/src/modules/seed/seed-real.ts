// `npm run seed:real`: imports the NREL NWTC M5 mast (../shared/samples/real-mast, when present) into a
// demo site, and a real WindCube buoy day into a demo lidar site (issue 31), through the real ingestion
// path, as an uploaded logger file would go in. Run it with the server stopped (the embedded database
// belongs to one process) or against DATABASE_URL.
import { createReadStream, createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { loadConfig } from '../../platform/config.ts';
import { createLogger } from '../../platform/logger.ts';
import { createServer } from '../../server.ts';
import { seedRealLidarSite } from './real-lidar-site.ts';
import {
  M5_REFERENCE_NAME,
  NREL_M5_SITE,
  registerRealMastReference,
  registerRealMastSite,
} from './real-mast-site.ts';

const M5_DIR = path.resolve(import.meta.dirname, '../../../../../../shared/samples/real-mast/nrel-nwtc-m5');
const M5_FILE = 'nrel_nwtc_m5_10min_2012-08_2017-09.csv.gz';

/** The demo floating lidar from a real WindCube buoy day (issue 31), when the sample is present. */
async function seedLidar(server: Awaited<ReturnType<typeof createServer>>): Promise<void> {
  const outcome = await seedRealLidarSite(server.db, server.services.ingestion);
  const said = {
    missing: () => `seed:real: ${'source' in outcome ? outcome.source : ''} not found — no demo lidar.`,
    already: () =>
      `seed:real: the demo lidar is already imported (site id ${'stationId' in outcome ? outcome.stationId : ''}).`,
    no_site: () => 'seed:real: no demo lidar or sodar site to turn into the real floating lidar.',
    imported: () =>
      outcome.kind === 'imported'
        ? `seed:real: WindCube buoy day → site ${outcome.stationCode} (id ${outcome.stationId}): ${outcome.result.status}`
        : '',
  };
  console.log(said[outcome.kind]());
}

async function main(): Promise<void> {
  const source = path.join(M5_DIR, M5_FILE);
  const config = loadConfig();
  const log = createLogger({ ...config, LOG_LEVEL: 'warn' });
  const server = await createServer(config, log);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'masthub-m5-'));
  try {
    await seedLidar(server);
    if (!existsSync(source)) {
      console.log(
        `seed:real: ${source} not found — no M5 mast (the real-mast samples are not part of MastHub).`,
      );
      return;
    }
    // The first demo mast that has no data yet (the generated demo data use the first three).
    const site = await server.db
      .selectFrom('station as s')
      .select(['s.id', 's.station_code', 's.project_name'])
      .where('s.station_type', '=', 'met_mast')
      .where('s.is_deleted', '=', false)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('raw_file as r')
              .select('r.id')
              .whereRef('r.station_id', '=', 's.id')
              .where('r.source', '=', 'seed'),
          ),
        ),
      )
      .orderBy('s.id')
      .limit(1)
      .executeTakeFirst();
    const already = await server.db
      .selectFrom('raw_file')
      .select(['station_id', 'status'])
      .where('file_name', '=', M5_FILE.replace(/\.gz$/, ''))
      .where('source', '=', 'seed')
      .executeTakeFirst();
    if (already) {
      console.log(
        `seed:real: the M5 mast is already imported (site id ${already.station_id}, ${already.status}).`,
      );
      return;
    }
    if (!site) {
      console.log(
        'seed:real: no demo mast site to import into (start MastHub once with SEED_DEMO_DATA=true).',
      );
      return;
    }
    const csv = path.join(tmp, M5_FILE.replace(/\.gz$/, ''));
    await pipeline(createReadStream(source), createGunzip(), createWriteStream(csv));
    // Published location, elevation and time base first, so the import and the statistics use them.
    const kept = await registerRealMastSite(server.db, site.id);
    console.log(
      `seed:real: site ${site.station_code} is now the M5 mast (${NREL_M5_SITE.altitudeM} m a.s.l., logger ` +
        `time UTC-07:00); the sample publishes no coordinates, so it keeps ${kept.latitude} N ${kept.longitude} E — ` +
        'set the mast’s own in the site register.',
    );
    const started = performance.now();
    const result = await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: path.basename(csv),
      source: 'seed',
      path: csv,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `seed:real: NREL M5 → site ${site.station_code} (id ${site.id}): ${result.status}` +
        `${result.reason ? ` (${result.reason})` : ''} in ${seconds} s`,
    );
    // Its 10 m cup and vane as the named long-term reference of its upper heights (issue 28).
    if (result.status === 'parsed') {
      const referenceId = await registerRealMastReference(server.db, server.services.files, site.id);
      if (referenceId !== undefined) {
        console.log(
          `seed:real: reference series “${M5_REFERENCE_NAME}” (id ${referenceId}) for the upper heights.`,
        );
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    await server.close();
  }
}

await main();
