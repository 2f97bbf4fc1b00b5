import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';
import { readPage } from '../../platform/db/paging.ts';
import { countRows, sameName, withRowLock } from '../../platform/db/rows.ts';

export interface TFileMatchRuleValues {
  name: string;
  dataSourceId: number | null;
  folder: string;
  inbox: string;
  conditions: { component: string; operator: string; value: string }[];
  fileTypeSuffixes: string[];
  stationMode: 'fixed' | 'fromName';
  stationId: number | null;
  stationCodeRegex: string;
  stationCodeStart: number;
  stationCodeLength: number;
  sortOrder: number;
  isEnabled: boolean;
  notes: string;
}

function toColumns(v: TFileMatchRuleValues) {
  return {
    name: v.name,
    data_source_id: v.dataSourceId,
    folder: v.folder,
    inbox: v.inbox,
    conditions: JSON.stringify(v.conditions),
    file_type_suffixes: v.fileTypeSuffixes,
    station_mode: v.stationMode,
    station_id: v.stationMode === 'fixed' ? v.stationId : null,
    station_code_regex: v.stationCodeRegex,
    station_code_start: v.stationCodeStart,
    station_code_length: v.stationCodeLength,
    sort_order: v.sortOrder,
    is_enabled: v.isEnabled,
    notes: v.notes,
  };
}

/** File-match rules (file_match_rule) with their source's name and their site's code. */
export class FileMatchRuleRepository {
  constructor(private readonly db: Database) {}

  private withNames() {
    return this.db
      .selectFrom('file_match_rule as r')
      .leftJoin('data_source as d', 'd.id', 'r.data_source_id')
      .leftJoin('station as s', 's.id', 'r.station_id')
      .selectAll('r')
      .select(['d.name as data_source_name', 's.station_code', 's.project_name']);
  }

  async page(filter: {
    pageNo: number;
    pageSize: number;
    keywords?: string | undefined;
    dataSourceId?: number | undefined;
  }) {
    let query = this.withNames();
    let count = this.db.selectFrom('file_match_rule as r').leftJoin('station as s', 's.id', 'r.station_id');
    if (filter.keywords) {
      const p = likeContains(filter.keywords);
      const match = sql<boolean>`(r.name ILIKE ${p} OR r.folder ILIKE ${p} OR r.inbox ILIKE ${p} OR s.station_code ILIKE ${p})`;
      query = query.where(match);
      count = count.where(match);
    }
    if (filter.dataSourceId !== undefined) {
      query = query.where('r.data_source_id', '=', filter.dataSourceId);
      count = count.where('r.data_source_id', '=', filter.dataSourceId);
    }
    const { rows: records, total } = await readPage(
      count,
      query.orderBy('r.sort_order').orderBy('r.id'),
      filter,
    );
    return { records, total };
  }

  listOptions(filter: {
    dataSourceId?: number | undefined;
    stationId?: number | undefined;
    keywords?: string | undefined;
  }) {
    let query = this.db
      .selectFrom('file_match_rule')
      .select(['id', 'name', 'data_source_id', 'station_mode', 'station_id'])
      .orderBy('sort_order')
      .orderBy('id');
    if (filter.dataSourceId !== undefined) {
      const id = filter.dataSourceId;
      query = query.where((eb) => eb.or([eb('data_source_id', '=', id), eb('data_source_id', 'is', null)]));
    }
    if (filter.stationId !== undefined) {
      const id = filter.stationId;
      query = query.where((eb) => eb.or([eb('station_id', '=', id), eb('station_mode', '=', 'fromName')]));
    }
    if (filter.keywords) query = query.where('name', 'ilike', likeContains(filter.keywords));
    return query.execute();
  }

  /** The enabled rules that apply to a source (bound to it or to every source), in matching order. */
  listForSource(dataSourceId: number) {
    return this.db
      .selectFrom('file_match_rule')
      .selectAll()
      .where('is_enabled', '=', true)
      .where((eb) => eb.or([eb('data_source_id', '=', dataSourceId), eb('data_source_id', 'is', null)]))
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
  }

  /** Enabled rules that can send files to a site: fixed on it, or reading the code from the name. */
  listForStation(stationId: number) {
    return this.db
      .selectFrom('file_match_rule')
      .select(['id', 'data_source_id'])
      .where('is_enabled', '=', true)
      .where((eb) => eb.or([eb('station_id', '=', stationId), eb('station_mode', '=', 'fromName')]))
      .execute();
  }

  find(id: number, lock?: 'update') {
    return withRowLock(
      this.db.selectFrom('file_match_rule').selectAll().where('id', '=', id),
      lock,
    ).executeTakeFirst();
  }

  findWithNames(id: number) {
    return this.withNames().where('r.id', '=', id).executeTakeFirst();
  }

  findByName(name: string) {
    return this.db
      .selectFrom('file_match_rule')
      .select(['id', 'name'])
      .where(sameName(name))
      .executeTakeFirst();
  }

  /** Locks the rule table against concurrent deletes, so "keep at least one" holds under races. */
  async lockAll(): Promise<void> {
    await sql`LOCK TABLE file_match_rule IN SHARE ROW EXCLUSIVE MODE`.execute(this.db);
  }

  count(): Promise<number> {
    return countRows(this.db.selectFrom('file_match_rule'));
  }

  countBySource(dataSourceId: number): Promise<number> {
    return countRows(this.db.selectFrom('file_match_rule').where('data_source_id', '=', dataSourceId));
  }

  insert(values: TFileMatchRuleValues) {
    return this.db
      .insertInto('file_match_rule')
      .values(toColumns(values))
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  async update(id: number, values: TFileMatchRuleValues): Promise<void> {
    await this.db
      .updateTable('file_match_rule')
      .set({ ...toColumns(values), updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('file_match_rule').where('id', '=', id).execute();
  }
}
