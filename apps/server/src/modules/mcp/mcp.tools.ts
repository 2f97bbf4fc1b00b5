import {
  type FeatureKey,
  fieldError,
  type Language,
  type TMcpAlarmsInput,
  type TMcpFindSitesInput,
  type TMcpStatisticsInput,
  ZMcpAlarmsInput,
  ZMcpEnergyInput,
  ZMcpFindSitesInput,
  ZMcpSiteInput,
  ZMcpStatisticsInput,
  ZMcpTurbinesInput,
  ZStationPageRequest,
  ZStatisticsRequest,
} from '@masthub/shared';
import type { z } from 'zod';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { HeavyAdmission } from '../../platform/compute/admission.ts';
import type { AlarmService } from '../alarms/index.ts';
import type { EnergyService, TurbineService } from '../energy/index.ts';
import type { IngestionApi } from '../ingestion/index.ts';
import { PROVINCES } from '../lookups/index.ts';
import type { ChannelConfigService } from '../station-assets/index.ts';
import type { StationService } from '../stations/index.ts';
import type { StatisticsService, VersionService } from '../wind-data/index.ts';
import { energySummary, statisticsSummary } from './mcp.summaries.ts';

/** The services the tools call: the API's own, with its permission checks (station access inside them). */
export interface TMcpServices {
  stations: Pick<StationService, 'page' | 'detail'>;
  channelConfigs: Pick<ChannelConfigService, 'list'>;
  ingestionApi: Pick<IngestionApi, 'versions'>;
  versions: Pick<VersionService, 'channels'>;
  statistics: Pick<StatisticsService, 'analyse'>;
  energy: Pick<EnergyService, 'calculate'>;
  turbines: Pick<TurbineService, 'page'>;
  alarms: Pick<AlarmService, 'page'>;
  /** The line of heavy work the statistics and energy routes wait in: every heavy tool call waits in it. */
  admission: HeavyAdmission;
}

/** One tool call: who calls (a token's user, narrowed to its sites), in which language and time zone. */
export interface TMcpCall {
  user: TAuthUser;
  language: Language;
  utcOffsetMinutes: number;
  signal: AbortSignal;
}

/** A read-only tool: its input schema (packages/shared), the feature it needs like its API route, its work. */
export interface TMcpTool<S extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  input: S;
  /** The function permission of the matching API route; none: any logged-in user (data checks still apply). */
  feature?: FeatureKey;
  /** Waits in the heavy-work line like the API's statistics and energy calls. */
  isHeavy?: boolean;
  run(services: TMcpServices, input: z.output<S>, call: TMcpCall): Promise<unknown>;
}

function tool<S extends z.ZodType>(def: TMcpTool<S>): TMcpTool {
  return def as unknown as TMcpTool;
}

/** GB/T 2260 province codes named by `province`: a 6-digit code, or a province's Chinese or English name. */
function provinceCodes(province: string): string[] {
  if (/^\d{6}$/.test(province)) return [province];
  const wanted = province.toLowerCase();
  const found = PROVINCES.filter(
    (p) => p.name === province || p.nameEn.toLowerCase() === wanted || p.name.startsWith(province),
  );
  if (found.length === 0) throw fieldError('province', 'oneOf');
  return found.map((p) => p.code);
}

async function findSites(services: TMcpServices, input: TMcpFindSitesInput, call: TMcpCall) {
  const filter = ZStationPageRequest.parse({
    pageNo: 1,
    pageSize: input.limit,
    ...(input.query ? { keywords: input.query } : {}),
    ...(input.province ? { regionCodes: provinceCodes(input.province) } : {}),
  });
  const page = await services.stations.page(call.user, filter, call.language);
  return {
    total: page.total,
    sites: page.records.map((s) => ({
      id: s.id,
      stationCode: s.stationCode,
      projectName: s.projectName,
      stationType: s.stationTypeName,
      province: s.province,
      location: s.location,
      longitude: s.longitude,
      latitude: s.latitude,
      altitude: s.altitude,
      status: s.statusName,
      lastDataTime: s.dataTime,
    })),
  };
}

async function describeSite(services: TMcpServices, stationId: number, call: TMcpCall) {
  const site = await services.stations.detail(call.user, stationId, call.language);
  const configs = await services.channelConfigs.list(call.user, { stationId }, call.language);
  const versions =
    (await services.ingestionApi.versions(call.user, [stationId], call.language)).get(stationId) ?? [];
  const original = versions.find((v) => v.kind === 'original');
  const stored = original ? await services.versions.channels(call.user, original.id) : [];
  return {
    site,
    configuredChannels: configs.inForce?.channels ?? [],
    dataChannels: stored.map((c) => ({
      id: c.id,
      name: c.name,
      exportName: c.exportName,
      element: c.element,
      heightM: c.heightM,
      statistic: c.statistic,
      unit: c.unit,
      intervalS: c.intervalS,
      startTime: c.startTime,
      endTime: c.endTime,
      valueCount: c.valueCount,
    })),
    versionCount: versions.length,
  };
}

async function statistics(services: TMcpServices, input: TMcpStatisticsInput, call: TMcpCall) {
  const request = ZStatisticsRequest.parse(input);
  const result = await services.statistics.analyse(
    call.user,
    request,
    { language: call.language, utcOffsetMinutes: call.utcOffsetMinutes },
    call.signal,
  );
  return statisticsSummary(result);
}

async function openAlarms(services: TMcpServices, input: TMcpAlarmsInput, call: TMcpCall) {
  const page = await services.alarms.page(
    call.user,
    {
      pageNo: 1,
      pageSize: input.limit,
      isOpen: true,
      ...(input.stationId ? { stationId: input.stationId } : {}),
    },
    call.language,
  );
  return { total: page.total, alarms: page.records };
}

/** Every tool of the MastHub MCP server, all read-only. */
export const MCP_TOOLS: readonly TMcpTool[] = [
  tool({
    name: 'find_sites',
    title: 'Find sites',
    description:
      'Search the wind-measurement sites (met masts, lidars, sodars) the caller may see, by words in the ' +
      'site code, project name or location and/or by province. Returns ids for the other tools.',
    input: ZMcpFindSitesInput,
    run: findSites,
  }),
  tool({
    name: 'describe_site',
    title: 'Describe a site',
    description:
      'One site: code, name, type, position, status, dates, owner, the channel configuration in force ' +
      '(sensors, heights, booms) and the channels stored in its original data version.',
    input: ZMcpSiteInput,
    run: (services, input, call) => describeSite(services, input.stationId, call),
  }),
  tool({
    name: 'list_versions',
    title: 'List data versions',
    description:
      "A site's data versions (the original version first, then working and long-term versions) with " +
      'their data range, channel and value counts. Version ids feed get_statistics and get_energy_yield.',
    input: ZMcpSiteInput,
    run: async (services, input, call) =>
      (await services.ingestionApi.versions(call.user, [input.stationId], call.language)).get(
        input.stationId,
      ) ?? [],
  }),
  tool({
    name: 'get_statistics',
    title: 'Statistics of a data version',
    description:
      'Summary statistics of a data version over its whole range (or startTime–endTime): per channel ' +
      'count, mean, SD, min, max, data recovery; mean wind speed per height; Weibull A and k; wind ' +
      'shear exponent and roughness; turbulence intensity (mean, representative, at 15 m/s, IEC ' +
      'category); air density; mean of monthly means; 50-year extreme (Gumbel). Speeds in m/s.',
    input: ZMcpStatisticsInput,
    isHeavy: true,
    run: statistics,
  }),
  tool({
    name: 'list_turbines',
    title: 'List turbines',
    description:
      'The turbine library (reference turbines first): ids, models, rated power, rotor diameter, hub ' +
      'heights and IEC class, for get_energy_yield.',
    input: ZMcpTurbinesInput,
    run: async (services, input: { query?: string | undefined }, _call) => {
      const page = await services.turbines.page({
        pageNo: 1,
        pageSize: 100,
        ...(input.query ? { keywords: input.query } : {}),
      });
      return page.records.map((t) => ({
        id: t.id,
        model: t.model,
        manufacturer: t.manufacturer,
        ratedKw: t.ratedKw,
        rotorDiameterM: t.rotorDiameterM,
        hubHeightsM: t.hubHeightsM,
        iecClass: t.iecClass,
      }));
    },
  }),
  tool({
    name: 'get_energy_yield',
    title: 'Energy yield of a data version',
    description:
      'The annual energy production of 1–5 turbines (ids from list_turbines) on a data version: the ' +
      'speed channel (a wind-speed average, from describe_site) sheared to the hub height, ' +
      'density-corrected power curves, gross and net MWh/year, capacity factor, full-load hours, ' +
      "Weibull, P50/P75/P90/P99, and the site's IEC class at hub height.",
    input: ZMcpEnergyInput,
    isHeavy: true,
    run: async (services, input, call) =>
      energySummary(
        await services.energy.calculate(call.user, input, {
          language: call.language,
          utcOffsetMinutes: call.utcOffsetMinutes,
        }),
      ),
  }),
  tool({
    name: 'list_open_alarms',
    title: 'List open alarms',
    description:
      'Open alarms (data missing, data abnormal) of one site or of every site the caller sees, newest ' +
      'first, with their period, content and handling status.',
    input: ZMcpAlarmsInput,
    feature: 'alarm.view',
    run: openAlarms,
  }),
];
