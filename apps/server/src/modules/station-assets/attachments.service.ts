import type { Readable } from 'node:stream';
import {
  AppError,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  attachmentExtensionOf,
  type TAttachment,
  type TAttachmentExtension,
  text,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import type { TTransactor } from '../../platform/db/transaction.ts';
import { FileTooLargeError, type TFileStore } from '../../platform/files/file-store.ts';
import type { Logger } from '../../platform/logger.ts';
import type { StationAccess } from '../access/index.ts';
import type { AttachmentRepository } from './attachments.repository.ts';
import type { TStationLogWriter } from './station-log-writer.ts';

export interface TAttachmentRepositories {
  attachments: AttachmentRepository;
  db: Database;
}

/** A file arriving in an upload: its name as the client gave it, and its bytes as they stream in. */
export interface TIncomingFile {
  fileName: string;
  source: Readable;
}

type TAttachmentRow = Awaited<ReturnType<AttachmentRepository['insert']>>;

function toAttachment(row: TAttachmentRow): TAttachment {
  return {
    id: row.id,
    stationId: row.station_id,
    fileName: row.file_name,
    extension: row.extension,
    contentType: row.content_type,
    sizeBytes: row.size_bytes,
    sha256: row.sha256.trim(),
    uploaderName: row.uploader_name,
    createTime: row.created_at.toISOString(),
  };
}

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from('PK\x03\x04', 'latin1');
const PDF = Buffer.from('%PDF-', 'latin1');

/**
 * Whether the first bytes fit the extension: .docx/.xlsx are ZIP packages, .pdf starts with %PDF-,
 * .xls is an OLE2 compound file — or, as Excel also opens them, an xlsx or an XML/HTML table.
 */
export function isContentOfKind(head: Buffer, extension: TAttachmentExtension): boolean {
  switch (extension) {
    case 'docx':
    case 'xlsx':
      return head.subarray(0, 4).equals(ZIP);
    case 'pdf':
      return head.subarray(0, 5).equals(PDF);
    case 'xls': {
      if (head.subarray(0, 8).equals(OLE2) || head.subarray(0, 4).equals(ZIP)) return true;
      const text = head
        .toString('latin1')
        .replace(/^\xef\xbb\xbf/, '')
        .trimStart();
      return text.startsWith('<');
    }
  }
}

/**
 * Site attachments (SPEC §2 StationInfo, §5): .docx/.pdf/.xls/.xlsx up to 200 MB, streamed into the
 * content-addressed file store; equal files share one blob. Viewing needs access to the site;
 * uploading and deleting need edit access (the features are checked on the routes).
 */
export class AttachmentService {
  constructor(
    private readonly attachments: AttachmentRepository,
    private readonly access: StationAccess,
    private readonly files: TFileStore,
    private readonly tx: TTransactor<TAttachmentRepositories>,
    private readonly stationLog: TStationLogWriter,
    private readonly log: Logger,
  ) {}

  async list(user: TAuthUser, stationId: number): Promise<TAttachment[]> {
    await this.access.assertCanView(user, stationId);
    return (await this.attachments.listByStation(stationId)).map(toAttachment);
  }

  /** Called before the upload's body is read: 404 unknown site, 403 no access. */
  async assertCanUpload(user: TAuthUser, stationId: number): Promise<void> {
    await this.access.assertCanEdit(user, stationId);
  }

  /**
   * Streams the file into the store and records it. Refuses a wrong kind (extension, then the first
   * bytes) with 415 and more than 200 MB with 413 as soon as the limit passes; the partial temp file
   * is deleted and nothing is recorded in either case.
   */
  async upload(user: TAuthUser, stationId: number, file: TIncomingFile): Promise<TAttachment> {
    const [station] = await this.access.assertCanEdit(user, stationId);
    const fileName = file.fileName.trim().replace(/[\\/]/g, '_').slice(-255);
    const extension = attachmentExtensionOf(fileName);
    const notAllowed = () => new AppError('ATTACHMENT_TYPE_NOT_ALLOWED', { fileName });
    if (!extension) throw notAllowed();
    let staged: Awaited<ReturnType<TFileStore['stage']>>;
    try {
      staged = await this.files.stage(file.source, {
        maxBytes: ATTACHMENT_MAX_BYTES,
        checkHead: (head) => (isContentOfKind(head, extension) ? undefined : notAllowed()),
      });
    } catch (error) {
      if (error instanceof FileTooLargeError) throw new AppError('PAYLOAD_TOO_LARGE');
      throw error;
    }
    let isCommitted = false;
    try {
      const row = await this.tx.run(async ({ attachments, db }) => {
        await attachments.lockContent(staged.sha256);
        await staged.commit();
        isCommitted = true;
        const inserted = await attachments.insert({
          stationId,
          fileName,
          extension,
          contentType: ATTACHMENT_TYPES[extension],
          sizeBytes: staged.sizeBytes,
          sha256: staged.sha256,
          uploaderId: user.id,
          uploaderName: user.userName,
        });
        await this.stationLog.record(db, {
          operator: user,
          type: 'add',
          stationId,
          location: 'attachments',
          objects: text('stationLog.attachmentUploaded', { code: station!.stationCode, file: fileName }),
          details: {
            attachmentId: inserted.id,
            fileName,
            sizeBytes: staged.sizeBytes,
            sha256: staged.sha256,
          },
        });
        return inserted;
      });
      return toAttachment(row);
    } catch (error) {
      await staged.discard();
      // The blob was published but its row rolled back: drop it unless another row uses it.
      if (isCommitted) {
        await this.removeIfUnreferenced(staged.sha256).catch((err) =>
          this.log.warn({ err, sha256: staged.sha256 }, 'unreferenced blob left in the file store'),
        );
      }
      throw error;
    }
  }

  /** The attachment and its bytes for a download; 404 when the row or its blob is missing. */
  async open(
    user: TAuthUser,
    id: number,
  ): Promise<{ attachment: TAttachment; stream: Readable; sizeBytes: number }> {
    const row = await this.attachments.findById(id);
    if (!row) throw new AppError('NOT_FOUND');
    await this.access.assertCanView(user, row.station_id);
    const blob = await this.files.open(row.sha256.trim());
    if (!blob) {
      this.log.error({ attachmentId: id, sha256: row.sha256 }, 'attachment blob missing from the file store');
      throw new AppError('NOT_FOUND');
    }
    return { attachment: toAttachment(row), ...blob };
  }

  /** Deletes the row; the blob goes too when no other attachment has the same content. */
  async delete(user: TAuthUser, id: number): Promise<void> {
    const row = await this.attachments.findById(id);
    if (!row) throw new AppError('NOT_FOUND');
    const [station] = await this.access.assertCanEdit(user, row.station_id);
    const sha256 = row.sha256.trim();
    await this.tx.run(async ({ attachments, db }) => {
      await attachments.lockContent(sha256);
      if (!(await attachments.delete(id))) throw new AppError('NOT_FOUND');
      await this.stationLog.record(db, {
        operator: user,
        type: 'delete',
        stationId: row.station_id,
        location: 'attachments',
        objects: text('stationLog.attachmentDeleted', { code: station!.stationCode, file: row.file_name }),
        details: { attachmentId: id, fileName: row.file_name, sha256 },
      });
      // Removed inside the transaction, under the lock: an equal upload waits and then re-publishes.
      if (!(await attachments.isContentReferenced(sha256))) await this.files.remove(sha256);
    });
  }

  private removeIfUnreferenced(sha256: string): Promise<void> {
    return this.tx.run(async ({ attachments }) => {
      await attachments.lockContent(sha256);
      if (!(await attachments.isContentReferenced(sha256))) await this.files.remove(sha256);
    });
  }
}
