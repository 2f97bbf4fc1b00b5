import { describe, expect, it } from 'vitest';
import { monthRowGroups, writeParquet } from './write-parquet.ts';

describe('monthRowGroups(grid)', () => {
  it('cuts a ten-minute grid at UTC month starts, a leap February whole', () => {
    const grid = { startMs: Date.UTC(2024, 0, 20), intervalMinutes: 10, length: 45 * 144 };
    expect(monthRowGroups(grid)).toEqual([
      [0, 12 * 144],
      [12 * 144, 29 * 144],
      [41 * 144, 4 * 144],
    ]);
  });

  it('puts a slot that starts mid-month (an off-grid start) in its own month', () => {
    const grid = { startMs: Date.UTC(2024, 0, 31, 23, 55), intervalMinutes: 10, length: 3 };
    expect(monthRowGroups(grid)).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });
});

describe('writeParquet', () => {
  it('frames the file with PAR1 and a footer whose length ends it', async () => {
    const grid = { startMs: Date.UTC(2024, 0, 31), intervalMinutes: 1440, length: 3 };
    const parts: Uint8Array[] = [];
    for await (const p of writeParquet({
      grid,
      channels: [
        { name: 'WS_80m_Avg', values: [1, Number.NaN, 3], flags: [0, 3, 2], metadata: { unit: 'm/s' } },
      ],
    }))
      parts.push(p);
    const bytes = Buffer.concat(parts);
    expect(bytes.subarray(0, 4).toString()).toBe('PAR1');
    expect(bytes.subarray(-4).toString()).toBe('PAR1');
    const footerLength = bytes.readUInt32LE(bytes.length - 8);
    const footer = bytes.subarray(bytes.length - 8 - footerLength, bytes.length - 8).toString('latin1');
    expect(footer).toContain('WS_80m_Avg_Flag');
    expect(footer).toContain('masthub.columns');
  });
});
