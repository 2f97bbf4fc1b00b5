// The one place MastHub opens a zip (mesoscale uploads, and every .xlsx: turbine curves, site imports,
// logger workbooks). Plain JavaScript so the spreadsheet worker thread, which runs without the
// TypeScript loader, uses the same code as the server; types in zip-limits.d.mts, the typed entry
// points (AppError, configuration, exceljs) in archive-limits.ts.
//
// Why by hand: a zip's headers state sizes, but nothing makes the data keep to them — a 1 MB entry
// declared as 1 KB may inflate to 1 GiB (issue 26). So the central directory is read for the list of
// entries only (the count is refused before anything is inflated), and each entry is inflated as a
// stream whose output bytes are counted as they come: the first chunk past a limit stops the inflater,
// whatever the headers say. JSZip (used by exceljs after this check) reads the same central directory
// the same way, so what was counted here is what it will read.
import { crc32, createInflateRaw } from 'node:zlib';

/** An entry may always inflate to this much, whatever its ratio (tiny XML parts compress 100:1). */
export const RATIO_FLOOR_BYTES = 1 << 20;

/** Defaults of the four limits; ARCHIVE_* variables override them (platform/config.ts). */
export const DEFAULT_ARCHIVE_LIMITS = Object.freeze({
  maxEntries: 10_000,
  maxEntryBytes: 256 * 2 ** 20,
  maxTotalBytes: 512 * 2 ** 20,
  maxRatio: 100,
});

/** A limit was passed: `limit` names which, `maximum` is its value, `entryName` the entry when one. */
export class ArchiveLimitError extends Error {
  constructor(limit, maximum, entryName = '') {
    super(`archive limit ${limit} (${maximum}) passed${entryName ? ` by ${entryName}` : ''}`);
    this.name = 'ArchiveLimitError';
    this.limit = limit;
    this.maximum = maximum;
    this.entryName = entryName;
  }
}

/** Not a zip MastHub reads: damaged, encrypted, spanned, with data before it, or an unknown method. */
export class ArchiveUnreadableError extends Error {
  constructor(detail) {
    super(`archive unreadable: ${detail}`);
    this.name = 'ArchiveUnreadableError';
    this.detail = detail;
  }
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const U16 = 0xffff;
const U32 = 0xffffffff;
const CHUNK_BYTES = 64 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const gb18030 = new TextDecoder('gb18030');

/**
 * An entry name: UTF-8 when flagged or when it decodes as UTF-8, else GB18030 (zips made by Windows in
 * China name their files in the local code page without saying so).
 */
function decodeName(raw, isUtf8) {
  try {
    return utf8.decode(raw);
  } catch {
    return isUtf8 ? Buffer.from(raw).toString('utf8') : gb18030.decode(raw);
  }
}

function u64(view, at) {
  const value = view.getBigUint64(at, true);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ArchiveUnreadableError('size out of range');
  return Number(value);
}

/** The last offset of a 4-byte signature in the file, -1 when none: how JSZip finds its records. */
function lastIndexOfSignature(view, signature) {
  for (let at = view.byteLength - 4; at >= 0; at--) {
    if (view.getUint32(at, true) === signature) return at;
  }
  return -1;
}

/**
 * The end record: the last "PK\x05\x06" of the file, as JSZip (exceljs) takes it, and it must end the
 * file with its comment — a second record hidden in a comment would show JSZip other entries.
 */
function findEndOfCentralDirectory(view) {
  const at = lastIndexOfSignature(view, EOCD);
  if (at < 0) throw new ArchiveUnreadableError('no end of central directory');
  if (at + 22 > view.byteLength || at + 22 + view.getUint16(at + 20, true) !== view.byteLength) {
    throw new ArchiveUnreadableError('end of central directory does not end the archive');
  }
  return at;
}

/**
 * The entries of a zip, from its central directory. Refuses more than `maxEntries` before reading any
 * record, and archives with bytes before the zip (self-extractors): their offsets are read differently
 * by different readers, and what is counted here must be what is read later.
 */
export function listZipEntries(bytes, limits) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 22) throw new ArchiveUnreadableError('too short');
  const eocd = findEndOfCentralDirectory(view);
  if (view.getUint16(eocd + 4, true) !== 0 || view.getUint16(eocd + 6, true) !== 0) {
    throw new ArchiveUnreadableError('spanned archive');
  }
  let countOnDisk = view.getUint16(eocd + 8, true);
  let count = view.getUint16(eocd + 10, true);
  let directorySize = view.getUint32(eocd + 12, true);
  let directoryOffset = view.getUint32(eocd + 16, true);
  let directoryEnd = eocd;
  // Zip64 on the same fields as JSZip, so both read the same directory.
  if (countOnDisk === U16 || count === U16 || directorySize === U32 || directoryOffset === U32) {
    // Right before the end record, and the last one of the file (JSZip takes the last).
    const locator = eocd - 20;
    if (locator < 0 || lastIndexOfSignature(view, ZIP64_LOCATOR) !== locator) {
      throw new ArchiveUnreadableError('no zip64 locator');
    }
    const record = u64(view, locator + 8);
    if (record + 56 > locator || view.getUint32(record, true) !== ZIP64_EOCD) {
      throw new ArchiveUnreadableError('no zip64 end of central directory');
    }
    countOnDisk = u64(view, record + 24);
    count = u64(view, record + 32);
    directorySize = u64(view, record + 40);
    directoryOffset = u64(view, record + 48);
    directoryEnd = record;
  }
  if (count > limits.maxEntries) throw new ArchiveLimitError('entries', limits.maxEntries);
  if (countOnDisk !== count) throw new ArchiveUnreadableError('entry counts disagree');
  if (directoryOffset + directorySize !== directoryEnd) {
    throw new ArchiveUnreadableError('data before or inside the archive');
  }
  const entries = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > directoryEnd || view.getUint32(at, true) !== CENTRAL) {
      throw new ArchiveUnreadableError('damaged central directory');
    }
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    let compressedSize = view.getUint32(at + 20, true);
    // The declared size is read only to find the zip64 fields after it: it is never trusted.
    let declaredSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    let localOffset = view.getUint32(at + 42, true);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > directoryEnd) throw new ArchiveUnreadableError('damaged central directory');
    const name = decodeName(bytes.subarray(at + 46, at + 46 + nameLength), (flags & 0x800) !== 0);
    // Zip64 sizes and offset, in this order, for the fields set to 0xFFFFFFFF.
    let extra = at + 46 + nameLength;
    const extraEnd = extra + extraLength;
    let hasZip64Field = false;
    while (extra + 4 <= extraEnd) {
      const id = view.getUint16(extra, true);
      const size = view.getUint16(extra + 2, true);
      if (id === 0x0001) {
        // JSZip keeps the last of repeated fields, this loop the first: refuse the ambiguity.
        if (hasZip64Field) throw new ArchiveUnreadableError(`repeated zip64 field of ${name}`);
        hasZip64Field = true;
        let field = extra + 4;
        if (declaredSize === U32 && field + 8 <= extra + 4 + size) {
          declaredSize = u64(view, field);
          field += 8;
        }
        if (compressedSize === U32 && field + 8 <= extra + 4 + size) {
          compressedSize = u64(view, field);
          field += 8;
        }
        if (localOffset === U32 && field + 8 <= extra + 4 + size) localOffset = u64(view, field);
      }
      extra += 4 + size;
    }
    if ((flags & 0x1) !== 0) throw new ArchiveUnreadableError(`encrypted entry ${name}`);
    const isDirectory = name.endsWith('/') && compressedSize === 0;
    if (!isDirectory && method !== 0 && method !== 8) {
      throw new ArchiveUnreadableError(`compression method ${method} of ${name}`);
    }
    if (localOffset + 30 > directoryOffset || view.getUint32(localOffset, true) !== LOCAL) {
      throw new ArchiveUnreadableError(`no local header for ${name}`);
    }
    const dataStart =
      localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    if (dataStart + compressedSize > directoryOffset) {
      throw new ArchiveUnreadableError(`data of ${name} runs past the archive`);
    }
    entries.push({ name, isDirectory, method, crc, compressedSize, dataStart });
    at = next;
  }
  // JSZip reads records for as long as they follow each other, whatever the count says.
  if (at !== directoryEnd) throw new ArchiveUnreadableError('more records than the count');
  return entries;
}

/**
 * Inflates one entry, counting its output as it comes and stopping at the first chunk past `allowed`
 * (the least of the per-entry cap, what the total cap has left and the ratio cap). Keeps the chunks
 * only when asked; checks the CRC-32 either way.
 */
function inflateEntry(bytes, entry, allowed, keep) {
  const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  if (entry.method === 0) {
    if (data.length > allowed.bytes) return Promise.reject(allowed.error());
    if (crc32(data) !== entry.crc) return Promise.reject(new ArchiveUnreadableError(`CRC of ${entry.name}`));
    return Promise.resolve({ size: data.length, content: keep ? Buffer.from(data) : undefined });
  }
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw({ chunkSize: CHUNK_BYTES });
    const chunks = [];
    let size = 0;
    let crc = 0;
    let isSettled = false;
    const fail = (error) => {
      if (isSettled) return;
      isSettled = true;
      inflater.destroy();
      reject(error);
    };
    inflater.on('data', (chunk) => {
      if (isSettled) return;
      size += chunk.length;
      if (size > allowed.bytes) return fail(allowed.error());
      crc = crc32(chunk, crc);
      if (keep) chunks.push(chunk);
    });
    inflater.on('error', () => fail(new ArchiveUnreadableError(`damaged data of ${entry.name}`)));
    inflater.on('end', () => {
      if (isSettled) return;
      isSettled = true;
      if (crc !== entry.crc) return reject(new ArchiveUnreadableError(`CRC of ${entry.name}`));
      resolve({ size, content: keep ? Buffer.concat(chunks, size) : undefined });
    });
    inflater.end(data);
  });
}

/**
 * Opens a zip under the limits. Lists the entries (refusing more than `maxEntries`), lets `select`
 * choose the ones to inflate (default: every file; it may throw to refuse the archive before anything
 * is inflated), then inflates them one at a time, refusing with ArchiveLimitError as soon as an entry
 * passes `maxEntryBytes` or `maxRatio` × its compressed size (above RATIO_FLOOR_BYTES), or the entries
 * together pass `maxTotalBytes` or `maxRatio` × the archive's size. Damaged archives throw
 * ArchiveUnreadableError. With `keep: false` nothing is kept (a check before another reader opens it);
 * `unpackedBefore` counts what earlier archives of the same upload unpacked against `maxTotalBytes`.
 */
export async function unzipWithinLimits(bytes, limits, options = {}) {
  const listed = listZipEntries(bytes, limits);
  const files = listed.filter((e) => !e.isDirectory);
  const chosen = options.select ? options.select(files) : files;
  const keep = options.keep ?? true;
  const archiveAllowed = Math.max(RATIO_FLOOR_BYTES, bytes.length * limits.maxRatio);
  const out = [];
  // Bytes other archives of the same upload unpacked already count against maxTotalBytes.
  const before = options.unpackedBefore ?? 0;
  let total = 0;
  for (const entry of chosen) {
    // The tightest of the four limits decides how far this entry may inflate, and names the refusal.
    const candidates = [
      {
        bytes: limits.maxEntryBytes,
        error: () => new ArchiveLimitError('entryBytes', limits.maxEntryBytes, entry.name),
      },
      {
        bytes: Math.max(RATIO_FLOOR_BYTES, entry.compressedSize * limits.maxRatio),
        error: () => new ArchiveLimitError('ratio', limits.maxRatio, entry.name),
      },
      {
        bytes: limits.maxTotalBytes - before - total,
        error: () => new ArchiveLimitError('totalBytes', limits.maxTotalBytes),
      },
      { bytes: archiveAllowed - total, error: () => new ArchiveLimitError('ratio', limits.maxRatio) },
    ];
    const allowed = candidates.reduce((a, b) => (b.bytes < a.bytes ? b : a));
    const { size, content } = await inflateEntry(bytes, entry, allowed, keep);
    total += size;
    out.push({ name: entry.name, size, ...(keep ? { content } : {}) });
  }
  return out;
}
