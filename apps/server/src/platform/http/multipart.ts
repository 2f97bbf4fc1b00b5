import type { Readable } from 'node:stream';
import { AppError, fieldError, ZQueryId } from '@masthub/shared';
import type { FastifyRequest } from 'fastify';
import { FileTooLargeError } from '../files/file-store.ts';

/** Refuses a multipart field value or file name holding U+0000 (JSON bodies are checked in app.ts). */
export function refuseNul(field: string, value: string): void {
  if (value.includes('\u0000')) throw fieldError(field, 'nulCharacter');
}

/** Refuses an upload whose form field `field` (sent in the query or before the file) is missing or unreadable. */
export function fieldRequired(field: string): AppError {
  return fieldError(field, 'required');
}

/** The one file of a single-file upload, still streaming in. */
export interface TUploadedFile {
  fieldName: string;
  fileName: string;
  mimeType: string;
  stream: Readable;
}

/**
 * Reads a multipart upload of form fields followed by one file, in order: `onField` sees each field
 * before the file arrives (check access there), `onFile` consumes the file stream. The file is
 * refused with 413 the moment it passes `maxBytes`, not when the client has finished sending. On any
 * refusal the rest of the body is read and dropped, so the answer reaches the client cleanly.
 */
export async function receiveSingleFile<T>(
  request: FastifyRequest,
  options: {
    maxBytes: number;
    onField?: (name: string, value: string) => Promise<void> | void;
    onFile: (file: TUploadedFile) => Promise<T>;
  },
): Promise<T> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  try {
    const parts = request.parts({
      limits: { fileSize: options.maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        refuseNul(part.fieldname, String(part.value));
        await options.onField?.(part.fieldname, String(part.value));
        continue;
      }
      refuseNul('file', part.filename);
      const { file } = part;
      // busboy only truncates and keeps reading to the end of the part: stop the write right away.
      file.once('limit', () => file.destroy(new FileTooLargeError(options.maxBytes)));
      return await options.onFile({
        fieldName: part.fieldname,
        fileName: part.filename,
        mimeType: part.mimetype,
        stream: file,
      });
    }
    throw new AppError('FILE_REQUIRED');
  } catch (error) {
    request.raw.unpipe();
    request.raw.resume();
    if (error instanceof FileTooLargeError) throw new AppError('PAYLOAD_TOO_LARGE');
    throw error;
  }
}

/**
 * Reads a single-file upload to a site: the site is `stationId` of the query, or else the `stationId`
 * form field sent before the file. `checkStation` runs as soon as the site is known, before a byte of
 * the file is read; `onFile` gets the site, undefined when the caller named none.
 */
export async function receiveStationFile<T>(
  request: FastifyRequest,
  options: {
    stationId: number | undefined;
    maxBytes: number;
    checkStation: (stationId: number) => Promise<unknown>;
    onFile: (file: TUploadedFile, stationId: number | undefined) => Promise<T>;
  },
): Promise<T> {
  let stationId = options.stationId;
  if (stationId !== undefined) await options.checkStation(stationId);
  return receiveSingleFile(request, {
    maxBytes: options.maxBytes,
    onField: async (name, value) => {
      if (name !== 'stationId' || stationId !== undefined) return;
      const parsed = ZQueryId.safeParse(value);
      if (!parsed.success) throw fieldRequired('stationId');
      stationId = parsed.data;
      await options.checkStation(stationId);
    },
    onFile: (file) => options.onFile(file, stationId),
  });
}

/** Reads a whole (small) uploaded file into memory, refusing more than `maxBytes`. */
export async function readAll(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new FileTooLargeError(maxBytes);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
