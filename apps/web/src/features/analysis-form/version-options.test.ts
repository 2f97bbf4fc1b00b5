import { describe, expect, it } from 'vitest';
import { channelLabel, versionOptions } from './version-options.ts';

describe('version and channel options', () => {
  it('names the original version by its kind in the reader’s language and a working version by its name', () => {
    const t = ((key: string) => (key === 'statistics.originalVersion' ? 'Original data' : key)) as never;
    expect(
      versionOptions(
        [
          { id: 1, kind: 'original', name: '原始数据' },
          { id: 2, kind: 'working', name: '塔影修正' },
        ],
        t,
      ),
    ).toEqual([
      { value: 1, label: 'Original data' },
      { value: 2, label: '塔影修正' },
    ]);
  });

  it('adds the height only when the channel name does not already say it', () => {
    expect(channelLabel({ name: 'Speed (cup_ 130 m)', heightM: 130, heightTag: '130m' })).toBe(
      'Speed (cup_ 130 m)',
    );
    expect(channelLabel({ name: 'Spd80mN', heightM: 80, heightTag: '80m' })).toBe('Spd80mN');
    expect(channelLabel({ name: 'Ch1Avg', heightM: 80, heightTag: '80m' })).toBe('Ch1Avg (80m)');
    expect(channelLabel({ name: 'T', heightM: null, heightTag: '' })).toBe('T');
  });
});
