import {
  AppError,
  builtinKeysMatching,
  displayName,
  displayPersonName,
  LANGUAGES,
  type Language,
  nameParam,
  type TPage,
  type TQcRule,
  type TQcRuleListQuery,
  type TQcRulePageRequest,
  type TQcRuleSave,
  type TQcRuleType,
  type TText,
  text,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import { presentPage } from '../../platform/db/paging.ts';
import type { TTransactor } from '../../platform/db/transaction.ts';
import type { StationAccess } from '../access/index.ts';
import type { StationLogService } from '../station-log/index.ts';
import type { QcRuleRepository } from './qc-rules.repository.ts';

export interface TQcRuleRepositories {
  rules: QcRuleRepository;
  db: Database;
}

type TRuleRow = NonNullable<Awaited<ReturnType<QcRuleRepository['findWithStation']>>>;

const RULE_TYPE_WORDS: Record<TQcRuleType, TText> = {
  auto_quality: text('part.qcRule'),
  warn: text('part.warnRule'),
};

function toRule(row: TRuleRow, language: Language): TQcRule {
  return {
    id: row.id,
    ruleType: row.rule_type,
    kind: row.kind,
    // A built-in rule reads in the reader's language; a user's rule as its user named it.
    name: displayName(row.name, row.builtin_key, language),
    stationId: row.station_id,
    stationCode: row.station_code,
    stationName: row.project_name,
    params: row.params,
    isEnabled: row.is_enabled,
    notes: row.notes,
    updaterName: displayPersonName(row.updater_name, language),
    updateTime: row.updated_at.toISOString(),
  };
}

/**
 * Quality-control rules (ruleType auto_quality) and warning rules (warn), SPEC §3 and RuleManage: a rule
 * applies to every site or to one site the caller can see; names are unique within a rule type. Changes to
 * a site's own rule are written to that site's log; rules for every site are not site changes.
 */
export class QcRuleService {
  constructor(
    private readonly rules: QcRuleRepository,
    private readonly access: StationAccess,
    private readonly tx: TTransactor<TQcRuleRepositories>,
    private readonly stationLog: Pick<StationLogService, 'record'>,
  ) {}

  /** GET /web/rule/list: rules of a type for every site and, with stationId, that site's (403 if hidden). */
  async list(user: TAuthUser, query: TQcRuleListQuery, language: Language): Promise<TQcRule[]> {
    if (query.stationId !== undefined) await this.access.assertCanView(user, query.stationId);
    return (await this.rules.list(user, { ...query, builtinKeys: this.namedBuiltins(query.name) })).map(
      (row) => toRule(row, language),
    );
  }

  async page(user: TAuthUser, request: TQcRulePageRequest, language: Language): Promise<TPage<TQcRule>> {
    const { records, total } = await this.rules.page(user, {
      ...request,
      builtinKeys: this.namedBuiltins(request.name),
    });
    return presentPage(request, { rows: records, total }, (row) => toRule(row, language));
  }

  async detail(user: TAuthUser, id: number, language: Language): Promise<TQcRule> {
    const row = await this.rules.findWithStation(id);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.station_id !== null) await this.access.assertCanView(user, row.station_id);
    return toRule(row, language);
  }

  /** A name filter also finds the built-in rules whose name in either language matches it. */
  private namedBuiltins(name: string | undefined): string[] {
    return name ? builtinKeysMatching(name, 'qcRule.') : [];
  }

  save(user: TAuthUser, input: TQcRuleSave): Promise<{ id: number }> {
    return this.tx.run(async ({ rules, db }) => {
      const station = input.stationId === null ? undefined : await this.assertStation(user, input.stationId);
      const before = input.id === undefined ? undefined : await rules.find(input.id, 'update');
      if (input.id !== undefined && !before) throw new AppError('NOT_FOUND');
      const previousStation =
        before?.station_id != null
          ? (await this.access.assertCanView(user, before.station_id))[0]!
          : undefined;
      if (before && before.rule_type !== input.ruleType) {
        throw new AppError('VALIDATION_FAILED', {}, [{ field: 'ruleType', message: 'v.oneOf' }]);
      }
      // A built-in rule saved under its name in either language stays built-in (the form shows it in the
      // user's language); renamed, it becomes the user's rule with the name as written.
      const isBuiltinName =
        before?.builtin_key != null &&
        [before.name, ...LANGUAGES.map((l) => displayName(before.name, before.builtin_key, l))].some(
          (name) => name.toLowerCase() === input.name.toLowerCase(),
        );
      const stored =
        before && isBuiltinName
          ? { name: before.name, builtinKey: before.builtin_key }
          : { name: input.name, builtinKey: null };
      await rules.lockName(input.ruleType, stored.name);
      const same = await rules.findByName(input.ruleType, stored.name);
      if (same && same.id !== input.id) throw new AppError('QC_RULE_NAME_TAKEN', { name: input.name });
      const values = {
        ruleType: input.ruleType,
        kind: input.kind,
        name: stored.name,
        builtinKey: stored.builtinKey,
        stationId: input.stationId,
        params: input.params as Record<string, unknown>,
        isEnabled: input.isEnabled,
        notes: input.notes,
        updaterId: user.id,
        updaterName: user.userName,
      };
      const { id } = before ? { id: before.id } : await rules.insert(values);
      if (before) await rules.update(before.id, values);
      const words = RULE_TYPE_WORDS[input.ruleType];
      const details = { ruleId: id, ruleType: input.ruleType, kind: input.kind, params: input.params };
      if (station) {
        await this.stationLog.record(db, {
          operator: user,
          type: before ? 'edit' : 'add',
          stationId: station.stationId,
          location: 'qcRules',
          objects: text(before ? 'stationLog.ruleEdited' : 'stationLog.ruleAdded', {
            code: station.stationCode,
            ruleType: words,
            name: nameParam(stored.name, stored.builtinKey),
          }),
          details: { ...details, before: before ? { name: before.name, params: before.params } : null },
        });
      }
      if (previousStation && previousStation.stationId !== station?.stationId) {
        await this.stationLog.record(db, {
          operator: user,
          type: 'delete',
          stationId: previousStation.stationId,
          location: 'qcRules',
          objects: text('stationLog.ruleLeftSite', {
            code: previousStation.stationCode,
            ruleType: words,
            name: nameParam(before!.name, before!.builtin_key),
          }),
          details: { ...details, stationId: input.stationId },
        });
      }
      return { id };
    });
  }

  delete(user: TAuthUser, id: number): Promise<void> {
    return this.tx.run(async ({ rules, db }) => {
      const row = await rules.find(id, 'update');
      if (!row) throw new AppError('NOT_FOUND');
      const station =
        row.station_id === null ? undefined : (await this.access.assertCanView(user, row.station_id))[0]!;
      await rules.delete(id);
      if (station) {
        await this.stationLog.record(db, {
          operator: user,
          type: 'delete',
          stationId: station.stationId,
          location: 'qcRules',
          objects: text('stationLog.ruleDeleted', {
            code: station.stationCode,
            ruleType: RULE_TYPE_WORDS[row.rule_type],
            name: nameParam(row.name, row.builtin_key),
          }),
          details: { ruleId: id, ruleType: row.rule_type, kind: row.kind, params: row.params },
        });
      }
    });
  }

  /** The site of a rule: an unknown or deleted site is a field error, a hidden one 403. */
  private async assertStation(user: TAuthUser, stationId: number) {
    const [access] = await this.access.listAccess(user, [stationId]);
    if (!access) {
      throw new AppError('VALIDATION_FAILED', {}, [{ field: 'stationId', message: 'v.unknownOption' }]);
    }
    if (access.kinds.length === 0) throw new AppError('FORBIDDEN');
    return access;
  }
}
