/** How to reach a data source, with its password opened. */
export interface TSourceConnectionConfig {
  id: number;
  fetchType: 'email' | 'ftp';
  protocol: 'imap' | 'imaps' | 'ftp' | 'ftps';
  host: string;
  port: number;
  isSsl: boolean;
  username: string;
  password: string;
  /** Connect, greeting and per-command timeout in milliseconds. */
  timeoutMs?: number;
}

/** One thing fetched at once: an e-mail message, or one FTP file. */
export interface TRemoteItem {
  /** Unique per source: `imap:<mailbox>:<uidvalidity>:<uid>` or `ftp:<path>:<size>:<mtime>`. */
  key: string;
  kind: 'email' | 'ftp';
  /** The mailbox (e-mail) or the remote folder holding the file (FTP). */
  folder: string;
  uid: number | null;
  messageId: string;
  subject: string;
  /** The sender's address (e-mail). */
  sender: string;
  /** The file's full remote path (FTP). */
  remotePath: string;
  sizeBytes: number | null;
}

/** One file an item carried: an attachment (in memory) or the downloaded FTP file (a temp file). */
export interface TRemoteFile {
  /** The attachment's place in its message; 0 for an FTP file. */
  position: number;
  fileName: string;
  sizeBytes: number;
  bytes?: Uint8Array;
  path?: string;
}

/**
 * What a fetcher reports to: it asks which items are new before downloading, and hands over each new
 * item with its files. `handle` records per-file problems itself; a throw stops the run.
 */
export interface TItemSink {
  /** The keys among `keys` that still need fetching (not fetched to the end before). */
  selectNew(keys: string[]): Promise<Set<string>>;
  /** UIDs of a mailbox's messages claimed earlier but never finished: fetched again. */
  listPendingUids(mailbox: string, validity: number): Promise<number[]>;
  handle(item: TRemoteItem, files: TRemoteFile[]): Promise<void>;
  /** Whether the run should stop taking new items (its per-run limit is reached). */
  isFull(): boolean;
}

/** Highest UID seen per mailbox, valid while the mailbox keeps its UIDVALIDITY. */
export type TImapCursor = Record<string, { validity: number; uid: number }>;
