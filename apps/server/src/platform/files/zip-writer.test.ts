import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ARCHIVE_LIMITS, unzipWithinLimits } from './zip-limits.mjs';
import { zipStream } from './zip-writer.ts';

describe('zipStream(entries)', () => {
  it('writes an archive the zip reader reads back: every entry, its UTF-8 name and its bytes', async () => {
    const csv = 'time,ws\n2024-01-01 00:00,5.1\n'.repeat(500);
    const bytes = await buffer(
      zipStream([
        {
          name: 'M001/数据.csv',
          modifiedAt: new Date(2024, 0, 2, 3, 4, 6),
          open: async () => Readable.from([csv]),
        },
        { name: 'empty.txt', modifiedAt: new Date(1970, 0, 1), open: async () => Readable.from([]) },
      ]),
    );
    const entries = await unzipWithinLimits(bytes, DEFAULT_ARCHIVE_LIMITS);
    expect(entries.map((e) => e.name)).toEqual(['M001/数据.csv', 'empty.txt']);
    expect(entries[0]!.content!.toString('utf8')).toBe(csv);
    expect(entries[1]!.size).toBe(0);
  });
});
