import type { Database } from '../../platform/db/database.ts';
import { createTransactor } from '../../platform/db/transaction.ts';
import type { StationAccess } from '../access/index.ts';
import type { StationLogService } from '../station-log/index.ts';
import type { TQcRuleForRun } from './evaluate-qc-rules.ts';
import { QcRuleRepository } from './qc-rules.repository.ts';
import { QcRuleService } from './qc-rules.service.ts';

/** Wires the qc-rules module: its service over its repository, alone and bound to a transaction. */
export function createQcRuleService(
  db: Database,
  stationAccess: StationAccess,
  stationLog: Pick<StationLogService, 'record'>,
): QcRuleService {
  return new QcRuleService(
    new QcRuleRepository(db),
    stationAccess,
    createTransactor(db, (trx) => ({ rules: new QcRuleRepository(trx), db: trx })),
    stationLog,
  );
}

/**
 * The rules a QC run or the alarm check of a site applies (all of the site's, or the given ones), read
 * through `db` (a transaction where the caller is in one).
 */
export function listQcRulesForRun(
  db: Database,
  stationId: number,
  ruleIds?: readonly number[],
): Promise<TQcRuleForRun[]> {
  return new QcRuleRepository(db).listForRun(stationId, ruleIds);
}
