// Read-replica figures for `npm run bench` (issue 43 §5), on a real primary and a real hot standby of it
// on this machine (apps/server/test/replica-cluster.ts: Debian's PostgreSQL, pg_basebackup -R):
// - `replica.check_ms`: what choosing costs a compute task — the version's data revision read on the
//   primary, then on the replica (platform/db/replica-reads.ts); median of 50.
// - `replica.read_ms.{primary,replica}`: a site-year of 10 channels read and decoded from either (the same
//   machine's cores and disk serve both, so these say the replica path costs no more, not that it
//   scales); median of 5.
// - `replica.fallback_ms`: after a write to a version (a channel added), how long until the replica shows
//   its revision and reads go back to it — the window in which that version is read on the primary;
//   median of 10.
// Skipped with a message on a machine without the PostgreSQL server binaries.
import { versionsReplayed } from '../apps/server/src/modules/timeseries/index.ts';
import { TimeSeriesRepository } from '../apps/server/src/modules/timeseries/timeseries.repository.ts';
import { writeSeries } from '../apps/server/src/modules/timeseries/version-series.ts';
import { createDatabase, type Database } from '../apps/server/src/platform/db/database.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { ReplicaReads } from '../apps/server/src/platform/db/replica-reads.ts';
import { postgresBinaries, startReplicaCluster } from '../apps/server/test/replica-cluster.ts';
import { buildStation } from '../apps/server/test/test-server.ts';
import type { TBenchResult } from './run.ts';

const START = Date.UTC(2025, 0, 1);
const SLOTS = 365 * 144;
const CHANNELS = 10;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await run();
  return performance.now() - t0;
}

/** A site-year of CHANNELS speed channels in one version; answers the version and its channels. */
async function seedVersion(db: Database) {
  const station = await buildStation(db);
  return db.transaction().execute(async (trx) => {
    const store = new TimeSeriesRepository(trx);
    const version = await store.ensureOriginalVersion(station.id, null);
    const rows = await store.insertChannels(
      version.id,
      Array.from({ length: CHANNELS }, (_, k) => ({
        dataKey: `WS_${40 + 10 * k}`,
        name: `WS_${40 + 10 * k}`,
        element: 'ws',
        heightM: 40 + 10 * k,
        statistic: 'mean',
        unit: 'm/s',
        intervalS: 600,
        position: k,
      })),
    );
    for (const [k, row] of rows.entries()) {
      const values = Float32Array.from(
        { length: SLOTS },
        (_, i) => 6 + k / 10 + 3 * Math.sin(i / 37) + (i % 7) / 50,
      );
      await writeSeries(store, version.id, row, START, values, new Uint8Array(SLOTS));
    }
    return { versionId: version.id, channels: rows.map((r) => ({ id: r.id, intervalS: r.intervalS })) };
  });
}

export async function benchReplicaReads(): Promise<TBenchResult[]> {
  const bin = postgresBinaries();
  if (!bin) {
    console.log(
      'replica-reads: no PostgreSQL server binaries with pg_basebackup (Debian postgresql): skipped',
    );
    return [];
  }
  const cluster = await startReplicaCluster(bin, { logStatements: false });
  const primary = createDatabase(cluster.primaryUrl, 4);
  const replica = createDatabase(cluster.standbyUrl, 4);
  try {
    await migrate(primary.pool);
    const { versionId, channels } = await seedVersion(primary.db);
    await cluster.waitForReplay();
    const quiet = { warn: () => undefined, info: () => undefined };
    const reads = new ReplicaReads(quiet);
    const databases = { primary: primary.db, replica: replica.db };
    const check = versionsReplayed([versionId]);

    const checks: number[] = [];
    for (let i = 0; i < 50; i++) {
      let target = '';
      checks.push(await timed(async () => (target = await reads.choose(databases, check))));
      if (target !== 'replica') throw new Error('the replica was not chosen for a replayed version');
    }

    // Turn about, after one read of each (their caches warm alike).
    const readOf = (db: Database) => () =>
      new TimeSeriesRepository(db).readChannels(channels, START, START + SLOTS * 600_000);
    await readOf(primary.db)();
    await readOf(replica.db)();
    const primaryReads: number[] = [];
    const replicaReads: number[] = [];
    for (let i = 0; i < 5; i++) {
      primaryReads.push(await timed(readOf(primary.db)));
      replicaReads.push(await timed(readOf(replica.db)));
    }
    const primaryRead = median(primaryReads);
    const replicaRead = median(replicaReads);

    const fallbacks: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      await new TimeSeriesRepository(primary.db).insertChannels(versionId, [
        {
          dataKey: `T_${i}`,
          name: `T_${i}`,
          element: 'T',
          heightM: 10,
          statistic: 'mean',
          unit: '°C',
          intervalS: 600,
          position: CHANNELS + i,
        },
      ]);
      while ((await reads.choose(databases, check)) !== 'replica') {
        await new Promise((r) => setTimeout(r, 1));
      }
      fallbacks.push(performance.now() - t0);
    }

    return [
      { name: 'replica.check_ms', value: Number(median(checks).toFixed(2)), unit: 'ms' },
      { name: 'replica.read_ms.primary', value: Math.round(primaryRead), unit: 'ms' },
      { name: 'replica.read_ms.replica', value: Math.round(replicaRead), unit: 'ms' },
      { name: 'replica.fallback_ms', value: Number(median(fallbacks).toFixed(1)), unit: 'ms' },
    ];
  } finally {
    await replica.db.destroy();
    await primary.db.destroy();
    await cluster.stop();
  }
}
