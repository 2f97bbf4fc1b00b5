import {
  DATA_FETCH_RUN_STATUS_NAMES,
  DATA_FETCH_TYPE_NAMES,
  type Language,
  type TDataFetchSummary,
  type TDataSourceRecord,
} from '@masthub/shared';
import { presentStoredError } from '../../platform/stored-error.ts';
import { emptySummary } from './data-fetch.runner.ts';
import type { DataSourceRepository } from './data-sources.repository.ts';

type TSourceRow = NonNullable<Awaited<ReturnType<DataSourceRepository['findWithRuleCount']>>>;

function summaryOf(value: unknown): TDataFetchSummary | null {
  if (!value || typeof value !== 'object' || !('items' in value)) return null;
  return { ...emptySummary(), ...(value as Partial<TDataFetchSummary>) };
}

/** A data source as the list and the form read it: the secrets only as "has one". */
export function presentDataSource(row: TSourceRow, language: Language): TDataSourceRecord {
  return {
    id: row.id,
    name: row.name,
    fetchType: row.fetch_type,
    fetchTypeName: DATA_FETCH_TYPE_NAMES[row.fetch_type][language],
    protocol: row.protocol,
    host: row.host,
    port: row.port,
    isSsl: row.is_ssl,
    username: row.username,
    hasPassword: row.secret !== null,
    smtpHost: row.smtp_host,
    smtpPort: row.smtp_port,
    smtpSecurity: row.smtp_security,
    smtpUsername: row.smtp_username,
    hasSmtpPassword: row.smtp_secret !== null,
    folder: row.folder,
    scheduleCron: row.schedule_cron,
    intervalMinutes: row.interval_minutes,
    isEnabled: row.is_enabled,
    nextRunTime: row.next_run_at?.toISOString() ?? null,
    lastRunTime: row.last_run_at?.toISOString() ?? null,
    lastRunStatus: row.last_run_status,
    lastRunStatusName: row.last_run_status ? DATA_FETCH_RUN_STATUS_NAMES[row.last_run_status][language] : '',
    lastRunError: presentStoredError(row.last_run_error, language),
    lastRunSummary: summaryOf(row.last_run_summary),
    ruleCount: Number(row.rule_count ?? 0),
    createTime: row.created_at.toISOString(),
  };
}
