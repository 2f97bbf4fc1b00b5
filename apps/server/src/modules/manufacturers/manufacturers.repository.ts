import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';
import { countReferring, countRows, sameName, withRowLock } from '../../platform/db/rows.ts';
import { stationAccessPredicate, type TAccessSubject } from '../access/index.ts';

export interface TManufacturerValues {
  name: string;
  model: string;
  contact: string;
  telephone: string;
  email: string;
}

/** Device types and their manufacturers, with the live sites using them. */
export class ManufacturerRepository {
  constructor(private readonly db: Database) {}

  listTypes() {
    return this.db
      .selectFrom('device_type as t')
      .select([
        't.id',
        't.name',
        't.created_at',
        countReferring({ from: 'manufacturer', as: 'm', on: ['m.device_type_id', 't.id'] }).as(
          'manufacturer_count',
        ),
      ])
      .orderBy('t.name')
      .orderBy('t.id')
      .execute();
  }

  /** Manufacturers with the number of live sites using each among those `subject` may see. */
  listManufacturers(
    filter: { deviceTypeId?: number | undefined; keywords?: string | undefined },
    subject: TAccessSubject,
  ) {
    let query = this.db
      .selectFrom('manufacturer as m')
      .innerJoin('device_type as t', 't.id', 'm.device_type_id')
      .select([
        'm.id',
        'm.device_type_id',
        't.name as device_type',
        'm.name',
        'm.model',
        'm.contact',
        'm.telephone',
        'm.email',
        'm.created_at',
        countReferring({
          from: 'station',
          as: 's',
          on: ['s.manufacturer_id', 'm.id'],
          live: true,
          where: stationAccessPredicate(subject, 's'),
        }).as('station_count'),
      ]);
    if (filter.deviceTypeId !== undefined) query = query.where('m.device_type_id', '=', filter.deviceTypeId);
    if (filter.keywords) {
      const p = likeContains(filter.keywords);
      query = query.where(
        sql<boolean>`(t.name ILIKE ${p} OR m.name ILIKE ${p} OR m.model ILIKE ${p} OR m.contact ILIKE ${p})`,
      );
    }
    return query.orderBy('t.name').orderBy('m.name').orderBy('m.model').orderBy('m.id').execute();
  }

  findType(id: number, lock?: 'update') {
    return withRowLock(
      this.db.selectFrom('device_type').selectAll().where('id', '=', id),
      lock,
    ).executeTakeFirst();
  }

  findTypeByName(name: string) {
    return this.db.selectFrom('device_type').selectAll().where(sameName(name)).executeTakeFirst();
  }

  insertType(name: string) {
    return this.db.insertInto('device_type').values({ name }).returning('id').executeTakeFirstOrThrow();
  }

  async renameType(id: number, name: string) {
    await this.db
      .updateTable('device_type')
      .set({ name, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  find(id: number, lock?: 'update') {
    return withRowLock(
      this.db.selectFrom('manufacturer').selectAll().where('id', '=', id),
      lock,
    ).executeTakeFirst();
  }

  findSame(deviceTypeId: number, name: string, model: string) {
    return this.db
      .selectFrom('manufacturer')
      .select('id')
      .where('device_type_id', '=', deviceTypeId)
      .where(sql<boolean>`lower(name) = lower(${name}) AND lower(model) = lower(${model})`)
      .executeTakeFirst();
  }

  insert(deviceTypeId: number, values: TManufacturerValues) {
    return this.db
      .insertInto('manufacturer')
      .values({ device_type_id: deviceTypeId, ...values })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  async update(id: number, deviceTypeId: number, values: TManufacturerValues) {
    await this.db
      .updateTable('manufacturer')
      .set({ device_type_id: deviceTypeId, ...values, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** Live sites using the manufacturer ids. */
  async countStations(manufacturerIds: readonly number[]): Promise<number> {
    if (manufacturerIds.length === 0) return 0;
    return countRows(
      this.db
        .selectFrom('station')
        .where('manufacturer_id', 'in', [...manufacturerIds])
        .where('is_deleted', '=', false),
    );
  }

  async idsOfType(deviceTypeId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('manufacturer')
      .select('id')
      .where('device_type_id', '=', deviceTypeId)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Deletes manufacturers; deleted sites drop their link first. */
  async delete(ids: readonly number[]) {
    if (ids.length === 0) return;
    await this.db
      .updateTable('station')
      .set({ manufacturer_id: null })
      .where('manufacturer_id', 'in', [...ids])
      .execute();
    await this.db
      .deleteFrom('manufacturer')
      .where('id', 'in', [...ids])
      .execute();
  }

  async deleteType(id: number) {
    await this.delete(await this.idsOfType(id));
    await this.db.deleteFrom('device_type').where('id', '=', id).execute();
  }
}
