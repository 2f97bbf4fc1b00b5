import { crc32 } from './crc32.ts';

/** One stored original file for the raw export. */
export interface RawFile {
  /** Original file name. */
  readonly name: string;
  /** Exact stored bytes. */
  readonly bytes: Uint8Array;
  /** SHA-256 hex of the bytes (the content-addressed store already knows it; no hashing here). */
  readonly sha256: string;
  /** Upload time text, e.g. ISO 8601. */
  readonly uploadedAt: string;
  /** Detected kind, e.g. `nrg-rld`, `campbell-toa5`. */
  readonly kind: string;
}

/**
 * Raw data export (EXPORTS §1): one original → the file itself, byte-identical, original name; several
 * → a ZIP (stored entries, UTF-8 names, CRC-32) whose entries keep the original names (clashes get
 * `_2`, `_3` … before the extension) plus `MANIFEST.csv` (`file,size_bytes,sha256,uploaded_at,kind`).
 * Returns the file name, the content type and the byte chunks; no I/O, no clock (the ZIP entry time
 * is `modifiedAt`, default 1980-01-01 00:00).
 *
 * @example const { fileName, chunks } = writeRawExport([file]); // fileName === file.name, chunks yield file.bytes
 */
export function writeRawExport(
  files: readonly RawFile[],
  options: {
    zipName?: string;
    modifiedAt?: { year: number; month: number; day: number; hour: number; minute: number };
  } = {},
): { fileName: string; contentType: string; chunks: Iterable<Uint8Array> } {
  if (files.length === 0) throw new Error('writeRawExport requires at least one file');
  if (files.length === 1) {
    const only = files[0]!;
    return { fileName: only.name, contentType: 'application/octet-stream', chunks: [only.bytes] };
  }
  const used = new Set<string>();
  const entries = files.map((f) => {
    let name = f.name;
    for (let k = 2; used.has(name.toLowerCase()) || name.toLowerCase() === 'manifest.csv'; k++) {
      const dot = f.name.lastIndexOf('.');
      name = dot > 0 ? `${f.name.slice(0, dot)}_${k}${f.name.slice(dot)}` : `${f.name}_${k}`;
    }
    used.add(name.toLowerCase());
    return { ...f, name };
  });
  const field = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const manifest = [
    'file,size_bytes,sha256,uploaded_at,kind',
    ...entries.map((e) =>
      [field(e.name), String(e.bytes.length), e.sha256, field(e.uploadedAt), field(e.kind)].join(','),
    ),
  ].join('\r\n');
  const all = [
    ...entries.map((e) => ({ name: e.name, bytes: e.bytes })),
    { name: 'MANIFEST.csv', bytes: new TextEncoder().encode(`${manifest}\r\n`) },
  ];
  return {
    fileName: options.zipName ?? 'raw-data.zip',
    contentType: 'application/zip',
    chunks: zipStored(all, options.modifiedAt),
  };
}

function* zipStored(
  entries: ReadonlyArray<{ name: string; bytes: Uint8Array }>,
  modifiedAt: { year: number; month: number; day: number; hour: number; minute: number } | undefined,
): Generator<Uint8Array, void, undefined> {
  const t = modifiedAt ?? { year: 1980, month: 1, day: 1, hour: 0, minute: 0 };
  const dosTime = (t.hour << 11) | (t.minute << 5);
  const dosDate = ((t.year - 1980) << 9) | (t.month << 5) | t.day;
  const encoder = new TextEncoder();
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    if (entry.bytes.length > 0xfffffffe || offset > 0xfffffffe)
      throw new Error('writeRawExport requires files under 4 GiB in total');
    const name = encoder.encode(entry.name);
    const crc = crc32(entry.bytes);
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(6, 0x0800, true);
    lv.setUint16(8, 0, true);
    lv.setUint16(10, dosTime, true);
    lv.setUint16(12, dosDate, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, entry.bytes.length, true);
    lv.setUint32(22, entry.bytes.length, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const header = new Uint8Array(46 + name.length);
    const cv = new DataView(header.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(8, 0x0800, true);
    cv.setUint16(10, 0, true);
    cv.setUint16(12, dosTime, true);
    cv.setUint16(14, dosDate, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, entry.bytes.length, true);
    cv.setUint32(24, entry.bytes.length, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    header.set(name, 46);
    central.push(header);
    yield local;
    yield entry.bytes;
    offset += local.length + entry.bytes.length;
  }
  let size = 0;
  for (const c of central) {
    yield c;
    size += c.length;
  }
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, size, true);
  ev.setUint32(16, offset, true);
  yield end;
}
