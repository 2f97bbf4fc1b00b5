import type { FastifyReply } from 'fastify';
import { contentDisposition } from './content-disposition.ts';

/** The media type of the .xlsx workbooks the API sends. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file a raw route answers with: its name, media type, size when known, and its bytes or stream. */
export interface TFileReply {
  fileName: string;
  contentType: string;
  /** Sent as Content-Length when known. */
  sizeBytes?: number | null;
  content: unknown;
}

/**
 * Sends a file as the whole answer: Content-Disposition with its UTF-8 name (attachment unless `inline`),
 * Content-Length when known, then the type and the bytes. `noStore` keeps it out of caches, `noSniff`
 * stops a browser from reading a user's file as something else.
 */
export function sendFile(
  reply: FastifyReply,
  file: TFileReply,
  options: { inline?: boolean; noStore?: boolean; noSniff?: boolean } = {},
): FastifyReply {
  reply.header(
    'content-disposition',
    contentDisposition(file.fileName, options.inline ? 'inline' : 'attachment'),
  );
  if (file.sizeBytes !== undefined && file.sizeBytes !== null) reply.header('content-length', file.sizeBytes);
  if (options.noStore) reply.header('cache-control', 'no-store');
  if (options.noSniff) reply.header('x-content-type-options', 'nosniff');
  return reply.type(file.contentType).send(file.content);
}
