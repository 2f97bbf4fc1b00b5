import { deflateSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStation, startTestServer, type TTestServer } from '../../../test/test-server.ts';
import { readSeries, seedOriginal } from '../../../test/wind-fixtures.ts';
import { decodeValues, isLegacyValues } from './chunk.ts';
import { reencodeProgress, reencodeStep } from './chunk-reencode.repository.ts';
import { reencodeFor } from './reencode-chunks.ts';

let server: TTestServer;
const START = Date.UTC(2024, 0, 1);
const DAYS = 200;
let channelIds: number[] = [];

/** Rewrites every chunk's values in the form before issue 33 (zlib) and rewinds the re-encoding. */
async function makeLegacy(): Promise<number> {
  const rows = await sql<{
    version_id: string;
    channel_id: string;
    month_start: Date;
    slot_count: number;
    values: Buffer;
  }>`
    SELECT version_id, channel_id, month_start, slot_count, "values" FROM ts_chunk`.execute(server.db);
  for (const r of rows.rows) {
    const legacy = deflateSync(Buffer.from(decodeValues(r.values, r.slot_count).buffer), { level: 1 });
    await sql`UPDATE ts_chunk SET "values" = ${legacy}
      WHERE version_id = ${r.version_id} AND channel_id = ${r.channel_id} AND month_start = ${r.month_start}`.execute(
      server.db,
    );
  }
  await sql`UPDATE ts_reencode_progress SET version_id = 0, channel_id = 0, month_start = '-infinity',
    reencoded = 0, done = false`.execute(server.db);
  return rows.rows.length;
}

async function forms(): Promise<{ legacy: number; shuffled: number }> {
  const rows = await sql<{ values: Buffer }>`SELECT "values" FROM ts_chunk`.execute(server.db);
  const legacy = rows.rows.filter((r) => isLegacyValues(r.values)).length;
  return { legacy, shuffled: rows.rows.length - legacy };
}

async function everySeries() {
  return Promise.all(channelIds.map((id) => readSeries(server, id, START, START + DAYS * 86_400_000)));
}

beforeAll(async () => {
  server = await startTestServer();
  const station = await buildStation(server.db);
  const n = DAYS * 144;
  const speed = Array.from({ length: n }, (_, i) =>
    i % 97 === 0 ? Number.NaN : 6 + 3 * Math.sin(i / 41) + (i % 13) / 7,
  );
  const seeded = await seedOriginal(server, station.id, START, [
    { dataKey: 'WS_80', element: 'ws', heightM: 80, values: speed },
    { dataKey: 'WS_60', element: 'ws', heightM: 60, values: speed.map((v) => v * 0.93) },
    { dataKey: 'WD_78', element: 'wd', heightM: 78, values: speed.map((_, i) => (i * 7.3) % 360) },
  ]);
  channelIds = Object.values(seeded.channels).map((c) => c.id);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('re-encoding the stored chunks (issue 33)', () => {
  it('writes new chunks in the shuffled LZ4 form and finds nothing to do on a new database', async () => {
    expect((await forms()).legacy).toBe(0);
    expect(await reencodeFor(server.db, 10_000)).toBe(true);
  });

  it('re-encodes old chunks in steps that survive a stop, every value read the same before, during and after', async () => {
    const before = await everySeries();
    const total = await makeLegacy();
    expect(total).toBe(3 * 7); // three channels, January–July
    expect(await forms()).toEqual({ legacy: total, shuffled: 0 });
    // Two steps of five, then a "stop": the position is kept in the database.
    await reencodeStep(server.db, 5);
    const second = await reencodeStep(server.db, 5);
    expect(second).toEqual({ done: false, reencoded: 10 });
    expect(await forms()).toEqual({ legacy: total - 10, shuffled: 10 });
    // Both forms side by side read as they did.
    expect(await everySeries()).toEqual(before);
    // A new run (another process after a restart) carries on from there.
    expect(await reencodeFor(server.db, 60_000, 4)).toBe(true);
    expect(await forms()).toEqual({ legacy: 0, shuffled: total });
    expect(await reencodeProgress(server.db)).toEqual({ done: true, reencoded: total });
    expect(await everySeries()).toEqual(before);
  });

  it('leaves a chunk alone when a writer rewrote it in the new form meanwhile, and counts only what it rewrote', async () => {
    const total = await makeLegacy();
    // A writer rewrites one chunk in the new form before the job gets there.
    const one = await sql<{
      version_id: string;
      channel_id: string;
      month_start: Date;
      slot_count: number;
      values: Buffer;
    }>`
      SELECT version_id, channel_id, month_start, slot_count, "values" FROM ts_chunk
      ORDER BY version_id DESC, channel_id DESC, month_start DESC LIMIT 1`.execute(server.db);
    const row = one.rows[0]!;
    const { encodeValues } = await import('./chunk.ts');
    await sql`UPDATE ts_chunk SET "values" = ${encodeValues(decodeValues(row.values, row.slot_count))}
      WHERE version_id = ${row.version_id} AND channel_id = ${row.channel_id} AND month_start = ${row.month_start}`.execute(
      server.db,
    );
    expect(await reencodeFor(server.db, 60_000)).toBe(true);
    expect(await reencodeProgress(server.db)).toEqual({ done: true, reencoded: total - 1 });
    expect((await forms()).legacy).toBe(0);
  });
});
