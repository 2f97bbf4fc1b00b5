import type { Database } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logger.ts';
import { ColdClimateService } from './cold-climate.service.ts';

/** Wires the cold-climate module: its service over the database. */
export function createColdClimateService(db: Database, log?: Logger): ColdClimateService {
  return new ColdClimateService(db, log);
}
