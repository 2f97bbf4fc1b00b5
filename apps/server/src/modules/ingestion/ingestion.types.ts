import type { Readable } from 'node:stream';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';

/** Where a raw file came from. */
export type TRawFileSource = 'upload' | 'email' | 'ftp' | 'seed';

/** The life of a raw file: stored first (pending), then parsed into the site's original version. */
export type TRawFileStatus = 'pending' | 'parsing' | 'parsed' | 'failed' | 'stored_not_parsed' | 'held';

export interface TIngestFileInput {
  /** The site the file belongs to; null when no file-match rule matched (stored, not parsed). */
  stationId: number | null;
  /** The file name as it arrived (attachment name, FTP path's base name, upload name). */
  fileName: string;
  source: TRawFileSource;
  /** Exactly one of: a local file to read, the bytes, or a stream. */
  path?: string;
  bytes?: Uint8Array;
  stream?: Readable;
  /**
   * What identifies the file at its source (e-mail: `<account>/<Message-ID>/<attachment index>`, FTP:
   * `<source id>:<path>:<size>:<mtime>`). Unique per source: a second ingest with the same
   * (source, sourceRef) returns 'duplicate' without reading the content — fetched-once semantics.
   */
  sourceRef?: string;
  /** Who caused it (uploads); null/undefined for fetched and seeded files. */
  actor?: TAuthUser | null;
  /** Largest accepted size in bytes (default 2 GB); larger content fails with PAYLOAD_TOO_LARGE. */
  maxBytes?: number;
}

export interface TIngestResult {
  rawFileId: number;
  /**
   * parsed: stored and applied to the original version; failed: stored, could not be parsed
   * (reason says why); stored_not_parsed: kept as is (vendor binary, .wnd, no site); duplicate: the same
   * content (sha256) for the same site, or the same sourceRef, was ingested before — nothing changed;
   * held: kept raw, nothing stored, until a user confirms its doubts or its new layout (issue 40).
   */
  status: 'parsed' | 'failed' | 'stored_not_parsed' | 'duplicate' | 'held';
  /** Localisation key of the reason (failed / stored_not_parsed). */
  reasonKey?: string;
  /** The reason in words (failed / stored_not_parsed). */
  reason?: string;
}

/** The ingestion service as other modules (data sources, seed) see it. */
export interface TIngestion {
  /**
   * Stores the raw file first (content-addressed; a row in raw_file), then parses it with the site's
   * parse rule (or auto-recognition) and applies it to the site's original version in one
   * transaction. Never throws for unparseable content: that is status 'failed' with a reason.
   */
  ingestFile(input: TIngestFileInput): Promise<TIngestResult>;
  /** Whether a (source, sourceRef) was already ingested (cheap pre-check before downloading). */
  hasSourceRef(source: TRawFileSource, sourceRef: string): Promise<boolean>;
}
