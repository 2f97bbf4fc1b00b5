import { z } from 'zod';
import { ZPageRequest } from '../api.ts';
import type { TLocalized } from '../i18n/language.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { ZId, ZQueryId } from '../text.schema.ts';
import { ZReceiptSummary } from '../wind-data/receipt.schema.ts';

// ---------------------------------------------------------------------------------------------------
// Data sources (SPEC §3 Data source; /systemManage/DataFetchManage): e-mail inboxes (IMAP/IMAPS) and
// FTP/FTPS servers that files are fetched from, on a schedule or on demand.

export const DATA_FETCH_TYPES = ['email', 'ftp'] as const;
export type TDataFetchType = (typeof DATA_FETCH_TYPES)[number];

export const DATA_SOURCE_PROTOCOLS = ['imap', 'imaps', 'ftp', 'ftps'] as const;
export type TDataSourceProtocol = (typeof DATA_SOURCE_PROTOCOLS)[number];

/** The fetch type of each supported protocol, its default port and whether it is TLS from the start. */
export const DATA_SOURCE_PROTOCOL_INFO: Record<
  TDataSourceProtocol,
  { fetchType: TDataFetchType; defaultPort: number; isSsl: boolean }
> = {
  imap: { fetchType: 'email', defaultPort: 143, isSsl: false },
  imaps: { fetchType: 'email', defaultPort: 993, isSsl: true },
  ftp: { fetchType: 'ftp', defaultPort: 21, isSsl: false },
  ftps: { fetchType: 'ftp', defaultPort: 21, isSsl: true },
};

export const DATA_FETCH_TYPE_NAMES: Record<TDataFetchType, TLocalized> = {
  email: { zh: '邮箱', en: 'E-mail' },
  ftp: { zh: 'FTP', en: 'FTP' },
};

export const DATA_FETCH_RUN_STATUSES = ['running', 'success', 'failed'] as const;
export type TDataFetchRunStatus = (typeof DATA_FETCH_RUN_STATUSES)[number];

export const DATA_FETCH_RUN_STATUS_NAMES: Record<TDataFetchRunStatus, TLocalized> = {
  running: { zh: '拉取中', en: 'Running' },
  success: { zh: '成功', en: 'Succeeded' },
  failed: { zh: '失败', en: 'Failed' },
};

/** The longest data source name. */
export const DATA_SOURCE_NAME_MAX = 50;

const ZHost = z
  .string(requiredError('hostRequired'))
  .trim()
  .min(1, vmsg('hostRequired'))
  .max(255, vmsg('maxLength'))
  .regex(/^[A-Za-z0-9._:[\]-]+$/, vmsg('host'));

/** How an SMTP connection is secured: TLS from the start (465), STARTTLS upgrade (587), or none (25). */
export const SMTP_SECURITIES = ['tls', 'starttls', 'none'] as const;
export type TSmtpSecurity = (typeof SMTP_SECURITIES)[number];
export const SMTP_DEFAULT_PORTS: Record<TSmtpSecurity, number> = { tls: 465, starttls: 587, none: 25 };

/**
 * POST /web/data_source/save_or_update (and the form of test_connection). `password` is write-only:
 * required when creating; blank or missing on update keeps the stored one. `username` is the e-mail
 * address (e-mail sources) or the FTP user. `folder` is the mailbox (default INBOX) or the remote
 * folder (default /). Schedule: `scheduleCron` (5-field cron, UTC) or every `intervalMinutes`; neither
 * means manual pulls only.
 */
export const ZDataSourceSaveRequest = z
  .object({
    id: ZId.optional(),
    name: z
      .string(requiredError('dataSourceNameRequired'))
      .trim()
      .min(1, vmsg('dataSourceNameRequired'))
      .max(DATA_SOURCE_NAME_MAX, vmsg('maxLength')),
    fetchType: z.enum(DATA_FETCH_TYPES, vmsg('oneOf')),
    protocol: z.enum(DATA_SOURCE_PROTOCOLS, vmsg('oneOf')),
    host: ZHost,
    port: z.coerce
      .number(vmsg('number'))
      .int(vmsg('number'))
      .min(1, vmsg('port'))
      .max(65535, vmsg('port'))
      .optional(),
    isSsl: z.boolean().optional(),
    username: z
      .string(requiredError('usernameRequired'))
      .trim()
      .min(1, vmsg('usernameRequired'))
      .max(255, vmsg('maxLength')),
    password: z.string().max(255, vmsg('maxLength')).nullish(),
    folder: z.string().trim().max(255, vmsg('maxLength')).nullish(),
    scheduleCron: z.string().trim().max(100, vmsg('maxLength')).nullish(),
    intervalMinutes: z.coerce.number().int().min(1, vmsg('tooSmall')).max(10080, vmsg('tooLarge')).nullish(),
    isEnabled: z.boolean().default(true),
    // Sending (SMTP) settings of an e-mail source: blank host = this inbox does not send. The account
    // defaults to the inbox's address; the password is write-only like the inbox one (blank keeps it for
    // the same SMTP server, port, security and account only; blank with the inbox's own account takes the
    // inbox password typed in the same form, the usual case of one authorisation code — never the stored
    // one, which belongs to the inbox's server: apps/server/src/modules/data-sources/stored-secret.ts).
    smtpHost: z
      .string()
      .trim()
      .max(255, vmsg('maxLength'))
      .regex(/^[A-Za-z0-9._:[\]-]*$/, vmsg('host'))
      .nullish()
      .transform((v) => v ?? ''),
    smtpPort: z.coerce
      .number(vmsg('number'))
      .int(vmsg('number'))
      .min(1, vmsg('port'))
      .max(65535, vmsg('port'))
      .nullish(),
    smtpSecurity: z.enum(SMTP_SECURITIES, vmsg('oneOf')).default('tls'),
    smtpUsername: z
      .string()
      .trim()
      .max(255, vmsg('maxLength'))
      .nullish()
      .transform((v) => v ?? ''),
    smtpPassword: z.string().max(255, vmsg('maxLength')).nullish(),
  })
  .superRefine((v, ctx) => {
    if (DATA_SOURCE_PROTOCOL_INFO[v.protocol].fetchType !== v.fetchType) {
      ctx.addIssue({ code: 'custom', path: ['protocol'], message: vmsg('protocolMismatch').error });
    }
    if (v.fetchType === 'email' && !/^[^\s@]+@[^\s@]+$/.test(v.username)) {
      ctx.addIssue({ code: 'custom', path: ['username'], message: vmsg('email').error });
    }
  });
export type TDataSourceSaveRequest = z.infer<typeof ZDataSourceSaveRequest>;

/** POST /web/data_source/page. */
export const ZDataSourcePageRequest = ZPageRequest.extend({
  /** Matches name, host or user. */
  keywords: z.string().trim().max(50).optional(),
  fetchType: z.enum(DATA_FETCH_TYPES, vmsg('oneOf')).optional(),
});
export type TDataSourcePageRequest = z.infer<typeof ZDataSourcePageRequest>;

/** What one fetch did: files seen, stored per outcome, and the files no rule matched. */
export const ZDataFetchSummary = z.object({
  /** Messages or FTP files looked at that were new (not fetched before). */
  items: z.number().int(),
  files: z.number().int(),
  parsed: z.number().int(),
  failed: z.number().int(),
  storedNotParsed: z.number().int(),
  duplicates: z.number().int(),
  unmatched: z.number().int(),
  /** Files whose ingestion threw (left pending and fetched again next time). */
  errors: z.number().int(),
});
export type TDataFetchSummary = z.infer<typeof ZDataFetchSummary>;

/** A data source as listed: the password is never returned, only whether one is stored. */
export const ZDataSourceRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  fetchType: z.enum(DATA_FETCH_TYPES),
  fetchTypeName: z.string(),
  protocol: z.enum(DATA_SOURCE_PROTOCOLS),
  host: z.string(),
  port: z.number().int(),
  isSsl: z.boolean(),
  username: z.string(),
  hasPassword: z.boolean(),
  folder: z.string(),
  scheduleCron: z.string(),
  intervalMinutes: z.number().int().nullable(),
  isEnabled: z.boolean(),
  nextRunTime: z.string().nullable(),
  lastRunTime: z.string().nullable(),
  lastRunStatus: z.enum(DATA_FETCH_RUN_STATUSES).nullable(),
  lastRunStatusName: z.string(),
  lastRunError: z.string(),
  lastRunSummary: ZDataFetchSummary.nullable(),
  /** File-match rules bound to this source. */
  ruleCount: z.number().int(),
  smtpHost: z.string(),
  smtpPort: z.number().int().nullable(),
  smtpSecurity: z.enum(SMTP_SECURITIES),
  smtpUsername: z.string(),
  hasSmtpPassword: z.boolean(),
  createTime: z.string(),
});
export type TDataSourceRecord = z.infer<typeof ZDataSourceRecord>;

/** GET /web/data_source/list: `dataFetchType` narrows to e-mail or FTP; `operationType` 'send' lists e-mail sources (sender addresses). */
export const ZDataSourceListQuery = z.object({
  operationType: z.enum(['fetch', 'send'], vmsg('oneOf')).optional(),
  dataFetchType: z.enum(DATA_FETCH_TYPES, vmsg('oneOf')).optional(),
});
export type TDataSourceListQuery = z.infer<typeof ZDataSourceListQuery>;

export const ZDataSourceOption = z.object({
  id: z.number().int(),
  name: z.string(),
  fetchType: z.enum(DATA_FETCH_TYPES),
  protocol: z.enum(DATA_SOURCE_PROTOCOLS),
  host: z.string(),
  username: z.string(),
  isEnabled: z.boolean(),
  /** An e-mail source with an SMTP server: usable as a sender. */
  canSend: z.boolean(),
});
export type TDataSourceOption = z.infer<typeof ZDataSourceOption>;

/** POST /web/data_source/test_connection: the reply when the server answered and the login worked. */
export const ZDataSourceTestResult = z.object({
  isOk: z.literal(true),
  message: z.string(),
  /** The folder/mailbox that will be fetched exists (checked when given). */
  folder: z.string(),
  elapsedMs: z.number().int(),
});
export type TDataSourceTestResult = z.infer<typeof ZDataSourceTestResult>;

/** GET /web/data_source/ftp_dirs: folders under `path` (default the source's folder) whose name contains `keywords`. */
export const ZDataSourceDirsQuery = z.object({
  id: ZQueryId,
  keywords: z.string().trim().max(100).optional(),
  path: z.string().trim().max(255).optional(),
});
export type TDataSourceDirsQuery = z.infer<typeof ZDataSourceDirsQuery>;

/** A remote folder (FTP) or mailbox (e-mail). */
export const ZDataSourceDir = z.object({ path: z.string(), name: z.string() });
export type TDataSourceDir = z.infer<typeof ZDataSourceDir>;

/** One fetch run of one source. */
export const ZDataFetchRunResult = z.object({
  runId: z.number().int().nullable(),
  dataSourceId: z.number().int(),
  dataSourceName: z.string(),
  /** 'busy': the source was being fetched already (by the schedule or someone else); nothing was started. */
  status: z.enum([...DATA_FETCH_RUN_STATUSES, 'busy']),
  statusName: z.string(),
  error: z.string(),
  summary: ZDataFetchSummary.nullable(),
});
export type TDataFetchRunResult = z.infer<typeof ZDataFetchRunResult>;

/** POST /web/data_source/pull: fetch one source now. */
export const ZDataSourcePullRequest = z.object({ id: ZId });
export type TDataSourcePullRequest = z.infer<typeof ZDataSourcePullRequest>;

/** POST /web/station/manual_pull: fetch now every source whose file-match rules can reach the site. */
export const ZStationManualPullRequest = z.object({ stationId: ZId });
export type TStationManualPullRequest = z.infer<typeof ZStationManualPullRequest>;

export const ZStationManualPullResult = z.object({
  stationId: z.number().int(),
  runs: z.array(ZDataFetchRunResult),
  /** Files of this site stored by these runs. */
  stationFiles: z.number().int(),
});
export type TStationManualPullResult = z.infer<typeof ZStationManualPullResult>;

/** POST /web/data_source/fetched_files: what fetching stored; `isMatched` false lists the unmatched files. */
export const ZFetchedFilePageRequest = ZPageRequest.extend({
  dataSourceId: ZId.optional(),
  stationId: ZId.optional(),
  isMatched: z.boolean().optional(),
  keywords: z.string().trim().max(100).optional(),
});
export type TFetchedFilePageRequest = z.infer<typeof ZFetchedFilePageRequest>;

export const ZFetchedFileRecord = z.object({
  id: z.number().int(),
  dataSourceId: z.number().int(),
  dataSourceName: z.string(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  /** Mailbox and subject (e-mail) or the remote path (FTP) it came from. */
  origin: z.string(),
  isMatched: z.boolean(),
  ruleId: z.number().int().nullable(),
  ruleName: z.string().nullable(),
  stationId: z.number().int().nullable(),
  stationCode: z.string().nullable(),
  rawFileId: z.number().int().nullable(),
  /** The stored file's data receipt (issue 30), null before one is queued. */
  receipt: ZReceiptSummary.nullable(),
  ingestStatus: z.string(),
  reason: z.string(),
  createTime: z.string(),
});
export type TFetchedFileRecord = z.infer<typeof ZFetchedFileRecord>;
