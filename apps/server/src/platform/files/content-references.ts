import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import type { TFileStore } from './file-store.ts';

/** Advisory-lock class of stored content (the two-integer form of pg_advisory_xact_lock). */
const CONTENT_LOCK_CLASS = 74_521_107;

/**
 * Serialises, until the transaction ends, everything that publishes or removes the stored content of
 * `sha256`: an upload of equal content cannot slip between "last reference gone" and "content removed".
 * One lock for every table that names stored content (they share one content-addressed store).
 */
export async function lockContent(db: Database, sha256: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${CONTENT_LOCK_CLASS}, hashtext(${sha256}))`.execute(db);
}

/**
 * True while any record names the content: raw files and previews, attachments, map layers, group and
 * data reports, mesoscale datasets, long-term reference series, approved download applications' files, sensors' calibration certificates (PDF), and report e-mails still waiting to go out. The store is content-addressed, so the same
 * bytes uploaded as an attachment and imported as logger data are one file: each module asking only
 * about its own table would delete the other's content.
 */
export async function isContentReferenced(db: Database, sha256: string): Promise<boolean> {
  const row = await sql<{ used: boolean }>`
    SELECT EXISTS (SELECT 1 FROM raw_file WHERE sha256 = ${sha256})
        OR EXISTS (SELECT 1 FROM parse_preview WHERE sha256 = ${sha256})
        OR EXISTS (SELECT 1 FROM station_attachment WHERE sha256 = ${sha256})
        OR EXISTS (SELECT 1 FROM map_layer WHERE file_sha256 = ${sha256} OR image_sha256 = ${sha256})
        OR EXISTS (SELECT 1 FROM group_report WHERE docx_sha256 = ${sha256} OR pdf_sha256 = ${sha256})
        OR EXISTS (SELECT 1 FROM data_report
                    WHERE file_sha256 = ${sha256} OR docx_sha256 = ${sha256} OR pdf_sha256 = ${sha256})
        OR EXISTS (SELECT 1 FROM mesoscale_dataset
                    WHERE wnd_sha256 = ${sha256} OR files @> ${JSON.stringify([{ sha256 }])}::jsonb)
        OR EXISTS (SELECT 1 FROM reference_series WHERE files @> ${JSON.stringify([{ sha256 }])}::jsonb)
        OR EXISTS (SELECT 1 FROM download_application WHERE file_sha256 = ${sha256})
        OR EXISTS (SELECT 1 FROM sensor_calibration WHERE certificate_pdf_sha256 = ${sha256})
        OR EXISTS (SELECT 1 FROM mail_send_log
                    WHERE status IN ('pending', 'sending')
                      AND attachments @> ${JSON.stringify([{ sha256 }])}::jsonb) AS used`.execute(db);
  return row.rows[0]?.used ?? false;
}

/**
 * Removes stored content no record names any more, each under its content lock in its own transaction.
 * Call after the records were deleted (committed).
 */
export async function removeUnreferenced(
  db: Database,
  files: TFileStore,
  hashes: Iterable<string | null | undefined>,
): Promise<void> {
  for (const sha256 of new Set([...hashes].filter((h): h is string => typeof h === 'string' && h !== ''))) {
    await db.transaction().execute(async (trx) => {
      await lockContent(trx, sha256.trim());
      if (!(await isContentReferenced(trx, sha256.trim()))) await files.remove(sha256.trim());
    });
  }
}
