import type { Database } from '../../platform/db/database.ts';
import { createTransactor } from '../../platform/db/transaction.ts';
import type { StationAccess } from '../access/index.ts';
import type { StationLogService } from '../station-log/index.ts';
import { StationRepository } from './stations.repository.ts';
import { StationService } from './stations.service.ts';

/** Wires the stations module: the site register over its repository, alone and bound to a transaction. */
export function createStationService(
  db: Database,
  stationAccess: StationAccess,
  stationLog: StationLogService,
): StationService {
  return new StationService(
    new StationRepository(db),
    stationAccess,
    stationLog,
    createTransactor(db, (trx) => ({ stations: new StationRepository(trx), db: trx })),
  );
}

/** What the reference data reads of the sites: the bounds of the visible ones and their project names. */
export type TStationFigures = Pick<StationRepository, 'bounds' | 'projectNames'>;

/** The site figures over `db`. */
export function stationFigures(db: Database): TStationFigures {
  return new StationRepository(db);
}
