/** Bytes a writer gathers before it gives them out (about one message to the API: 256 KiB). */
export const CHUNK_BYTES = 256 * 1024;

/**
 * The reused buffer a text export is written into: room for `chunkBytes` plus one more row (at most
 * `rowBytes`), so a row is written without bounds checks once `at < chunkBytes`; {@link take} copies
 * what was written into a buffer of its own (the caller may keep it or transfer it to another thread)
 * and starts again at 0.
 */
export class ByteChunks {
  out: Uint8Array;
  at = 0;

  constructor(
    readonly chunkBytes: number,
    readonly rowBytes: number,
    head?: Uint8Array,
  ) {
    this.out = new Uint8Array(Math.max(chunkBytes, head?.length ?? 0) + rowBytes);
    if (head) {
      this.out.set(head);
      this.at = head.length;
    }
  }

  take(): Uint8Array {
    const chunk = this.out.slice(0, this.at);
    this.at = 0;
    return chunk;
  }
}

const ENCODER = new TextEncoder();

/** UTF-8 bytes of a text. */
export function utf8(text: string): Uint8Array {
  return ENCODER.encode(text);
}
