import { AppError } from '@masthub/shared';
import type { FastifyRequest } from 'fastify';
import { FileTooLargeError } from '../../platform/files/file-store.ts';
import { readAll, refuseNul } from '../../platform/http/multipart.ts';

/** A file of an upload, read whole. */
export interface TUploadedPart {
  fileName: string;
  content: Buffer;
}

/**
 * Reads a multipart upload of reference data (a mesoscale dataset, a reference series): its form fields,
 * with `onStationId` run as soon as a `stationId` field holding a positive integer arrives (the edit check,
 * before a byte of a file is read), and its files read whole, together at most `maxBytes` (413 the moment
 * they pass it). On any refusal the rest of the body is read and dropped, so the answer reaches the client.
 */
export async function readUploadParts(
  request: FastifyRequest,
  options: {
    maxBytes: number;
    files: number;
    fields: number;
    onStationId: (stationId: number) => Promise<void>;
  },
): Promise<{ fields: Record<string, string>; files: TUploadedPart[] }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const { maxBytes } = options;
  const fields: Record<string, string> = {};
  const files: TUploadedPart[] = [];
  let total = 0;
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: options.files, fields: options.fields, fieldSize: 1024 },
    })) {
      if (part.type === 'field') {
        refuseNul(part.fieldname, String(part.value));
        fields[part.fieldname] = String(part.value);
        if (part.fieldname === 'stationId') {
          const id = Number(part.value);
          if (Number.isInteger(id) && id > 0) await options.onStationId(id);
        }
        continue;
      }
      refuseNul('file', part.filename);
      part.file.once('limit', () => part.file.destroy(new FileTooLargeError(maxBytes)));
      const content = await readAll(part.file, maxBytes - total);
      total += content.length;
      files.push({ fileName: part.filename, content });
    }
  } catch (error) {
    request.raw.unpipe();
    request.raw.resume();
    if (error instanceof FileTooLargeError) throw new AppError('PAYLOAD_TOO_LARGE');
    throw error;
  }
  return { fields, files };
}
