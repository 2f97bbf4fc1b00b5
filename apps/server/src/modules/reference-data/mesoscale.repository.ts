import type { TMesoscalePageRequest } from '@masthub/shared';
import { type Expression, type Insertable, type SqlBool, sql } from 'kysely';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { TDb } from '../../platform/db/database.ts';
import { readPage } from '../../platform/db/paging.ts';
import type { MesoscaleDatasetTable } from '../../platform/db/schema.ts';
import { hasAllStations, stationAccessPredicate } from '../access/index.ts';

/** Mesoscale datasets with their channels (their scaling results: longterm/scaling.repository.ts). */
export class MesoscaleRepository {
  constructor(private readonly db: TDb) {}

  private visible(user: TAuthUser): Expression<SqlBool> {
    return hasAllStations(user) ? sql<SqlBool>`true` : stationAccessPredicate(user, 's');
  }

  /** The datasets of live sites the user may see (of one site if asked), newest first. */
  page(user: TAuthUser, request: TMesoscalePageRequest) {
    let query = this.db
      .selectFrom('mesoscale_dataset as d')
      .innerJoin('station as s', 's.id', 'd.station_id')
      .where('s.is_deleted', '=', false)
      .where(this.visible(user));
    if (request.stationId !== undefined) query = query.where('d.station_id', '=', request.stationId);
    return readPage(
      query,
      query
        .select([
          'd.id',
          'd.station_id',
          's.station_code',
          'd.name',
          'd.files',
          'd.status',
          'd.reason',
          'd.utc_offset_minutes',
          'd.interval_minutes',
          'd.first_time',
          'd.last_time',
          'd.record_count',
          'd.channels',
          'd.uploader_name',
          'd.created_at',
        ])
        .orderBy('d.created_at', 'desc')
        .orderBy('d.id', 'desc'),
      request,
    );
  }

  /** Stores a dataset and its channels' values. */
  async insertDataset(
    values: Insertable<MesoscaleDatasetTable>,
    channels: readonly { key: string; values: Buffer }[],
  ): Promise<number> {
    const row = await this.db
      .insertInto('mesoscale_dataset')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const c of channels) {
      await this.db
        .insertInto('mesoscale_channel')
        .values({ dataset_id: Number(row.id), key: c.key, values: c.values })
        .execute();
    }
    return Number(row.id);
  }

  /** The parsed datasets of a site (the long-term workbench's candidate references), newest first. */
  listParsed(stationId: number) {
    return this.db
      .selectFrom('mesoscale_dataset')
      .select(['id', 'station_id', 'name', 'interval_minutes', 'channels', 'files'])
      .where('station_id', '=', stationId)
      .where('status', '=', 'parsed')
      .where('times', 'is not', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  findDataset(id: number) {
    return this.db.selectFrom('mesoscale_dataset').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async deleteDataset(id: number): Promise<void> {
    await this.db.deleteFrom('mesoscale_dataset').where('id', '=', id).execute();
  }

  listChannelValues(datasetId: number, keys: string[]) {
    return this.db
      .selectFrom('mesoscale_channel')
      .select(['key', 'values'])
      .where('dataset_id', '=', datasetId)
      .where('key', 'in', keys)
      .execute();
  }
}
