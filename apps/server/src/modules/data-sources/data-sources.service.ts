import {
  AppError,
  DATA_FETCH_RUN_STATUS_NAMES,
  DATA_SOURCE_PROTOCOL_INFO,
  ERROR_MESSAGES,
  interpolate,
  type Language,
  SMTP_DEFAULT_PORTS,
  type TDataFetchRunResult,
  type TDataSourceDir,
  type TDataSourceDirsQuery,
  type TDataSourceListQuery,
  type TDataSourceOption,
  type TDataSourcePageRequest,
  type TDataSourceRecord,
  type TDataSourceSaveRequest,
  type TDataSourceTestResult,
  type TFetchedFilePageRequest,
  type TFetchedFileRecord,
  type TPage,
  type TStationManualPullResult,
} from '@masthub/shared';
import { SERVER_TEXTS, say, type TServerTextKey } from '../../i18n/index.ts';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import { presentPage } from '../../platform/db/paging.ts';
import type { TTransactor } from '../../platform/db/transaction.ts';
import type { TJobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { SecretBox } from '../../platform/secrets/secret-box.ts';
import type { StationAccess } from '../access/index.ts';
import {
  dataSourceSealContext,
  type SmtpSender,
  smtpSealContext,
  type TSmtpConfig,
  toDataSourceError,
} from '../mail/index.ts';
import type { DataFetchRunner, TMatchReason, TRunOutcome, TRunStart } from './data-fetch.runner.ts';
import { presentDataSource } from './data-source-record.ts';
import type { DataSourceRepository, TDataSourceValues } from './data-sources.repository.ts';
import type { TFetchTrigger } from './data-sources.types.ts';
import type { TSourceConnectionConfig } from './fetchers/fetcher.types.ts';
import { listFtpDirs, testFtp } from './fetchers/ftp-fetcher.ts';
import { listMailboxes, testImap } from './fetchers/imap-fetcher.ts';
import type { FileMatchRuleRepository } from './file-match-rules.repository.ts';
import { normaliseFolder } from './file-matcher.ts';
import { isValidCron, nextRunAt } from './schedule.ts';
import {
  chooseSecret,
  formInboxEndpoint,
  formSmtpEndpoint,
  isSameEndpoint,
  secretError,
  storedInbox,
  storedInboxEndpoint,
  storedSmtp,
  typedSmtpPassword,
} from './stored-secret.ts';

export interface TDataSourceRepositories {
  sources: DataSourceRepository;
  rules: FileMatchRuleRepository;
}

export interface TDataSourceOptions {
  /** How long a pull request waits for its runs before answering 'running' (they go on). */
  pullWaitMs: number;
  /** Connect and command timeout of test_connection and ftp_dirs. */
  timeoutMs: number;
}

const MATCH_REASONS: Record<TMatchReason['key'], TServerTextKey> = {
  noRule: 'dataSources.match.noRule',
  stationGone: 'dataSources.match.stationGone',
  noStation: 'dataSources.match.noStation',
};

/** A fetched file's reason in the reader's language (match reasons are stored as JSON). */
export function presentFileReason(reason: string, language: Language): string {
  if (!reason.startsWith('{')) return reason;
  try {
    const parsed = JSON.parse(reason) as TMatchReason;
    const key = MATCH_REASONS[parsed.key];
    return key ? interpolate(SERVER_TEXTS[key][language], parsed) : reason;
  } catch {
    return reason;
  }
}

function sleep(ms: number): Promise<'timeout'> {
  return new Promise((resolve) => setTimeout(() => resolve('timeout'), ms).unref());
}

/**
 * Data sources (SPEC §3; /systemManage/DataFetchManage): CRUD with a write-only, sealed password,
 * connection tests that say clearly what is wrong (SPEC §5 "server address error is reported"),
 * remote folder browsing, pulls on demand (a source, or every source serving a site) and the schedule.
 */
export class DataSourceService {
  constructor(
    private readonly sources: DataSourceRepository,
    private readonly rules: FileMatchRuleRepository,
    private readonly box: SecretBox,
    private readonly runner: DataFetchRunner,
    private readonly access: StationAccess,
    private readonly tx: TTransactor<TDataSourceRepositories>,
    private readonly log: Logger,
    private readonly options: TDataSourceOptions,
    private readonly smtp: SmtpSender,
  ) {}

  async page(filter: TDataSourcePageRequest, language: Language): Promise<TPage<TDataSourceRecord>> {
    const { records, total } = await this.sources.page(filter);
    return presentPage(filter, { rows: records, total }, (r) => presentDataSource(r, language));
  }

  async detail(id: number, language: Language): Promise<TDataSourceRecord> {
    const row = await this.sources.findWithRuleCount(id);
    if (!row) throw new AppError('NOT_FOUND');
    return presentDataSource(row, language);
  }

  async list(query: TDataSourceListQuery): Promise<TDataSourceOption[]> {
    // Reports send from an e-mail source: 'send' lists those only.
    const fetchType = query.operationType === 'send' ? 'email' : query.dataFetchType;
    const rows = await this.sources.listOptions(fetchType);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      fetchType: r.fetch_type,
      protocol: r.protocol,
      host: r.host,
      username: r.username,
      isEnabled: r.is_enabled,
      canSend: r.fetch_type === 'email' && r.smtp_host !== '' && r.has_smtp_secret,
    }));
  }

  private valuesOf(input: TDataSourceSaveRequest): TDataSourceValues {
    const info = DATA_SOURCE_PROTOCOL_INFO[input.protocol];
    const scheduleCron = input.scheduleCron?.trim() ?? '';
    const intervalMinutes = scheduleCron === '' ? (input.intervalMinutes ?? null) : null;
    const folder = input.folder?.trim() ?? '';
    const isEnabled = input.isEnabled;
    return {
      name: input.name,
      fetchType: input.fetchType,
      protocol: input.protocol,
      host: input.host,
      port: input.port ?? info.defaultPort,
      isSsl: info.isSsl || (input.isSsl ?? false),
      username: input.username,
      folder: input.fetchType === 'ftp' && folder !== '' ? normaliseFolder(folder) : folder,
      scheduleCron,
      intervalMinutes,
      isEnabled,
      nextRunAt: nextRunAt({ isEnabled, scheduleCron, intervalMinutes }, new Date()),
      // Only an inbox sends; its SMTP account defaults to the inbox's address.
      smtpHost: input.fetchType === 'email' ? input.smtpHost : '',
      smtpPort: input.fetchType === 'email' && input.smtpHost !== '' ? (input.smtpPort ?? null) : null,
      smtpSecurity: input.smtpSecurity,
      smtpUsername:
        input.fetchType === 'email' && input.smtpHost !== '' ? input.smtpUsername || input.username : '',
    };
  }

  async save(user: TAuthUser, input: TDataSourceSaveRequest): Promise<{ id: number }> {
    const values = this.valuesOf(input);
    if (values.scheduleCron !== '' && !isValidCron(values.scheduleCron)) {
      throw new AppError('VALIDATION_FAILED', {}, [{ field: 'scheduleCron', message: 'v.cron' }]);
    }
    const password = input.password ?? '';
    return this.tx.run(async ({ sources }) => {
      const same = await sources.findByName(values.name);
      if (same && same.id !== input.id) throw new AppError('DATA_SOURCE_NAME_TAKEN', { name: values.name });
      const before = input.id === undefined ? undefined : await sources.find(input.id, 'update');
      if (input.id !== undefined && !before) throw new AppError('NOT_FOUND');
      // One rule for every stored password (stored-secret.ts): blank keeps the stored one only for the
      // endpoint it was stored for; a changed server, port, security or account needs it typed again.
      const inbox = chooseSecret(password, before && storedInbox(before), formInboxEndpoint(values));
      if (inbox.kind === 'required' || inbox.kind === 'reenter') throw secretError(inbox.kind, 'password');
      const smtp =
        values.smtpHost === ''
          ? null
          : chooseSecret(
              typedSmtpPassword(values, { smtpPassword: input.smtpPassword ?? '', inboxPassword: password }),
              before && storedSmtp(before),
              formSmtpEndpoint(values),
            );
      if (smtp?.kind === 'required' || smtp?.kind === 'reenter') throw secretError(smtp.kind, 'smtpPassword');
      let id: number;
      if (before === undefined) {
        id = (await sources.insert(values, user.id)).id;
      } else {
        id = before.id;
        await sources.update(id, values);
        if (!isSameEndpoint(storedInboxEndpoint(before), formInboxEndpoint(values))) {
          await sources.resetCursor(id);
        }
      }
      if (inbox.kind === 'typed') {
        await sources.setSecret(id, await this.box.seal(inbox.password, dataSourceSealContext(id)));
      }
      if (smtp === null) await sources.setSmtpSecret(id, null);
      else if (smtp.kind === 'typed') {
        await sources.setSmtpSecret(id, await this.box.seal(smtp.password, smtpSealContext(id)));
      }
      return { id };
    });
  }

  delete(id: number): Promise<void> {
    return this.tx.run(async ({ sources, rules }) => {
      if (!(await sources.find(id, 'update'))) throw new AppError('NOT_FOUND');
      const count = await rules.countBySource(id);
      if (count > 0) throw new AppError('DATA_SOURCE_IN_USE', { count });
      await sources.delete(id);
    });
  }

  /**
   * The connection settings of a form, with the stored password when the form leaves it blank and names
   * the endpoint it was stored for (stored-secret.ts): a test against another host, port, protocol,
   * security or account must bring its own password.
   */
  private async configOf(input: TDataSourceSaveRequest): Promise<TSourceConnectionConfig> {
    const values = this.valuesOf(input);
    const row = input.id === undefined ? undefined : await this.sources.find(input.id);
    if (input.id !== undefined && !row) throw new AppError('NOT_FOUND');
    const choice = chooseSecret(input.password ?? '', row && storedInbox(row), formInboxEndpoint(values));
    if (choice.kind === 'required' || choice.kind === 'reenter') throw secretError(choice.kind, 'password');
    const password =
      choice.kind === 'typed'
        ? choice.password
        : ((await this.box.open(row!.secret!, dataSourceSealContext(row!.id))) ?? '');
    return {
      id: input.id ?? 0,
      fetchType: values.fetchType,
      protocol: values.protocol,
      host: values.host,
      port: values.port,
      isSsl: values.isSsl,
      username: values.username,
      password,
      timeoutMs: this.options.timeoutMs,
    };
  }

  /**
   * The SMTP settings of a form for a connection test, by the same rule as a save: the SMTP password typed
   * (or the inbox password typed in the same form, for the inbox's own account), else the stored SMTP
   * password for the SMTP endpoint it was stored for — never the stored inbox password, which belongs to
   * the inbox's server. Null when the form has no sending server.
   */
  private async smtpConfigOf(input: TDataSourceSaveRequest): Promise<TSmtpConfig | null> {
    const values = this.valuesOf(input);
    if (values.smtpHost === '') return null;
    const row = input.id === undefined ? undefined : await this.sources.find(input.id);
    const typed = typedSmtpPassword(values, {
      smtpPassword: input.smtpPassword ?? '',
      inboxPassword: input.password ?? '',
    });
    const choice = chooseSecret(typed, row && storedSmtp(row), formSmtpEndpoint(values));
    if (choice.kind === 'required' || choice.kind === 'reenter') {
      throw secretError(choice.kind, 'smtpPassword');
    }
    const password =
      choice.kind === 'typed'
        ? choice.password
        : ((await this.box.open(row!.smtp_secret!, smtpSealContext(row!.id))) ?? '');
    return {
      dataSourceId: input.id ?? 0,
      name: values.name,
      host: values.smtpHost,
      port: values.smtpPort ?? SMTP_DEFAULT_PORTS[values.smtpSecurity],
      security: values.smtpSecurity,
      username: values.smtpUsername,
      password,
      from: values.username,
      timeoutMs: this.options.timeoutMs,
    };
  }

  /** Connects, logs in and opens the folder or mailbox; throws the localised reason when that fails. */
  async testConnection(input: TDataSourceSaveRequest, language: Language): Promise<TDataSourceTestResult> {
    // Both passwords are settled before anything connects: a refusal sends nothing anywhere.
    const config = await this.configOf(input);
    const smtp = await this.smtpConfigOf(input);
    const folder = input.folder?.trim() || (config.fetchType === 'email' ? 'INBOX' : '/');
    const started = Date.now();
    try {
      if (config.fetchType === 'email') await testImap(config, folder);
      else await testFtp(config, folder);
    } catch (error) {
      throw toDataSourceError(error, config);
    }
    if (smtp) await this.smtp.verify(smtp);
    return {
      isOk: true,
      message: say(language, 'dataSources.connected'),
      folder,
      elapsedMs: Date.now() - started,
    };
  }

  /** Remote folders (FTP) or mailboxes (e-mail) of a saved source, filtered by `keywords`. */
  async listDirs(query: TDataSourceDirsQuery): Promise<TDataSourceDir[]> {
    const row = await this.sources.find(query.id);
    if (!row) throw new AppError('NOT_FOUND');
    const password = (row.secret ? await this.box.open(row.secret, dataSourceSealContext(row.id)) : '') ?? '';
    const config: TSourceConnectionConfig = {
      id: row.id,
      fetchType: row.fetch_type,
      protocol: row.protocol,
      host: row.host,
      port: row.port,
      isSsl: row.is_ssl,
      username: row.username,
      password,
      timeoutMs: this.options.timeoutMs,
    };
    let dirs: TDataSourceDir[];
    try {
      dirs =
        row.fetch_type === 'email'
          ? await listMailboxes(config)
          : await listFtpDirs(config, query.path || row.folder || '/');
    } catch (error) {
      throw toDataSourceError(error, config);
    }
    const keywords = query.keywords?.toLowerCase();
    return keywords ? dirs.filter((d) => d.path.toLowerCase().includes(keywords)) : dirs;
  }

  /** POST /web/data_source/pull: fetches one source now (even a disabled one). */
  async pull(user: TAuthUser, id: number, language: Language): Promise<TDataFetchRunResult> {
    const row = await this.sources.find(id);
    if (!row) throw new AppError('NOT_FOUND');
    const [result] = await this.runAll([{ id, name: row.name }], 'manual', { userId: user.id }, language);
    return result!.result;
  }

  /**
   * POST /web/station/manual_pull: fetches now every enabled source whose rules can send files to the
   * site (rules fixed on it or reading the code from the file name; a rule without a source means all).
   */
  async manualPull(
    user: TAuthUser,
    stationId: number,
    language: Language,
  ): Promise<TStationManualPullResult> {
    await this.access.assertCanEdit(user, stationId);
    const rules = await this.rules.listForStation(stationId);
    const enabled = await this.sources.listEnabledIds();
    const ids = rules.some((r) => r.data_source_id === null)
      ? enabled.map((s) => s.id)
      : [...new Set(rules.map((r) => r.data_source_id as number))].filter((id) =>
          enabled.some((s) => s.id === id),
        );
    if (ids.length === 0) throw new AppError('STATION_NO_DATA_SOURCE');
    const sources = [];
    for (const id of ids.sort((a, b) => a - b)) {
      const row = await this.sources.find(id);
      if (row) sources.push({ id, name: row.name });
    }
    const results = await this.runAll(sources, 'station', { userId: user.id, stationId }, language);
    return {
      stationId,
      runs: results.map((r) => r.result),
      stationFiles: results.reduce((n, r) => n + (r.outcome?.stationFiles.get(stationId) ?? 0), 0),
    };
  }

  /** Starts a run per source, waits up to pullWaitMs for them, and reports each (runs go on after). */
  private async runAll(
    sources: { id: number; name: string }[],
    trigger: TFetchTrigger,
    context: { userId: number; stationId?: number },
    language: Language,
  ): Promise<{ result: TDataFetchRunResult; outcome: TRunOutcome | null }[]> {
    const starts: TRunStart[] = [];
    for (const source of sources) starts.push(await this.runner.start(source.id, trigger, context));
    const deadline = sleep(this.options.pullWaitMs);
    return Promise.all(
      starts.map(async (start, i) => {
        const source = sources[i]!;
        const base = { dataSourceId: source.id, dataSourceName: source.name };
        if (start.status === 'busy') {
          return {
            result: {
              ...base,
              runId: null,
              status: 'busy' as const,
              statusName: say(language, 'dataSources.busy'),
              error: '',
              summary: null,
            },
            outcome: null,
          };
        }
        const outcome = await Promise.race([start.done, deadline]);
        if (outcome === 'timeout') {
          return {
            result: {
              ...base,
              runId: start.runId,
              status: 'running' as const,
              statusName: DATA_FETCH_RUN_STATUS_NAMES.running[language],
              error: '',
              summary: null,
            },
            outcome: null,
          };
        }
        return {
          result: {
            ...base,
            runId: outcome.runId,
            status: outcome.status,
            statusName: DATA_FETCH_RUN_STATUS_NAMES[outcome.status][language],
            error: outcome.error
              ? interpolate(ERROR_MESSAGES[outcome.error.code][language], outcome.error.details)
              : '',
            summary: outcome.summary,
          },
          outcome,
        };
      }),
    );
  }

  /**
   * Fetched files: unmatched ones and those routed to sites the caller can see; a filter naming a site
   * beyond the caller is refused as every station-scoped call is (issue 26 §1).
   */
  async pageFiles(
    user: TAuthUser,
    filter: TFetchedFilePageRequest,
    language: Language,
  ): Promise<TPage<TFetchedFileRecord>> {
    if (filter.stationId !== undefined) await this.access.assertCanView(user, filter.stationId);
    const { records, total } = await this.sources.pageFiles(filter, user);
    return presentPage(filter, { rows: records, total }, (r) => ({
      id: r.id,
      dataSourceId: r.data_source_id,
      dataSourceName: r.data_source_name,
      fileName: r.file_name,
      sizeBytes: r.size_bytes,
      origin: r.kind === 'email' ? `${r.mailbox} · ${r.subject}` : r.remote_path,
      isMatched: r.is_matched,
      ruleId: r.rule_id,
      ruleName: r.rule_name,
      stationId: r.station_id,
      stationCode: r.station_code,
      rawFileId: r.raw_file_id,
      receipt:
        r.receipt_id === null
          ? null
          : {
              id: r.receipt_id,
              status: r.receipt_status!,
              findingCount: r.receipt_finding_count!,
              openCount: r.receipt_open_count!,
              maxSeverity: r.receipt_max_severity,
            },
      ingestStatus: r.ingest_status,
      reason: presentFileReason(r.reason, language),
      createTime: r.created_at.toISOString(),
    }));
  }

  // --- Schedule -------------------------------------------------------------------------------------

  /**
   * Registers the job handlers: a tick every minute enqueues a fetch for each source due (one process
   * claims each due time), and the fetch handler runs it. A failing source is recorded, never thrown.
   */
  async registerJobs(jobs: TJobs): Promise<void> {
    await jobs.work('data-source.tick', async () => {
      await this.enqueueDue(jobs, new Date());
    });
    await jobs.work(
      'data-source.fetch',
      async (job) => {
        await this.runJob(job.data.dataSourceId, job.data.stationId ?? null, job.data.userId ?? null);
      },
      { concurrency: 2 },
    );
    await jobs.schedule('data-source.tick', '* * * * *', {});
  }

  /** Sends a fetch job for every enabled source due at `now`; returns their ids. */
  async enqueueDue(jobs: TJobs, now: Date): Promise<number[]> {
    const due = await this.sources.listDue(now);
    const sent: number[] = [];
    for (const source of due) {
      const next = nextRunAt(
        {
          isEnabled: source.is_enabled,
          scheduleCron: source.schedule_cron,
          intervalMinutes: source.interval_minutes,
        },
        now,
      );
      if (!source.next_run_at || !(await this.sources.claimDue(source.id, source.next_run_at, next)))
        continue;
      await jobs.send(
        'data-source.fetch',
        { dataSourceId: source.id },
        { singletonKey: `data-source:${source.id}` },
      );
      sent.push(source.id);
    }
    return sent;
  }

  /** Runs one scheduled fetch to its end; a busy source is left to the run that holds it. */
  async runJob(
    dataSourceId: number,
    stationId: number | null,
    userId: number | null,
  ): Promise<TRunOutcome | null> {
    try {
      const start = await this.runner.start(dataSourceId, stationId ? 'station' : 'schedule', {
        stationId,
        userId,
      });
      return start.status === 'busy' ? null : await start.done;
    } catch (err) {
      // A deleted source or a database hiccup: logged, and the job is not retried in a loop.
      this.log.warn({ err, dataSourceId }, 'scheduled fetch could not start');
      return null;
    }
  }
}
