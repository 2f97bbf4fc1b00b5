import { randomBytes } from 'node:crypto';
import { AppError, ERROR_MESSAGES, interpolate } from '@masthub/shared';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { buildGibibyteZip, buildXlsxBomb, buildZip, deflateRepeated } from '../../../test/archives.ts';
import {
  ArchiveLimitError,
  ArchiveUnreadableError,
  archiveLimitAppError,
  archiveLimitsOf,
  DEFAULT_ARCHIVE_LIMITS,
  loadWorkbookWithinLimits,
  unzipUpload,
} from './archive-limits.ts';
import { listZipEntries, unzipWithinLimits } from './zip-limits.mjs';

const MB = 2 ** 20;

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

describe('unzipWithinLimits', () => {
  it('reads what JSZip writes: deflated and stored entries, folders left out, UTF-8 names', async () => {
    const zip = new JSZip();
    zip.file('数据/站点1.wnd', 'time,ws\n2024-01-01 00:00,5.1\n'.repeat(200));
    zip.file('readme.txt', 'hello', { compression: 'STORE' });
    zip.folder('empty');
    const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const entries = await unzipWithinLimits(bytes, DEFAULT_ARCHIVE_LIMITS);
    expect(entries.map((e) => e.name).sort()).toEqual(['readme.txt', '数据/站点1.wnd']);
    const wnd = entries.find((e) => e.name.endsWith('.wnd'))!;
    expect(wnd.content!.toString('utf8')).toBe('time,ws\n2024-01-01 00:00,5.1\n'.repeat(200));
    expect(wnd.size).toBe(wnd.content!.length);
  });

  it('reads a name in GB18030 without the UTF-8 flag, as Windows in China writes them', async () => {
    const rawName = Buffer.from([0xb2, 0xe2, 0xb7, 0xe7, 0x2e, 0x77, 0x6e, 0x64]); // 测风.wnd in GBK
    const bytes = buildZip([{ name: '', rawName, content: Buffer.from('x'), flags: 0 }]);
    const [entry] = await unzipWithinLimits(bytes, DEFAULT_ARCHIVE_LIMITS);
    expect(entry!.name).toBe('测风.wnd');
  });

  it('refuses more entries than maxEntries from the directory, before inflating any', async () => {
    const bytes = buildZip(
      Array.from({ length: 4 }, (_, i) => ({ name: `${i}.txt`, content: Buffer.from('a') })),
    );
    const limits = { ...DEFAULT_ARCHIVE_LIMITS, maxEntries: 3 };
    expect(() => listZipEntries(bytes, limits)).toThrow(ArchiveLimitError);
    const error = (await refusal(unzipWithinLimits(bytes, limits))) as ArchiveLimitError;
    expect(error).toMatchObject({ limit: 'entries', maximum: 3 });
    expect(await unzipWithinLimits(bytes, { ...limits, maxEntries: 4 })).toHaveLength(4);
  });

  it('counts inflated bytes instead of trusting the declared size', async () => {
    // Declared as 10 bytes, inflates to 3 MB of text (ratio below the cap).
    const content = Buffer.from(
      Array.from({ length: 500_000 }, (_, i) => `${i}\n`)
        .join('')
        .slice(0, 3 * MB),
    );
    const bytes = buildZip([{ name: 'liar.txt', content, declaredSize: 10 }]);
    const limits = { ...DEFAULT_ARCHIVE_LIMITS, maxEntryBytes: 2 * MB };
    const error = (await refusal(unzipWithinLimits(bytes, limits))) as ArchiveLimitError;
    expect(error).toMatchObject({ limit: 'entryBytes', maximum: 2 * MB, entryName: 'liar.txt' });
  });

  it('refuses 1 GiB in a 1 MB zip by its ratio, after inflating no more than the ratio allows', async () => {
    const bytes = buildGibibyteZip('bomb.wnd');
    expect(bytes.length).toBeLessThan(1.5 * MB);
    const seen: number[] = [];
    const error = (await refusal(
      unzipWithinLimits(bytes, DEFAULT_ARCHIVE_LIMITS, {
        select: (files) => {
          seen.push(...files.map((f) => f.compressedSize));
          return files;
        },
      }),
    )) as ArchiveLimitError;
    expect(error).toMatchObject({ limit: 'ratio', maximum: 100, entryName: 'bomb.wnd' });
    expect(seen).toEqual([bytes.length - 22 - 46 - 30 - 2 * 'bomb.wnd'.length]);
  });

  it('refuses entries that together pass maxTotalBytes, each within its own cap', async () => {
    const text = Buffer.from(randomBytes(320_000).toString('hex')); // 640 kB, ratio ≈ 2
    const bytes = buildZip([1, 2, 3].map((i) => ({ name: `${i}.txt`, content: text })));
    const limits = { ...DEFAULT_ARCHIVE_LIMITS, maxTotalBytes: 1.5 * MB };
    const error = (await refusal(unzipWithinLimits(bytes, limits))) as ArchiveLimitError;
    expect(error).toMatchObject({ limit: 'totalBytes', maximum: 1.5 * MB });
    expect(await unzipWithinLimits(bytes, { ...limits, maxTotalBytes: 2 * MB })).toHaveLength(3);
  });

  it('counts what earlier archives of the same upload unpacked against maxTotalBytes', async () => {
    const text = Buffer.from(randomBytes(300_000).toString('hex')); // 600 kB
    const bytes = buildZip([{ name: 'a.txt', content: text }]);
    const limits = { ...DEFAULT_ARCHIVE_LIMITS, maxTotalBytes: 1 * MB };
    expect(await unzipWithinLimits(bytes, limits, { unpackedBefore: 400_000 })).toHaveLength(1);
    const error = (await refusal(
      unzipWithinLimits(bytes, limits, { unpackedBefore: 600_000 }),
    )) as ArchiveLimitError;
    expect(error).toMatchObject({ limit: 'totalBytes', maximum: 1 * MB });
  });

  it('refuses many small entries pointing at highly compressed data by the archive’s ratio', async () => {
    // 40 entries of 1 MB zeros each: every entry is under the 1 MB floor, the archive is ≈ 40 kB.
    const zeros = deflateRepeated(Buffer.alloc(1 << 16), 16);
    const bytes = buildZip(Array.from({ length: 40 }, (_, i) => ({ name: `${i}.bin`, deflated: zeros })));
    const error = (await refusal(unzipWithinLimits(bytes, DEFAULT_ARCHIVE_LIMITS))) as ArchiveLimitError;
    expect(error).toMatchObject({ limit: 'ratio', maximum: 100, entryName: '' });
  });

  it('lets select refuse the archive before anything is inflated', async () => {
    const bytes = buildGibibyteZip();
    await expect(
      unzipWithinLimits(bytes, DEFAULT_ARCHIVE_LIMITS, {
        select: () => {
          throw new Error('too many files');
        },
      }),
    ).rejects.toThrow('too many files');
  });

  it.each([
    ['a wrong CRC', (b: Buffer) => b.writeUInt32LE(0x12345678, b.indexOf(Buffer.from('PK\x01\x02')) + 16)],
    ['an encrypted entry', (b: Buffer) => b.writeUInt16LE(0x801, b.indexOf(Buffer.from('PK\x01\x02')) + 8)],
    ['an unknown method', (b: Buffer) => b.writeUInt16LE(12, b.indexOf(Buffer.from('PK\x01\x02')) + 10)],
    ['no end record', (b: Buffer) => b.writeUInt32LE(0, b.length - 22)],
  ])('calls a zip with %s unreadable', async (_, damage) => {
    const bytes = buildZip([{ name: 'a.txt', content: Buffer.from('hello hello hello') }]);
    damage(bytes);
    await expect(unzipWithinLimits(bytes, DEFAULT_ARCHIVE_LIMITS)).rejects.toBeInstanceOf(
      ArchiveUnreadableError,
    );
  });

  it('refuses a zip whose central directory holds more records than its count, which JSZip would all read', async () => {
    const bytes = buildZip([
      { name: 'a.txt', content: Buffer.from('small') },
      { name: 'b.txt', content: Buffer.from('hidden') },
    ]);
    bytes.writeUInt16LE(1, bytes.length - 22 + 8);
    bytes.writeUInt16LE(1, bytes.length - 22 + 10);
    expect(Object.keys((await JSZip.loadAsync(bytes)).files)).toEqual(['a.txt', 'b.txt']);
    await expect(unzipWithinLimits(bytes, DEFAULT_ARCHIVE_LIMITS)).rejects.toBeInstanceOf(
      ArchiveUnreadableError,
    );
  });

  it('refuses a second end record hidden in the comment, which JSZip would take for the real one', async () => {
    const zip = buildZip([{ name: 'a.txt', content: Buffer.from('a') }]);
    const fake = Buffer.alloc(22);
    fake.writeUInt32LE(0x06054b50, 0);
    const bytes = Buffer.concat([zip, fake]);
    bytes.writeUInt16LE(fake.length, zip.length - 2);
    await expect(unzipWithinLimits(bytes, DEFAULT_ARCHIVE_LIMITS)).rejects.toBeInstanceOf(
      ArchiveUnreadableError,
    );
    // The same comment without a signature is fine.
    const plain = Buffer.concat([zip, Buffer.from('a comment of 22 bytes.')]);
    plain.writeUInt16LE(22, zip.length - 2);
    expect(await unzipWithinLimits(plain, DEFAULT_ARCHIVE_LIMITS)).toHaveLength(1);
  });

  it('calls a zip with bytes before it unreadable (offsets would be read differently by other readers)', async () => {
    const bytes = Buffer.concat([
      Buffer.from('MZ self-extractor'),
      buildZip([{ name: 'a.txt', content: Buffer.from('a') }]),
    ]);
    await expect(unzipWithinLimits(bytes, DEFAULT_ARCHIVE_LIMITS)).rejects.toBeInstanceOf(
      ArchiveUnreadableError,
    );
  });
});

describe('archive-limits', () => {
  it('archiveLimitsOf reads the configuration in MB', () => {
    expect(
      archiveLimitsOf({
        ARCHIVE_MAX_ENTRIES: 50,
        ARCHIVE_MAX_ENTRY_MB: 1.5,
        ARCHIVE_MAX_TOTAL_MB: 3,
        ARCHIVE_MAX_RATIO: 20,
      }),
    ).toEqual({ maxEntries: 50, maxEntryBytes: 1.5 * MB, maxTotalBytes: 3 * MB, maxRatio: 20 });
  });

  it.each([
    [new ArchiveLimitError('entries', 10_000), 'more than 10000 entries'],
    [
      new ArchiveLimitError('entryBytes', 256 * MB, 'x/sheet1.xml'),
      '“x/sheet1.xml” unpacks to more than 256 MB',
    ],
    [new ArchiveLimitError('totalBytes', 1.5 * MB), 'more than 1.5 MB in total'],
    [new ArchiveLimitError('ratio', 100, 'a'), 'more than 100 times its size'],
  ])('archiveLimitAppError(%s) names the file and the limit in both languages', (limit, english) => {
    const error = archiveLimitAppError(limit, 'up.zip');
    for (const language of ['zh', 'en'] as const) {
      const text = interpolate(ERROR_MESSAGES[error.code][language], error.details);
      expect(text).toContain('up.zip');
      expect(text).not.toMatch(/\{\w+\}/);
    }
    expect(interpolate(ERROR_MESSAGES[error.code].en, error.details)).toContain(english);
  });

  it('unzipUpload refuses a passed limit with the localised AppError', async () => {
    const error = await refusal(unzipUpload(buildGibibyteZip(), 'meso.zip', DEFAULT_ARCHIVE_LIMITS));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'ARCHIVE_RATIO_TOO_HIGH',
      details: { fileName: 'meso.zip', maxRatio: 100 },
    });
  });

  it('loadWorkbookWithinLimits opens a workbook, and refuses an xlsx bomb before exceljs reads it', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('曲线').addRow(['风速', '功率']);
    const valid = Buffer.from(await book.xlsx.writeBuffer());
    const opened = await loadWorkbookWithinLimits(valid, 'ok.xlsx', DEFAULT_ARCHIVE_LIMITS);
    expect(opened.worksheets[0]!.name).toBe('曲线');

    const bomb = await buildXlsxBomb(valid);
    expect(bomb.length).toBeLessThan(2 * MB);
    const error = await refusal(loadWorkbookWithinLimits(bomb, 'bomb.xlsx', DEFAULT_ARCHIVE_LIMITS));
    expect(error).toMatchObject({
      code: 'ARCHIVE_RATIO_TOO_HIGH',
      details: { fileName: 'bomb.xlsx', entryName: 'xl/worksheets/sheet1.xml' },
    });
    await expect(
      loadWorkbookWithinLimits(Buffer.from('not a workbook'), 'a.xlsx', DEFAULT_ARCHIVE_LIMITS),
    ).rejects.toBeInstanceOf(ArchiveUnreadableError);
  });
});
