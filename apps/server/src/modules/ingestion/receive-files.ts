import { AppError, DATA_UPLOAD_MAX_BYTES, DATA_UPLOAD_MAX_FILES, ZQueryId } from '@masthub/shared';
import type { FastifyRequest } from 'fastify';
import { FileTooLargeError } from '../../platform/files/file-store.ts';
import { fieldRequired, refuseNul } from '../../platform/http/multipart.ts';
import type { TReceivedFile } from './ingestion.api.ts';

/**
 * Reads a multipart upload of fields and files: the site is known (and access checked) before the
 * first file; each file streams into the store's staging area, refused with 413 as soon as it passes
 * the limit. On any refusal every staged file is dropped and the rest of the body is drained.
 */
export async function receiveFiles(
  request: FastifyRequest,
  options: {
    stationId: number | undefined;
    checkStation: (stationId: number) => Promise<void>;
    checkFile: (fileName: string, index: number) => void;
    stage: (fileName: string, stream: NodeJS.ReadableStream) => Promise<TReceivedFile>;
    discard: (files: TReceivedFile[]) => Promise<void>;
  },
): Promise<{ stationId: number; files: TReceivedFile[] }> {
  let stationId = options.stationId;
  // Access is decided before a byte of the body is read.
  if (stationId !== undefined) await options.checkStation(stationId);
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const files: TReceivedFile[] = [];
  try {
    const parts = request.parts({
      limits: {
        fileSize: DATA_UPLOAD_MAX_BYTES,
        files: DATA_UPLOAD_MAX_FILES + 1,
        fields: 10,
        fieldSize: 1024,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'stationId' && stationId === undefined) {
          const parsed = ZQueryId.safeParse(String(part.value));
          if (!parsed.success) throw fieldRequired('stationId');
          stationId = parsed.data;
          await options.checkStation(stationId);
        }
        continue;
      }
      if (stationId === undefined) throw fieldRequired('stationId');
      if (files.length >= DATA_UPLOAD_MAX_FILES) {
        throw new AppError('UPLOAD_TOO_MANY_FILES', { max: DATA_UPLOAD_MAX_FILES });
      }
      refuseNul('file', part.filename);
      options.checkFile(part.filename, files.length);
      const { file } = part;
      file.once('limit', () => file.destroy(new FileTooLargeError(DATA_UPLOAD_MAX_BYTES)));
      files.push(await options.stage(part.filename, file));
    }
    if (stationId === undefined) throw fieldRequired('stationId');
    if (files.length === 0) throw new AppError('FILE_REQUIRED');
    return { stationId, files };
  } catch (error) {
    request.raw.unpipe();
    request.raw.resume();
    await options.discard(files);
    if (error instanceof FileTooLargeError) throw new AppError('PAYLOAD_TOO_LARGE');
    throw error;
  }
}
