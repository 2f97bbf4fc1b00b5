import type {
  TDataFetchType,
  TDataSourceProtocol,
  TDataSourceRecord,
  TDataSourceSaveRequest,
  TDatasetVersion,
  TDoubt,
  TFieldDelimiter,
  TFileMatchRuleRecord,
  TFileMatchRuleSaveRequest,
  TParseRule,
  TParseRuleRecord,
  TParseRuleSave,
  TParseTask,
  TRawFileStatus,
  TRecognition,
  TRecognizedChannel,
  TSmtpSecurity,
} from '@masthub/shared';
import { isResolvedByEdit } from '@masthub/shared/ingestion/doubt-edits.ts';

/** Site data files of SPEC §5 (several at once), lidar and sodar files included (issue 31). */
export const SITE_UPLOAD_EXTENSIONS = ['csv', 'txt', 'xls', 'xlsx', 'dat', 'sta', 'mnd', 'hpl'] as const;
/** Vendor binaries and mesoscale files: stored as raw files, never parsed. */
export const STORE_ONLY_EXTENSIONS = ['rld', 'rwd', 'wnd'] as const;
/** The picker's `accept` for a site upload. */
export const SITE_UPLOAD_ACCEPT = [...SITE_UPLOAD_EXTENSIONS, ...STORE_ONLY_EXTENSIONS]
  .map((extension) => `.${extension}`)
  .join(',');
/** Largest data file the server takes (DATA_UPLOAD_MAX_BYTES). */
export const UPLOAD_MAX_BYTES = 1024 * 1024 * 1024;
/** Most files in one upload (DATA_UPLOAD_MAX_FILES). */
export const UPLOAD_MAX_FILES = 100;

/** The lower-case extension of a file name without the dot, or ''. */
export function fileExtension(fileName: string): string {
  return /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
}

/** Whether a file is only stored (vendor binary, mesoscale .wnd), judged by its name. */
export function isStoreOnlyName(fileName: string): boolean {
  return (STORE_ONLY_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));
}

/** Why a picked file cannot be uploaded to a site (checked before sending), or undefined. */
export function uploadProblem(fileName: string, sizeBytes: number): 'type' | 'size' | 'empty' | undefined {
  const extension = fileExtension(fileName);
  const allowed: readonly string[] = [...SITE_UPLOAD_EXTENSIONS, ...STORE_ONLY_EXTENSIONS];
  if (!allowed.includes(extension)) return 'type';
  if (sizeBytes > UPLOAD_MAX_BYTES) return 'size';
  if (sizeBytes === 0) return 'empty';
  return undefined;
}

/** The i18n key part of each delimiter a rule may name. */
export const DELIMITER_KEYS: Record<TFieldDelimiter, 'comma' | 'semicolon' | 'tab' | 'space'> = {
  ',': 'comma',
  ';': 'semicolon',
  '\t': 'tab',
  ' ': 'space',
};
export const DELIMITERS = Object.keys(DELIMITER_KEYS) as TFieldDelimiter[];

/** Whether a parse task has ended (no more polling). */
export function isTaskFinished(status: TParseTask['status']): boolean {
  return status !== 'pending' && status !== 'parsing';
}

/** The tag colour of a raw file's or a task's status. */
export function statusColor(status: TRawFileStatus | TParseTask['status']): string {
  switch (status) {
    case 'parsed':
      return 'success';
    case 'failed':
      return 'error';
    case 'stored_not_parsed':
      return 'default';
    case 'duplicate':
    case 'held':
      return 'warning';
    default:
      return 'processing';
  }
}

/**
 * The doubts of a recognition still open as the user edited the preview (issue 40), as the server judges
 * them (confirm-doubts.ts): a doubt about a column or the time axis is resolved by changing what it is
 * about or leaving the column out; a column's values' doubt by changing its element or unit (the server
 * judges the values again as confirmed and may raise one again); the file's by confirming it as it is.
 */
export function openDoubts(
  recognition: TRecognition,
  rule: TParseRule,
  channels: readonly TRecognizedChannel[],
): TDoubt[] {
  return (recognition.doubts ?? []).filter((doubt) => !isResolvedByEdit(doubt, recognition, rule, channels));
}

/** Statuses a raw file can be parsed again from. */
export function canReparse(status: TRawFileStatus): boolean {
  return status === 'failed' || status === 'stored_not_parsed';
}

/**
 * The site's data range: that of the original version (what ingestion wrote), else the widest range of
 * all versions; null before any data.
 */
export function dataRangeOf(
  versions: readonly TDatasetVersion[],
): { startTime: string; endTime: string; channelCount: number; valueCount: number } | null {
  const original = versions.find((version) => version.kind === 'original' && version.startTime);
  if (original?.startTime && original.endTime) {
    return {
      startTime: original.startTime,
      endTime: original.endTime,
      channelCount: original.channelCount,
      valueCount: original.valueCount,
    };
  }
  const withData = versions.filter((version) => version.startTime && version.endTime);
  if (withData.length === 0) return null;
  const starts = withData.map((version) => version.startTime as string).sort();
  const ends = withData.map((version) => version.endTime as string).sort();
  return {
    startTime: starts[0] as string,
    endTime: ends[ends.length - 1] as string,
    channelCount: Math.max(...withData.map((version) => version.channelCount)),
    valueCount: Math.max(...withData.map((version) => version.valueCount)),
  };
}

/** A copy of the channels with one changed (the preview's editable channel table). */
export function updateChannel(
  channels: readonly TRecognizedChannel[],
  index: number,
  patch: Partial<TRecognizedChannel>,
): TRecognizedChannel[] {
  return channels.map((channel, i) => (i === index ? { ...channel, ...patch } : channel));
}

/** dataKeys used by more than one channel (the server keys stored columns by them). */
export function duplicateDataKeys(channels: readonly TRecognizedChannel[]): string[] {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const channel of channels) {
    const key = channel.dataKey.trim();
    if (seen.has(key)) duplicates.add(key);
    seen.add(key);
  }
  return [...duplicates];
}

/** A rule's field count of a preview's rows: the widest row. */
export function columnCount(rows: readonly (readonly string[])[]): number {
  return rows.reduce((max, row) => Math.max(max, row.length), 0);
}

/**
 * The first and last period start an import will store when the stamps are taken as period ends
 * (`isPeriodEnd`) or starts, from a recognition made with its own choice (recognised period ends are
 * already moved back one interval), and the first stamp as the file writes it. Null times stay null;
 * without an interval nothing can move.
 */
export function stampTimes(
  recognition: Pick<TRecognition, 'rule' | 'firstTime' | 'lastTime' | 'intervalMinutes'>,
  isPeriodEnd: boolean,
): { firstTime: string | null; lastTime: string | null; firstStamp: string | null } {
  const stepMs = (recognition.intervalMinutes ?? 0) * 60_000;
  const recognisedEnd = recognition.rule.timestampIsPeriodEnd;
  const move = (iso: string | null, deltaMs: number) =>
    iso === null || stepMs === 0 ? iso : new Date(Date.parse(iso) + deltaMs).toISOString();
  // The file's own stamps: the recognised starts, moved forward again when they were period ends.
  const firstStamp = move(recognition.firstTime, recognisedEnd ? stepMs : 0);
  const lastStamp = move(recognition.lastTime, recognisedEnd ? stepMs : 0);
  return {
    firstTime: move(firstStamp, isPeriodEnd ? -stepMs : 0),
    lastTime: move(lastStamp, isPeriodEnd ? -stepMs : 0),
    firstStamp,
  };
}

// ---------------------------------------------------------------------------------------------------
// Parse rules.

/** A new rule's starting values: a comma-separated UTF-8 file with one header row. */
export const DEFAULT_PARSE_RULE: TParseRule = {
  encoding: 'utf-8',
  fieldStartRow: 1,
  fieldDelimiter: ',',
  dataStartRow: 2,
  dataDelimiter: ',',
  dataStartColumn: 2,
  dateStartColumn: 1,
  dateEndColumn: 1,
  dateFormat: 'YYYY-MM-DD HH:mm:ss',
  missingValue: '',
  utcOffsetMinutes: 480,
  timestampIsPeriodEnd: false,
};

export interface ParseRuleFormValues {
  name: string;
  notes: string;
  rule: TParseRule;
}

export function toParseRuleForm(record: TParseRuleRecord | undefined): ParseRuleFormValues {
  if (!record) return { name: '', notes: '', rule: { ...DEFAULT_PARSE_RULE } };
  return { name: record.name, notes: record.notes, rule: { ...DEFAULT_PARSE_RULE, ...record.rule } };
}

/** The save body; the channel mapping a rule carries is kept as it was. */
export function toParseRuleSave(
  values: ParseRuleFormValues,
  record: TParseRuleRecord | undefined,
): TParseRuleSave {
  return {
    ...(record ? { id: record.id } : {}),
    name: (values.name ?? '').trim(),
    notes: (values.notes ?? '').trim(),
    rule: { ...DEFAULT_PARSE_RULE, ...values.rule, missingValue: values.rule?.missingValue ?? '' },
    channels: record?.channels ?? [],
  };
}

// ---------------------------------------------------------------------------------------------------
// Data sources.

export const PROTOCOLS_BY_TYPE: Record<TDataFetchType, TDataSourceProtocol[]> = {
  email: ['imaps', 'imap'],
  ftp: ['ftp', 'ftps'],
};

const DEFAULT_PORTS: Record<TDataSourceProtocol, number> = { imap: 143, imaps: 993, ftp: 21, ftps: 21 };

export function defaultPort(protocol: TDataSourceProtocol): number {
  return DEFAULT_PORTS[protocol];
}

export interface DataSourceFormValues {
  name: string;
  fetchType: TDataFetchType;
  protocol: TDataSourceProtocol;
  host: string;
  port: number | null;
  isSsl: boolean;
  username: string;
  password: string;
  folder: string;
  intervalMinutes: number | null;
  isEnabled: boolean;
  /** Sending (SMTP) of an e-mail source; blank host = it does not send. */
  smtpHost: string;
  smtpPort: number | null;
  smtpSecurity: TSmtpSecurity;
  smtpUsername: string;
  smtpPassword: string;
}

export function toDataSourceForm(record: TDataSourceRecord | undefined): DataSourceFormValues {
  if (!record) {
    return {
      name: '',
      fetchType: 'email',
      protocol: 'imaps',
      host: '',
      port: 993,
      isSsl: true,
      username: '',
      password: '',
      folder: '',
      intervalMinutes: 60,
      isEnabled: true,
      smtpHost: '',
      smtpPort: null,
      smtpSecurity: 'tls',
      smtpUsername: '',
      smtpPassword: '',
    };
  }
  return {
    name: record.name,
    fetchType: record.fetchType,
    protocol: record.protocol,
    host: record.host,
    port: record.port,
    isSsl: record.isSsl,
    username: record.username,
    // Write-only: blank keeps the stored one.
    password: '',
    folder: record.folder,
    intervalMinutes: record.intervalMinutes,
    isEnabled: record.isEnabled,
    smtpHost: record.smtpHost,
    smtpPort: record.smtpPort,
    smtpSecurity: record.smtpSecurity,
    smtpUsername: record.smtpUsername === record.username ? '' : record.smtpUsername,
    smtpPassword: '',
  };
}

/** The save (and test-connection) body: a blank password is left out so the stored one is kept. */
export function toDataSourceSave(
  values: DataSourceFormValues,
  id: number | undefined,
): TDataSourceSaveRequest {
  const password = values.password ?? '';
  return {
    ...(id !== undefined ? { id } : {}),
    name: (values.name ?? '').trim(),
    fetchType: values.fetchType,
    protocol: values.protocol,
    host: (values.host ?? '').trim(),
    port: values.port ?? undefined,
    isSsl: values.isSsl,
    username: (values.username ?? '').trim(),
    ...(password !== '' ? { password } : {}),
    folder: (values.folder ?? '').trim() || null,
    intervalMinutes: values.intervalMinutes ?? null,
    isEnabled: values.isEnabled ?? true,
    smtpHost: values.fetchType === 'email' ? (values.smtpHost ?? '').trim() : '',
    smtpPort: values.smtpPort ?? null,
    smtpSecurity: values.smtpSecurity ?? 'tls',
    smtpUsername: (values.smtpUsername ?? '').trim(),
    ...((values.smtpPassword ?? '') !== '' ? { smtpPassword: values.smtpPassword } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------
// File-match rules.

export interface FileMatchFormValues {
  name: string;
  dataSourceId: number | null;
  folder: string;
  inbox: string;
  fileTypeSuffixes: string[];
  conditions: TFileMatchRuleSaveRequest['conditions'];
  stationMode: TFileMatchRuleSaveRequest['stationMode'];
  stationId: number | null;
  stationCodeRegex: string;
  stationCodeStart: number;
  stationCodeLength: number;
  sortOrder: number;
  isEnabled: boolean;
  notes: string;
}

export function toFileMatchForm(record: TFileMatchRuleRecord | undefined): FileMatchFormValues {
  if (!record) {
    return {
      name: '',
      dataSourceId: null,
      folder: '',
      inbox: '',
      fileTypeSuffixes: [],
      conditions: [],
      stationMode: 'fixed',
      stationId: null,
      stationCodeRegex: '',
      stationCodeStart: 1,
      stationCodeLength: 6,
      sortOrder: 0,
      isEnabled: true,
      notes: '',
    };
  }
  return {
    name: record.name,
    dataSourceId: record.dataSourceId,
    folder: record.folder,
    inbox: record.inbox,
    fileTypeSuffixes: record.fileTypeSuffixes,
    conditions: record.conditions,
    stationMode: record.stationMode,
    stationId: record.stationId,
    stationCodeRegex: record.stationCodeRegex,
    stationCodeStart: record.stationCodeStart,
    stationCodeLength: record.stationCodeLength,
    sortOrder: record.sortOrder,
    isEnabled: record.isEnabled,
    notes: record.notes,
  };
}

/** The save body: a site only for the 'fixed' mode, the name kept as typed (whitespace is refused, not trimmed). */
export function toFileMatchSave(
  values: FileMatchFormValues,
  id: number | undefined,
): Record<string, unknown> {
  const isFixed = values.stationMode === 'fixed';
  return {
    ...(id !== undefined ? { id } : {}),
    name: values.name ?? '',
    dataSourceId: values.dataSourceId ?? null,
    folder: values.folder ?? '',
    inbox: values.inbox ?? '',
    fileTypeSuffixes: values.fileTypeSuffixes ?? [],
    conditions: values.conditions ?? [],
    stationMode: values.stationMode,
    stationId: isFixed ? (values.stationId ?? null) : null,
    stationCodeRegex: isFixed ? '' : (values.stationCodeRegex ?? ''),
    stationCodeStart: values.stationCodeStart ?? 1,
    stationCodeLength: values.stationCodeLength ?? 6,
    sortOrder: values.sortOrder ?? 0,
    isEnabled: values.isEnabled ?? true,
    notes: values.notes ?? '',
  };
}
