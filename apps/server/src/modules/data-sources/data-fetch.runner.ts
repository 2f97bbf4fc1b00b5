import { AppError, type TDataFetchSummary } from '@masthub/shared';
import type { Logger } from '../../platform/logger.ts';
import type { SecretBox } from '../../platform/secrets/secret-box.ts';
import { storedError } from '../../platform/stored-error.ts';
import type { TIngestion } from '../ingestion/index.ts';
import { dataSourceSealContext, toDataSourceError } from '../mail/index.ts';
import type { DataSourceRepository } from './data-sources.repository.ts';
import type { TFetchTrigger } from './data-sources.types.ts';
import type {
  TImapCursor,
  TItemSink,
  TRemoteFile,
  TRemoteItem,
  TSourceConnectionConfig,
} from './fetchers/fetcher.types.ts';
import { fetchFtp } from './fetchers/ftp-fetcher.ts';
import { fetchImap } from './fetchers/imap-fetcher.ts';
import type { FileMatchRuleRepository } from './file-match-rules.repository.ts';
import { isUnderFolder, matchFile, normaliseFolder, type TMatchRule } from './file-matcher.ts';
import { nextRunAt } from './schedule.ts';

type TSourceRow = NonNullable<Awaited<ReturnType<DataSourceRepository['find']>>>;
type TRuleRow = Awaited<ReturnType<FileMatchRuleRepository['listForSource']>>[number];

/** Why a fetched file got no site, stored as JSON and read back in the reader's language. */
export type TMatchReason =
  | { key: 'noRule' }
  | { key: 'stationGone'; rule: string }
  | { key: 'noStation'; rule: string; code: string };

function matchReason(reason: TMatchReason): string {
  return JSON.stringify(reason);
}

export function emptySummary(): TDataFetchSummary {
  return {
    items: 0,
    files: 0,
    parsed: 0,
    failed: 0,
    storedNotParsed: 0,
    duplicates: 0,
    unmatched: 0,
    errors: 0,
  };
}

export interface TRunOutcome {
  runId: number;
  status: 'success' | 'failed';
  error: AppError | null;
  summary: TDataFetchSummary;
  /** Files stored for each site in this run. */
  stationFiles: Map<number, number>;
}

export type TRunStart = { status: 'busy' } | { status: 'started'; runId: number; done: Promise<TRunOutcome> };

export interface TRunnerOptions {
  /** Messages or files taken per run; the rest wait for the next run. */
  maxItemsPerRun: number;
  /** Connect and command timeout of the IMAP/FTP clients. */
  timeoutMs: number;
}

function toMatchRule(row: TRuleRow): TMatchRule {
  return {
    id: row.id,
    name: row.name,
    dataSourceId: row.data_source_id,
    folder: row.folder,
    inbox: row.inbox,
    conditions: row.conditions as TMatchRule['conditions'],
    fileTypeSuffixes: row.file_type_suffixes,
    stationMode: row.station_mode,
    stationId: row.station_id,
    stationCodeRegex: row.station_code_regex,
    stationCodeStart: row.station_code_start,
    stationCodeLength: row.station_code_length,
    isEnabled: row.is_enabled,
  };
}

/**
 * The folders (FTP) or mailboxes (e-mail) a run fetches: the source's own and those its rules name.
 * A folder below another one fetched is left out (the walk reaches it); with none at all, the root
 * folder or INBOX.
 */
export function foldersToFetch(
  source: { fetch_type: 'email' | 'ftp'; folder: string },
  rules: readonly TMatchRule[],
): string[] {
  if (source.fetch_type === 'email') {
    const boxes = [source.folder, ...rules.map((r) => r.inbox)].filter((b) => b !== '');
    const seen = new Map<string, string>();
    for (const box of boxes) {
      const key = box.toUpperCase() === 'INBOX' ? 'INBOX' : box;
      if (!seen.has(key)) seen.set(key, key === 'INBOX' ? 'INBOX' : box);
    }
    return seen.size > 0 ? [...seen.values()] : ['INBOX'];
  }
  const folders = [
    ...new Set([source.folder, ...rules.map((r) => r.folder)].filter((f) => f !== '').map(normaliseFolder)),
  ];
  if (folders.length === 0) return ['/'];
  return folders.filter((f) => !folders.some((other) => other !== f && isUnderFolder(f, other))).sort();
}

/**
 * One fetch of one source: holds the source (one run at a time, across processes), fetches what is
 * new, matches each file to a site through the file-match rules and hands it to ingestion. A message or
 * file is fetched once: its fetched_item row is written 'pending' before ingestion and 'done' after, so
 * a crash in between fetches it again next time (ingestion makes the repeat harmless) rather than
 * losing it. Records the outcome on the run and the source; never throws for a failing source.
 */
export class DataFetchRunner {
  constructor(
    private readonly sources: DataSourceRepository,
    private readonly rules: FileMatchRuleRepository,
    private readonly box: SecretBox,
    private readonly ingestion: TIngestion,
    private readonly log: Logger,
    private readonly options: TRunnerOptions,
  ) {}

  async start(
    sourceId: number,
    trigger: TFetchTrigger,
    context: { stationId?: number | null; userId?: number | null } = {},
  ): Promise<TRunStart> {
    const source = await this.sources.acquireLease(sourceId);
    if (!source) {
      if (!(await this.sources.find(sourceId))) throw new AppError('NOT_FOUND');
      return { status: 'busy' };
    }
    let runId: number;
    try {
      runId = (
        await this.sources.insertRun({
          dataSourceId: sourceId,
          trigger,
          stationId: context.stationId ?? null,
          userId: context.userId ?? null,
        })
      ).id;
    } catch (error) {
      await this.sources.releaseLease(sourceId, {
        status: 'failed',
        error: storedError(toDataSourceError(error, source)),
        summary: emptySummary(),
        nextRunAt: source.next_run_at,
      });
      throw error;
    }
    return { status: 'started', runId, done: this.run(source, runId) };
  }

  private async run(source: TSourceRow, runId: number): Promise<TRunOutcome> {
    const started = Date.now();
    const summary = emptySummary();
    const stationFiles = new Map<number, number>();
    let cursor: TImapCursor | undefined;
    let failure: AppError | null = null;
    try {
      const password = source.secret
        ? await this.box.open(source.secret, dataSourceSealContext(source.id))
        : '';
      if (password === undefined) {
        throw new AppError('DATA_SOURCE_FETCH_FAILED', {
          reason: 'the stored password cannot be decrypted with this server key; enter it again',
        });
      }
      const config: TSourceConnectionConfig = {
        id: source.id,
        fetchType: source.fetch_type,
        protocol: source.protocol,
        host: source.host,
        port: source.port,
        isSsl: source.is_ssl,
        username: source.username,
        password,
        timeoutMs: this.options.timeoutMs,
      };
      const rules = (await this.rules.listForSource(source.id)).map(toMatchRule);
      const folders = foldersToFetch(source, rules);
      const sink = this.createSink(source, rules, summary, stationFiles);
      if (source.fetch_type === 'email') {
        cursor = await fetchImap(config, folders, source.imap_cursor ?? {}, sink);
      } else {
        await fetchFtp(config, folders, sink);
      }
    } catch (error) {
      failure = toDataSourceError(error, source);
      this.log.warn(
        {
          dataSourceId: source.id,
          runId,
          errorCode: failure.code,
          err: error instanceof AppError ? undefined : error,
        },
        'data source fetch failed',
      );
    }
    const status = failure ? 'failed' : 'success';
    const error = failure ? storedError(failure) : '';
    const outcome = { status, error, summary } as const;
    try {
      await this.sources.finishRun(runId, outcome);
      await this.sources.releaseLease(source.id, {
        ...outcome,
        nextRunAt: nextRunAt(
          {
            isEnabled: source.is_enabled,
            scheduleCron: source.schedule_cron,
            intervalMinutes: source.interval_minutes,
          },
          new Date(),
        ),
        ...(cursor ? { imapCursor: cursor } : {}),
      });
    } catch (err) {
      // The lease expires by itself; the next run picks up where this one left off.
      this.log.error({ err, dataSourceId: source.id, runId }, 'could not record the end of a fetch run');
    }
    this.log.info(
      { dataSourceId: source.id, runId, status, ...summary, durationMs: Date.now() - started },
      'data source fetched',
    );
    return { runId, status, error: failure, summary, stationFiles };
  }

  private createSink(
    source: TSourceRow,
    rules: TMatchRule[],
    summary: TDataFetchSummary,
    stationFiles: Map<number, number>,
  ): TItemSink {
    const stationByCode = new Map<string, number | null>();
    const findStation = async (code: string): Promise<number | null> => {
      if (!stationByCode.has(code))
        stationByCode.set(code, (await this.sources.findStationByCode(code))?.id ?? null);
      return stationByCode.get(code) ?? null;
    };
    const liveStations = new Map<number, boolean>();
    const isLive = async (id: number): Promise<boolean> => {
      if (!liveStations.has(id)) liveStations.set(id, (await this.sources.findLiveStation(id)) !== undefined);
      return liveStations.get(id) ?? false;
    };

    const resolve = async (item: TRemoteItem, file: TRemoteFile) => {
      const matches = matchFile(rules, {
        dataSourceId: source.id,
        fetchType: source.fetch_type,
        folder: item.folder,
        fileName: file.fileName,
        subject: item.subject,
        sender: item.sender,
      });
      let reason = matchReason({ key: 'noRule' });
      for (const match of matches) {
        if (match.stationId !== undefined) {
          if (await isLive(match.stationId))
            return { ruleId: match.rule.id, stationId: match.stationId, reason: '' };
          reason = matchReason({ key: 'stationGone', rule: match.rule.name });
        } else {
          const stationId = await findStation(match.stationCode);
          if (stationId !== null) return { ruleId: match.rule.id, stationId, reason: '' };
          reason = matchReason({ key: 'noStation', rule: match.rule.name, code: match.stationCode });
        }
      }
      return { ruleId: matches[0]?.rule.id ?? null, stationId: null, reason };
    };

    const sourceRefOf = (item: TRemoteItem, file: TRemoteFile): string =>
      item.kind === 'email'
        ? `${source.username}/${item.messageId || item.key}/${file.position}`
        : `${source.id}:${item.key.slice('ftp:'.length)}`;

    return {
      selectNew: async (keys) => {
        const done = await this.sources.listDoneKeys(source.id, keys);
        return new Set(keys.filter((k) => !done.has(k)));
      },
      listPendingUids: (mailbox, validity) => this.sources.listPendingUids(source.id, mailbox, validity),
      isFull: () => summary.items >= this.options.maxItemsPerRun,
      handle: async (item, files) => {
        summary.items += 1;
        // Claimed before ingesting: a crash from here on leaves it pending, fetched again next run.
        const { id: itemId } = await this.sources.claimItem({
          dataSourceId: source.id,
          key: item.key,
          kind: item.kind,
          mailbox: item.kind === 'email' ? item.folder : '',
          uid: item.uid,
          messageId: item.messageId,
          subject: item.subject,
          sender: item.sender,
          remotePath: item.remotePath,
          sizeBytes: item.sizeBytes,
        });
        let lastError = '';
        for (const file of files) {
          summary.files += 1;
          const target = await resolve(item, file);
          const base = {
            itemId,
            dataSourceId: source.id,
            position: file.position,
            fileName: file.fileName,
            sizeBytes: file.sizeBytes,
            ruleId: target.ruleId,
            stationId: target.stationId,
            isMatched: target.stationId !== null,
          };
          try {
            const result = await this.ingestion.ingestFile({
              stationId: target.stationId,
              fileName: file.fileName,
              source: item.kind,
              ...(file.path ? { path: file.path } : { bytes: file.bytes ?? new Uint8Array() }),
              sourceRef: sourceRefOf(item, file),
            });
            if (result.status === 'parsed') summary.parsed += 1;
            else if (result.status === 'failed') summary.failed += 1;
            else if (result.status === 'stored_not_parsed') summary.storedNotParsed += 1;
            else summary.duplicates += 1;
            if (target.stationId === null) summary.unmatched += 1;
            else if (result.status !== 'duplicate') {
              stationFiles.set(target.stationId, (stationFiles.get(target.stationId) ?? 0) + 1);
            }
            await this.sources.saveFile({
              ...base,
              rawFileId: result.rawFileId,
              ingestStatus: result.status,
              // Why it has no site says more than "stored, not parsed" for an unmatched file.
              reason: target.stationId === null ? target.reason : (result.reason ?? ''),
            });
          } catch (error) {
            summary.errors += 1;
            lastError = error instanceof Error ? error.message : String(error);
            this.log.warn(
              { err: error, dataSourceId: source.id, itemId, position: file.position },
              'a fetched file could not be ingested; it stays pending',
            );
            await this.sources.saveFile({
              ...base,
              rawFileId: null,
              ingestStatus: 'error',
              reason: lastError,
            });
          }
        }
        await this.sources.finishItem(itemId, { status: lastError ? 'pending' : 'done', error: lastError });
      },
    };
  }
}
