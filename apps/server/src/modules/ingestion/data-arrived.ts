import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';

/** A file's data was stored for a site: its original version and the period the file covered. */
export interface TDataArrivedEvent {
  stationId: number;
  versionId: number;
  /** The first and last stored time (null when the file brought no value). */
  firstTimeMs: number | null;
  lastTimeMs: number | null;
  /** The raw file whose data these are, and where it came from (e-mail, FTP, upload, the demo seed). */
  rawFileId: number;
  source: 'upload' | 'email' | 'ftp' | 'seed';
}

/**
 * What ingestion announces when a file's data is stored: the port it defines. Whoever cares subscribes
 * in the composition root (wiring/data-arrived.ts) — the hub (its per-day recovery) and the alarms (site
 * status, data-missing and abnormal-data alarms) today; ingestion names none of them.
 */
export interface TDataArrivedListener {
  /** In the file's transaction, once its values are stored: a failure rolls the file back. */
  inTransaction?(trx: Database | Transaction<DB>, event: TDataArrivedEvent): Promise<void>;
  /** After the commit: a failure is logged and the file stays stored. */
  afterCommit?(event: TDataArrivedEvent): Promise<unknown>;
}
