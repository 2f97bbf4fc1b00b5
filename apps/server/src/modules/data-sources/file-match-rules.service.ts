import {
  AppError,
  FILE_TYPE_SUFFIXES,
  type Language,
  MATCH_COMPONENT_NAMES,
  MATCH_COMPONENTS,
  MATCH_OPERATOR_NAMES,
  MATCH_OPERATORS,
  STATION_MATCH_MODE_NAMES,
  STATION_MATCH_MODES,
  type TFileMatchRuleOption,
  type TFileMatchRuleOptionsRequest,
  type TFileMatchRulePageRequest,
  type TFileMatchRuleRecord,
  type TFileMatchRuleSaveRequest,
  type TFileTypeSuffixOption,
  type TMatchComponents,
  type TPage,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import { presentPage } from '../../platform/db/paging.ts';
import type { TTransactor } from '../../platform/db/transaction.ts';
import type { StationAccess } from '../access/index.ts';
import type { DataSourceRepository } from './data-sources.repository.ts';
import type { FileMatchRuleRepository } from './file-match-rules.repository.ts';
import { normaliseFolder } from './file-matcher.ts';

type TRuleRow = NonNullable<Awaited<ReturnType<FileMatchRuleRepository['findWithNames']>>>;

export interface TFileMatchRuleRepositories {
  rules: FileMatchRuleRepository;
  sources: DataSourceRepository;
}

/** Which fetch types a condition component makes sense for. */
const COMPONENT_FETCH_TYPES: Record<(typeof MATCH_COMPONENTS)[number], string[]> = {
  fileName: ['email', 'ftp'],
  subject: ['email'],
  sender: ['email'],
  folder: ['email', 'ftp'],
};

/**
 * File-match rules (SPEC §3, §5; RuleManage): name unique and free of whitespace, folder and inbox not
 * both empty, at least one rule kept. The rules themselves are applied by the fetch runner.
 */
export class FileMatchRuleService {
  constructor(
    private readonly rules: FileMatchRuleRepository,
    private readonly access: StationAccess,
    private readonly tx: TTransactor<TFileMatchRuleRepositories>,
  ) {}

  components(language: Language): TMatchComponents {
    return {
      components: MATCH_COMPONENTS.map((value) => ({
        value,
        name: MATCH_COMPONENT_NAMES[value][language],
        fetchTypes: COMPONENT_FETCH_TYPES[value],
      })),
      operators: MATCH_OPERATORS.map((value) => ({ value, name: MATCH_OPERATOR_NAMES[value][language] })),
      stationModes: STATION_MATCH_MODES.map((value) => ({
        value,
        name: STATION_MATCH_MODE_NAMES[value][language],
      })),
    };
  }

  fileTypeSuffixes(): TFileTypeSuffixOption[] {
    return FILE_TYPE_SUFFIXES.map((s) => ({ value: s.value, name: `.${s.value}`, isParsed: s.isParsed }));
  }

  async page(filter: TFileMatchRulePageRequest, language: Language): Promise<TPage<TFileMatchRuleRecord>> {
    const { records, total } = await this.rules.page(filter);
    return presentPage(filter, { rows: records, total }, (r) => this.toRecord(r, language));
  }

  async detail(id: number, language: Language): Promise<TFileMatchRuleRecord> {
    const row = await this.rules.findWithNames(id);
    if (!row) throw new AppError('NOT_FOUND');
    return this.toRecord(row, language);
  }

  async options(user: TAuthUser, filter: TFileMatchRuleOptionsRequest): Promise<TFileMatchRuleOption[]> {
    if (filter.stationId !== undefined) await this.access.assertCanView(user, filter.stationId);
    const rows = await this.rules.listOptions(filter);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      dataSourceId: r.data_source_id,
      stationMode: r.station_mode,
      stationId: r.station_id,
    }));
  }

  /**
   * Creates or updates a rule. A rule that routes files into one site (fixed mode) names only a site the
   * caller can see, and a rule routing into a site beyond the caller is not theirs to change (403).
   */
  save(user: TAuthUser, input: TFileMatchRuleSaveRequest): Promise<{ id: number }> {
    return this.tx.run(async ({ rules, sources }) => {
      const existing = input.id === undefined ? undefined : await rules.find(input.id, 'update');
      if (input.id !== undefined && !existing) throw new AppError('NOT_FOUND');
      if (existing?.station_id != null) await this.access.assertCanEdit(user, existing.station_id);
      const same = await rules.findByName(input.name);
      if (same && same.id !== input.id)
        throw new AppError('FILE_MATCH_RULE_NAME_TAKEN', { name: input.name });
      if (input.dataSourceId !== null && !(await sources.find(input.dataSourceId))) {
        throw new AppError('VALIDATION_FAILED', {}, [{ field: 'dataSourceId', message: 'v.unknownOption' }]);
      }
      if (input.stationMode === 'fixed') {
        if (!(await sources.findLiveStation(input.stationId!))) {
          throw new AppError('VALIDATION_FAILED', {}, [{ field: 'stationId', message: 'v.unknownOption' }]);
        }
        await this.access.assertCanEdit(user, input.stationId!);
      }
      const values = {
        ...input,
        folder: input.folder === '' ? '' : normaliseFolder(input.folder),
        stationId: input.stationMode === 'fixed' ? input.stationId : null,
      };
      if (input.id === undefined) return rules.insert(values);
      await rules.update(input.id, values);
      return { id: input.id };
    });
  }

  /** SPEC §5: at least one rule must be kept. */
  delete(user: TAuthUser, id: number): Promise<void> {
    return this.tx.run(async ({ rules }) => {
      await rules.lockAll();
      const rule = await rules.find(id);
      if (!rule) throw new AppError('NOT_FOUND');
      if (rule.station_id !== null) await this.access.assertCanEdit(user, rule.station_id);
      if ((await rules.count()) <= 1) throw new AppError('FILE_MATCH_RULE_LAST_ONE');
      await rules.delete(id);
    });
  }

  private toRecord(row: TRuleRow, language: Language): TFileMatchRuleRecord {
    return {
      id: row.id,
      name: row.name,
      dataSourceId: row.data_source_id,
      dataSourceName: row.data_source_name ?? '',
      folder: row.folder,
      inbox: row.inbox,
      conditions: row.conditions as TFileMatchRuleRecord['conditions'],
      fileTypeSuffixes: row.file_type_suffixes,
      stationMode: row.station_mode,
      stationModeName: STATION_MATCH_MODE_NAMES[row.station_mode][language],
      stationId: row.station_id,
      stationCode: row.station_code,
      projectName: row.project_name,
      stationCodeRegex: row.station_code_regex,
      stationCodeStart: row.station_code_start,
      stationCodeLength: row.station_code_length,
      sortOrder: row.sort_order,
      isEnabled: row.is_enabled,
      notes: row.notes,
      createTime: row.created_at.toISOString(),
      updateTime: row.updated_at.toISOString(),
    };
  }
}
