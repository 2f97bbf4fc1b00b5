import { ZReconstructRequest } from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RECON_N,
  RECON_T0,
  reconSpeed,
  reconWorld,
  type TReconWorld,
} from '../../../../test/reconstruct-fixtures.ts';
import { buildUser, startTestServer, type TTestServer } from '../../../../test/test-server.ts';
import { createReferenceSeries } from '../../reference-data/index.ts';
import { TimeSeriesRepository } from '../../timeseries/timeseries.repository.ts';
import { runReconstruction } from './reconstruct-run.ts';
import { discoverSources } from './reconstruct-sources.ts';

/**
 * Source discovery and the engine run of a gap reconstruction (issue 45 §1) on a factory-made mast, its
 * visible neighbour and a hidden one, on real PostgreSQL.
 */

let server: TTestServer;
let world: TReconWorld;
let referenceId: number;

beforeAll(async () => {
  server = await startTestServer();
  const user = await buildUser(server.db, { features: ['data.process'] });
  const token = await server.login(user.account, user.password);
  world = await reconWorld(server, token, user.roleId);
  // An hourly reference series: each hour's speed the mean of its six ten-minute records × 1.1.
  const hours = RECON_N / 6;
  referenceId = await createReferenceSeries(server.db, server.services.files, {
    stationId: world.stationId,
    name: 'ERA5 test',
    source: 'synthetic',
    latitude: 40,
    longitude: 115,
    intervalMinutes: 60,
    timesMs: Float64Array.from({ length: hours }, (_, h) => RECON_T0 + h * 3_600_000),
    columns: [
      {
        key: 'ws_100_mean',
        name: 'WS100',
        element: 'ws',
        heightM: 100,
        unit: 'm/s',
        values: Float32Array.from({ length: hours }, (_, h) => 1.1 * reconSpeed(h * 6)),
      },
    ],
  });
});

afterAll(async () => {
  await server?.stop();
});

const request = (extra: Record<string, unknown> = {}) =>
  ZReconstructRequest.parse({ versionId: world.workingId, ...extra });
const neighbours = () => [
  { stationId: world.neighbour.stationId, name: world.neighbour.name, distanceKm: 1 },
];
const reference = () => ({
  kind: 'reference' as const,
  id: referenceId,
  name: 'ERA5 test · WS100',
  heightM: 100,
  speedKey: 'ws_100_mean',
  directionKey: undefined,
  intervalMinutes: 60,
});

describe('source discovery', () => {
  it('finds the redundant cup, the other height, the neighbour and the reference of a cup with gaps, on its grid', async () => {
    const store = new TimeSeriesRepository(server.db);
    const input = await discoverSources(server.db, store, world.workingId, request(), {
      neighbours: neighbours(),
      references: [reference()],
    });
    // ws_60 has no gap: it is a source, never a target.
    expect(input.targets.map((t) => t.channel.name).sort()).toEqual([
      'T 10m',
      'WD 78m',
      'WS 80m A',
      'WS 80m B',
    ]);
    expect(input.length).toBe(RECON_N);
    const ws = input.targets.find((t) => t.channel.name === 'WS 80m A')!;
    expect(ws.sources.map((s) => [s.kind, s.name])).toEqual([
      ['redundant', 'WS 80m B'],
      ['other_height', 'WS 60m'],
      ['neighbour', `${world.neighbour.name} · WS 80m`],
      ['reference', 'ERA5 test · WS100'],
    ]);
    // The mast's vane goes with its cups; the neighbour's with its own.
    expect(ws.sources[0]!.directionDeg).toBeDefined();
    expect(ws.sources[2]!.directionDeg).toBeDefined();
    // The hourly reference holds its hour's value over the six ten-minute slots of the hour.
    const ref = ws.sources[3]!.values;
    for (let i = 600; i < 606; i++) expect(ref[i]).toBeCloseTo(1.1 * reconSpeed(600), 4);
    expect(ref[606]).toBeCloseTo(1.1 * reconSpeed(606), 4);
    // Invalid records (flag 3) of the target read as missing; the stored value stays for the engine.
    expect(Number.isNaN(ws.values[3000]!)).toBe(true);
    expect(Number.isNaN(ws.rawValues[3000]!)).toBe(false);
    const t = input.targets.find((x) => x.channel.name === 'T 10m')!;
    expect(t.sources.map((s) => s.kind)).toEqual(['neighbour']);
  });

  it('reads only the kinds asked for and never a site it was not handed', async () => {
    const store = new TimeSeriesRepository(server.db);
    const input = await discoverSources(
      server.db,
      store,
      world.workingId,
      request({ sourceKinds: ['redundant', 'neighbour'], targetChannelIds: [world.channels.ws_80_a!.id] }),
      { neighbours: neighbours(), references: [reference()] },
    );
    const names = input.targets[0]!.sources.map((s) => s.name);
    expect(names).toEqual(['WS 80m B', `${world.neighbour.name} · WS 80m`]);
    expect(JSON.stringify(names)).not.toContain(world.hidden.name);
  });

  it('fails with reconstruct_no_gaps when no target misses a value', async () => {
    const store = new TimeSeriesRepository(server.db);
    await expect(
      discoverSources(
        server.db,
        store,
        world.workingId,
        request({ targetChannelIds: [world.channels.ws_60!.id] }),
        {
          neighbours: [],
          references: [],
        },
      ),
    ).rejects.toMatchObject({ reasonKey: 'reconstruct_no_gaps' });
  });
});

describe('the engine run', () => {
  it('fills every gap of the cup, redundant cup first, and cross-validates it', async () => {
    const store = new TimeSeriesRepository(server.db);
    const input = await discoverSources(
      server.db,
      store,
      world.workingId,
      request({ targetChannelIds: [world.channels.ws_80_a!.id] }),
      { neighbours: neighbours(), references: [] },
    );
    const [done] = runReconstruction({ input, options: request(), withSeries: true, language: 'en' });
    const result = done!.result;
    expect(result.steps[0]).toMatchObject({ kind: 'redundant', sourceName: 'WS 80m B', rank: 0 });
    // The day the redundant cup also misses its first 50 records: another source fills those.
    expect(result.steps.length).toBeGreaterThanOrEqual(2);
    expect(result.filledCount).toBe(result.missingCount);
    expect(done!.filled!.length).toBe(result.filledCount);
    // Filled from the redundant cup (1.02·v + 0.1): within a few percent of the truth.
    const slot = 1010;
    expect(done!.values![slot]!).toBeGreaterThan(0.9 * reconSpeed(slot));
    expect(done!.values![slot]!).toBeLessThan(1.1 * reconSpeed(slot));
    expect(done!.flags![slot]).toBe(1);
    expect(result.crossValidation!.heldOutSlots).toBeGreaterThan(0);
    expect(result.uncertainty.annualMeanPct).toBe(
      Math.abs(result.crossValidation!.annualMeanUncertaintyPct ?? 0),
    );
  });
});
