import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db.ts';
import { createDatabase, type Database } from './database.ts';
import { readPage } from './paging.ts';

let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  db = createDatabase(database.url, 2).db;
  await db
    .insertInto('tag')
    .values(Array.from({ length: 7 }, (_, i) => ({ name: `paging-${i + 1}` })))
    .execute();
});
afterAll(async () => {
  await db.destroy();
  await drop();
});

describe('readPage(filtered, listed, { pageNo, pageSize })', () => {
  const filtered = () => db.selectFrom('tag as t').where('t.name', 'like', 'paging-%');
  const listed = () => filtered().select('t.name').orderBy('t.name');

  it('reads the rows of the page asked for and counts the whole list', async () => {
    const page = await readPage(filtered(), listed(), { pageNo: 2, pageSize: 3 });
    expect(page).toEqual({
      rows: [{ name: 'paging-4' }, { name: 'paging-5' }, { name: 'paging-6' }],
      total: 7,
    });
  });

  it('reads the short last page and nothing past the end, counting all the same', async () => {
    expect(await readPage(filtered(), listed(), { pageNo: 3, pageSize: 3 })).toEqual({
      rows: [{ name: 'paging-7' }],
      total: 7,
    });
    expect(await readPage(filtered(), listed(), { pageNo: 4, pageSize: 3 })).toEqual({ rows: [], total: 7 });
  });
});
