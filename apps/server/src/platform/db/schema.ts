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
}

export interface RoleStationTable {
  role_id: number;
  station_id: number;
}

export interface UserStationTable {
  user_id: number;
  station_id: number;
  created_at: CreatedAt;
}

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
}
