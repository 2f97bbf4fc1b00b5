import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { channelRow } from '../../../test/channel-rows.ts';
import { parserPort } from '../ingestion/parser-binding.ts';
import { exportNames, sensorTagOf } from './export-names.ts';

const SAMPLE = path.resolve(
  import.meta.dirname,
  '../../../../../../shared/samples/generic_csv/brightwind_demo_data2.csv',
);
const hasSample = existsSync(SAMPLE);
const SKIP = `${SAMPLE} not found: /work/shared is absent, the dual-boom sample check is skipped`;
if (!hasSample) console.warn(SKIP);

function row(id: number, dataKey: string, element: string, heightM: number | null, statistic = 'mean') {
  return channelRow(id, { dataKey, element, heightM, statistic });
}

describe('exportNames', () => {
  it('keeps the boom of two speeds at one height (ws_80_N_mean, ws_80_S_mean → WS_80m_N_Avg, WS_80m_S_Avg)', () => {
    const names = exportNames([
      row(1, 'ws_80_N_mean', 'ws', 80),
      row(2, 'ws_80_S_mean', 'ws', 80),
      row(3, 'ws_80_N_sd', 'ws', 80, 'sd'),
      row(4, 'wd_78_S_mean', 'wd', 78),
    ]);
    expect([...names.values()]).toEqual(['WS_80m_N_Avg', 'WS_80m_S_Avg', 'WS_80m_N_SD', 'WD_78m_S_Avg']);
  });

  it('names a channel without a boom as before, and a second sensor of one key apart', () => {
    const names = exportNames([
      row(1, 'ws_80_mean', 'ws', 80),
      row(2, 'ws_80_mean_2', 'ws', 80),
      row(3, 'ws_119_sonic_mean', 'ws', 119),
    ]);
    expect([...names.values()]).toEqual(['WS_80m_Avg', 'WS_80m_Avg_ws_80_mean_2', 'WS_119m_sonic_Avg']);
  });

  it('names a Task 43 statistic other than mean, sd, max and min by its own (a TI is no mean, issue 44)', () => {
    const names = exportNames([
      row(1, 'TI at 79m', 'ws', 79, 'ti'),
      row(2, 'Spd 79m', 'ws', 79),
      row(3, 'Gust 79m', 'ws', 79, 'gust'),
    ]);
    expect([...names.values()]).toEqual(['WS_79m_TI', 'WS_79m_Avg', 'WS_79m_Gust']);
  });

  it('sensorTagOf reads only boom orientations, boom letters and sonic from a data key', () => {
    expect(sensorTagOf('ws_80_N_mean')).toBe('N');
    expect(sensorTagOf('ws_80_NNE_mean_2')).toBe('NNE');
    expect(sensorTagOf('ws_100_B_mean')).toBe('B');
    expect(sensorTagOf('ws_80_N_sonic_mean')).toBe('N_sonic');
    expect(sensorTagOf('ws_80_mean')).toBe('');
    expect(sensorTagOf('ws_80_gust_max')).toBe('');
  });

  it.skipIf(!hasSample)(
    `keeps the N and S booms of brightwind's demo mast apart in its export names (${hasSample ? 'sample present' : SKIP})`,
    () => {
      const bytes = readFileSync(SAMPLE);
      const recognition = parserPort.recognize(path.basename(SAMPLE), bytes);
      const rows = recognition.channels.map((c, k) =>
        row(k + 1, c.dataKey, c.element, c.heightM, c.statistic),
      );
      const names = exportNames(rows);
      const byKey = new Map(rows.map((r) => [r.dataKey, names.get(r.id)]));
      expect(byKey.get('ws_80_N_mean')).toBe('WS_80m_N_Avg');
      expect(byKey.get('ws_80_S_mean')).toBe('WS_80m_S_Avg');
      expect(byKey.get('ws_40_S_sd')).toBe('WS_40m_S_SD');
      expect([...names.values()].some((name) => name.includes('_ws_'))).toBe(false);
    },
  );
});
