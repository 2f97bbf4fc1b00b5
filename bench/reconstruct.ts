// Gap reconstruction figure for `npm run bench` (issue 45 §1):
// - `reconstruct.ms.m5_year_40ch`: one year (2013) of 40 NREL M5 channels (10 cups, 6 sonic speeds, 5 vanes,
//   6 sonic directions, T/p/RH at 4 heights, the 119 m sonic temperature), ≈ 10 % more of each removed in
//   blocks of 1 hour to 2 weeks (seeded), every channel reconstructed from all the others of its element on
//   the mast (ranking with cross-validated skill, sector fits, fill). Loading is not timed. Target ≤ 2 000 ms.
// Single thread, best of a few runs after a warm-up, performance.now.
import { reconstructSeries } from '../packages/wind/src/reconstruct/reconstruct-series.ts';
import {
  hasReconstructShared,
  loadM5Year,
  type MastYear,
  sourcesFor,
  withRemovedBlocks,
} from '../packages/wind/src/testing/reconstruct-fixture.ts';

type TResult = { name: string; value: number; unit: string };

function bestOf(runs: number, fn: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

/** Reconstructs every channel of the mast year from the others; returns the filled slots. */
function reconstructAll(mast: MastYear): number {
  let filled = 0;
  for (const target of mast.channels) {
    const result = reconstructSeries(
      { id: target.id, element: target.element, heightM: target.heightM, values: target.values },
      sourcesFor(mast, target),
      { startMs: mast.startMs, intervalMinutes: 10 },
    );
    for (const s of result.steps) filled += s.filledCount;
  }
  return filled;
}

export async function benchReconstruct(): Promise<TResult[]> {
  if (!hasReconstructShared) {
    console.log('reconstruct.* skipped: ../shared (the NREL M5 mast) is absent');
    return [];
  }
  const year = loadM5Year();
  const mast: MastYear = {
    ...year,
    channels: year.channels.map((c, k) => ({ ...c, values: withRemovedBlocks(c.values, 1000 + k) })),
  };
  if (mast.channels.length !== 40) throw new Error(`expected 40 channels, got ${mast.channels.length}`);
  const filled = reconstructAll(mast);
  if (filled === 0) throw new Error('reconstruction filled nothing');
  const ms = bestOf(3, () => reconstructAll(mast));
  return [{ name: 'reconstruct.ms.m5_year_40ch', value: Math.round(ms * 10) / 10, unit: 'ms' }];
}

if (process.argv[1] === import.meta.filename) console.log(await benchReconstruct());
