import type { Database } from '../../platform/db/database.ts';
import { isContentReferenced, lockContent } from '../../platform/files/content-references.ts';

export interface TAttachmentInsert {
  stationId: number;
  fileName: string;
  extension: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  uploaderId: number;
  uploaderName: string;
}

/** Site attachment rows (station_attachment); the bytes are in the file store. */
export class AttachmentRepository {
  constructor(private readonly db: Database) {}

  listByStation(stationId: number) {
    return this.db
      .selectFrom('station_attachment')
      .selectAll()
      .where('station_id', '=', stationId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** An attachment of a live station, or undefined. */
  findById(id: number) {
    return this.db
      .selectFrom('station_attachment as a')
      .innerJoin('station as s', 's.id', 'a.station_id')
      .selectAll('a')
      .where('a.id', '=', id)
      .where('s.is_deleted', '=', false)
      .executeTakeFirst();
  }

  insert(row: TAttachmentInsert) {
    return this.db
      .insertInto('station_attachment')
      .values({
        station_id: row.stationId,
        file_name: row.fileName,
        extension: row.extension,
        content_type: row.contentType,
        size_bytes: row.sizeBytes,
        sha256: row.sha256,
        uploader_id: row.uploaderId,
        uploader_name: row.uploaderName,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('station_attachment').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /**
   * Serialises, until the transaction ends, everything that publishes or removes the blob of
   * `sha256`: an upload of equal content cannot slip between "last reference gone" and "blob removed".
   */
  async lockContent(sha256: string): Promise<void> {
    await lockContent(this.db, sha256);
  }

  /** True while anything (not only attachments) names the content: see content-references.ts. */
  async isContentReferenced(sha256: string): Promise<boolean> {
    return isContentReferenced(this.db, sha256);
  }
}
