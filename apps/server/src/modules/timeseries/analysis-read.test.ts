import { leftOutTotals } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import { channelRow } from '../../../test/channel-rows.ts';
import { applyPolicy, withPolicy } from './analysis-read.ts';
import type { TLoadedChannel } from './version-series.ts';

/** Factory: a loaded channel of `element`/`statistic` with the given values and flags. */
function channel(
  element: string,
  statistic: string,
  values: number[],
  flags: number[] = values.map(() => 0),
  id = 1,
): TLoadedChannel {
  const row = channelRow(id, {
    versionId: 7,
    dataKey: `${element}_80_${statistic}`,
    name: `${element} 80 m ${statistic}`,
    element,
    heightM: 80,
    statistic,
    unit: element === 'ws' ? 'm/s' : '',
  });
  return { row, values: Float32Array.from(values), flags: Uint8Array.from(flags) };
}

describe('the one analysis read policy', () => {
  it('leaves a speed of 85 m/s out as invalid without touching the loaded flags', () => {
    const c = channel('ws', 'mean', [7, 8, 85, 9, Number.NaN]);
    const r = applyPolicy(c, { includeSuspicious: true, includeFilled: true });
    expect(r.present).toBe(4);
    expect(r.used).toBe(3);
    expect(r.leftOut).toEqual({ invalid: 0, icing: 0, suspicious: 0, filled: 0, outsideLimits: 1 });
    expect([...r.channel.flags]).toEqual([0, 0, 3, 0, 0]);
    // The loaded arrays may be the column cache's: they stay as read.
    expect([...c.flags]).toEqual([0, 0, 0, 0, 0]);
  });

  it('holds maxima and minima to the limits too, and leaves standard deviations alone', () => {
    expect(
      applyPolicy(channel('ws', 'max', [12, 80]), { includeSuspicious: true, includeFilled: true }).used,
    ).toBe(1);
    expect(
      applyPolicy(channel('ws', 'sd', [0.5, 80]), { includeSuspicious: true, includeFilled: true }).used,
    ).toBe(2);
    expect(
      applyPolicy(channel('T', 'mean', [-61, 20, 61]), { includeSuspicious: true, includeFilled: true }).used,
    ).toBe(1);
    expect(
      applyPolicy(channel('p', 'mean', [499, 900, 1101]), { includeSuspicious: true, includeFilled: true })
        .used,
    ).toBe(1);
    expect(
      applyPolicy(channel('RH', 'mean', [-1, 50, 101]), { includeSuspicious: true, includeFilled: true })
        .used,
    ).toBe(1);
    expect(
      applyPolicy(channel('wd', 'mean', [-1, 180, 361]), { includeSuspicious: true, includeFilled: true })
        .used,
    ).toBe(1);
  });

  it('counts invalid and icing records as out always, suspicious and filled ones by the options', () => {
    const c = channel('ws', 'mean', [5, 6, 7, 8, 9], [0, 1, 2, 3, 4]);
    const all = applyPolicy(c, { includeSuspicious: true, includeFilled: true });
    expect(all.used).toBe(3);
    expect(all.leftOut).toMatchObject({ invalid: 1, icing: 1, suspicious: 0, filled: 0 });
    const strict = applyPolicy(c, { includeSuspicious: false, includeFilled: false });
    expect(strict.used).toBe(1);
    expect(strict.leftOut).toMatchObject({ invalid: 1, icing: 1, suspicious: 1, filled: 1 });
    // A filled record left out is flagged out in the copy; a suspicious one keeps flag 2 (the wind
    // library's includeSuspicious option leaves it out).
    expect([...strict.channel.flags]).toEqual([0, 3, 2, 3, 4]);
  });

  it('says what a series stood on: version, period, records, and left out in all', () => {
    const loaded = {
      grid: { startMs: Date.UTC(2025, 0, 1), intervalMinutes: 10, length: 3 },
      channels: [
        channel('ws', 'mean', [7, 85, 8], [0, 0, 0], 1),
        channel('wd', 'mean', [10, 20, 400], [0, 0, 0], 2),
      ],
    };
    const { basis } = withPolicy(loaded, 7, { includeSuspicious: false, includeFilled: true });
    expect(basis).toMatchObject({
      versionId: 7,
      startTime: '2025-01-01T00:00:00.000Z',
      endTime: '2025-01-01T00:30:00.000Z',
      records: 3,
      policy: { includeSuspicious: false, includeFilled: true },
    });
    expect(basis.channels.map((c) => [c.channelId, c.used, c.leftOut.outsideLimits])).toEqual([
      [1, 2, 1],
      [2, 2, 1],
    ]);
    expect(leftOutTotals(basis).total).toBe(2);
  });
});
