import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db.ts';
import { createDatabase, type Database } from './database.ts';
import { runReadOnly } from './read-only.ts';

/** Defence in depth of issue 39 §1 on a real PostgreSQL: a read route's database work cannot write. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let end: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
  // One connection: the read-only one must come back to the pool read-write for the next caller.
  const opened = createDatabase(database.url, 1);
  db = opened.db;
  end = () => opened.pool.end();
});
afterAll(async () => {
  await end();
  await database.drop();
});

const insertTag = (name: string) =>
  db.insertInto('tag_group').values({ name }).returning('id').executeTakeFirstOrThrow();

describe('a read-only call', () => {
  it('has a write it forgot refused by PostgreSQL (25006), in a statement and in a transaction', async () => {
    const single = runReadOnly(() => insertTag('read-only single'));
    await expect(single).rejects.toMatchObject({ code: '25006' });
    const inTransaction = runReadOnly(() =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('tag_group').values({ name: 'read-only trx' }).execute();
      }),
    );
    await expect(inTransaction).rejects.toMatchObject({ code: '25006' });
    const locking = runReadOnly(() => sql`SELECT id FROM tag_group FOR UPDATE`.execute(db));
    await expect(locking).rejects.toMatchObject({ code: '25006' });
    const rows = await db
      .selectFrom('tag_group')
      .select('name')
      .where('name', 'like', 'read-only%')
      .execute();
    expect(rows).toEqual([]);
  });

  it('reads as usual', async () => {
    const made = await insertTag('read back');
    const read = await runReadOnly(() =>
      db.selectFrom('tag_group').select('name').where('id', '=', made.id).executeTakeFirstOrThrow(),
    );
    expect(read.name).toBe('read back');
  });

  it('hands its connection back read-write: the next caller outside writes on the same connection', async () => {
    await runReadOnly(() => sql`SELECT 1`.execute(db));
    const state = await sql<{
      ro: string;
    }>`SELECT current_setting('default_transaction_read_only') AS ro`.execute(db);
    expect(state.rows[0]!.ro).toBe('off');
    await expect(insertTag('after a read-only call')).resolves.toMatchObject({ id: expect.any(Number) });
  });
});
