import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStation, startTestServer, type TTestServer } from '../../../test/test-server.ts';
import { reapplyPartitionMigration } from '../../../test/unpartitioned-chunks.ts';
import { chunkSnapshot, readSeries, seedOriginal } from '../../../test/wind-fixtures.ts';
import { encodeChunk } from './chunk.ts';
import { CHUNK_ROWS, moveProgress, moveStep } from './chunk-move.repository.ts';
import { channelChunksQuery } from './chunk-reads.repository.ts';
import { moveFor } from './partition-chunks.ts';
import { chunkKey, TimeSeriesRepository } from './timeseries.repository.ts';

/**
 * Migration 0042 and the store.partition job (issue 43 §5): ts_chunk hash-partitioned by version, the
 * chunks of an existing database moved in resumable batches while every read goes on.
 */

let server: TTestServer;
const START = Date.UTC(2024, 0, 1);
const DAYS = 130; // January to mid-May: five months, a chunk per channel and month
const SITES = 6;
/** The synthetic fleet: per site, its original version and its three channels. */
const fleet: { stationId: number; versionId: number; channelIds: number[] }[] = [];

async function everySeries() {
  const all = fleet.flatMap((site) => site.channelIds);
  return Promise.all(all.map((id) => readSeries(server, id, START, START + DAYS * 86_400_000)));
}

async function everySnapshot() {
  return Promise.all(fleet.map((site) => chunkSnapshot(server, site.versionId)));
}

async function count(table: 'ts_chunk' | 'ts_chunk_unmoved'): Promise<number> {
  const r = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(server.db);
  return Number(r.rows[0]!.n);
}

async function revisions(): Promise<Record<string, number>> {
  const r = await sql<{ id: string; data_revision: string }>`
    SELECT id, data_revision FROM dataset_version ORDER BY id`.execute(server.db);
  return Object.fromEntries(r.rows.map((row) => [row.id, Number(row.data_revision)]));
}

async function oldTableExists(): Promise<boolean> {
  const r = await sql<{ t: string | null }>`SELECT to_regclass('ts_chunk_unpartitioned')::text AS t`.execute(
    server.db,
  );
  return r.rows[0]!.t !== null;
}

/** The relations a plan reads, from EXPLAIN's text: partitions and the old table. */
async function relationsRead(query: RawBuilder<unknown>): Promise<string[]> {
  const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (COSTS OFF) ${query}`.execute(server.db);
  const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
  return [...new Set(text.match(/\bon (ts_chunk_\w+)/g)?.map((m) => m.slice(3)) ?? [])].sort();
}

beforeAll(async () => {
  server = await startTestServer({ JOBS_ENABLED: 'false' });
  const n = DAYS * 144;
  for (let site = 0; site < SITES; site++) {
    const station = await buildStation(server.db);
    const speed = Array.from({ length: n }, (_, i) =>
      (i + site) % 89 === 0 ? Number.NaN : 5 + site / 3 + 3 * Math.sin(i / (37 + site)) + (i % 11) / 7,
    );
    const seeded = await seedOriginal(server, station.id, START, [
      { dataKey: 'WS_80', element: 'ws', heightM: 80, values: speed },
      { dataKey: 'WS_60', element: 'ws', heightM: 60, values: speed.map((v) => v * 0.93) },
      { dataKey: 'WD_78', element: 'wd', heightM: 78, values: speed.map((_, i) => (i * 7.3 + site) % 360) },
    ]);
    fleet.push({
      stationId: station.id,
      versionId: seeded.versionId,
      channelIds: Object.values(seeded.channels).map((c) => c.id),
    });
  }
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('the chunk table partitioned by version (issue 43 §5)', () => {
  it('is partitioned from the start on a new database: 16 partitions, each version in one, nothing to move', async () => {
    const leaves = await sql<{ n: string }>`
      SELECT count(*) AS n FROM pg_partition_tree('ts_chunk') WHERE isleaf`.execute(server.db);
    expect(Number(leaves.rows[0]!.n)).toBe(16);
    expect(await oldTableExists()).toBe(false);
    expect(await count('ts_chunk')).toBe(SITES * 3 * 5);
    expect(await count('ts_chunk_unmoved')).toBe(0);
    const placed = await sql<{ version_id: string; partitions: string }>`
      SELECT version_id, count(DISTINCT tableoid) AS partitions FROM ts_chunk GROUP BY version_id`.execute(
      server.db,
    );
    expect(placed.rows.map((r) => Number(r.partitions))).toEqual(fleet.map(() => 1));
    expect(await moveProgress(server.db)).toEqual({ done: true, moved: 0 });
    expect(await moveFor(server.db, 10_000)).toBe(true);
  });

  it('moves an existing database in steps that survive a stop, every value read the same before, during and after', async () => {
    const series = await everySeries();
    const snapshots = await everySnapshot();
    const before = await revisions();
    const total = SITES * 3 * 5;
    await reapplyPartitionMigration(server.db);
    expect(await oldTableExists()).toBe(true);
    expect(await count('ts_chunk')).toBe(0);
    expect(await count('ts_chunk_unmoved')).toBe(total);
    expect(await everySeries()).toEqual(series);
    // Two steps of seven, then a "stop": the position is kept in the database.
    await moveStep(server.db, 7);
    expect(await moveStep(server.db, 7)).toEqual({ done: false, moved: 14 });
    expect(await count('ts_chunk')).toBe(14);
    expect(await count('ts_chunk_unmoved')).toBe(total - 14);
    // Half here, half there: every read as it was, byte for byte.
    expect(await everySeries()).toEqual(series);
    expect(await everySnapshot()).toEqual(snapshots);
    // A new run (another process after a restart) carries on from there to the end.
    expect(await moveFor(server.db, 60_000, 5)).toBe(true);
    expect(await moveProgress(server.db)).toEqual({ done: true, moved: total });
    expect(await oldTableExists()).toBe(false);
    expect(await count('ts_chunk')).toBe(total);
    expect(await count('ts_chunk_unmoved')).toBe(0);
    expect(await everySeries()).toEqual(series);
    expect(await everySnapshot()).toEqual(snapshots);
    // Moving is no change of data: no cached statistics are invalidated by it.
    expect(await revisions()).toEqual(before);
  });

  it('reads one partition for a version, and during the move that partition and the old table', async () => {
    const site = fleet[2]!;
    // The query readChannels sends (the statistics' read).
    const read = channelChunksQuery(
      [site.versionId],
      site.channelIds,
      new Date(START),
      new Date(Date.UTC(2025, 0, 1)),
    );
    const partitioned = await relationsRead(read);
    expect(partitioned).toHaveLength(1);
    expect(partitioned[0]).toMatch(/^ts_chunk_p\d+$/);
    // The partition is the one PostgreSQL's hash of the version gives, and it holds the version's chunks.
    const holder = await sql<{ partition: string }>`
      SELECT DISTINCT tableoid::regclass::text AS partition FROM ts_chunk WHERE version_id = ${site.versionId}`.execute(
      server.db,
    );
    expect(holder.rows.map((r) => r.partition)).toEqual(partitioned);
    await reapplyPartitionMigration(server.db);
    expect(await relationsRead(read)).toEqual([...partitioned, 'ts_chunk_unpartitioned'].sort());
    expect(await moveFor(server.db, 60_000)).toBe(true);
    expect(await relationsRead(read)).toEqual(partitioned);
  });

  it('takes writes and deletions during the move into account: no chunk lost, none in both tables', async () => {
    const store = new TimeSeriesRepository(server.db);
    await reapplyPartitionMigration(server.db);
    // The first site's chunks and some of the second's moved, the rest not yet.
    expect(await moveStep(server.db, 20)).toEqual({ done: false, moved: 20 });
    const site = fleet[4]!;
    const channelId = site.channelIds[0]!;
    const march = Date.UTC(2024, 2, 1);
    // A writer locks March and April of one channel (still in the old table) and flags March: both are
    // taken into ts_chunk first, so the lock finds them there, and the rewrite replaces the row.
    const expected = await readSeries(server, channelId, START, START + DAYS * 86_400_000);
    await server.db.transaction().execute(async (trx) => {
      const writer = new TimeSeriesRepository(trx);
      const locked = await writer.lockChunks(site.versionId, [channelId], [march, Date.UTC(2024, 3, 1)]);
      expect(locked.size).toBe(2);
      const chunk = locked.get(chunkKey(channelId, march))!;
      chunk.flags.fill(3, 0, 144);
      await writer.upsertChunks(site.versionId, [
        { channelId, intervalS: chunk.intervalS, monthStartMs: march, ...encodeChunk(chunk) },
      ]);
    });
    const offset = (march - START) / 600_000;
    for (let i = offset; i < offset + 144; i++) expected.flags[i] = 3;
    const keys = sql`SELECT version_id, channel_id, month_start FROM ${CHUNK_ROWS} c`;
    const duplicates = await sql<{ n: string }>`
      SELECT count(*) AS n FROM (${keys} GROUP BY 1, 2, 3 HAVING count(*) > 1) d`.execute(server.db);
    expect(Number(duplicates.rows[0]!.n)).toBe(0);
    // Another site's original deleted in batches meanwhile: all its chunks go, from both tables, and no
    // other version's (a ctid is unique within one partition only).
    const gone = fleet[1]!;
    let deleted = 0;
    for (
      let n = await store.deleteChunkBatch(gone.versionId, 4);
      n > 0;
      n = await store.deleteChunkBatch(gone.versionId, 4)
    )
      deleted += n;
    expect(deleted).toBe(15);
    expect(await moveFor(server.db, 60_000, 3)).toBe(true);
    expect(await count('ts_chunk')).toBe((SITES - 1) * 3 * 5);
    expect(await store.listChunkRows(gone.versionId)).toEqual([]);
    expect(await store.listChunkRows(site.versionId)).toHaveLength(15);
    expect(await readSeries(server, channelId, START, START + DAYS * 86_400_000)).toEqual(expected);
  });

  it('rewinds the re-encoding at the end when it had not finished as the move began', async () => {
    await sql`UPDATE ts_reencode_progress SET version_id = 7, channel_id = 7, month_start = now(), done = false`.execute(
      server.db,
    );
    await reapplyPartitionMigration(server.db);
    expect(await moveFor(server.db, 60_000)).toBe(true);
    const r = await sql<{ version_id: number; rewound: boolean; done: boolean }>`
      SELECT version_id, month_start = '-infinity' AS rewound, done FROM ts_reencode_progress`.execute(
      server.db,
    );
    expect(r.rows[0]).toEqual({ version_id: 0, rewound: true, done: false });
  });
});
