import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from '../src/platform/db/database.ts';

const MIGRATION_0042 = path.join(import.meta.dirname, '..', 'migrations', '0042_partition_chunks.sql');

/**
 * Puts a migrated database back where a database from before migration 0042 stood — every chunk in one
 * plain ts_chunk table as migrations 0006 and 0019 made it — and applies 0042 to it again, as an upgrade
 * does: the chunks are then in ts_chunk_unpartitioned, for the store.partition job to move (tests and the
 * scale bench). One transaction; the caller's data stays the same rows.
 */
export async function reapplyPartitionMigration(db: Database): Promise<void> {
  const migration = readFileSync(MIGRATION_0042, 'utf8');
  await db.transaction().execute(async (trx) => {
    await sql`
      CREATE TABLE ts_chunk_flat (LIKE ts_chunk INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE)`.execute(
      trx,
    );
    await sql`INSERT INTO ts_chunk_flat SELECT * FROM ts_chunk ORDER BY version_id, channel_id, month_start`.execute(
      trx,
    );
    await sql`DROP VIEW ts_chunk_unmoved`.execute(trx);
    await sql`DROP TABLE IF EXISTS ts_chunk_unpartitioned`.execute(trx);
    await sql`DROP TABLE ts_chunk`.execute(trx);
    await sql`DROP TABLE ts_chunk_move_progress`.execute(trx);
    await sql`DROP FUNCTION ts_chunk_finish_move()`.execute(trx);
    await sql`DROP FUNCTION IF EXISTS ts_chunk_take_unmoved()`.execute(trx);
    await sql`ALTER TABLE ts_chunk_flat RENAME TO ts_chunk`.execute(trx);
    await sql`ALTER TABLE ts_chunk ADD CONSTRAINT ts_chunk_pkey PRIMARY KEY (version_id, channel_id, month_start)`.execute(
      trx,
    );
    await sql`CREATE INDEX ts_chunk_channel ON ts_chunk (channel_id, month_start)`.execute(trx);
    await sql`ALTER TABLE ts_chunk ADD CONSTRAINT ts_chunk_version_id_fkey FOREIGN KEY (version_id)
      REFERENCES dataset_version(id) ON DELETE CASCADE`.execute(trx);
    await sql`ALTER TABLE ts_chunk ADD CONSTRAINT ts_chunk_channel_id_fkey FOREIGN KEY (channel_id)
      REFERENCES ts_channel(id) ON DELETE CASCADE`.execute(trx);
    for (const [name, event, table, fn] of [
      ['ts_chunk_revision_insert', 'INSERT', 'NEW', 'bump_data_revision_new'],
      ['ts_chunk_revision_update', 'UPDATE', 'NEW', 'bump_data_revision_new'],
      ['ts_chunk_revision_delete', 'DELETE', 'OLD', 'bump_data_revision_old'],
    ] as const)
      await sql
        .raw(`CREATE TRIGGER ${name} AFTER ${event} ON ts_chunk REFERENCING ${table} TABLE AS changed_rows
              FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`)
        .execute(trx);
    await sql.raw(migration).execute(trx);
  });
}
