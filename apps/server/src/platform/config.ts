import path from 'node:path';
import { GEOCODER_PROVIDERS } from '@masthub/shared';
import { z } from 'zod';
import { DEFAULT_ARCHIVE_LIMITS } from './files/zip-limits.mjs';

const ZBoolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the server reads; each is documented in .env.example. */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * A PostgreSQL streaming replica of DATABASE_URL (issue 43 §5): the compute threads read chunks there when
   * it has replayed the version they read, else from the primary; everything else stays on DATABASE_URL.
   */
  DATABASE_REPLICA_URL: z
    .string()
    .url()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), 'a postgres:// or postgresql:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
  LOG_PRETTY: ZBoolean.default(false),
  ADMIN_ACCOUNT: z.string().min(1).max(20).default('admin'),
  ADMIN_PASSWORD: z.string().min(8).max(20).optional(),
  SEED_DEMO_DATA: ZBoolean.default(true),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(20),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  LOGIN_DELAY_BASE_MS: z.coerce.number().int().nonnegative().default(500),
  LOGIN_DELAY_MAX_MS: z.coerce.number().int().nonnegative().default(10_000),
  LOGIN_MAX_WAITING_PER_ACCOUNT: z.coerce.number().int().positive().default(8),
  LOGIN_MAX_FAILURES_PER_DEVICE: z.coerce.number().int().positive().default(10),
  /** Days a browser ticked "remember this device" logs in without the second factor. */
  SECOND_FACTOR_REMEMBER_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Wrong second-factor codes in a row (counted in the database, across processes) that lock the codes. */
  SECOND_FACTOR_MAX_FAILURES: z.coerce.number().int().min(3).max(100).default(10),
  /** Minutes the first lock lasts; each further one doubles it, at most a day. */
  SECOND_FACTOR_LOCK_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Calls one personal access token may make per minute; more are answered 429 (issue 32). */
  ACCESS_TOKEN_RATE_PER_MINUTE: z.coerce.number().int().positive().max(1_000_000).default(600),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(90_000),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  MAIN_COLOR: z.string().default('rgb(5,160,69)'),
  HAS_POINT_QUERY: ZBoolean.default(false),
  HELP_DOCUMENT_URL: z.string().default('/api/docs'),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: ZBoolean.default(false),
  PASSWORD_RECORD_KEY: z.string().min(32).optional(),
  JOBS_ENABLED: ZBoolean.default(true),
  /** Where stored files live: the local disk (DATA_DIR/files) or an S3-compatible bucket. */
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addresses (MinIO, most self-hosted stores). */
  S3_FORCE_PATH_STYLE: ZBoolean.default(false),
  S3_PREFIX: z.string().max(200).default(''),
  /** Logger files one worker process parses at once. */
  INGEST_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  /** Worker threads for CPU-heavy work (statistics, workbooks); default: the cores less one; 0 = on the event loop. */
  COMPUTE_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  /** Heavy calls (statistics, workbooks, energy yield, exports) one user may have running or waiting at once. */
  HEAVY_PER_USER: z.coerce.number().int().min(1).max(32).default(2),
  /** Memory (MB) for decoded columns kept between analyses of the same data (issue 33); 0 = none. */
  COLUMN_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(256),
  /** Heavy calls that may wait for their turn, per kind (computation, export); more are answered 503. */
  HEAVY_QUEUE: z.coerce.number().int().min(0).max(10_000).default(64),
  /** Restarts of the embedded PostgreSQL when it stops on its own, before the process exits non-zero. */
  EMBEDDED_DB_RESTARTS: z.coerce.number().int().min(0).max(5).default(5),
  /** Connections of the process's own database pool (the worker threads have their own: see capacity.ts). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(5).max(500).default(20),
  MAP_TILE_URL: z
    .string()
    .regex(/^(https?:\/\/|\/).*\{z\}.*$/, 'a raster XYZ URL template with {z}, {x} and {y}')
    .default(''),
  GEOCODER_PROVIDER: z.enum(GEOCODER_PROVIDERS).default('none'),
  GEOCODER_KEY: z.string().optional(),
  ALARM_SWEEP_CRON: z.string().default('*/10 * * * *'),
  REPORT_TICK_CRON: z.string().default('*/5 * * * *'),
  /** Months between a sensor's calibrations on a site without a rule of its own (issue 44 §2). */
  CALIBRATION_INTERVAL_MONTHS: z.coerce.number().int().min(1).max(240).default(12),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Send webhooks to loopback, link-local, private and unspecified addresses too (issue 32; off: SSRF guard). */
  WEBHOOK_ALLOW_PRIVATE: ZBoolean.default(false),
  /** Attempts of one webhook delivery before it is given up; the delay doubles after each failure. */
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How long one webhook request may take (connect, send, answer). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Webhook deliveries one process sends at once (a slow receiver holds one for up to the timeout). */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** Every zip and .xlsx the server opens (platform/files/archive-limits.ts): entries, MB inflated, ratio. */
  ARCHIVE_MAX_ENTRIES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(DEFAULT_ARCHIVE_LIMITS.maxEntries),
  ARCHIVE_MAX_ENTRY_MB: z.coerce
    .number()
    .positive()
    .max(4096)
    .default(DEFAULT_ARCHIVE_LIMITS.maxEntryBytes / 2 ** 20),
  ARCHIVE_MAX_TOTAL_MB: z.coerce
    .number()
    .positive()
    .max(16_384)
    .default(DEFAULT_ARCHIVE_LIMITS.maxTotalBytes / 2 ** 20),
  ARCHIVE_MAX_RATIO: z.coerce.number().min(1).max(1100).default(DEFAULT_ARCHIVE_LIMITS.maxRatio),
});

export type TConfig = Readonly<
  z.infer<typeof ZEnv> & { listenHost: string; dataDirAbs: string; webDistDirAbs: string }
>;

/** Thrown when the environment is invalid; lists every bad variable at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Whether two PostgreSQL URLs name the same host, port and database (users and options aside). */
function sameServer(a: string, b: string): boolean {
  const key = (url: string) => {
    const u = new URL(url);
    return `${u.hostname.toLowerCase()}:${u.port || '5432'}${u.pathname}`;
  };
  return key(a) === key(b);
}

/** Reads the environment once at boot. Nothing else in the server reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): TConfig {
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const value = parsed.data;
  if (value.FILE_STORE === 's3') {
    const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
      (k) => !value[k],
    );
    if (missing.length > 0) throw new ConfigError(missing.map((k) => `${k}: required when FILE_STORE=s3`));
  }
  if (value.DATABASE_REPLICA_URL) {
    // The embedded PostgreSQL has no replica; and a "replica" that is the primary is a mistake in the setting.
    if (!value.DATABASE_URL) {
      throw new ConfigError(['DATABASE_REPLICA_URL: needs DATABASE_URL (the primary it replicates)']);
    }
    if (sameServer(value.DATABASE_REPLICA_URL, value.DATABASE_URL)) {
      throw new ConfigError(['DATABASE_REPLICA_URL: names the same server and database as DATABASE_URL']);
    }
  }
  const webDistDirAbs = value.WEB_DIST_DIR
    ? path.resolve(cwd, value.WEB_DIST_DIR)
    : path.resolve(import.meta.dirname, '../../../web/dist');
  // The embedded mode is a single machine: listen on loopback unless told otherwise. With an external
  // database MastHub is a server and listens on every interface (put a reverse proxy in front).
  const listenHost = value.HOST ?? (value.DATABASE_URL ? '0.0.0.0' : '127.0.0.1');
  return Object.freeze({
    ...value,
    listenHost,
    dataDirAbs: path.resolve(cwd, value.DATA_DIR),
    webDistDirAbs,
  });
}
