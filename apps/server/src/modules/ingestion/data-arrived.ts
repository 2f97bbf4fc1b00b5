import type { TDoubt } from '@masthub/shared';
import type { TDb } from '../../platform/db/database.ts';

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
  /** The raw file's name as received. */
  fileName?: string;
}

/**
 * What ingestion announces when a file's data is stored: the port it defines. Whoever cares subscribes
 * in the composition root (wiring/data-arrived.ts) — the hub (its per-day recovery) and the alarms (site
 * status, data-missing and abnormal-data alarms) today; ingestion names none of them.
 */
export interface TDataArrivedListener {
  /** In the file's transaction, once its values are stored: a failure rolls the file back. */
  inTransaction?(trx: TDb, event: TDataArrivedEvent): Promise<void>;
  /** After the commit: a failure is logged and the file stays stored. */
  afterCommit?(event: TDataArrivedEvent): Promise<unknown>;
  /** A file of a site could not be parsed (nothing stored); the demo seed's files are not announced. */
  fileFailed?(event: TFileFailedEvent): Promise<void>;
  /** A file of a site is held for a person's confirmation (issue 40): kept raw, nothing stored. */
  fileHeld?(event: TFileHeldEvent): Promise<void>;
}

/** A held file: why (a new layout for the site, or doubts) and the doubts. */
export interface TFileHeldEvent {
  stationId: number;
  rawFileId: number;
  fileName: string;
  source: 'upload' | 'email' | 'ftp' | 'seed';
  reasonKey: 'held_new_layout' | 'held_doubts';
  doubts: TDoubt[];
}

/** Tells the listeners that a site's file is held (a listener's failure is logged by it, never thrown). */
export async function announceHeld(
  listeners: readonly TDataArrivedListener[],
  row: { id: number; station_id: number | null; file_name: string; source: TFileHeldEvent['source'] },
  reasonKey: TFileHeldEvent['reasonKey'],
  doubts: TDoubt[],
): Promise<void> {
  if (row.station_id === null) return;
  const event: TFileHeldEvent = {
    stationId: Number(row.station_id),
    rawFileId: Number(row.id),
    fileName: row.file_name,
    source: row.source,
    reasonKey,
    doubts,
  };
  for (const listener of listeners) await listener.fileHeld?.(event).catch(() => undefined);
}

/** A file of a site whose parse failed, with the reason's key. */
export interface TFileFailedEvent {
  stationId: number;
  rawFileId: number;
  fileName: string;
  reasonKey: string;
}

/** Tells the listeners that a site's file failed (a listener's failure is theirs: never thrown). */
export async function announceFailed(
  listeners: readonly TDataArrivedListener[],
  row: { id: number; station_id: number | null; file_name: string; source: string },
  reasonKey: string,
): Promise<void> {
  if (row.station_id === null || row.source === 'seed') return;
  const event = {
    stationId: Number(row.station_id),
    rawFileId: Number(row.id),
    fileName: row.file_name,
    reasonKey,
  };
  for (const listener of listeners) await listener.fileFailed?.(event).catch(() => undefined);
}
