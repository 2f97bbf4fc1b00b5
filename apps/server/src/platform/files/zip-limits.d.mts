// Types of zip-limits.mjs (plain JavaScript so the spreadsheet worker thread can load it).

/** The four limits every archive MastHub opens is held to (ARCHIVE_* variables, platform/config.ts). */
export interface TArchiveLimits {
  /** Entries in the central directory (files and folders). */
  maxEntries: number;
  /** Bytes one entry may inflate to. */
  maxEntryBytes: number;
  /** Bytes the inflated entries may add up to. */
  maxTotalBytes: number;
  /** Inflated bytes per compressed byte, of an entry and of the archive (above RATIO_FLOOR_BYTES). */
  maxRatio: number;
}

export type TArchiveLimitName = 'entries' | 'entryBytes' | 'totalBytes' | 'ratio';

/** One entry of the central directory (a file; folders are left out before `select`). */
export interface TZipEntryInfo {
  name: string;
  isDirectory: boolean;
  method: number;
  crc: number;
  compressedSize: number;
  dataStart: number;
}

export interface TUnzippedEntry {
  name: string;
  /** Inflated bytes, counted. */
  size: number;
  /** The inflated bytes, unless `keep: false`. */
  content?: Buffer;
}

export const RATIO_FLOOR_BYTES: number;
export const DEFAULT_ARCHIVE_LIMITS: Readonly<TArchiveLimits>;

export class ArchiveLimitError extends Error {
  constructor(limit: TArchiveLimitName, maximum: number, entryName?: string);
  readonly limit: TArchiveLimitName;
  readonly maximum: number;
  readonly entryName: string;
}

export class ArchiveUnreadableError extends Error {
  constructor(detail: string);
  readonly detail: string;
}

export function listZipEntries(bytes: Uint8Array, limits: TArchiveLimits): TZipEntryInfo[];

export function unzipWithinLimits(
  bytes: Uint8Array,
  limits: TArchiveLimits,
  options?: {
    select?: (files: TZipEntryInfo[]) => TZipEntryInfo[];
    keep?: boolean;
    unpackedBefore?: number;
  },
): Promise<TUnzippedEntry[]>;
