import { describe, expect, it } from 'vitest';
import { channelRow } from '../../../test/channel-rows.ts';
import type { TChannelRow } from './timeseries.repository.ts';
import { deriveSdFromTi, speedSensorKind, type TLoadedSeries, toWindStation } from './version-series.ts';

function row(id: number, dataKey: string, statistic: string, heightM: number): TChannelRow {
  return channelRow(id, { dataKey, element: 'ws', heightM, statistic });
}

function loaded(channels: [TChannelRow, number[]][]): TLoadedSeries {
  return {
    grid: { startMs: 0, intervalMinutes: 10, length: channels[0]![1].length },
    channels: channels.map(([r, v]) => ({
      row: r,
      values: Float32Array.from(v),
      flags: new Uint8Array(v.length),
    })),
  };
}

describe('deriveSdFromTi', () => {
  it('turns a TI channel in percent into the speed standard deviation σ = TI·V̄ of its height', () => {
    const out = deriveSdFromTi(
      loaded([
        [row(1, 'ws_130_mean', 'mean', 130), [10, 8, Number.NaN]],
        [row(2, 'ws_130_ti', 'other', 130), [10, 12.5, 10]],
      ]),
    );
    const sd = out.channels[1]!;
    expect(sd.row.statistic).toBe('sd');
    expect(Array.from(sd.values)).toEqual([1, 1, Number.NaN]);
    expect(toWindStation(out, 0).channels.map((c) => c.statistic)).toEqual(['avg', 'sd']);
  });

  it('reads a TI given as a fraction as is', () => {
    const out = deriveSdFromTi(
      loaded([
        [row(1, 'ws_80_mean', 'mean', 80), [10, 10]],
        [row(2, 'ws_80_ti', 'other', 80), [0.1, 0.2]],
      ]),
    );
    expect(Array.from(out.channels[1]!.values)).toEqual([1, 2]);
  });

  it('leaves TI alone where a measured σ exists or no speed shares its height', () => {
    const input = loaded([
      [row(1, 'ws_80_mean', 'mean', 80), [10]],
      [row(2, 'ws_80_sd', 'sd', 80), [1]],
      [row(3, 'ws_80_ti', 'other', 80), [10]],
      [row(4, 'ws_60_ti', 'other', 60), [10]],
    ]);
    const out = deriveSdFromTi(input);
    expect(out.channels[2]).toBe(input.channels[2]);
    expect(out.channels[3]).toBe(input.channels[3]);
  });
});

describe('speedSensorKind', () => {
  it('reads sonic from the data key or the name, cup from the name, nothing otherwise', () => {
    expect(speedSensorKind({ dataKey: 'ws_119_sonic_mean', name: 'Speed (sonic_119m)' })).toBe('sonic');
    expect(speedSensorKind({ dataKey: 'ws_80_mean', name: 'WS_80m_Ultrasonic_Avg' })).toBe('sonic');
    expect(speedSensorKind({ dataKey: 'ws_130_mean', name: 'Speed (cup_ 130 m)' })).toBe('cup');
    expect(speedSensorKind({ dataKey: 'ws_80_N_mean', name: 'Spd80mN' })).toBeUndefined();
  });

  it('toWindStation gives speed channels their sensor kind', () => {
    const station = toWindStation(
      loaded([
        [{ ...row(1, 'ws_119_sonic_mean', 'mean', 119), name: 'Speed (sonic_119m)' }, [5]],
        [{ ...row(2, 'ws_130_mean', 'mean', 130), name: 'Speed (cup_ 130 m)' }, [5]],
      ]),
      0,
    );
    expect(station.channels.map((c) => c.sensorKind)).toEqual(['sonic', 'cup']);
  });
});
