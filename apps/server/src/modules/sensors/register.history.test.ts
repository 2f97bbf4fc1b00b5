import { describe, expect, it } from 'vitest';
import { sensorHistory } from './register.history.ts';
import type { TMountRow } from './register.repository.ts';

function row(overrides: Partial<TMountRow> & Pick<TMountRow, 'config_id' | 'effective_from'>): TMountRow {
  return {
    sensor_id: 1,
    station_id: 10,
    effective_to: null,
    station_code: '130001',
    project_name: '张北',
    visible: true,
    channel_name: 'Spd80m_Avg',
    data_key: 'ws_80_mean',
    height_m: 80,
    boom_orientation_deg: 135,
    tag: '80m',
    ...overrides,
  };
}

const d = (iso: string) => new Date(`${iso}T00:00:00Z`);
const NOW = d('2025-01-01');

describe('a sensor’s periods from the channels naming it', () => {
  it('gives one period per configuration, its channels together, newest first', () => {
    const history = sensorHistory(
      [
        row({ config_id: 1, effective_from: d('2022-01-01'), effective_to: d('2023-01-01') }),
        row({
          config_id: 1,
          effective_from: d('2022-01-01'),
          effective_to: d('2023-01-01'),
          channel_name: 'Spd80m_SD',
          data_key: 'ws_80_sd',
        }),
        row({
          config_id: 7,
          station_id: 11,
          station_code: '130002',
          effective_from: d('2023-03-01'),
          height_m: 60,
        }),
      ],
      NOW,
    );
    expect(
      history.periods.map((p) => [p.stationCode, p.heightM, p.channelNames, p.from, p.to, p.isNow]),
    ).toEqual([
      ['130002', 60, ['Spd80m_Avg'], '2023-03-01T00:00:00.000Z', null, true],
      [
        '130001',
        80,
        ['Spd80m_Avg', 'Spd80m_SD'],
        '2022-01-01T00:00:00.000Z',
        '2023-01-01T00:00:00.000Z',
        false,
      ],
    ]);
    expect(history.hiddenCount).toBe(0);
    expect(history.hiddenNow).toBe(false);
  });

  it('merges back-to-back configurations on a site that leave the sensor in the same place, not others', () => {
    const history = sensorHistory(
      [
        row({ config_id: 1, effective_from: d('2022-01-01'), effective_to: d('2022-06-01') }),
        row({ config_id: 2, effective_from: d('2022-06-01'), effective_to: d('2023-01-01') }),
        row({ config_id: 3, effective_from: d('2023-01-01'), effective_to: null, boom_orientation_deg: 315 }),
      ],
      NOW,
    );
    expect(history.periods.map((p) => [p.configIds, p.from, p.to, p.boomOrientationDeg])).toEqual([
      [[3], '2023-01-01T00:00:00.000Z', null, 315],
      [[1, 2], '2022-01-01T00:00:00.000Z', '2023-01-01T00:00:00.000Z', 135],
    ]);
  });

  it('counts the periods on sites the caller cannot see and says when the sensor is on one now', () => {
    const history = sensorHistory(
      [
        row({ config_id: 1, effective_from: d('2022-01-01'), effective_to: d('2023-01-01') }),
        row({ config_id: 5, station_id: 12, visible: false, effective_from: d('2023-01-01') }),
      ],
      NOW,
    );
    expect(history.periods).toHaveLength(1);
    expect(history.hiddenCount).toBe(1);
    expect(history.hiddenNow).toBe(true);
  });

  it('tells a planned period (from after now) from the present', () => {
    const history = sensorHistory([row({ config_id: 1, effective_from: d('2026-01-01') })], NOW);
    expect(history.periods[0]!.isNow).toBe(false);
  });
});
