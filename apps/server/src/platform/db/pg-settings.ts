import { sql } from 'kysely';
import type { Database } from './database.ts';

/** How many connections PostgreSQL gives ordinary users: max_connections less the superusers' reserve. */
export async function connectionsAvailable(db: Database): Promise<number> {
  const settings = await sql<{ name: string; setting: string }>`
    SELECT name, setting FROM pg_settings
    WHERE name IN ('max_connections', 'superuser_reserved_connections')`.execute(db);
  const value = (name: string) => Number(settings.rows.find((r) => r.name === name)?.setting ?? 0);
  return value('max_connections') - value('superuser_reserved_connections');
}
