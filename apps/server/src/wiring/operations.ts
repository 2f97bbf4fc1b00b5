import type { StationAccess } from '../modules/access/index.ts';
import type { AlarmService } from '../modules/alarms/index.ts';
import { createApplyService } from '../modules/apply/index.ts';
import { HubService } from '../modules/hub/index.ts';
import type { IngestionApi } from '../modules/ingestion/index.ts';
import type { MailOutbox } from '../modules/mail/index.ts';
import type { MessageService } from '../modules/messages/index.ts';
import { ContactService, ReminderService, RepairService } from '../modules/repairs/index.ts';
import { DataReportService, ReportService } from '../modules/reports/index.ts';
import type { CalibrationDueService } from '../modules/sensors/index.ts';
import type { StationLogService } from '../modules/station-log/index.ts';
import type { SuitabilityService } from '../modules/suitability/index.ts';
import type { StatisticsService, WindDataService } from '../modules/wind-data/index.ts';
import type { TConfig } from '../platform/config.ts';
import type { Database } from '../platform/db/database.ts';
import type { OutboundEvents } from '../platform/events/outbound-events.ts';
import type { TConfiguredFileStore } from '../platform/files/create-file-store.ts';
import type { TJobs } from '../platform/jobs/jobs.ts';
import type { Logger } from '../platform/logger.ts';
import type { TServices } from '../server.ts';

/**
 * The operations loop after an alarm (issue 14: contacts, repairs, reminders), group and data reports
 * (issue 15), download applications and the hub: what is built over the data and analysis services.
 */
export function buildOperationsServices(
  db: Database,
  config: TConfig,
  log: Logger,
  shared: {
    /** The sensors due for calibration, for the calibration reminder (issue 44 §2). */
    calibrationDue: CalibrationDueService;
    stationAccess: StationAccess;
    stationLog: StationLogService;
    alarms: AlarmService;
    messages: MessageService;
    outbox: MailOutbox;
    jobs: TJobs;
    events: OutboundEvents;
    files: TConfiguredFileStore;
    windData: WindDataService;
    ingestionApi: IngestionApi;
    statistics: StatisticsService;
    suitability: SuitabilityService;
  },
): Pick<TServices, 'contacts' | 'repairs' | 'reminders' | 'reports' | 'dataReports' | 'apply' | 'hub'> {
  const { stationAccess, stationLog, alarms, messages, outbox, jobs, events, files } = shared;
  const contacts = new ContactService(db);
  return {
    contacts,
    repairs: new RepairService(
      db,
      stationAccess,
      alarms,
      contacts,
      outbox,
      messages,
      stationLog,
      log.child({ module: 'repairs' }),
    ),
    reminders: new ReminderService(db, outbox, log.child({ module: 'reminders' }), stationAccess, (now) =>
      shared.calibrationDue.dueBySite(now),
    ),
    reports: new ReportService(
      db,
      stationAccess,
      files,
      outbox,
      messages,
      jobs,
      log.child({ module: 'reports' }),
      events,
    ),
    dataReports: new DataReportService(
      db,
      stationAccess,
      files,
      { statistics: shared.statistics, suitability: shared.suitability },
      messages,
      jobs,
      log.child({ module: 'data-reports' }),
      events,
    ),
    apply: createApplyService(config, {
      db,
      access: stationAccess,
      files,
      windData: shared.windData,
      ingestionApi: shared.ingestionApi,
      outbox,
      messages,
      jobs,
      log: log.child({ module: 'apply' }),
      events,
    }),
    hub: new HubService(db, log.child({ module: 'hub' })),
  };
}
