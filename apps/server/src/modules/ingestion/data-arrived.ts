import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';

/**
 * What ingestion announces when a file's data is stored: the port it defines, and whoever cares (the
 * alarms today) is subscribed in the composition root (server.ts). Ingestion names none of them.
 */
export interface TDataArrived {
  /**
   * In the file's transaction, once its values are stored: `firstNewTime` is where the new data begins
   * (null when the file brought no value).
   */
  onDataArrived(trx: Database | Transaction<DB>, stationId: number, firstNewTime: Date | null): Promise<void>;
  /** After the commit, over the period the file covered; a failure is logged, the file stays stored. */
  evaluateAbnormal(stationId: number, fromMs: number, toMs: number): Promise<unknown>;
}
