import type { Database } from '../../platform/db/database.ts';
import type { TArchiveLimits } from '../../platform/files/archive-limits.ts';
import type { TFileStore } from '../../platform/files/file-store.ts';
import type { StationAccess } from '../access/index.ts';
import type { TParserPort } from '../ingestion/index.ts';
import { ReferenceCandidates } from './candidates.ts';
import { MesoscaleDatasetService } from './mesoscale.service.ts';
import { ReferenceSeriesService } from './references.service.ts';

/** The reference data of long-term correction: mesoscale datasets, reference series, their candidates. */
export interface TReferenceDataServices {
  mesoscale: MesoscaleDatasetService;
  series: ReferenceSeriesService;
  candidates: ReferenceCandidates;
}

/** Wires the reference data over the file store, the parser port and the archive limits. */
export function createReferenceDataServices(
  db: Database,
  deps: {
    stationAccess: StationAccess;
    files: TFileStore;
    parser: TParserPort;
    archiveLimits: TArchiveLimits;
  },
): TReferenceDataServices {
  return {
    mesoscale: new MesoscaleDatasetService(
      db,
      deps.stationAccess,
      deps.files,
      deps.parser,
      deps.archiveLimits,
    ),
    series: new ReferenceSeriesService(db, deps.stationAccess, deps.files, deps.parser),
    candidates: new ReferenceCandidates(db),
  };
}

/** The candidate references and neighbouring sites of a site, for a module that reads them (gap reconstruction). */
export function createReferenceCandidates(db: Database): ReferenceCandidates {
  return new ReferenceCandidates(db);
}
