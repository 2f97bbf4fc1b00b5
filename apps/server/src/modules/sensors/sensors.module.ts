import type { Database } from '../../platform/db/database.ts';
import { SensorRepository } from './sensors.repository.ts';

/** What another module may do with sensor records: find one, record one, add and read calibrations. */
export type TSensorRecords = Pick<
  SensorRepository,
  'find' | 'findByIdentity' | 'findOrCreate' | 'addCalibration' | 'calibrationsOf'
>;

/** The sensor records over a database or a transaction (the repository stays private to the module). */
export function sensorRecords(db: Database): TSensorRecords {
  return new SensorRepository(db);
}
