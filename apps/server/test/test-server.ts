import type { FeatureKey } from '@masthub/shared';
import { hashPassword } from '../src/platform/auth/passwords.ts';
import { loadConfig } from '../src/platform/config.ts';
import type { Database } from '../src/platform/db/database.ts';
import { createLogger } from '../src/platform/logger.ts';
import { createServer, type TServer } from '../src/server.ts';
import { createTestDatabase } from './db.ts';

export const TEST_ADMIN_PASSWORD = 'Admin#2026pw';

export interface TTestServer extends TServer {
  /** Calls the API in-process; returns the HTTP status and the parsed envelope. */
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options?: { token?: string; body?: unknown; language?: 'ZH' | 'EN'; headers?: Record<string, string> },
  ): Promise<{ status: number; body: { code: number; msg: string; data: any } }>;
  login(account: string, password: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * A whole MastHub server on its own fresh database, seeded with the administrator only by default.
 * `routeDatabase` gives the address the server uses for that database (a TCP proxy in front of it);
 * `hooks` are createServer's (e.g. starting the worker threads with the server, as `npm start` does).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: {
    routeDatabase?: (url: string) => Promise<string>;
    hooks?: Parameters<typeof createServer>[2];
  } = {},
): Promise<TTestServer> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: options.routeDatabase ? await options.routeDatabase(database.url) : database.url,
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    SEED_DEMO_DATA: 'false',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // Slowed logins wait milliseconds, not seconds, in tests that do not look at the delay itself.
    LOGIN_DELAY_BASE_MS: '10',
    LOGIN_DELAY_MAX_MS: '100',
    ...env,
  });
  const server = await createServer(config, createLogger(config), options.hooks);
  const call: TTestServer['call'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.token = options.token;
    if (options.language) headers.language = options.language;
    const response = await server.app.inject({
      method,
      url,
      headers,
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
    return { status: response.statusCode, body: response.json() };
  };
  return {
    ...server,
    call,
    login: async (account, password) => {
      const r = await call('POST', '/api/security/sys/user/login', { body: { account, password } });
      if (r.status !== 200) throw new Error(`login failed: ${r.body.msg}`);
      return r.body.data.token as string;
    },
    stop: async () => {
      await server.close();
      await database.drop();
    },
  };
}

let sequence = 0;

/** scrypt hashes by password: factories make hundreds of users with the same few passwords. */
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** Factory: a user with a role granting `features` (and data scope), ready to log in. */
export async function buildUser(
  db: Database,
  options: {
    account?: string;
    password?: string;
    features?: FeatureKey[];
    dataScope?: 'all' | 'list';
    isEnabled?: boolean;
    /** Use an existing role instead of creating one. */
    roleId?: number;
    companyId?: number;
    deptId?: number;
  } = {},
): Promise<{ id: number; account: string; password: string; roleId: number }> {
  sequence += 1;
  // The separator keeps accounts unique: `user_12` + `345` and `user_123` + `45` once made the same one.
  const account = options.account ?? `user_${sequence}_${Date.now() % 1000}`;
  const password = options.password ?? 'Secret#123a';
  const role =
    options.roleId !== undefined
      ? { id: options.roleId }
      : await db
          .insertInto('role')
          .values({ name: `role ${account}`, data_scope: options.dataScope ?? 'list' })
          .returning('id')
          .executeTakeFirstOrThrow();
  if (options.roleId === undefined && options.features?.length) {
    await db
      .insertInto('role_feature')
      .values(options.features.map((feature) => ({ role_id: role.id, feature })))
      .execute();
  }
  const user = await db
    .insertInto('app_user')
    .values({
      account,
      user_name: `User ${sequence}`,
      password_hash: await hashOnce(password),
      role_id: role.id,
      is_enabled: options.isEnabled ?? true,
      company_id: options.companyId ?? null,
      dept_id: options.deptId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: user.id, account, password, roleId: role.id };
}

let stationSequence = 0;

/** Factory: a live station with a unique 6-digit code, optionally owned by a user. */
export async function buildStation(
  db: Database,
  options: {
    ownerId?: number | null;
    projectName?: string;
    province?: string;
    loggerUtcOffset?: number;
  } = {},
): Promise<{ id: number; stationCode: string }> {
  stationSequence += 1;
  const stationCode = String(900000 + stationSequence);
  const row = await db
    .insertInto('station')
    .values({
      station_code: stationCode,
      project_name: options.projectName ?? `测试项目 ${stationSequence}`,
      province: options.province ?? '河北省',
      longitude: 115 + stationSequence / 100,
      latitude: 40,
      owner_id: options.ownerId ?? null,
      // Test files are written in UTC; the product default is Beijing time (see the zone tests).
      logger_utc_offset_minutes: options.loggerUtcOffset ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, stationCode };
}

/** Factory: gives a role a list of stations (role_station). */
export async function grantRoleStations(db: Database, roleId: number, stationIds: number[]): Promise<void> {
  await db
    .insertInto('role_station')
    .values(stationIds.map((station_id) => ({ role_id: roleId, station_id })))
    .execute();
}

/** Factory: assigns stations to a user directly (user_station). */
export async function assignStations(db: Database, userId: number, stationIds: number[]): Promise<void> {
  await db
    .insertInto('user_station')
    .values(stationIds.map((station_id) => ({ user_id: userId, station_id })))
    .execute();
}
