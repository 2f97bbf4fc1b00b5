import type { TChannelHeightReference, TChannelIea43, TChannelStatistic } from '@masthub/shared';
import type { ColumnType, Generated } from 'kysely';

/** Timestamps are read as Date and written as Date or ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface CompanyTable {
  id: Generated<number>;
  name: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DeptTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface RoleTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  is_admin: Generated<boolean>;
  data_scope: Generated<'all' | 'list'>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  requires_second_factor: Generated<boolean>;
  /** Key of the name (and, `roleDescription.*`, the description) in BUILTIN_NAMES for a role MastHub created (0041). */
  builtin_key: Generated<string | null>;
}

export interface RoleFeatureTable {
  role_id: number;
  feature: string;
}

export interface AppUserTable {
  id: Generated<number>;
  account: string;
  user_name: string;
  password_hash: string;
  role_id: number | null;
  company_id: number | null;
  dept_id: number | null;
  phone: string | null;
  email: string | null;
  is_enabled: Generated<boolean>;
  is_deleted: Generated<boolean>;
  created_at: CreatedAt;
  last_login_at: Timestamp | null;
  password_changed_at: ColumnType<Date, Date | string | undefined, Date | string>;
  is_builtin: Generated<boolean>;
  updated_at: UpdatedAt;
  deleted_at: Timestamp | null;
}

export interface AuthTokenTable {
  id: Generated<number>;
  user_id: number;
  token_hash: Buffer;
  created_at: CreatedAt;
  expires_at: Timestamp;
  last_used_at: ColumnType<Date, Date | string | undefined, Date | string>;
  revoked_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginAttemptTable {
  id: Generated<number>;
  account: string;
  user_id: number | null;
  ip: string;
  user_agent: string | null;
  success: boolean;
  reason: string;
  created_at: CreatedAt;
  user_name: string | null;
  role_name: string | null;
  user_type: 'admin' | 'normal' | null;
  device_id: number | null;
  actor_account: string | null;
  /** The personal access token a call was made with (migration 0031); null for logins. */
  token_name: Generated<string | null>;
}

/** A personal access token (migration 0031): only the SHA-256 of its secret is stored. */
export interface AccessTokenTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: Buffer;
  prefix: string;
  scopes: string[];
  /** The sites the token is limited to (within the user's own); null = all the user's sites. */
  station_ids: (number | string)[] | null;
  expires_at: Timestamp;
  created_at: CreatedAt;
  last_used_at: Timestamp | null;
  last_used_ip: string | null;
  revoked_at: Timestamp | null;
  revoked_by: number | null;
}

/** A webhook (migration 0033): a URL subscribed to events, its secret sealed. */
export interface WebhookTable {
  id: Generated<number>;
  company_id: number | null;
  created_by: number;
  name: string;
  url: string;
  events: string[];
  secret_sealed: Buffer;
  secret_prefix: string;
  is_enabled: Generated<boolean>;
  /** The sites of the call that made it (migration 0036); null: every site the creator sees. */
  station_ids: (number | string)[] | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** One event for one webhook: the outbox row the 'webhook.send' job works through. */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  webhook_id: number;
  event_id: string;
  kind: string;
  station_ids: Generated<(number | string)[]>;
  body: string;
  status: Generated<'pending' | 'sending' | 'delivered' | 'failed' | 'skipped'>;
  attempts: Generated<number>;
  max_attempts: number;
  lease_until: Timestamp | null;
  last_status_code: number | null;
  last_duration_ms: number | null;
  last_error: Generated<string>;
  created_at: CreatedAt;
  finished_at: Timestamp | null;
}

/** One attempt of a delivery: the receiver's status code (null: no answer), how long it took, why it failed. */
export interface WebhookAttemptTable {
  id: Generated<number>;
  delivery_id: number;
  attempt: number;
  status_code: number | null;
  duration_ms: number;
  error: Generated<string>;
  created_at: CreatedAt;
}

/** A browser that has logged in to an account before (migration 0011); the token is stored as SHA-256. */
export interface LoginDeviceTable {
  id: Generated<number>;
  user_id: number;
  token_hash: Buffer;
  created_at: CreatedAt;
  last_used_at: ColumnType<Date, Date | string | undefined, Date | string>;
  second_factor_until: Timestamp | null;
}

export interface MessageTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  message: string;
  description: Generated<string>;
  message_type: Generated<string>;
  /** The title and description as texts (shared TText), rendered in the reader's language (issue 26). */
  message_text: ColumnType<unknown, string | null | undefined, string | null>;
  description_text: ColumnType<unknown, string | null | undefined, string | null>;
  /** The sites the message concerns (migration 0037); empty: none known, outside every narrowed call. */
  station_ids: Generated<(number | string)[]>;
  is_read: Generated<boolean>;
  is_ignored: Generated<boolean>;
  created_at: CreatedAt;
}

export interface StationTable {
  id: Generated<number>;
  station_code: string;
  project_name: string;
  station_type: Generated<string>;
  region_code: string | null;
  province: string | null;
  location: string | null;
  longitude: number;
  latitude: number;
  altitude_m: number | null;
  pylon_height_m: number | null;
  logger_utc_offset_minutes: Generated<number>;
  status: Generated<number>;
  start_time: Timestamp | null;
  data_time: Timestamp | null;
  owner_id: number | null;
  creator_id: number | null;
  notes: Generated<string>;
  is_deleted: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  // Site register (migration 0004).
  manufacturer_id: number | null;
  owner_party_id: number | null;
  data_admin_id: number | null;
  warn_type: Generated<string>;
  warn_status: Generated<number>;
  warranty_start: DateColumn | null;
  warranty_end: DateColumn | null;
  install_start: DateColumn | null;
  install_end: DateColumn | null;
  sim: Generated<string>;
  repair_emails: Generated<string[]>;
  cc_emails: Generated<string[]>;
  // Parse rule of the site (migration 0006).
  parse_rule_id: number | null;
  // Remote-sensing device (migration 0027).
  device_model: Generated<string>;
  device_serial: Generated<string>;
  device_firmware: Generated<string>;
  measurement_heights_m: Generated<number[]>;
}

// Site register (migration 0004). node-postgres reads a `date` column as local midnight; write 'YYYY-MM-DD'.
type DateColumn = ColumnType<Date, string, string>;

export interface OwnerTable {
  id: Generated<number>;
  name: string;
  phone: Generated<string>;
  email: Generated<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DeviceTypeTable {
  id: Generated<number>;
  name: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ManufacturerTable {
  id: Generated<number>;
  device_type_id: number;
  name: string;
  model: Generated<string>;
  contact: Generated<string>;
  telephone: Generated<string>;
  email: Generated<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface TagGroupTable {
  id: Generated<number>;
  name: string;
  created_at: CreatedAt;
}

export interface TagTable {
  id: Generated<number>;
  name: string;
  color: Generated<string>;
  is_enabled: Generated<boolean>;
  group_id: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface StationTagTable {
  station_id: number;
  tag_id: number;
  created_at: CreatedAt;
}

export interface PersonalConfigTable {
  user_id: number;
  type: string;
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: UpdatedAt;
}

export interface StationLogTable {
  id: Generated<number>;
  operator_id: number | null;
  operator_account: string;
  operator_name: string;
  operate_time: CreatedAt;
  type: 'add' | 'edit' | 'delete';
  location: string;
  /** What older versions wrote as prose; '' for rows with `objects_text`. */
  objects: Generated<string>;
  /** The description as a text (shared TText), rendered in the reader's language (issue 26). */
  objects_text: ColumnType<unknown, string | null | undefined, string | null>;
  station_id: number | null;
  station_code: string | null;
  details: ColumnType<unknown, string | null | undefined, string | null>;
}
// End of site register tables.

export interface RoleStationTable {
  role_id: number;
  station_id: number;
}

export interface UserStationTable {
  user_id: number;
  station_id: number;
  created_at: CreatedAt;
}

// Site assets (migration 0005, issue 4 part B).
export interface StationAttachmentTable {
  id: Generated<number>;
  station_id: number;
  file_name: string;
  extension: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  uploader_id: number | null;
  uploader_name: string;
  created_at: CreatedAt;
}

export interface StationPasswordRecordTable {
  id: Generated<number>;
  station_id: number;
  kind: 'logger' | 'sim' | 'other';
  target: Generated<string>;
  secret: Buffer;
  effective_time: ColumnType<Date, Date | string | undefined, Date | string>;
  notes: Generated<string>;
  creator_id: number | null;
  creator_name: string;
  created_at: CreatedAt;
}

export interface ChannelConfigTable {
  id: Generated<number>;
  station_id: number;
  name: string;
  effective_from: Timestamp;
  notes: Generated<string>;
  updater_id: number | null;
  updater_name: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** Key of the name in BUILTIN_NAMES for a configuration the seed wrote (0041); null once renamed. */
  builtin_key: Generated<string | null>;
}

export interface ChannelConfigChannelTable {
  id: Generated<number>;
  config_id: number;
  position: number;
  channel_name: string;
  element: string;
  measurement_type: Generated<string>;
  height_m: number | null;
  tag: Generated<string>;
  data_key: string;
  unit: Generated<string>;
  statistic: TChannelStatistic;
  boom_orientation_deg: number | null;
  sensor_make: Generated<string>;
  sensor_model: Generated<string>;
  sensor_serial: Generated<string>;
  vane_offset_deg: number | null;
  calibration_slope: number | null;
  calibration_offset: number | null;
  // Migration 0044 (issue 44): the point's height reference, the logger-stated height, Task 43 kept as it came.
  height_reference: Generated<TChannelHeightReference>;
  logger_height_m: number | null;
  iea43: ColumnType<TChannelIea43 | null, string | null | undefined, string | null>;
}
// End of site assets tables.

// Loggers and the Task 43 properties of a site (migration 0044, issue 44).
export interface StationLoggerTable {
  id: Generated<number>;
  station_id: number;
  position: number;
  logger_oem_id: Generated<string>;
  logger_model_name: Generated<string>;
  logger_serial_number: Generated<string>;
  logger_firmware_version: Generated<string>;
  logger_id: Generated<string>;
  logger_name: Generated<string>;
  offset_from_utc_hrs: number | null;
  averaging_period_minutes: number | null;
  timestamp_is_end_of_period: boolean | null;
  date_from: Date;
  date_to: Date | null;
  properties: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
}

export interface StationIea43Table {
  station_id: number;
  document: ColumnType<Record<string, unknown>, string | undefined, string>;
  location: ColumnType<Record<string, unknown>, string | undefined, string>;
  kept_points: ColumnType<{ index: number; point: Record<string, unknown> }[], string | undefined, string>;
  imported_at: UpdatedAt;
}

// Sensors and their calibrations (migration 0043, issue 44).
export interface SensorTable {
  id: Generated<number>;
  oem: Generated<string>;
  model: Generated<string>;
  serial_number: string;
  sensor_type_id: Generated<string>;
  classification: Generated<string>;
  is_heated: boolean | null;
  notes: Generated<string>;
  properties: ColumnType<Record<string, unknown>, string | undefined, string>;
  creator_id: number | null;
  creator_name: Generated<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One point of a calibration's uncertainty, as IEA Task 43 writes it. */
export interface TCalibrationUncertaintyRow {
  reference_bin: number | null;
  reference_unit: string | null;
  combined_uncertainty: number | null;
}

export interface SensorCalibrationTable {
  id: Generated<number>;
  sensor_id: number;
  measurement_type_id: Generated<string>;
  slope: number | null;
  offset: number | null;
  sensitivity: number | null;
  calibration_id: Generated<string>;
  date_of_calibration: DateColumn | null;
  revision: Generated<string>;
  calibration_organisation: Generated<string>;
  place_of_calibration: Generated<string>;
  report_file_name: Generated<string>;
  report_link: Generated<string>;
  uncertainty_k_factor: number | null;
  calibration_uncertainty: ColumnType<
    TCalibrationUncertaintyRow[] | null,
    string | null | undefined,
    string | null
  >;
  notes: Generated<string>;
  properties: ColumnType<Record<string, unknown>, string | undefined, string>;
  source: 'iea43' | 'certificate' | 'manual';
  certificate: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  certificate_pdf_sha256: string | null;
  certificate_pdf_name: Generated<string>;
  creator_id: number | null;
  creator_name: Generated<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A site's calibration campaign rule (migration 0045). */
export interface SensorCampaignRuleTable {
  station_id: number;
  recalibration_months: number | null;
  is_post_campaign_required: Generated<boolean>;
  campaign_end: DateColumn | null;
  updated_by: number | null;
  updater_name: Generated<string>;
  updated_at: UpdatedAt;
}

/** A channel re-scaled to its certificate on a working version, with what it replaced (migration 0045). */
export interface CalibrationCorrectionTable {
  id: Generated<number>;
  station_id: number;
  version_id: number;
  task_id: number | null;
  undo_task_id: number | null;
  calibration_id: number | null;
  params: Json<Record<string, unknown>>;
  undo: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  status: Generated<'queued' | 'applied' | 'undone'>;
  created_by: number | null;
  creator_name: Generated<string>;
  created_at: CreatedAt;
  applied_at: Timestamp | null;
  undone_at: Timestamp | null;
}

/** What a gap reconstruction replaced, per target channel, until its undo (migration 0047). */
export interface ReconstructionUndoTable {
  task_id: number;
  version_id: number;
  entries: Json<Record<string, unknown>[]>;
  undo_task_id: number | null;
  undone_at: Timestamp | null;
}

// Data sources, file-match rules and fetching (migration 0007).
type Jsonb<T> = ColumnType<T, string, string>;

export interface DataSourceTable {
  id: Generated<number>;
  name: string;
  fetch_type: 'email' | 'ftp';
  protocol: 'imap' | 'imaps' | 'ftp' | 'ftps';
  host: string;
  port: number;
  is_ssl: Generated<boolean>;
  username: string;
  secret: Buffer | null;
  folder: Generated<string>;
  schedule_cron: Generated<string>;
  interval_minutes: number | null;
  is_enabled: Generated<boolean>;
  next_run_at: Timestamp | null;
  run_lease_until: Timestamp | null;
  last_run_at: Timestamp | null;
  last_run_status: 'running' | 'success' | 'failed' | null;
  last_run_error: Generated<string>;
  last_run_summary: Jsonb<Record<string, unknown>> | null;
  imap_cursor: ColumnType<Record<string, { validity: number; uid: number }>, string | undefined, string>;
  smtp_host: Generated<string>;
  smtp_port: number | null;
  smtp_security: ColumnType<'tls' | 'starttls' | 'none', 'tls' | 'starttls' | 'none' | undefined>;
  smtp_username: Generated<string>;
  smtp_secret: Buffer | null;
  creator_id: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface FileMatchRuleTable {
  id: Generated<number>;
  name: string;
  data_source_id: number | null;
  folder: Generated<string>;
  inbox: Generated<string>;
  conditions: ColumnType<
    { component: string; operator: string; value: string }[],
    string | undefined,
    string
  >;
  file_type_suffixes: Generated<string[]>;
  station_mode: 'fixed' | 'fromName';
  station_id: number | null;
  station_code_regex: Generated<string>;
  station_code_start: Generated<number>;
  station_code_length: Generated<number>;
  sort_order: Generated<number>;
  is_enabled: Generated<boolean>;
  notes: Generated<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DataFetchRunTable {
  id: Generated<number>;
  data_source_id: number;
  trigger: 'schedule' | 'manual' | 'station';
  station_id: number | null;
  user_id: number | null;
  status: 'running' | 'success' | 'failed';
  error: Generated<string>;
  summary: ColumnType<Record<string, unknown>, string | undefined, string>;
  started_at: CreatedAt;
  finished_at: Timestamp | null;
}

export interface FetchedItemTable {
  id: Generated<number>;
  data_source_id: number;
  item_key: string;
  kind: 'email' | 'ftp';
  mailbox: Generated<string>;
  uid: number | null;
  message_id: Generated<string>;
  subject: Generated<string>;
  sender: Generated<string>;
  remote_path: Generated<string>;
  size_bytes: number | null;
  status: 'pending' | 'done';
  attempts: Generated<number>;
  error: Generated<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface FetchedFileTable {
  id: Generated<number>;
  item_id: number;
  data_source_id: number;
  position: Generated<number>;
  file_name: string;
  size_bytes: number;
  rule_id: number | null;
  station_id: number | null;
  is_matched: boolean;
  raw_file_id: number | null;
  ingest_status: string;
  reason: Generated<string>;
  created_at: CreatedAt;
}
// End of data source tables.

// Time-series store, raw files and parse rules (migration 0006).
export interface ParseRuleTable {
  id: Generated<number>;
  name: string;
  encoding: Generated<string>;
  field_start_row: Generated<number>;
  field_delimiter: Generated<',' | ';' | '\t' | ' '>;
  data_start_row: Generated<number>;
  data_delimiter: Generated<',' | ';' | '\t' | ' '>;
  data_start_column: Generated<number>;
  date_start_column: Generated<number>;
  date_end_column: Generated<number>;
  date_format: Generated<string>;
  missing_value: Generated<string>;
  utc_offset_minutes: Generated<number>;
  timestamp_is_period_end: Generated<boolean>;
  decimal_separator: Generated<'.' | ','>;
  interval_minutes: number | null;
  channels: ColumnType<unknown[], string | undefined, string>;
  notes: Generated<string>;
  updater_id: number | null;
  updater_name: Generated<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface RawFileTable {
  id: Generated<number>;
  sha256: string;
  file_name: string;
  size_bytes: number;
  station_id: number | null;
  source: 'upload' | 'email' | 'ftp' | 'seed';
  source_ref: string | null;
  status: Generated<'pending' | 'parsing' | 'parsed' | 'failed' | 'stored_not_parsed' | 'held'>;
  progress: Generated<number>;
  reason_key: string | null;
  reason: string | null;
  reason_details: ColumnType<unknown, string | null | undefined, string | null>;
  recognized_kind: string | null;
  rule_snapshot: ColumnType<unknown, string | null | undefined, string | null>;
  first_time: Timestamp | null;
  last_time: Timestamp | null;
  value_count: Generated<number>;
  uploader_id: number | null;
  uploader_name: Generated<string>;
  created_at: CreatedAt;
  parsed_at: Timestamp | null;
}

/** A file layout confirmed for a site (migration 0039, issue 40). */
export interface StationLayoutTable {
  station_id: number;
  layout_key: string;
  kind: string;
  rule: ColumnType<unknown, string, string>;
  channels: ColumnType<unknown, string, string>;
  accepted_doubts: ColumnType<unknown, string | undefined, string>;
  file_name: Generated<string>;
  confirmed_by: number | null;
  confirmer_name: Generated<string>;
  confirmed_at: CreatedAt;
}

export interface ParsePreviewTable {
  token: string;
  sha256: string;
  file_name: string;
  size_bytes: number;
  user_id: number;
  station_id: number | null;
  recognition: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
}

export interface DatasetVersionTable {
  id: Generated<number>;
  station_id: number;
  name: string;
  kind: 'original' | 'working';
  is_view_only: Generated<boolean>;
  source_version_id: number | null;
  lineage: ColumnType<unknown[], string | undefined, string>;
  created_by: number | null;
  created_at: CreatedAt;
  creator_name: Generated<string>;
  /** Bumped by triggers on every change of the version's chunks or channels (migration 0019). */
  data_revision: Generated<number>;
  updated_at: UpdatedAt;
}

export interface TsChannelTable {
  id: Generated<number>;
  version_id: number;
  data_key: string;
  name: string;
  element: Generated<string>;
  height_m: number | null;
  statistic: Generated<string>;
  unit: Generated<string>;
  source_unit: Generated<string>;
  interval_s: number;
  position: Generated<number>;
  created_at: CreatedAt;
}

/**
 * One row per version × channel × month. Hash-partitioned by version_id, 16 partitions (migration 0042);
 * read through CHUNK_ROWS (timeseries/chunk-move.repository.ts) while the move of its older rows may run.
 */
export interface TsChunkTable {
  version_id: number;
  channel_id: number;
  month_start: Timestamp;
  interval_s: number;
  slot_count: number;
  value_count: number;
  first_time: Timestamp | null;
  last_time: Timestamp | null;
  values: Buffer;
  flags: Buffer;
  sources: Buffer | null;
  source_shas: Generated<string[]>;
  updated_at: UpdatedAt;
}

/** Where the resumable store.reencode job stands (migration 0032): one row, read and written by raw SQL. */
export interface TsReencodeProgressTable {
  id: Generated<boolean>;
  version_id: Generated<number>;
  channel_id: Generated<number>;
  month_start: Generated<Date>;
  reencoded: Generated<number>;
  done: Generated<boolean>;
  updated_at: UpdatedAt;
}

/**
 * Where the resumable store.partition job stands (migration 0042: ts_chunk hash-partitioned by version,
 * the rows of the table as it was moved in batches): one row, read and written by raw SQL.
 */
export interface TsChunkMoveProgressTable {
  id: Generated<boolean>;
  version_id: Generated<number>;
  channel_id: Generated<number>;
  month_start: Generated<Date>;
  moved: Generated<number>;
  reencode_pending: Generated<boolean>;
  done: Generated<boolean>;
  updated_at: UpdatedAt;
}

export interface TsVersionSummaryTable {
  version_id: number;
  first_time: Timestamp | null;
  last_time: Timestamp | null;
  channel_count: Generated<number>;
  chunk_count: Generated<number>;
  value_count: Generated<number>;
  updated_at: UpdatedAt;
}
// End of time-series tables.

// Processing (migration 0008).
export interface AlarmTable {
  id: Generated<number>;
  station_id: number;
  type: 'data_missing' | 'data_abnormal' | 'icing';
  channel_key: Generated<string>;
  rule_id: number | null;
  period_start: Timestamp;
  period_end: Timestamp;
  content: ColumnType<Record<string, unknown>, string | undefined, string>;
  is_open: Generated<boolean>;
  handle_status: ColumnType<
    'unprocessed' | 'ignore' | 'focus' | 'normal' | 'repair',
    'unprocessed' | 'ignore' | 'focus' | 'normal' | 'repair' | undefined,
    'unprocessed' | 'ignore' | 'focus' | 'normal' | 'repair'
  >;
  handler_id: number | null;
  handler_name: Generated<string>;
  handle_time: Timestamp | null;
  reason: Generated<string>;
  repair_id: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

// Repairs, contacts, the e-mail send log and reminders (migration 0013).
export interface ContactTable {
  id: Generated<number>;
  company_id: number | null;
  type: number;
  name: string;
  email: string;
  phone: Generated<string>;
  function: Generated<string>;
  creator_id: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UserCarbonCopyTable {
  user_id: number;
  emails: string[];
  updated_at: UpdatedAt;
}

export type TMailKindColumn =
  | 'repair'
  | 'reminder_warn'
  | 'reminder_report'
  | 'alarm'
  | 'report'
  | 'apply'
  | 'reminder_receipt'
  | 'security'
  | 'reminder_calibration';
export type TMailStatusColumn = 'pending' | 'sending' | 'sent' | 'failed';

export interface MailSendLogTable {
  id: Generated<number>;
  kind: TMailKindColumn;
  data_source_id: number | null;
  to_name: Generated<string>;
  to_addrs: string[];
  cc_addrs: Generated<string[]>;
  subject: string;
  body_text: string;
  language: ColumnType<'zh' | 'en', 'zh' | 'en' | undefined>;
  message_id: string;
  status: ColumnType<TMailStatusColumn, TMailStatusColumn | undefined>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  lease_until: Timestamp | null;
  last_error: Generated<string>;
  station_id: number | null;
  user_id: number | null;
  sent_at: Timestamp | null;
  /** [{ filename, sha256, contentType }]: stored files attached when sending. */
  attachments: ColumnType<TMailAttachment[], string | undefined, string>;
  created_at: CreatedAt;
}

export interface TMailAttachment {
  filename: string;
  sha256: string;
  contentType: string;
}

export interface RepairRequestTable {
  id: Generated<number>;
  station_id: number;
  station_code: string;
  project_name: Generated<string>;
  device_type: Generated<string>;
  manufacturer_name: Generated<string>;
  receiver_addrs: string[];
  copy_addrs: Generated<string[]>;
  reason: string;
  period_start: Timestamp | null;
  period_end: Timestamp | null;
  operator_id: number | null;
  operator_name: Generated<string>;
  group_name: Generated<string>;
  mail_id: number | null;
  created_at: CreatedAt;
}

export interface RepairRecordTable {
  id: Generated<number>;
  station_id: number;
  request_id: number | null;
  fault_type: Generated<string>;
  fault_desc: Generated<string>;
  fault_start: Timestamp | null;
  maintain_result: Generated<string>;
  maintain_staff: Generated<string>;
  maintain_date: Timestamp | null;
  end_time: Timestamp | null;
  is_closed: Generated<boolean>;
  closed_by: number | null;
  closed_at: Timestamp | null;
  creator_id: number | null;
  creator_name: Generated<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** The IEA ice class of a site-year (migration 0049, issue 45 §2). */
export interface StationIceClassTable {
  station_id: number;
  year: number;
  version_id: number | null;
  ice_class: number;
  meteorological_icing_pct: number;
  instrumental_icing_pct: number | null;
  min_temperature_c: number | null;
  hours_below_minus20: Generated<number>;
  hours_below_minus30: Generated<number>;
  humidity_hours: Generated<number>;
  updated_at: UpdatedAt;
}

/** The sensors a repair touched (migration 0046, issue 44 §3). */
export interface RepairRecordSensorTable {
  repair_record_id: number;
  sensor_id: number;
}

export interface IntervalTaskTable {
  type: 'warn' | 'report' | 'receipt' | 'calibration';
  is_enabled: Generated<boolean>;
  data_source_id: number | null;
  send_time: Generated<string>;
  frequency: ColumnType<'days' | 'lastDay', 'days' | 'lastDay' | undefined>;
  every_days: Generated<number>;
  time_zone: Generated<string>;
  cron: Generated<string>;
  last_sent_at: Timestamp | null;
  updated_by: number | null;
  updated_at: UpdatedAt;
}

// Group reports (migration 0014).
export interface ReportTemplateTable {
  id: Generated<number>;
  type: number;
  name: string;
  sections: string[];
  is_builtin: Generated<boolean>;
  /** A key of the shared BUILTIN_NAMES for the templates MastHub ships; null for others. */
  builtin_key: Generated<string | null>;
  created_at: CreatedAt;
}

export interface ReportGroupTable {
  id: Generated<number>;
  name: string;
  creator_id: number | null;
  effective_start: DateColumn;
  effective_end: DateColumn;
  report_types: string[];
  weekly_template_id: number | null;
  monthly_template_id: number | null;
  auto_generate: Generated<boolean>;
  auto_send: Generated<boolean>;
  generate_time: Generated<string>;
  week: Generated<number>;
  month_day: Generated<number>;
  data_source_id: number | null;
  receiver_addrs: Generated<string[]>;
  copy_addrs: Generated<string[]>;
  language: ColumnType<'zh' | 'en', 'zh' | 'en' | undefined>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ReportGroupStationTable {
  group_id: number;
  station_id: number;
}

export interface GroupReportTable {
  id: Generated<number>;
  group_id: number;
  statement_type: 'weekly' | 'monthly';
  period_start: Timestamp;
  period_end: Timestamp;
  status: ColumnType<'generating' | 'success' | 'failure', 'generating' | 'success' | 'failure' | undefined>;
  reason: Generated<string>;
  language: ColumnType<'zh' | 'en', 'zh' | 'en' | undefined>;
  docx_sha256: string | null;
  docx_size: number | null;
  pdf_sha256: string | null;
  pdf_size: number | null;
  trigger: ColumnType<'schedule' | 'manual', 'schedule' | 'manual' | undefined>;
  created_by: number | null;
  generate_time: Timestamp | null;
  send_time: Timestamp | null;
  mail_id: number | null;
  created_at: CreatedAt;
}

export interface DataReportTable {
  id: Generated<number>;
  station_id: number;
  report_name: string;
  type: 'upload' | 'analysis';
  template_id: number | null;
  version_id: number | null;
  version_name: Generated<string>;
  element: Generated<string>;
  /** `date` columns: node-postgres reads them as local midnight (TZ=UTC in every process). */
  report_start: ColumnType<Date | null, string | null, string | null>;
  report_end: ColumnType<Date | null, string | null, string | null>;
  owner_id: number | null;
  owner_name: Generated<string>;
  status: ColumnType<'generating' | 'success' | 'failure', 'generating' | 'success' | 'failure' | undefined>;
  reason: Generated<string>;
  params: ColumnType<Record<string, unknown>, string | undefined, string>;
  language: ColumnType<'zh' | 'en', 'zh' | 'en' | undefined>;
  file_name: string | null;
  file_sha256: string | null;
  file_size: number | null;
  head_text: Generated<string>;
  source_tool: Generated<string>;
  docx_sha256: string | null;
  docx_size: number | null;
  pdf_sha256: string | null;
  pdf_size: number | null;
  build_time: Timestamp | null;
  created_at: CreatedAt;
}

export interface TurbineTable {
  id: Generated<number>;
  model: string;
  manufacturer: Generated<string>;
  rated_kw: number;
  rotor_diameter_m: number;
  hub_heights_m: Generated<number[]>;
  reference_density: Generated<number>;
  regulation: ColumnType<'pitch' | 'stall', 'pitch' | 'stall' | undefined>;
  curve: ColumnType<{ speed: number; power: number; ct: number | null }[], string, string>;
  source: Generated<string>;
  licence: Generated<string>;
  is_builtin: Generated<boolean>;
  /** IEC 61400-1 class ('I A' … 'III C', 'S'), null when not stated (migration 0025). */
  iec_class: Generated<string | null>;
  creator_id: number | null;
  creator_name: Generated<string>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface MesoscaleDatasetTable {
  id: Generated<number>;
  station_id: number;
  name: string;
  files: ColumnType<
    { fileName: string; sha256: string; sizeBytes: number; isText: boolean; headText: string }[],
    string,
    string
  >;
  wnd_sha256: string;
  status: 'parsed' | 'stored';
  reason: Generated<string>;
  utc_offset_minutes: Generated<number>;
  interval_minutes: number | null;
  first_time: Timestamp | null;
  last_time: Timestamp | null;
  record_count: Generated<number>;
  channels: ColumnType<
    { key: string; name: string; element: string; heightM: number | null; unit: string }[],
    string | undefined,
    string
  >;
  times: Buffer | null;
  uploader_id: number | null;
  uploader_name: Generated<string>;
  created_at: CreatedAt;
}

export interface MesoscaleChannelTable {
  dataset_id: number;
  key: string;
  values: Buffer;
}

export interface MesoscaleResultTable {
  id: Generated<number>;
  dataset_id: number;
  station_id: number;
  version_id: number | null;
  params: ColumnType<Record<string, unknown>, string, string>;
  summary: ColumnType<Record<string, unknown>, string, string>;
  generated_version_id: number | null;
  creator_id: number | null;
  creator_name: Generated<string>;
  created_at: CreatedAt;
}

/** A reference series of the long-term workbench (migration 0023). */
export interface ReferenceSeriesTable {
  id: Generated<number>;
  station_id: number;
  name: string;
  source: 'merra2' | 'era5' | 'vortex' | 'wnd' | 'csv' | 'synthetic';
  latitude: number;
  longitude: number;
  height_m: number;
  utc_offset_minutes: Generated<number>;
  files: ColumnType<{ fileName: string; sha256: string; sizeBytes: number }[], string, string>;
  interval_minutes: number;
  first_time: Timestamp | null;
  last_time: Timestamp | null;
  record_count: Generated<number>;
  channels: ColumnType<
    { key: string; name: string; element: string; heightM: number | null; unit: string }[],
    string | undefined,
    string
  >;
  times: Buffer;
  uploader_id: number | null;
  uploader_name: Generated<string>;
  created_at: CreatedAt;
}

export interface ReferenceSeriesColumnTable {
  reference_id: number;
  key: string;
  values: Buffer;
}

export interface DownloadApplicationTable {
  id: Generated<number>;
  applicant_id: number | null;
  applicant_name: Generated<string>;
  company_name: Generated<string>;
  group_name: Generated<string>;
  file_type: number;
  start_time: Timestamp;
  end_time: Timestamp;
  version_mode: ColumnType<'original' | 'latest', 'original' | 'latest' | undefined>;
  apply_reason: string;
  to_addr: string;
  language: ColumnType<'zh' | 'en', 'zh' | 'en' | undefined>;
  utc_offset_minutes: Generated<number>;
  audit_status: ColumnType<
    'pending' | 'approved' | 'rejected',
    'pending' | 'approved' | 'rejected' | undefined,
    'pending' | 'approved' | 'rejected'
  >;
  reviewer_id: number | null;
  reviewer_name: Generated<string>;
  review_comment: Generated<string>;
  review_time: Timestamp | null;
  export_status: 'queued' | 'running' | 'ready' | 'failed' | null;
  export_progress: Generated<number>;
  export_reason: Generated<string>;
  export_notes: ColumnType<{ stationCode: string; reason: string }[], string | undefined, string>;
  file_name: string | null;
  file_sha256: string | null;
  file_size: ColumnType<number | null, number | null | undefined, number | null>;
  link_expires_at: Timestamp | null;
  link_revoked_at: Timestamp | null;
  link_base: Generated<string>;
  data_source_id: number | null;
  mail_id: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DownloadApplicationStationTable {
  application_id: number;
  station_id: number;
  position: Generated<number>;
}

export interface DownloadLogTable {
  id: Generated<number>;
  application_id: number;
  user_id: number | null;
  user_name: Generated<string>;
  ip: Generated<string>;
  user_agent: Generated<string>;
  via: 'link' | 'app';
  created_at: CreatedAt;
}

/** Migration 0020: single-use download tickets. */
export interface DownloadTicketTable {
  token_hash: Buffer;
  application_id: number;
  user_id: number;
  via: 'link' | 'app';
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** Migration 0020: a user's sealed TOTP secret. */
export interface UserSecondFactorTable {
  user_id: number;
  secret: Buffer;
  enabled_at: Timestamp | null;
  last_step: number | null;
  created_at: CreatedAt;
  /** Wrong codes since the last right one (migration 0035), counted across processes. */
  failures: Generated<number>;
  /** Codes are refused until then after every tenth wrong one; null: not locked. */
  locked_until: Timestamp | null;
}

/** The one-time enrolment code of a forced second-factor set-up (migration 0035): its SHA-256 only. */
export interface SecondFactorEnrolmentTable {
  user_id: number;
  code_hash: Buffer;
  created_by: number | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

export interface UserRecoveryCodeTable {
  id: Generated<number>;
  user_id: number;
  code_hash: Buffer;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface LoginChallengeTable {
  id: Generated<number>;
  token_hash: Buffer;
  user_id: number;
  purpose: 'verify' | 'setup';
  device_id: number | null;
  ip: string;
  user_agent: string | null;
  failures: Generated<number>;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface StationRecoveryTable {
  station_id: number;
  window_to: ColumnType<Date, string, string>;
  valid7: number;
  valid30: number;
  expected_slots: number;
  /** Filled values of the two windows (migration 0048): valid + filled = recovery after reconstruction. */
  filled7: Generated<number>;
  filled30: Generated<number>;
}

export interface StationDayTable {
  station_id: number;
  /** `date`: written as 'YYYY-MM-DD', read as UTC midnight (TZ=UTC in every process). */
  day: ColumnType<Date, string, string>;
  valid_slots: number;
  expected_slots: number;
  /** What filled values (flag 1) add to valid_slots; null: counted before migration 0048. */
  filled_slots: number | null;
}

export interface QcRuleTable {
  id: Generated<number>;
  rule_type: 'auto_quality' | 'warn';
  kind: 'range' | 'trend' | 'height_diff' | 'missing_days' | 'custom' | 'no_data_days' | 'lidar_filter';
  name: string;
  station_id: number | null;
  params: ColumnType<Record<string, unknown>, string | undefined, string>;
  is_enabled: Generated<boolean>;
  notes: Generated<string>;
  updater_id: number | null;
  updater_name: Generated<string>;
  /** A key of the shared BUILTIN_NAMES for the rules MastHub ships (until renamed); null for others. */
  builtin_key: Generated<string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type TProcessingTaskKind =
  | 'qc'
  | 'tower_shadow'
  | 'interpolation'
  | 'extrapolation'
  | 'representative_year'
  | 'delete_data'
  | 'import'
  | 'receipt_fix'
  | 'receipt_fix_undo'
  | 'calibration_fix'
  | 'calibration_fix_undo'
  | 'reconstruct'
  | 'reconstruct_undo';

export interface ProcessingTaskTable {
  id: Generated<number>;
  version_id: number;
  station_id: number;
  kind: TProcessingTaskKind;
  status: Generated<'queued' | 'running' | 'succeeded' | 'failed'>;
  progress: Generated<number>;
  params: ColumnType<Record<string, unknown>, string | undefined, string>;
  result: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  error_key: string | null;
  error_details: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  created_by: number | null;
  creator_name: Generated<string>;
  created_at: CreatedAt;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}

export interface FlagMarkTable {
  id: Generated<number>;
  version_id: number;
  source: 'manual' | 'qc';
  task_id: number | null;
  channel_ids: number[];
  start_time: Timestamp;
  end_time: Timestamp;
  flag: number;
  note: Generated<string>;
  changed_count: Generated<number>;
  rule_counts: ColumnType<Record<string, number>, string | undefined, string>;
  undo: ColumnType<unknown[], string | undefined, string>;
  created_by: number | null;
  creator_name: Generated<string>;
  created_at: CreatedAt;
  undone_by: number | null;
  undoer_name: string | null;
  undone_at: Timestamp | null;
}

/** Raster layers of the home map (migration 0010). */
export interface MapLayerTable {
  id: Generated<number>;
  kind: 'wind_speed' | 'ghi' | 'dif' | 'dni' | 'gti' | 'pvout' | 'dem' | 'slope' | 'flat' | 'land_cover';
  name: string;
  height_m: number | null;
  unit: Generated<string>;
  file_sha256: string;
  image_sha256: string | null;
  west: number;
  south: number;
  east: number;
  north: number;
  width: number;
  height: number;
  nodata: number | null;
  is_enabled: Generated<boolean>;
  created_by: number | null;
  creator_name: Generated<string>;
  created_at: CreatedAt;
}

export interface LongtermSiteDefaultTable {
  station_id: number;
  target_version_id: number | null;
  speed_channel_id: number | null;
  speed_channel_name: string;
  direction_channel_id: number | null;
  direction_channel_name: string | null;
  /** TMcpReference as the workbench's request names it. */
  reference: ColumnType<Record<string, unknown>, string, string>;
  reference_name: Generated<string>;
  /** The site the reference lives on (migration 0038); null once it is gone. */
  reference_station_id: number | null;
  method: string;
  period: string;
  sectors: Generated<number>;
  coverage: Generated<number>;
  long_term_start: Timestamp | null;
  long_term_end: Timestamp | null;
  utc_offset_minutes: Generated<number>;
  updated_by: number | null;
  updated_by_name: Generated<string>;
  updated_at: UpdatedAt;
}

/** A typed uncertainty component of a version's energy yield (migration 0050, issue 46 §1). */
export interface EnergyUncertaintyOverrideTable {
  version_id: number;
  component_key: string;
  value_pct: number;
  updated_by: number | null;
  updated_by_name: Generated<string>;
  updated_at: UpdatedAt;
}

export interface LongtermConvergenceTable {
  station_id: number;
  computed_at: UpdatedAt;
  months: Generated<number>;
  /** [{ m, month, monthEnd, ltMeanMps, uMcp }] */
  series: ColumnType<unknown[], string | undefined, string>;
  status: 'converged' | 'not_yet' | 'too_short';
  months_needed: number | null;
  latest_lt_mps: number | null;
  previous_lt_mps: number | null;
  latest_u_mcp: number | null;
  change_three_months: number | null;
  next_month_start: Timestamp | null;
  error: string | null;
}

type TReceiptSeverity = 'info' | 'warning' | 'error';
type Json<T> = ColumnType<T, string | undefined, string>;

export interface DataReceiptTable {
  id: Generated<number>;
  raw_file_id: number;
  station_id: number;
  version_id: number | null;
  status: Generated<'pending' | 'done' | 'failed' | 'held'>;
  period_start: Timestamp | null;
  period_end: Timestamp | null;
  basic: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  /** The doubts a held file waits on (issue 40), else null. */
  doubts: ColumnType<unknown[] | null, string | null | undefined, string | null>;
  passed: Json<unknown[]>;
  skipped: Json<unknown[]>;
  finding_count: Generated<number>;
  open_count: Generated<number>;
  max_severity: TReceiptSeverity | null;
  error: string | null;
  compute_ms: number | null;
  created_at: CreatedAt;
  computed_at: Timestamp | null;
}

export interface ReceiptDismissalTable {
  id: Generated<number>;
  station_id: number;
  finding_key: string;
  channels: string[];
  period_start: Timestamp;
  period_end: Timestamp;
  reason: string;
  dismissed_by: number | null;
  dismisser_name: Generated<string>;
  created_at: CreatedAt;
}

export interface ReceiptFindingTable {
  id: Generated<number>;
  receipt_id: number;
  station_id: number;
  position: number;
  check_kind: string;
  finding_key: string;
  severity: TReceiptSeverity;
  channels: string[];
  period_start: Timestamp;
  period_end: Timestamp;
  numbers: Json<Record<string, number | null>>;
  chart: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  fix: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  status: Generated<'open' | 'dismissed' | 'fixed'>;
  dismissal_id: number | null;
}

export interface ReceiptFixTable {
  id: Generated<number>;
  finding_id: number;
  station_id: number;
  version_id: number;
  task_id: number | null;
  undo_task_id: number | null;
  fix: Json<Record<string, unknown>>;
  undo: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  status: Generated<'queued' | 'applied' | 'undone'>;
  created_by: number | null;
  creator_name: Generated<string>;
  created_at: CreatedAt;
  applied_at: Timestamp | null;
  undone_at: Timestamp | null;
}

export interface DB {
  company: CompanyTable;
  dept: DeptTable;
  role: RoleTable;
  role_feature: RoleFeatureTable;
  app_user: AppUserTable;
  auth_token: AuthTokenTable;
  login_attempt: LoginAttemptTable;
  login_device: LoginDeviceTable;
  access_token: AccessTokenTable;
  webhook: WebhookTable;
  webhook_delivery: WebhookDeliveryTable;
  webhook_attempt: WebhookAttemptTable;
  message: MessageTable;
  station: StationTable;
  role_station: RoleStationTable;
  user_station: UserStationTable;
  owner: OwnerTable;
  device_type: DeviceTypeTable;
  manufacturer: ManufacturerTable;
  tag_group: TagGroupTable;
  tag: TagTable;
  station_tag: StationTagTable;
  personal_config: PersonalConfigTable;
  station_log: StationLogTable;
  // Site assets (migration 0005).
  station_attachment: StationAttachmentTable;
  station_password_record: StationPasswordRecordTable;
  channel_config: ChannelConfigTable;
  channel_config_channel: ChannelConfigChannelTable;
  // Loggers and Task 43 properties of a site (migration 0044).
  station_logger: StationLoggerTable;
  station_iea43: StationIea43Table;
  // Sensors and their calibrations (migration 0043).
  sensor: SensorTable;
  sensor_calibration: SensorCalibrationTable;
  sensor_campaign_rule: SensorCampaignRuleTable;
  calibration_correction: CalibrationCorrectionTable;
  reconstruction_undo: ReconstructionUndoTable;
  // The IEA ice class of each site-year (migration 0049).
  station_ice_class: StationIceClassTable;
  // Data sources and file-match rules (migration 0007).
  data_source: DataSourceTable;
  file_match_rule: FileMatchRuleTable;
  alarm: AlarmTable;
  contact: ContactTable;
  user_carbon_copy: UserCarbonCopyTable;
  mail_send_log: MailSendLogTable;
  repair_request: RepairRequestTable;
  repair_record: RepairRecordTable;
  repair_record_sensor: RepairRecordSensorTable;
  interval_task: IntervalTaskTable;
  report_template: ReportTemplateTable;
  report_group: ReportGroupTable;
  report_group_station: ReportGroupStationTable;
  group_report: GroupReportTable;
  data_report: DataReportTable;
  turbine: TurbineTable;
  mesoscale_dataset: MesoscaleDatasetTable;
  mesoscale_channel: MesoscaleChannelTable;
  mesoscale_result: MesoscaleResultTable;
  // Reference series of the long-term workbench (migration 0023).
  reference_series: ReferenceSeriesTable;
  reference_series_column: ReferenceSeriesColumnTable;
  // The convergence of a running campaign (migration 0024).
  longterm_site_default: LongtermSiteDefaultTable;
  energy_uncertainty_override: EnergyUncertaintyOverrideTable;
  longterm_convergence: LongtermConvergenceTable;
  // The data receipt (migration 0026).
  data_receipt: DataReceiptTable;
  receipt_dismissal: ReceiptDismissalTable;
  receipt_finding: ReceiptFindingTable;
  receipt_fix: ReceiptFixTable;
  // Download applications and the hub (migration 0018).
  download_application: DownloadApplicationTable;
  download_application_station: DownloadApplicationStationTable;
  download_log: DownloadLogTable;
  // Tickets and the second factor (migration 0020).
  download_ticket: DownloadTicketTable;
  user_second_factor: UserSecondFactorTable;
  user_recovery_code: UserRecoveryCodeTable;
  login_challenge: LoginChallengeTable;
  second_factor_enrolment: SecondFactorEnrolmentTable;
  station_day: StationDayTable;
  station_recovery: StationRecoveryTable;
  data_fetch_run: DataFetchRunTable;
  fetched_item: FetchedItemTable;
  fetched_file: FetchedFileTable;
  // Time-series store (migration 0006).
  parse_rule: ParseRuleTable;
  raw_file: RawFileTable;
  parse_preview: ParsePreviewTable;
  station_layout: StationLayoutTable;
  dataset_version: DatasetVersionTable;
  ts_channel: TsChannelTable;
  ts_chunk: TsChunkTable;
  ts_version_summary: TsVersionSummaryTable;
  ts_reencode_progress: TsReencodeProgressTable;
  ts_chunk_move_progress: TsChunkMoveProgressTable;
  // Processing (migration 0008).
  qc_rule: QcRuleTable;
  processing_task: ProcessingTaskTable;
  flag_mark: FlagMarkTable;
  // Map layers (migration 0010).
  map_layer: MapLayerTable;
}
