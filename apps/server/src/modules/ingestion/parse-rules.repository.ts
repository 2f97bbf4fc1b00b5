import type { TParseRule, TRecognizedChannel } from '@masthub/shared';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { countReferring, countRows, sameName } from '../../platform/db/rows.ts';

export interface TParseRuleWrite {
  name: string;
  rule: TParseRule;
  channels: TRecognizedChannel[];
  notes: string;
  updaterId: number | null;
  updaterName: string;
}

export type TParseRuleRow = NonNullable<Awaited<ReturnType<ParseRuleRepository['findById']>>>;

/** The rule fields of a parse_rule row. */
export function ruleOfRow(row: TParseRuleRow): TParseRule {
  return {
    encoding: row.encoding,
    fieldStartRow: row.field_start_row,
    fieldDelimiter: row.field_delimiter,
    dataStartRow: row.data_start_row,
    dataDelimiter: row.data_delimiter,
    dataStartColumn: row.data_start_column,
    dateStartColumn: row.date_start_column,
    dateEndColumn: row.date_end_column,
    dateFormat: row.date_format,
    missingValue: row.missing_value,
    utcOffsetMinutes: row.utc_offset_minutes,
    timestampIsPeriodEnd: row.timestamp_is_period_end,
    decimalSeparator: row.decimal_separator,
    intervalMinutes: row.interval_minutes,
  };
}

function columnsOf(write: TParseRuleWrite) {
  const r = write.rule;
  return {
    name: write.name,
    encoding: r.encoding,
    field_start_row: r.fieldStartRow,
    field_delimiter: r.fieldDelimiter,
    data_start_row: r.dataStartRow,
    data_delimiter: r.dataDelimiter,
    data_start_column: r.dataStartColumn,
    date_start_column: r.dateStartColumn,
    date_end_column: r.dateEndColumn,
    date_format: r.dateFormat,
    missing_value: r.missingValue,
    utc_offset_minutes: r.utcOffsetMinutes,
    timestamp_is_period_end: r.timestampIsPeriodEnd,
    decimal_separator: r.decimalSeparator ?? '.',
    interval_minutes: r.intervalMinutes ?? null,
    channels: JSON.stringify(write.channels),
    notes: write.notes,
    updater_id: write.updaterId,
    updater_name: write.updaterName,
  };
}

/** Parse rules (SPEC §3, RuleManage). */
export class ParseRuleRepository {
  constructor(private readonly db: Database) {}

  findById(id: number) {
    return this.db.selectFrom('parse_rule').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByName(name: string) {
    return this.db.selectFrom('parse_rule').selectAll().where(sameName(name)).executeTakeFirst();
  }

  options() {
    return this.db.selectFrom('parse_rule').select(['id', 'name']).orderBy('name').execute();
  }

  async page(options: { name?: string | undefined; offset: number; limit: number }) {
    let query = this.db.selectFrom('parse_rule');
    if (options.name) query = query.where(sql<boolean>`position(lower(${options.name}) in lower(name)) > 0`);
    const [rows, total] = await Promise.all([
      query
        .selectAll()
        .select(
          countReferring({
            from: 'station',
            as: 'station',
            on: ['station.parse_rule_id', 'parse_rule.id'],
            live: true,
          }).as('station_count'),
        )
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .offset(options.offset)
        .limit(options.limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  async insert(write: TParseRuleWrite): Promise<number> {
    const row = await this.db
      .insertInto('parse_rule')
      .values(columnsOf(write))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, write: TParseRuleWrite): Promise<boolean> {
    const result = await this.db
      .updateTable('parse_rule')
      .set({ ...columnsOf(write), updated_at: new Date() })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Live sites using the rule (deleted sites keep their reference but do not block). */
  countStations(id: number): Promise<number> {
    return countRows(
      this.db.selectFrom('station').where('parse_rule_id', '=', id).where('is_deleted', '=', false),
    );
  }

  async delete(id: number): Promise<boolean> {
    await this.db
      .updateTable('station')
      .set({ parse_rule_id: null })
      .where('parse_rule_id', '=', id)
      .execute();
    const result = await this.db.deleteFrom('parse_rule').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async setStationRule(stationId: number, parseRuleId: number | null): Promise<void> {
    await this.db
      .updateTable('station')
      .set({ parse_rule_id: parseRuleId })
      .where('id', '=', stationId)
      .execute();
  }
}
