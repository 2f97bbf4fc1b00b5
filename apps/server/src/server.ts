import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { createStationAccess, type StationAccess, type StationGrantService } from './modules/access/index.ts';
import type { AccessTokenService, BearerAuthenticator } from './modules/access-tokens/index.ts';
import { AlarmService } from './modules/alarms/index.ts';
import type { ApplyService } from './modules/apply/index.ts';
import { type ColdClimateService, createColdClimateService } from './modules/cold-climate/index.ts';
import type { DataSourceService, FileMatchRuleService } from './modules/data-sources/index.ts';
import { buildDataSourceServices } from './modules/data-sources/index.ts';
import { EnergyService, TurbineService } from './modules/energy/index.ts';
import { createOnlineGeocoder, GeocodingService, OfflineGeocoder } from './modules/geocoding/index.ts';
import type { HubService } from './modules/hub/index.ts';
import type { IdentityService, SecondFactorService } from './modules/identity/index.ts';
import { createParserPort, IngestionApi, IngestionService } from './modules/ingestion/index.ts';
import type { LidarVerifyService } from './modules/lidar/index.ts';
import type { LoginLogService } from './modules/login-log/index.ts';
import type {
  LongTermConvergenceService,
  LongTermService,
  TLongTermMethodServices,
} from './modules/longterm/index.ts';
import { createLongTermConvergenceService, createLongTermService } from './modules/longterm/index.ts';
import type { LookupService } from './modules/lookups/index.ts';
import { MailOutbox } from './modules/mail/index.ts';
import type { ManufacturerService } from './modules/manufacturers/index.ts';
import { createMessageService, type MessageService, RealtimeHub } from './modules/messages/index.ts';
import { createMapLayerService, type MapLayerService } from './modules/meteorology/index.ts';
import type { OrganisationService } from './modules/organisations/index.ts';
import type { OwnerService } from './modules/owners/index.ts';
import type { PersonalConfigService } from './modules/personal-config/index.ts';
import { createQcRuleService, type QcRuleService } from './modules/qc-rules/index.ts';
import { createReceiptServices, type TReceiptServices } from './modules/receipts/index.ts';
import type { TReferenceDataServices } from './modules/reference-data/index.ts';
import type { ContactService, ReminderService, RepairService } from './modules/repairs/index.ts';
import type { DataReportService, ReportService } from './modules/reports/index.ts';
import type { RoleService } from './modules/roles/index.ts';
import {
  demoFirstMonthFor,
  registerDemoTimeseriesJob,
  seedDemoApplications,
  seedDemoDataReports,
  seedDemoLongTerm,
  seedDemoMapLayers,
  seedDemoOperations,
  seedDemoReports,
  seedOnFirstStart,
  type TSeedResult,
} from './modules/seed/index.ts';
import type { SensorRegisterService } from './modules/sensors/index.ts';
import {
  CalibrationCorrectionService,
  CalibrationDueService,
  CalibrationService,
} from './modules/sensors/index.ts';
import type {
  AttachmentService,
  ChannelConfigService,
  Iea43Service,
  PasswordRecordService,
} from './modules/station-assets/index.ts';
import { StationLogService } from './modules/station-log/index.ts';
import type { StationService } from './modules/stations/index.ts';
import type { SuitabilityService } from './modules/suitability/index.ts';
import type { TagService } from './modules/tags/index.ts';
import { registerPartitionJob, registerReencodeJob } from './modules/timeseries/index.ts';
import type { UserAdminService } from './modules/users/index.ts';
import type { TWebhookServices } from './modules/webhooks/index.ts';
import {
  FlagMarkService,
  ProcessingFailure,
  ProcessingService,
  ProcessingTaskService,
  type StatisticsService,
  VersionService,
  WindDataService,
} from './modules/wind-data/index.ts';
import { HeavyAdmission } from './platform/compute/admission.ts';
import { capacityOf, type TCapacity } from './platform/compute/capacity.ts';
import type { ComputePool } from './platform/compute/compute-pool.ts';
import type { TConfig } from './platform/config.ts';
import { createDatabase, type Database } from './platform/db/database.ts';
import { startEmbeddedDatabase, type TEmbeddedDatabase } from './platform/db/embedded.ts';
import { migrate } from './platform/db/migrate.ts';
import { connectionsAvailable } from './platform/db/pg-settings.ts';
import { DatabaseProbe } from './platform/db/probe.ts';
import type { OutboundEvents } from './platform/events/outbound-events.ts';
import { archiveLimitsOf } from './platform/files/archive-limits.ts';
import { createFileStore, type TConfiguredFileStore } from './platform/files/create-file-store.ts';
import { buildApp } from './platform/http/app.ts';
import { PgBossJobs, type TJobs } from './platform/jobs/jobs.ts';
import type { Logger } from './platform/logger.ts';
import { buildAccountServices } from './wiring/accounts.ts';
import { buildAnalysisServices } from './wiring/analysis.ts';
import { changeAudience } from './wiring/change-audience.ts';
import { closePools, createComputePools, type TComputePools, warmPools } from './wiring/compute-pools.ts';
import { dataArrivedListeners } from './wiring/data-arrived.ts';
import { buildLongTermServices } from './wiring/long-term.ts';
import { buildOperationsServices } from './wiring/operations.ts';
import { buildOutboundEvents } from './wiring/outbound-events.ts';
import { buildRegisterServices } from './wiring/register.ts';
import { buildRoutes } from './wiring/routes.ts';

/** The services of one process, wired once (the composition root). */
export interface TServices {
  identity: IdentityService;
  /** A user's own second factor (TOTP key, recovery codes); the login steps are in identity. */
  secondFactors: SecondFactorService;
  messages: MessageService;
  /** Decides station access; every station-scoped service uses this one instance. */
  stationAccess: StationAccess;
  stationGrants: StationGrantService;
  users: UserAdminService;
  organisations: OrganisationService;
  roles: RoleService;
  loginLog: LoginLogService;
  /** Personal access tokens (issue 32): their management, and `Authorization: Bearer` resolved per call. */
  accessTokens: AccessTokenService;
  bearer: BearerAuthenticator;
  /** Alarms (issue 14): the no-data sweep, closing on data arrival, handling, site status. */
  alarms: AlarmService;
  /** The station log; station-changing services record through it inside their transaction. */
  stationLog: StationLogService;
  /** The site register (issue 4, part A): sites, owners, manufacturers, tags, personal config, lookup data. */
  stations: StationService;
  owners: OwnerService;
  manufacturers: ManufacturerService;
  tags: TagService;
  personalConfig: PersonalConfigService;
  lookups: LookupService;
  /** Site attachments, password records and channel configurations (issue 4, part B). */
  attachments: AttachmentService;
  passwordRecords: PasswordRecordService;
  channelConfigs: ChannelConfigService;
  iea43: Iea43Service;
  /** The sensor register (issue 44 §3): sensors across their life, read from the configurations. */
  sensorRegister: SensorRegisterService;
  /** Background jobs and cron schedules (pg-boss on the same PostgreSQL). */
  jobs: TJobs;
  /** File-match rules and data sources: e-mail/FTP fetching into ingestion (issue 5, part C). */
  fileMatchRules: FileMatchRuleService;
  dataSources: DataSourceService;
  /** Raw files and the time-series store (issue 5, part B): ingestFile stores, then parses. */
  ingestion: IngestionService;
  ingestionApi: IngestionApi;
  /** Wind data (issue 7): processing tasks (one per version), versions, marks, processing, statistics. */
  processingTasks: ProcessingTaskService;
  versions: VersionService;
  windData: WindDataService;
  /** Quality-control and warning rules (issue 7). */
  qcRules: QcRuleService;
  /** Statistics analysis of a version and the home-map charts of a site (issue 7). */
  statistics: StatisticsService;
  /** Worker threads of CPU-heavy work; closed with the server. */
  /** The line heavy calls wait in, with the per-user limit (issue 26). */
  admission: HeavyAdmission;
  compute: ComputePool;
  /** Worker threads writing exports (several a thread, they wait on the client); closed with the server. */
  computeStreams: ComputePool;
  /** The stored files (local disk or S3-compatible bucket). */
  files: TConfiguredFileStore;
  dataReports: DataReportService;
  apply: ApplyService;
  hub: HubService;
  turbines: TurbineService;
  energy: EnergyService;
  referenceData: TReferenceDataServices;
  /** The long-term correction workbench (issue 28): MCP methods compared, the long-term version. */
  longTerm: LongTermService;
  /** Site suitability (issue 29): the IEC 61400-1 class check of a version at hub height. */
  suitability: SuitabilityService;
  coldClimate: ColdClimateService; // issue 45 §2: the fleet map's stored ice classes
  /** Lidar versus mast (issue 31): a lidar's version checked against a mast's against the OWA roadmap KPIs. */
  lidarVerify: LidarVerifyService;
  longTermMethods: TLongTermMethodServices;
  /** A site's default reference and the convergence of its running campaign (issue 28, §13). */
  longTermConvergence: LongTermConvergenceService;
  /** The data receipt of every arriving file and its one-click fixes (issue 30, WIND-ANALYSIS §15). */
  receipts: TReceiptServices;
  /** Manual flag marks with undo, and the processing kinds (QC, tower shadow, interpolation, extrapolation, representative year). */
  flagMarks: FlagMarkService;
  processing: ProcessingService;
  /** Address search for the home map: offline sites and areas, optional keyed online provider (issue 8). */
  geocoding: GeocodingService;
  /** Raster layers of the home map and the point resource query (issue 8). */
  mapLayers: MapLayerService;
  /** The operations loop after an alarm (issue 14): e-mail send log, contacts, repairs, reminders. */
  outbox: MailOutbox;
  contacts: ContactService;
  repairs: RepairService;
  reminders: ReminderService;
  /** Group reports (issue 15): groups, scheduled and on-demand generation, Word/PDF, delivery. */
  reports: ReportService;
  /** Webhooks (issue 32): their management, and the outbox every outbound event is delivered through. */
  webhooks: TWebhookServices;
  /** The port modules announce outbound events through (subscribed in wiring/outbound-events.ts). */
  events: OutboundEvents;
  /** Calibration certificates of sensors (issue 44 §2). */
  calibrations: CalibrationService;
  calibrationDue: CalibrationDueService;
  calibrationCorrections: CalibrationCorrectionService;
  // [anchor: wind-data service types]
}

export interface TServer {
  app: FastifyInstance;
  db: Database;
  pool: pg.Pool;
  services: TServices;
  realtime: RealtimeHub;
  seed: TSeedResult;
  databaseUrl: string;
  isEmbeddedDatabase: boolean;
  /**
   * Starts the worker threads (every statistics thread, the first export thread) with their code and
   * database connections, so the first statistics call after a start does not wait for them (issue 26);
   * with `warmComputeThreads` (`npm start`) this began during the start and resolves when it is done. A
   * no-op with COMPUTE_THREADS=0.
   */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

function buildServices(
  db: Database,
  databaseUrl: string,
  config: TConfig,
  log: Logger,
  jobs: TJobs,
  pools: TComputePools,
): TServices {
  const stationAccess = createStationAccess(db);
  const stationLog = new StationLogService(db);
  const { events, webhooks } = buildOutboundEvents(db, config, { stationAccess, jobs, log });
  const rawFileStore = createFileStore(config);
  const archiveLimits = archiveLimitsOf(config);
  const parserPort = createParserPort({ archiveLimits });
  const messages = createMessageService(db);
  const alarms = new AlarmService(
    db,
    stationAccess,
    messages,
    stationLog,
    log.child({ module: 'alarms' }),
    events,
    createColdClimateService(db),
  );
  const { threads } = capacityOf(config);
  const { compute, computeStreams } = pools;
  // COMPUTE_THREADS=0 keeps the computation on the event loop (the figure before the pool, in the bench).
  // DATABASE_REPLICA_URL: the threads read what the replica has replayed there (platform/db/replica-reads.ts).
  const computeAccess =
    threads > 0
      ? { pool: compute, databaseUrl, replicaUrl: config.DATABASE_REPLICA_URL, streams: computeStreams }
      : undefined;
  const longTerm = createLongTermService(db, { stationAccess, stationLog, compute: computeAccess });
  const longTermConvergence = createLongTermConvergenceService(db, {
    longTerm,
    stationAccess,
    stationLog,
    messages,
    log: log.child({ module: 'longterm' }),
    compute: computeAccess,
  });
  const processingTasks = new ProcessingTaskService(
    db,
    jobs,
    messages,
    stationAccess,
    log.child({ module: 'processing' }),
    stationLog,
  );
  const versions = new VersionService(db, stationAccess, processingTasks, stationLog);
  const receipts = createReceiptServices(db, {
    stationAccess,
    stationLog,
    messages,
    processingTasks,
    versions,
    log: log.child({ module: 'receipts' }),
    compute: computeAccess,
    events,
  });
  const ingestion = new IngestionService(
    db,
    rawFileStore,
    parserPort,
    jobs,
    log.child({ module: 'ingestion' }),
    stationLog,
    dataArrivedListeners(alarms, {
      longTerm: { convergence: longTermConvergence, jobs },
      receipts: { service: receipts.receipts, jobs },
      events,
      changes: messages,
    }),
    config.INGEST_CONCURRENCY,
  );
  const ingestionApi = new IngestionApi(db, ingestion, stationAccess, rawFileStore);
  // Data sources hand every fetched file to ingestion; their SMTP servers send the product's e-mail.
  const dataSourceServices = buildDataSourceServices(db, config, log, {
    stationAccess,
    ingestion: () => ingestion,
  });
  const outbox = new MailOutbox(
    db,
    dataSourceServices.smtp,
    jobs,
    log.child({ module: 'mail' }),
    {
      maxAttempts: config.MAIL_MAX_ATTEMPTS,
      retryDelaySeconds: config.MAIL_RETRY_DELAY_SECONDS,
      leaseSeconds: 120,
      messageIdDomain: config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname : 'masthub.local',
    },
    rawFileStore,
  );
  const analysis = buildAnalysisServices(db, config, { stationAccess, versions, compute: computeAccess });
  const turbines = new TurbineService(db, archiveLimits);
  const windData = new WindDataService(
    db,
    versions,
    processingTasks,
    ingestion,
    ingestionApi,
    rawFileStore,
    computeAccess,
  );
  const calibrationDue = new CalibrationDueService(db, stationAccess, config.CALIBRATION_INTERVAL_MONTHS);
  const operations = buildOperationsServices(db, config, log, {
    calibrationDue,
    stationAccess,
    stationLog,
    alarms,
    messages,
    outbox,
    jobs,
    events,
    files: rawFileStore,
    windData,
    ingestionApi,
    statistics: analysis.statistics,
    suitability: analysis.suitability,
  });
  const services: TServices = {
    alarms,
    coldClimate: createColdClimateService(db, log.child({ module: 'cold-climate' })),
    ...buildAccountServices(db, config, stationAccess, { messages, outbox, log }),
    messages,
    stationAccess,
    stationLog,
    ...buildRegisterServices(db, config, log, { stationAccess, stationLog, files: rawFileStore }),
    jobs,
    ingestion,
    ingestionApi,
    ...dataSourceServices,
    processingTasks,
    versions,
    windData,
    qcRules: createQcRuleService(db, stationAccess, stationLog),
    admission: new HeavyAdmission(capacityOf(config).admission),
    compute,
    computeStreams,
    files: rawFileStore,
    flagMarks: new FlagMarkService(db, stationAccess, processingTasks),
    processing: new ProcessingService(db, stationAccess, processingTasks, computeAccess),
    geocoding: buildGeocoding(config, { search: (user, input) => services.stations.search(user, input) }),
    mapLayers: createMapLayerService(db, rawFileStore, config.HAS_POINT_QUERY),
    // [anchor: wind-data services]
    outbox,
    ...operations,
    turbines,
    energy: new EnergyService(db, versions, turbines, computeAccess, stationAccess),
    longTerm,
    ...buildLongTermServices(db, {
      stationAccess,
      stationLog,
      archiveLimits,
      files: rawFileStore,
      parser: parserPort,
      compute: computeAccess,
    }),
    longTermConvergence,
    receipts,
    ...analysis,
    webhooks,
    events,
    calibrations: new CalibrationService(
      db,
      stationAccess,
      rawFileStore,
      log.child({ module: 'calibrations' }),
    ),
    calibrationDue,
    calibrationCorrections: new CalibrationCorrectionService(
      db,
      stationAccess,
      processingTasks,
      (reason, details) => new ProcessingFailure(reason, details),
    ),
  };
  return services;
}

/** The home map's address search: offline sites and areas, and the configured keyed online provider. */
function buildGeocoding(config: TConfig, stations: Pick<StationService, 'search'>): GeocodingService {
  const online = createOnlineGeocoder(config.GEOCODER_PROVIDER, config.GEOCODER_KEY);
  return new GeocodingService(new OfflineGeocoder(stations), online.geocoder, online.status);
}

/** Registers every module's job handlers and schedules (a no-op for workers when JOBS_ENABLED=false). */
async function startWorkers(services: TServices, config: TConfig, db: Database, log: Logger): Promise<void> {
  await services.ingestion.startWorkers();
  await services.dataSources.registerJobs(services.jobs);
  await services.alarms.registerJobs(services.jobs, config.ALARM_SWEEP_CRON);
  await services.outbox.registerJobs(services.jobs);
  await services.webhooks.outbox.registerJobs(services.jobs);
  await services.reminders.registerJobs(services.jobs);
  await services.reports.registerJobs(services.jobs, config.REPORT_TICK_CRON);
  await services.dataReports.registerJobs(services.jobs);
  await services.apply.registerJobs(services.jobs);
  await services.hub.registerJobs(services.jobs);
  await services.coldClimate.registerJobs(services.jobs);
  await services.longTermConvergence.registerJobs(services.jobs);
  await services.receipts.receipts.registerJobs(services.jobs);
  await registerReencodeJob(services.jobs, db, log.child({ module: 'timeseries' }));
  await registerPartitionJob(services.jobs, db, log.child({ module: 'timeseries' }));
  // Last: every module has registered its task handlers by now.
  await services.processingTasks.startWorkers();
}

/** The embedded PostgreSQL serves this process only: room for all it may open, and some to spare. */
function embeddedMaxConnections(capacity: TCapacity): number {
  return Math.max(200, capacity.connections.total + 50);
}

/**
 * Says at start what this process may open against what the server allows: a PostgreSQL shared by more
 * processes than it has connections for makes threads wait for a connection until they give up.
 */
async function checkConnectionBudget(db: Database, capacity: TCapacity, log: Logger): Promise<void> {
  const available = await connectionsAvailable(db);
  const { connections, threads, admission } = capacity;
  if (connections.total > available) {
    log.warn(
      { connections, available },
      `this process may open ${connections.total} database connections and PostgreSQL allows ${available}: ` +
        'raise max_connections, or lower DATABASE_POOL_SIZE or COMPUTE_THREADS',
    );
  } else {
    log.info({ connections, available, threads, admission }, 'database connections and heavy-work limits');
  }
}

/**
 * Starts everything one MastHub process needs: the database (embedded unless DATABASE_URL is set),
 * migrations, first-start seed, services, the HTTP app and the real-time hub. Does not listen.
 */
export async function createServer(
  config: TConfig,
  log: Logger,
  hooks: {
    /**
     * The embedded PostgreSQL stopped and could not be restarted (EMBEDDED_DB_RESTARTS): `npm start`
     * exits non-zero so a supervisor can start it again; without this hook calls answer 503.
     */
    onDatabaseLost?: (error: Error) => void;
    /** Starts the worker threads now, while the rest starts (see TServer.warmUp). */
    warmComputeThreads?: boolean;
    /** How long a compute thread leaves a read replica that failed (default 5 s; the replica tests shorten it). */
    replicaRetryMs?: number;
  } = {},
): Promise<TServer> {
  const capacity = capacityOf(config);
  const pools = createComputePools(capacity, {
    logLevel: config.LOG_LEVEL,
    ...(hooks.replicaRetryMs === undefined ? {} : { replicaRetryMs: hooks.replicaRetryMs }),
  });
  // The threads load their code while the database starts and migrates (`npm start`).
  const loading = hooks.warmComputeThreads && capacity.threads > 0 ? warmPools(pools) : undefined;
  loading?.catch(() => undefined);
  let embedded: TEmbeddedDatabase | null = null;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    try {
      embedded = await startEmbeddedDatabase(config.dataDirAbs, log, {
        maxConnections: embeddedMaxConnections(capacity),
        restartAttempts: config.EMBEDDED_DB_RESTARTS,
        onLost: (error) => {
          log.fatal({ err: error }, 'the embedded PostgreSQL is gone');
          hooks.onDatabaseLost?.(error);
        },
      });
      databaseUrl = embedded.url;
    } catch (error) {
      await closePools(pools);
      throw error;
    }
  }
  const { db, pool } = createDatabase(databaseUrl, capacity.connections.process, (err) =>
    log.warn({ err }, 'idle database connection lost'),
  );
  let jobs: PgBossJobs | null = null;
  try {
    const applied = await migrate(pool);
    if (applied.length > 0) log.info({ applied }, 'database migrations applied');
    await checkConnectionBudget(db, capacity, log);
    const seed = await seedOnFirstStart(db, {
      adminAccount: config.ADMIN_ACCOUNT,
      adminPassword: config.ADMIN_PASSWORD,
      withDemoData: config.SEED_DEMO_DATA,
    });
    jobs = new PgBossJobs(databaseUrl, {
      isWorking: config.JOBS_ENABLED,
      log: log.child({ module: 'jobs' }),
    });
    await jobs.start();
    const services = buildServices(db, databaseUrl, config, log, jobs, pools);
    const url = databaseUrl;
    const warmUp = async () => {
      if (capacity.threads > 0) await warmPools(pools, url, config.DATABASE_REPLICA_URL);
    };
    // Then, the database up, they open their connections: the first statistics call finds them ready.
    const warming = loading?.then(warmUp);
    warming?.catch(() => undefined);
    // Uploads cut off by a stopped process leave staged parts behind: they belong to no request now.
    const staleParts = await services.files.removeStaleParts();
    if (staleParts > 0) log.info({ staleParts }, 'removed staged uploads left by a stopped process');
    await startWorkers(services, config, db, log);
    // Demo 10-minute data goes in through the real ingestion path, in the background, on the first start.
    const seedLog = log.child({ module: 'seed' });
    await registerDemoTimeseriesJob(services.jobs, db, services.ingestion, seedLog, async () => {
      await seedDemoOperations(db, services.alarms, seedLog);
      await seedDemoReports(db, services.reports, seedLog);
      await seedDemoDataReports(db, services.dataReports, seedLog);
      await seedDemoApplications(db, services.apply, seedLog);
      const { files, longTermConvergence: convergence } = services;
      await seedDemoLongTerm(db, { files, convergence }, seedLog);
      await services.coldClimate.refreshAll(); // the map's ice-class layer before the first nightly refresh
    });
    if (seed.isFirstStart && config.SEED_DEMO_DATA) {
      await services.jobs.send(
        'seed.demo-timeseries',
        { firstMonthMs: demoFirstMonthFor(new Date()) },
        { singletonKey: 'seed.demo-timeseries' },
      );
    }
    // Synthetic sample map layers (clearly labelled) for the demo.
    if (seed.isFirstStart && config.SEED_DEMO_DATA) await seedDemoMapLayers(services.mapLayers);
    // /api/health asks over a connection of its own, with a deadline (a frozen database answers 503).
    const probe = new DatabaseProbe(databaseUrl);
    const authenticate = (token: string | undefined) => services.identity.authenticate(token);
    const realtime = new RealtimeHub(
      pool,
      services.messages,
      authenticate,
      log.child({ module: 'realtime' }),
      changeAudience(services.stationAccess),
    );
    await realtime.start();
    const app = await buildApp({
      config,
      log,
      routes: buildRoutes(services, config, probe),
      authenticate,
      authenticateBearer: (secret, client) => services.bearer.authenticate(secret, client),
      admission: services.admission,
      registerExtra: (a) => realtime.register(a),
    });
    return {
      app,
      db,
      pool,
      services,
      realtime,
      seed,
      databaseUrl,
      isEmbeddedDatabase: embedded !== null,
      warmUp: () => warming ?? warmUp(),
      close: async () => {
        await app.close();
        await probe.close();
        await services.compute.close();
        await services.computeStreams.close();
        await jobs?.stop();
        await realtime.stop();
        await db.destroy();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await jobs?.stop().catch(() => undefined);
    await closePools(pools);
    await db.destroy().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}
