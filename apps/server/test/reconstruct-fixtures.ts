import type { TChannelRow } from '../src/modules/timeseries/timeseries.repository.ts';
import { buildStation, grantRoleStations, type TTestServer } from './test-server.ts';
import { copyVersion, seedOriginal, type TSeedChannel } from './wind-fixtures.ts';

/**
 * Factory of a gap reconstruction's world (issue 45 §1): a mast with two cups at 80 m (one redundant),
 * a cup at 60 m, a vane and a thermometer, thirty days of ten-minute data with gaps of an hour, half a
 * day and a day in the target cup; a visible neighbouring site that shares its weather, and a site the
 * caller may not view beside it (never to be read).
 */

export const RECON_T0 = Date.UTC(2024, 2, 1);
/** Thirty days of ten-minute records. */
export const RECON_N = 30 * 144;
/** Gaps of the target cup: half a day, a day (the redundant cup misses its first 50 slots too), an hour. */
export const RECON_GAPS: readonly [number, number][] = [
  [1000, 1072],
  [2000, 2144],
  [3300, 3306],
];
/** Records of the target cup flagged invalid (3): gaps too. */
export const RECON_INVALID: readonly [number, number] = [3000, 3006];

const noise = (i: number, seed: number) => {
  const x = Math.sin(i * 12.9898 + seed * 78.233) * 43758.5453;
  return x - Math.floor(x) - 0.5;
};
/** The weather every mast shares: speed (m/s), direction (°), temperature (°C). */
export const reconSpeed = (i: number) =>
  6 + 3 * Math.sin((2 * Math.PI * i) / 144) + 2 * Math.sin(i / 50) + 0.6 * noise(i, 1);
export const reconDirection = (i: number) => (((200 + 100 * Math.sin(i / 300)) % 360) + 360) % 360;
const temperature = (i: number) => 8 + 5 * Math.sin((2 * Math.PI * i) / 144) + 0.2 * noise(i, 5);

const inGaps = (i: number, gaps: readonly (readonly [number, number])[]) =>
  gaps.some(([a, b]) => i >= a && i < b);
const series = (f: (i: number) => number, gaps: readonly (readonly [number, number])[] = []) =>
  Array.from({ length: RECON_N }, (_, i) => (inGaps(i, gaps) ? Number.NaN : f(i)));

export function mastChannels(): TSeedChannel[] {
  return [
    {
      dataKey: 'ws_80_a',
      name: 'WS 80m A',
      element: 'ws',
      heightM: 80,
      values: series(reconSpeed, RECON_GAPS),
      flags: Array.from({ length: RECON_N }, (_, i) => (inGaps(i, [RECON_INVALID]) ? 3 : 0)),
    },
    {
      dataKey: 'ws_80_b',
      name: 'WS 80m B',
      element: 'ws',
      heightM: 80,
      values: series((i) => 1.02 * reconSpeed(i) + 0.1 + 0.1 * noise(i, 2), [[2000, 2050]]),
    },
    {
      dataKey: 'ws_60',
      name: 'WS 60m',
      element: 'ws',
      heightM: 60,
      values: series((i) => 0.9 * reconSpeed(i) + 0.3 * noise(i, 3)),
    },
    {
      dataKey: 'wd_78',
      name: 'WD 78m',
      element: 'wd',
      heightM: 78,
      values: series(reconDirection, [[1000, 1072]]),
    },
    {
      dataKey: 't_10',
      name: 'T 10m',
      element: 'T',
      heightM: 10,
      unit: 'C',
      values: series(temperature, [[1000, 1072]]),
    },
  ];
}

function neighbourChannels(factor: number): TSeedChannel[] {
  return [
    {
      dataKey: 'ws_80',
      name: 'WS 80m',
      element: 'ws',
      heightM: 80,
      values: series((i) => factor * reconSpeed(i) + 0.2 + 0.3 * noise(i, 7)),
    },
    {
      dataKey: 'wd_80',
      name: 'WD 80m',
      element: 'wd',
      heightM: 80,
      values: series((i) => (reconDirection(i) + 5) % 360),
    },
    {
      dataKey: 't_10',
      name: 'T 10m',
      element: 'T',
      heightM: 10,
      unit: 'C',
      values: series((i) => temperature(i) - 0.5),
    },
  ];
}

export interface TReconWorld {
  stationId: number;
  workingId: number;
  channels: Record<string, TChannelRow>;
  neighbour: { stationId: number; name: string };
  hidden: { stationId: number; name: string };
}

/**
 * The world of one test file: the mast's working version and its two neighbours, the visible one granted
 * to `roleId` with the mast, the hidden one granted to nobody. Their data start at `t0`.
 */
export async function reconWorld(
  server: TTestServer,
  token: string,
  roleId: number,
  t0 = RECON_T0,
): Promise<TReconWorld> {
  const mast = await buildStation(server.db, { projectName: '重建测试塔' });
  const neighbour = await buildStation(server.db, { projectName: '邻近测风塔' });
  const hidden = await buildStation(server.db, { projectName: '隐藏测风塔' });
  await grantRoleStations(server.db, roleId, [mast.id, neighbour.id]);
  const original = await seedOriginal(server, mast.id, t0, mastChannels());
  await seedOriginal(server, neighbour.id, t0, neighbourChannels(0.95));
  await seedOriginal(server, hidden.id, t0, neighbourChannels(1.3));
  const copy = await copyVersion(server, token, mast.id, original.versionId, '重建版本');
  return {
    stationId: mast.id,
    workingId: copy.versionId,
    channels: copy.channels,
    neighbour: { stationId: neighbour.id, name: '邻近测风塔' },
    hidden: { stationId: hidden.id, name: '隐藏测风塔' },
  };
}
