import type { StationAccess } from '../modules/access/index.ts';
import type { TParserPort } from '../modules/ingestion/index.ts';
import { createLongTermMethodServices } from '../modules/longterm/index.ts';
import { createReferenceDataServices } from '../modules/reference-data/index.ts';
import type { StationLogService } from '../modules/station-log/index.ts';
import type { TComputeAccess } from '../platform/compute/compute-task.ts';
import type { Database } from '../platform/db/database.ts';
import type { TArchiveLimits } from '../platform/files/archive-limits.ts';
import type { TFileStore } from '../platform/files/file-store.ts';
import type { TServices } from '../server.ts';

/**
 * The reference data long-term correction reads (mesoscale datasets, reference series, candidates) and the
 * long-term methods over it that the workbench service does not hold: the mesoscale scaling by sector and
 * the candidate ranking.
 */
export function buildLongTermServices(
  db: Database,
  shared: {
    stationAccess: StationAccess;
    stationLog: StationLogService;
    archiveLimits: TArchiveLimits;
    files: TFileStore;
    parser: TParserPort;
    compute?: TComputeAccess | undefined;
  },
): Pick<TServices, 'referenceData' | 'longTermMethods'> {
  const referenceData = createReferenceDataServices(db, shared);
  return { referenceData, longTermMethods: createLongTermMethodServices(db, { ...shared, referenceData }) };
}
