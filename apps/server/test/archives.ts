import { constants, crc32, deflateRawSync } from 'node:zlib';
import JSZip from 'jszip';

/** An entry's deflated bytes with the CRC-32 and size of what they inflate to. */
export interface TDeflated {
  data: Buffer;
  crc: number;
  size: number;
}

export interface TZipEntrySpec {
  name: string;
  /** Stored deflated (or as is with `isStored`). */
  content?: Buffer;
  /** Already deflated (a bomb made without inflating it here). */
  deflated?: TDeflated;
  isStored?: boolean;
  /** Sizes written in the headers, when they should lie about the content. */
  declaredSize?: number;
  /** General-purpose flags (bit 0 = encrypted, bit 11 = UTF-8 name; UTF-8 is the default). */
  flags?: number;
  /** The name's bytes, when not UTF-8. */
  rawName?: Buffer;
}

/**
 * Deflated bytes of `head`, then `block` `times` over, then `tail`, made without holding the inflated
 * whole: `block` is deflated once with a full flush (its bytes stand alone and end on a byte boundary),
 * and those bytes are repeated. 1 GiB of zeros from a 1 MiB block is ≈ 1 MB.
 */
export function deflateRepeated(
  block: Buffer,
  times: number,
  head = Buffer.alloc(0),
  tail = Buffer.alloc(0),
) {
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const parts = [deflateRawSync(head, flush)];
  const blockDeflated = deflateRawSync(block, flush);
  for (let i = 0; i < times; i++) parts.push(blockDeflated);
  parts.push(deflateRawSync(tail));
  // Empty parts are left out of the CRC: zlib.crc32 of a zero-length buffer that zlib has deflated
  // answers 0 instead of the running value (Node 20).
  let crc = 0;
  for (const part of [head, ...Array<Buffer>(times).fill(block), tail]) {
    if (part.length > 0) crc = crc32(part, crc);
  }
  return { data: Buffer.concat(parts), crc, size: head.length + block.length * times + tail.length };
}

/** A zip of the entries (deflate unless stored), headers written as the spec says. */
export function buildZip(entries: TZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = entry.rawName ?? Buffer.from(entry.name, 'utf8');
    const content = entry.content ?? Buffer.alloc(0);
    const method = entry.isStored ? 0 : 8;
    const deflated: TDeflated = entry.deflated ?? {
      data: entry.isStored ? content : deflateRawSync(content),
      crc: crc32(content),
      size: content.length,
    };
    const declared = entry.declaredSize ?? deflated.size;
    const flags = entry.flags ?? 0x800;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(deflated.crc, 14);
    local.writeUInt32LE(deflated.data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, deflated.data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(deflated.crc, 16);
    central.writeUInt32LE(deflated.data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + deflated.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A zip with 1 GiB of zeros in one entry (`name`): ≈ 1 MB, a ratio of ≈ 1000:1. */
export function buildGibibyteZip(name = 'mesoscale.wnd'): Buffer {
  return buildZip([{ name, deflated: deflateRepeated(Buffer.alloc(1 << 20), 1024) }]);
}

/**
 * An .xlsx bomb: `valid` (a real workbook, e.g. from exceljs) with its first sheet replaced by XML that
 * starts and ends as a sheet and repeats one row `rows` times in between (by default 520 MB of XML,
 * past V8's longest string, from a 1.6 MB file).
 */
export async function buildXlsxBomb(valid: Buffer, rows = 10_000_000): Promise<Buffer> {
  const zip = await JSZip.loadAsync(valid);
  const entries: TZipEntrySpec[] = [];
  const row = Buffer.from('<row><c t="inlineStr"><is><t>boom</t></is></c></row>');
  const perBlock = 20_000;
  for (const file of Object.values(zip.files)) {
    if (file.dir) continue;
    if (file.name === 'xl/worksheets/sheet1.xml') {
      const head = Buffer.from(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
          '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
      );
      const tail = Buffer.from('</sheetData></worksheet>');
      const block = Buffer.concat(Array.from({ length: perBlock }, () => row));
      entries.push({
        name: file.name,
        deflated: deflateRepeated(block, Math.ceil(rows / perBlock), head, tail),
      });
    } else {
      entries.push({ name: file.name, content: await file.async('nodebuffer') });
    }
  }
  return buildZip(entries);
}
