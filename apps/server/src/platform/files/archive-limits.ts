import { AppError } from '@masthub/shared';
import ExcelJS from 'exceljs';
import {
  ArchiveLimitError,
  ArchiveUnreadableError,
  DEFAULT_ARCHIVE_LIMITS,
  type TArchiveLimits,
  type TZipEntryInfo,
  unzipWithinLimits,
} from './zip-limits.mjs';

export {
  ArchiveLimitError,
  ArchiveUnreadableError,
  DEFAULT_ARCHIVE_LIMITS,
  type TArchiveLimits,
  type TZipEntryInfo,
};

/** The limits of the configuration (ARCHIVE_* variables, sizes in MB). */
export function archiveLimitsOf(config: {
  ARCHIVE_MAX_ENTRIES: number;
  ARCHIVE_MAX_ENTRY_MB: number;
  ARCHIVE_MAX_TOTAL_MB: number;
  ARCHIVE_MAX_RATIO: number;
}): TArchiveLimits {
  return Object.freeze({
    maxEntries: config.ARCHIVE_MAX_ENTRIES,
    maxEntryBytes: Math.round(config.ARCHIVE_MAX_ENTRY_MB * 2 ** 20),
    maxTotalBytes: Math.round(config.ARCHIVE_MAX_TOTAL_MB * 2 ** 20),
    maxRatio: config.ARCHIVE_MAX_RATIO,
  });
}

/**
 * The limits, with at most `maxBytes` unpacked in all: a workbook of a few hundred rows that exceljs
 * builds on the event loop needs far less than the configured default allows.
 */
export function limitsUpTo(limits: TArchiveLimits, maxBytes: number): TArchiveLimits {
  return Object.freeze({ ...limits, maxTotalBytes: Math.min(limits.maxTotalBytes, maxBytes) });
}

/** Bytes as the MB figure of a message: whole when whole, else one decimal. */
export function megabytes(bytes: number): number {
  return Math.round((bytes / 2 ** 20) * 10) / 10;
}

/** A passed limit as the localised refusal naming the file and the limit (ARCHIVE_* error codes). */
export function archiveLimitAppError(error: ArchiveLimitError, fileName: string): AppError {
  switch (error.limit) {
    case 'entries':
      return new AppError('ARCHIVE_TOO_MANY_ENTRIES', { fileName, maximum: error.maximum });
    case 'entryBytes':
      return new AppError('ARCHIVE_ENTRY_TOO_LARGE', {
        fileName,
        entryName: error.entryName,
        maxMb: megabytes(error.maximum),
      });
    case 'totalBytes':
      return new AppError('ARCHIVE_TOO_LARGE', { fileName, maxMb: megabytes(error.maximum) });
    case 'ratio':
      return new AppError('ARCHIVE_RATIO_TOO_HIGH', {
        fileName,
        maxRatio: error.maximum,
        entryName: error.entryName,
      });
  }
}

/**
 * The files of an uploaded zip, inflated under the limits (zip-limits.mjs). `select` picks the entries
 * to keep and may throw to refuse the upload before anything is inflated; `unpackedBefore` is what
 * other zips of the same upload unpacked (one total for the upload). A passed limit is the localised
 * AppError; a damaged zip throws ArchiveUnreadableError for the caller to name.
 */
export async function unzipUpload(
  bytes: Uint8Array,
  fileName: string,
  limits: TArchiveLimits,
  options: { select?: (files: TZipEntryInfo[]) => TZipEntryInfo[]; unpackedBefore?: number } = {},
): Promise<{ name: string; content: Buffer }[]> {
  try {
    const entries = await unzipWithinLimits(bytes, limits, options);
    return entries.map((e) => ({ name: e.name, content: e.content! }));
  } catch (error) {
    if (error instanceof ArchiveLimitError) throw archiveLimitAppError(error, fileName);
    throw error;
  }
}

/**
 * An uploaded .xlsx opened with exceljs, after the whole package was inflated once under the limits
 * (counting, keeping nothing): exceljs inflates every part into one string, so a sheet that unpacks to
 * gigabytes would otherwise run until "Invalid string length" with the server's memory. A passed limit
 * is the localised AppError; anything exceljs cannot read throws ArchiveUnreadableError.
 */
export async function loadWorkbookWithinLimits(
  bytes: Uint8Array,
  fileName: string,
  limits: TArchiveLimits,
): Promise<ExcelJS.Workbook> {
  try {
    await unzipWithinLimits(bytes, limits, { keep: false });
  } catch (error) {
    if (error instanceof ArchiveLimitError) throw archiveLimitAppError(error, fileName);
    throw error;
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch (error) {
    throw new ArchiveUnreadableError(error instanceof Error ? error.message : String(error));
  }
  return workbook;
}
