import type { TComputeAccess } from '../../platform/compute/compute-task.ts';
import type { Database } from '../../platform/db/database.ts';
import type { TFileStore } from '../../platform/files/file-store.ts';
import type { StationAccess } from '../access/index.ts';
import type { TParserPort } from '../ingestion/index.ts';
import { CandidateService } from './candidates.service.ts';
import { ReferenceService } from './references.service.ts';

/** The reference series of the long-term workbench and the candidate ranking (issue 28). */
export interface TLongTermReferenceServices {
  references: ReferenceService;
  candidates: CandidateService;
}

/** Wires the reference series (over the file store and the parser port) and the candidate ranking. */
export function createLongTermReferenceServices(
  db: Database,
  deps: {
    stationAccess: StationAccess;
    files: TFileStore;
    parser: TParserPort;
    compute?: TComputeAccess | undefined;
  },
): TLongTermReferenceServices {
  return {
    references: new ReferenceService(db, deps.stationAccess, deps.files, deps.parser),
    candidates: new CandidateService(db, deps.stationAccess, deps.compute),
  };
}
