import { randomBytes } from 'node:crypto';

export type TFormPart =
  | { name: string; value: string }
  | { name: string; fileName: string; content: Buffer; contentType?: string };

/** A multipart/form-data body (parts in the given order) and its content-type header, for inject(). */
export function multipartBody(parts: TFormPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----masthub${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'content' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\n` +
          `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    chunks.push(Buffer.from(head, 'utf8'));
    chunks.push('content' in part ? part.content : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
