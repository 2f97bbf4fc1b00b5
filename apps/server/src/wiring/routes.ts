import { accessRoutes } from '../modules/access/index.ts';
import { accessTokenRoutes } from '../modules/access-tokens/index.ts';
import { alarmRoutes } from '../modules/alarms/index.ts';
import { applyRoutes } from '../modules/apply/index.ts';
import { coldClimateRoutes } from '../modules/cold-climate/index.ts';
import { dataSourceRoutes, fileMatchRuleRoutes } from '../modules/data-sources/index.ts';
import { energyRoutes } from '../modules/energy/index.ts';
import { geocodingRoutes } from '../modules/geocoding/index.ts';
import { hubRoutes } from '../modules/hub/index.ts';
import { identityRoutes } from '../modules/identity/index.ts';
import { ingestionRoutes, parserInfo } from '../modules/ingestion/index.ts';
import { lidarVerifyRoutes } from '../modules/lidar/index.ts';
import { loginLogRoutes } from '../modules/login-log/index.ts';
import {
  candidateRoutes,
  longTermConvergenceRoutes,
  longTermRoutes,
  scalingRoutes,
} from '../modules/longterm/index.ts';
import { lookupRoutes } from '../modules/lookups/index.ts';
import { manufacturerRoutes } from '../modules/manufacturers/index.ts';
import { mcpRoutes } from '../modules/mcp/index.ts';
import { messageRoutes } from '../modules/messages/index.ts';
import { mapLayerRoutes } from '../modules/meteorology/index.ts';
import { organisationRoutes } from '../modules/organisations/index.ts';
import { ownerRoutes } from '../modules/owners/index.ts';
import { personalConfigRoutes } from '../modules/personal-config/index.ts';
import { qcRuleRoutes } from '../modules/qc-rules/index.ts';
import { receiptRoutes } from '../modules/receipts/index.ts';
import { mesoscaleDatasetRoutes, referenceSeriesRoutes } from '../modules/reference-data/index.ts';
import { repairRoutes } from '../modules/repairs/index.ts';
import { dataReportRoutes, reportRoutes } from '../modules/reports/index.ts';
import { roleRoutes } from '../modules/roles/index.ts';
import { calibrationDueRoutes, calibrationRoutes, sensorRegisterRoutes } from '../modules/sensors/index.ts';
import {
  attachmentRoutes,
  channelConfigRoutes,
  passwordRecordRoutes,
} from '../modules/station-assets/index.ts';
import { stationLogRoutes } from '../modules/station-log/index.ts';
import { stationRoutes } from '../modules/stations/index.ts';
import { suitabilityRoutes } from '../modules/suitability/index.ts';
import { systemInfoRoutes } from '../modules/system-info/index.ts';
import { tagRoutes } from '../modules/tags/index.ts';
import { userRoutes } from '../modules/users/index.ts';
import { webhookRoutes } from '../modules/webhooks/index.ts';
import {
  flagMarkRoutes,
  processingRoutes,
  statisticsRoutes,
  versionRoutes,
  windDataRoutes,
} from '../modules/wind-data/index.ts';
import type { TConfig } from '../platform/config.ts';
import type { DatabaseProbe } from '../platform/db/probe.ts';
import { archiveLimitsOf } from '../platform/files/archive-limits.ts';
import type { TRouteDef } from '../platform/http/route.ts';
import type { TServices } from '../server.ts';

/**
 * Whether the first demo import is still loading, for /health: asked of the job queue until it is done, then
 * remembered (the import runs once; a liveness probe polled every few seconds then costs no query).
 */
function demoDataState(services: TServices, config: TConfig): () => Promise<'loading' | 'ready' | undefined> {
  let isReady = false;
  return async () => {
    if (!config.SEED_DEMO_DATA) return undefined;
    isReady ||= (await services.jobs.pendingCount('seed.demo-timeseries')) === 0;
    return isReady ? 'ready' : 'loading';
  };
}

/** Every route of the API, each module's plugin over its services. */
export function buildRoutes(services: TServices, config: TConfig, probe: DatabaseProbe): TRouteDef[] {
  return [
    ...systemInfoRoutes(config, () => probe.ping(), demoDataState(services, config)),
    ...identityRoutes(services.identity, services.secondFactors),
    ...messageRoutes(services.messages),
    ...userRoutes(services.users),
    ...organisationRoutes(services.organisations),
    ...roleRoutes(services.roles),
    ...accessRoutes(services.stationGrants),
    ...loginLogRoutes(services.loginLog),
    ...accessTokenRoutes(services.accessTokens),
    ...webhookRoutes(services.webhooks.webhooks),
    ...stationLogRoutes(services.stationLog),
    ...stationRoutes(services.stations, archiveLimitsOf(config)),
    ...ownerRoutes(services.owners),
    ...manufacturerRoutes(services.manufacturers),
    ...tagRoutes(services.tags),
    ...personalConfigRoutes(services.personalConfig),
    ...lookupRoutes(services.lookups, services.owners),
    ...attachmentRoutes(services.attachments),
    ...passwordRecordRoutes(services.passwordRecords),
    ...channelConfigRoutes(services.channelConfigs, services.iea43),
    ...sensorRegisterRoutes(services.sensorRegister),
    ...ingestionRoutes(services.ingestionApi, services.ingestion, parserInfo),
    ...fileMatchRuleRoutes(services.fileMatchRules),
    ...dataSourceRoutes(services.dataSources),
    ...versionRoutes(services.versions, services.processingTasks),
    ...windDataRoutes(services.windData, services.processingTasks, services.ingestion),
    ...qcRuleRoutes(services.qcRules),
    ...alarmRoutes(services.alarms),
    ...repairRoutes({
      contacts: services.contacts,
      repairs: services.repairs,
      reminders: services.reminders,
      outbox: services.outbox,
      jobs: services.jobs,
    }),
    ...reportRoutes(services.reports),
    ...dataReportRoutes(services.dataReports),
    ...applyRoutes(services.apply),
    ...hubRoutes(services.hub),
    ...energyRoutes(services.turbines, services.energy),
    // In the order the API has always listed them (the OpenAPI document stays the same).
    ...mesoscaleDatasetRoutes(services.referenceData.mesoscale),
    ...scalingRoutes(services.longTermMethods.scaling),
    ...longTermRoutes(services.longTerm),
    ...referenceSeriesRoutes(services.referenceData.series),
    ...candidateRoutes(services.longTermMethods.candidates),
    ...longTermConvergenceRoutes(services.longTermConvergence),
    ...receiptRoutes(services.receipts),
    ...statisticsRoutes(services.statistics),
    ...suitabilityRoutes(services.suitability),
    ...coldClimateRoutes(services.coldClimate),
    ...lidarVerifyRoutes(services.lidarVerify),
    ...flagMarkRoutes(services.flagMarks),
    ...processingRoutes(services.processing),
    ...geocodingRoutes(services.geocoding),
    ...mapLayerRoutes(services.mapLayers),
    // The Model Context Protocol endpoint (/mcp, issue 32): read-only tools over the same services.
    ...mcpRoutes(services),
    // Calibration certificates of sensors (issue 44 §2).
    ...calibrationRoutes(services.calibrations, services.stationAccess),
    ...calibrationDueRoutes(services.calibrationDue, services.calibrationCorrections),
    // [anchor: wind-data routes]
  ];
}
