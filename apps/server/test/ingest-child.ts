// A bare ingestion process for the crash test: ingests one file into a station and exits.
// Env: DATABASE_URL, DATA_DIR, FILE, STATION_ID.
import path from 'node:path';
import { standaloneAlarmService } from '../src/modules/alarms/alarms.service.ts';
import { IngestionService } from '../src/modules/ingestion/ingestion.service.ts';
import { parserPort } from '../src/modules/ingestion/parser-binding.ts';
import { StationLogService } from '../src/modules/station-log/station-log.service.ts';
import { createDatabase } from '../src/platform/db/database.ts';
import { LocalFileStore } from '../src/platform/files/file-store.ts';
import type { TJobs } from '../src/platform/jobs/jobs.ts';
import { createLogger } from '../src/platform/logger.ts';
import { dataArrivedListeners } from '../src/wiring/data-arrived.ts';

const env = process.env;
const { db } = createDatabase(env.DATABASE_URL!, 2);
const noJobs = { isWorking: false, send: async () => null } as unknown as TJobs;
const service = new IngestionService(
  db,
  new LocalFileStore(path.join(env.DATA_DIR!, 'files')),
  parserPort,
  noJobs,
  createLogger({ LOG_LEVEL: 'silent' }),
  new StationLogService(db),
  dataArrivedListeners(standaloneAlarmService(db, createLogger({ LOG_LEVEL: 'silent' }))),
);
const result = await service.ingestFile({
  stationId: Number(env.STATION_ID),
  fileName: path.basename(env.FILE!),
  source: 'upload',
  path: env.FILE!,
});
console.log(JSON.stringify(result));
await db.destroy();
