import type { TTurbinePageRequest } from '@masthub/shared';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { TDb } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';
import { readPage } from '../../platform/db/paging.ts';
import type { TurbineTable } from '../../platform/db/schema.ts';

/** The turbine library. */
export class TurbineRepository {
  constructor(private readonly db: TDb) {}

  page(request: TTurbinePageRequest) {
    let query = this.db.selectFrom('turbine');
    if (request.keywords) {
      const like = likeContains(request.keywords);
      query = query.where((eb) => eb.or([eb('model', 'ilike', like), eb('manufacturer', 'ilike', like)]));
    }
    return readPage(
      query,
      query.selectAll().orderBy('is_builtin', 'desc').orderBy('rated_kw').orderBy('id'),
      request,
    );
  }

  find(id: number) {
    return this.db.selectFrom('turbine').selectAll().where('id', '=', id).executeTakeFirst();
  }

  list(ids: readonly number[]) {
    return this.db
      .selectFrom('turbine')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Saves of one manufacturer and model wait for each other (until the transaction ends). */
  async lockModel(manufacturer: string, model: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`turbine:${manufacturer.toLowerCase()}:${model.toLowerCase()}`}))`.execute(
      this.db,
    );
  }

  /** Another turbine of the same manufacturer and model (case aside), not `exceptId`. */
  findSameModel(manufacturer: string, model: string, exceptId: number | undefined) {
    return this.db
      .selectFrom('turbine')
      .select('id')
      .where(sql`lower(manufacturer)`, '=', manufacturer.toLowerCase())
      .where(sql`lower(model)`, '=', model.toLowerCase())
      .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
      .executeTakeFirst();
  }

  findBuiltin(id: number, forUpdate = false) {
    return this.db
      .selectFrom('turbine')
      .select(['is_builtin'])
      .where('id', '=', id)
      .$if(forUpdate, (q) => q.forUpdate())
      .executeTakeFirst();
  }

  async update(id: number, values: Updateable<TurbineTable>): Promise<void> {
    await this.db.updateTable('turbine').set(values).where('id', '=', id).execute();
  }

  async insert(values: Insertable<TurbineTable>): Promise<number> {
    const row = await this.db.insertInto('turbine').values(values).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('turbine').where('id', '=', id).execute();
  }
}
