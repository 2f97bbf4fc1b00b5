import { describe, expect, it } from 'vitest';
import { pairsOf, rowsOf } from './lidar.pairs.ts';

describe('lidar height pairs', () => {
  it('turns the proposed pairs into rows and back, directions only when both sides are chosen', () => {
    const rows = rowsOf({
      lidarChannels: [],
      mastChannels: [],
      pairs: [
        {
          heightM: 80,
          mastHeightM: 80,
          lidarSpeedChannelId: 1,
          mastSpeedChannelId: 2,
          lidarDirectionChannelId: 3,
          mastDirectionChannelId: 4,
        },
        { heightM: 100, mastHeightM: 99, lidarSpeedChannelId: 5, mastSpeedChannelId: 6 },
      ],
    });
    expect(rows.map((r) => r.key)).toEqual([1, 2]);
    expect(pairsOf(rows)).toEqual([
      {
        lidarSpeedChannelId: 1,
        mastSpeedChannelId: 2,
        lidarDirectionChannelId: 3,
        mastDirectionChannelId: 4,
      },
      { lidarSpeedChannelId: 5, mastSpeedChannelId: 6 },
    ]);
    // An unfinished row is left out; a lone direction is dropped.
    expect(
      pairsOf([
        { key: 3, lidarSpeedChannelId: 7 },
        { key: 4, lidarSpeedChannelId: 8, mastSpeedChannelId: 9, lidarDirectionChannelId: 10 },
      ]),
    ).toEqual([{ lidarSpeedChannelId: 8, mastSpeedChannelId: 9 }]);
  });
});
