import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';

/** What ingestion reads beside raw files and parse rules: how files route to sites. */
export class IngestionRepository {
  constructor(private readonly db: Database) {}

  /** The sites with their parse rule's name. */
  listStationsWithParseRule(ids: readonly number[]) {
    return this.db
      .selectFrom('station as s')
      .leftJoin('parse_rule as p', 'p.id', 's.parse_rule_id')
      .select(['s.id', 's.station_code', 's.project_name', 'p.name as parse_rule_name'])
      .where('s.id', 'in', [...ids])
      .execute();
  }

  /** The file-match rules that may route files to the sites: those fixed to one, and those naming it. */
  listMatchRulesFor(ids: readonly number[]) {
    return this.db
      .selectFrom('file_match_rule as r')
      .leftJoin('data_source as d', 'd.id', 'r.data_source_id')
      .select([
        'r.id',
        'r.name',
        'r.station_mode',
        'r.station_id',
        'r.folder',
        'r.inbox',
        'r.file_type_suffixes',
        'r.is_enabled',
        'd.name as data_source_name',
      ])
      .where((eb) => eb.or([eb('r.station_mode', '=', 'fromName'), eb('r.station_id', 'in', [...ids])]))
      .orderBy('r.sort_order')
      .orderBy('r.id')
      .execute();
  }

  /** Per site, its number of raw files and the id of its latest. */
  countRawFiles(ids: readonly number[]) {
    return this.db
      .selectFrom('raw_file')
      .select((eb) => [
        'station_id',
        eb.fn.countAll<string>().as('n'),
        sql<number>`(array_agg(id order by created_at desc, id desc))[1]`.as('last_id'),
      ])
      .where('station_id', 'in', [...ids])
      .groupBy('station_id')
      .execute();
  }
}
