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
}

export interface MessageTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  message: string;
  description: Generated<string>;
  message_type: Generated<string>;
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
  objects: string;
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
  statistic: 'mean' | 'max' | 'min' | 'sd';
  boom_orientation_deg: number | null;
  sensor_make: Generated<string>;
  sensor_model: Generated<string>;
  sensor_serial: Generated<string>;
  vane_offset_deg: number | null;
  calibration_slope: number | null;
  calibration_offset: number | null;
}
// End of site assets tables.

export interface DB {
  company: CompanyTable;
  dept: DeptTable;
  role: RoleTable;
  role_feature: RoleFeatureTable;
  app_user: AppUserTable;
  auth_token: AuthTokenTable;
  login_attempt: LoginAttemptTable;
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
}
