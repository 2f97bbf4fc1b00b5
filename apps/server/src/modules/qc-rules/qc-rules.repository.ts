import { QC_RULE_KINDS, type TQcRuleKind, type TQcRuleType } from '@masthub/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';
import { readPage } from '../../platform/db/paging.ts';
import { sameName, withRowLock } from '../../platform/db/rows.ts';
import { stationAccessPredicate, type TAccessSubject } from '../access/index.ts';
import type { TQcRuleForRun } from './evaluate-qc-rules.ts';

export interface TQcRuleValues {
  ruleType: TQcRuleType;
  kind: TQcRuleKind;
  name: string;
  /** Kept only while a built-in rule keeps its name (QcRuleService.save). */
  builtinKey: string | null;
  stationId: number | null;
  params: Record<string, unknown>;
  isEnabled: boolean;
  notes: string;
  updaterId: number;
  updaterName: string;
}

function toColumns(v: TQcRuleValues) {
  return {
    rule_type: v.ruleType,
    kind: v.kind,
    name: v.name,
    builtin_key: v.builtinKey,
    station_id: v.stationId,
    params: JSON.stringify(v.params),
    is_enabled: v.isEnabled,
    notes: v.notes,
    updater_id: v.updaterId,
    updater_name: v.updaterName,
  };
}

/** Kinds in the order the rule lists show them (and a QC run applies them). */
const KIND_ORDER = sql<number>`array_position(ARRAY[${sql.join(QC_RULE_KINDS.map((k) => sql.lit(k)))}]::text[], r.kind)`;

/** Rules for every site, or for a live site the subject can see (`s` is the joined station). */
function visibleTo(subject: TAccessSubject): Expression<SqlBool> {
  return sql<SqlBool>`(r.station_id IS NULL OR (s.is_deleted = false AND ${stationAccessPredicate(subject, 's')}))`;
}

/** The name contains `search`, or the rule is one of the built-ins whose shown name does. */
function nameMatches(search: string, builtinKeys: readonly string[]): Expression<SqlBool> {
  const byName = sql<SqlBool>`r.name ILIKE ${likeContains(search)}`;
  if (builtinKeys.length === 0) return byName;
  return sql<SqlBool>`(${byName} OR r.builtin_key IN (${sql.join(builtinKeys)}))`;
}

/** Quality-control and warning rules (qc_rule, migration 0008) with the code and name of their site. */
export class QcRuleRepository {
  constructor(private readonly db: Database) {}

  private withStation() {
    return this.db
      .selectFrom('qc_rule as r')
      .leftJoin('station as s', 's.id', 'r.station_id')
      .selectAll('r')
      .select(['s.station_code', 's.project_name']);
  }

  /**
   * Rules of a type the subject may see, optionally only those applying to one site (every-site rules
   * and that site's), sorted by kind, every-site rules first, then by id.
   */
  list(
    subject: TAccessSubject,
    filter: {
      ruleType: TQcRuleType;
      name?: string | undefined;
      builtinKeys?: string[];
      stationId?: number | undefined;
    },
  ) {
    let query = this.withStation().where('r.rule_type', '=', filter.ruleType).where(visibleTo(subject));
    if (filter.name) query = query.where(nameMatches(filter.name, filter.builtinKeys ?? []));
    if (filter.stationId !== undefined) {
      const id = filter.stationId;
      query = query.where((eb) => eb.or([eb('r.station_id', 'is', null), eb('r.station_id', '=', id)]));
    }
    return query.orderBy(KIND_ORDER).orderBy(sql`r.station_id NULLS FIRST`).orderBy('r.id').execute();
  }

  async page(
    subject: TAccessSubject,
    filter: {
      ruleType: TQcRuleType;
      name?: string | undefined;
      builtinKeys?: string[];
      pageNo: number;
      pageSize: number;
    },
  ) {
    const conditions: Expression<SqlBool>[] = [sql`r.rule_type = ${filter.ruleType}`, visibleTo(subject)];
    if (filter.name) conditions.push(nameMatches(filter.name, filter.builtinKeys ?? []));
    const match = sql<SqlBool>`${sql.join(conditions, sql` AND `)}`;
    const { rows: records, total } = await readPage(
      this.db.selectFrom('qc_rule as r').leftJoin('station as s', 's.id', 'r.station_id').where(match),
      this.withStation()
        .where(match)
        .orderBy(KIND_ORDER)
        .orderBy(sql`r.station_id NULLS FIRST`)
        .orderBy('r.id'),
      filter,
    );
    return { records, total };
  }

  /**
   * The enabled quality-control rules that apply to a site (every-site rules and its own), in the order
   * a QC run applies them; with `ruleIds`, exactly those of them (ids that do not apply are left out).
   */
  async listForRun(stationId: number, ruleIds?: readonly number[]): Promise<TQcRuleForRun[]> {
    if (ruleIds && ruleIds.length === 0) return [];
    let query = this.db
      .selectFrom('qc_rule as r')
      .select(['r.id', 'r.name', 'r.builtin_key', 'r.kind', 'r.params'])
      .where('r.rule_type', '=', 'auto_quality')
      .where('r.is_enabled', '=', true)
      .where((eb) => eb.or([eb('r.station_id', 'is', null), eb('r.station_id', '=', stationId)]));
    if (ruleIds) query = query.where('r.id', 'in', [...ruleIds]);
    const rows = await query.orderBy(KIND_ORDER).orderBy('r.id').execute();
    const site = await this.db
      .selectFrom('station')
      .select('station_type')
      .where('id', '=', stationId)
      .executeTakeFirst();
    // A lidar/sodar filter applies to the sites of its measurement types only.
    const applies = (r: (typeof rows)[number]) =>
      r.kind !== 'lidar_filter' ||
      (Array.isArray(r.params.deviceTypes) && r.params.deviceTypes.includes(site?.station_type));
    return rows.filter(applies).map((r) => ({
      id: r.id,
      name: r.name,
      builtinKey: r.builtin_key,
      kind: r.kind,
      params: r.params,
    }));
  }

  find(id: number, lock?: 'update') {
    return withRowLock(
      this.db.selectFrom('qc_rule').selectAll().where('id', '=', id),
      lock,
    ).executeTakeFirst();
  }

  findWithStation(id: number) {
    return this.withStation().where('r.id', '=', id).executeTakeFirst();
  }

  findByName(ruleType: TQcRuleType, name: string) {
    return this.db
      .selectFrom('qc_rule')
      .select(['id', 'name'])
      .where('rule_type', '=', ruleType)
      .where(sameName(name))
      .executeTakeFirst();
  }

  /** Serialises saves of one type and name, so two concurrent creates cannot both pass the name check. */
  async lockName(ruleType: TQcRuleType, name: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`qc_rule:${ruleType}:${name.toLowerCase()}`}))`.execute(
      this.db,
    );
  }

  insert(values: TQcRuleValues) {
    return this.db.insertInto('qc_rule').values(toColumns(values)).returning('id').executeTakeFirstOrThrow();
  }

  async update(id: number, values: TQcRuleValues): Promise<void> {
    await this.db
      .updateTable('qc_rule')
      .set({ ...toColumns(values), updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('qc_rule').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
