let table: Uint32Array | undefined;

/**
 * CRC-32 (IEEE 802.3, polynomial 0xEDB88320) of bytes, continuing from `previous` — the checksum ZIP
 * entries carry. Reference: https://en.wikipedia.org/wiki/Cyclic_redundancy_check
 *
 * @internal
 * @example crc32(new TextEncoder().encode('123456789')) // 0xCBF43926
 */
export function crc32(bytes: Uint8Array, previous = 0): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = (previous ^ 0xffffffff) >>> 0;
  for (let i = 0; i < bytes.length; i++) crc = table[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
