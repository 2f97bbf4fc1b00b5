import { z } from 'zod';
import { ATTACHMENT_MAX_BYTES } from '../constants.ts';
import { ZQueryId } from '../text.schema.ts';

/** The file kinds a site attachment may be (SPEC §5): extension → content type stored and served. */
export const ATTACHMENT_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
export type TAttachmentExtension = keyof typeof ATTACHMENT_TYPES;

/** The accepted extensions, for the upload picker's `accept` and the error message. */
export const ATTACHMENT_EXTENSIONS = Object.keys(ATTACHMENT_TYPES) as TAttachmentExtension[];

/** The largest attachment in megabytes, for messages (ATTACHMENT_MAX_BYTES is the limit). */
export const ATTACHMENT_MAX_MB = ATTACHMENT_MAX_BYTES / (1024 * 1024);

/** The lower-cased extension of a file name when it is an accepted attachment kind, else undefined. */
export function attachmentExtensionOf(fileName: string): TAttachmentExtension | undefined {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  const extension = match?.[1]?.toLowerCase();
  return extension && extension in ATTACHMENT_TYPES ? (extension as TAttachmentExtension) : undefined;
}

/** `?stationId=` of the site attachment, password record and channel configuration lists. */
export const ZStationIdQuery = z.object({ stationId: ZQueryId });
export type TStationIdQuery = z.infer<typeof ZStationIdQuery>;

/**
 * POST /web/station/attachment/upload (multipart): `stationId` comes in the query string or as the
 * first form field, before the single `file` part, so access is checked before anything is stored.
 */
export const ZAttachmentUploadQuery = z.object({ stationId: ZQueryId.optional() });
export type TAttachmentUploadQuery = z.infer<typeof ZAttachmentUploadQuery>;

/** One attachment of a site. `sha256` identifies the stored content (equal files share one blob). */
export const ZAttachment = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  fileName: z.string(),
  extension: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  uploaderName: z.string(),
  createTime: z.string(),
});
export type TAttachment = z.infer<typeof ZAttachment>;
