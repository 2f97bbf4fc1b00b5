import { buffer as readStream } from 'node:stream/consumers';
import { type TRecognition, type TText, text } from '@masthub/shared';
import type { TFileStore } from '../../platform/files/file-store.ts';
import type { TIngestResult } from './ingestion.types.ts';
import type { TRawFileRow } from './raw-files.repository.ts';

/** Beijing time: the zone of a logger whose site or uploader says nothing else. */
export const DEFAULT_LOGGER_UTC_OFFSET = 480;

/** `UTC+08:00` of an offset in minutes. */
export function utcLabel(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * Reads a file that does not state its time zone in the zone its loggers write (the site's, else the
 * uploader's), so a logger time of 00:00 stays 00:00 for a user in that zone (issue 12). A zone taken
 * from the file (a header or offsets in the stamps) wins; the offset is applied once, by the parser.
 * The zone's evidence says which (issue 40): the site's logger zone is a convention the site's register
 * states; the uploader's zone (a file for no site) is an assumption the preview asks to confirm; a zone the
 * file states that differs from the site's is a doubt too. Files of whole-day records are read as dates,
 * in no zone.
 */
export function withLoggerZone(
  recognition: TRecognition,
  offsetMinutes: number,
  source: 'site' | 'uploader' = 'site',
): TRecognition {
  const { rule, warnings } = recognition;
  const stated = warnings.some((w) => w.startsWith('timeZoneFromFile:')) || rule.dateFormat.includes('Z');
  const fileNamesZone = stated || warnings.some((w) => w.startsWith('timeZoneOfFormat:'));
  const label = utcLabel(offsetMinutes);
  if (fileNamesZone) {
    if (
      !stated ||
      source !== 'site' ||
      rule.dateFormat.includes('Z') ||
      rule.utcOffsetMinutes === offsetMinutes
    )
      return recognition;
    const conflict = {
      id: 'zone:file',
      field: 'zone' as const,
      column: null,
      reason: 'zoneConflict',
      params: { fileZone: utcLabel(rule.utcOffsetMinutes), siteZone: label },
    };
    return { ...recognition, doubts: [...recognition.doubts, conflict] };
  }
  // A record of a whole day is a date, not an instant: the store keeps days on its UTC day grid, so a day
  // read in UTC+08:00 would begin at 16:00 the day before and be stored under another date than the
  // preview shows. Its stamps are kept as the dates the file writes (issue 40).
  const interval = recognition.intervalMinutes;
  if (interval !== null && interval >= 1440 && interval % 1440 === 0) {
    return { ...recognition, warnings: [...warnings, 'daysAsDates'] };
  }
  // The recognition read the stamps as UTC: its first and last time move with the zone the file is
  // read in, so the preview shows the period the import will store.
  const shift = (iso: string | null) =>
    iso === null
      ? null
      : new Date(Date.parse(iso) - (offsetMinutes - rule.utcOffsetMinutes) * 60_000).toISOString();
  const zone =
    source === 'site'
      ? { confidence: 'convention' as const, evidence: `siteZone:${label}` }
      : { confidence: 'assumed' as const, evidence: `uploaderZone:${label}` };
  const doubts =
    source === 'site'
      ? recognition.doubts
      : [
          ...recognition.doubts,
          {
            id: 'zone:file',
            field: 'zone' as const,
            column: null,
            reason: 'zoneAssumed',
            params: { zone: label, evidence: zone.evidence },
          },
        ];
  return {
    ...recognition,
    rule: { ...rule, utcOffsetMinutes: offsetMinutes },
    firstTime: shift(recognition.firstTime),
    lastTime: shift(recognition.lastTime),
    warnings: [...warnings, `timeZoneFromSite:${label}`],
    ...(recognition.time ? { time: { ...recognition.time, zone } } : {}),
    doubts,
  };
}

/** The base name, without path separators or control characters, at most 255 characters. */
export function cleanFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (cleaned || 'file').slice(-255);
}

/** The station-log text of a stored file (the log's objects are written once, in Chinese, like the others). */
export function storedFileText(
  fileName: string,
  result: { valueCount: number; firstTimeMs: number | null; lastTimeMs: number | null },
): TText {
  const minute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
  return text('stationLog.fileStored', {
    file: fileName,
    count: result.valueCount,
    span:
      result.firstTimeMs === null || result.lastTimeMs === null
        ? ''
        : text('part.utcSpan', { from: minute(result.firstTimeMs), to: minute(result.lastTimeMs) }),
  });
}

/** The outcome of a raw file as the ingest result. */
export function ingestResultOf(row: TRawFileRow): TIngestResult {
  const status = row.status === 'pending' || row.status === 'parsing' ? 'failed' : row.status;
  const result: TIngestResult = { rawFileId: row.id, status };
  if (row.reason_key) result.reasonKey = row.reason_key;
  if (row.reason) result.reason = row.reason;
  return result;
}

/** Commits the staged content (under the content lock) and reads it back. */
export async function readStagedOrCommit(
  staged: Awaited<ReturnType<TFileStore['stage']>>,
  files: TFileStore,
): Promise<Buffer> {
  await staged.commit();
  const blob = await files.open(staged.sha256);
  if (!blob) throw new Error('staged content vanished');
  return readStream(blob.stream);
}
