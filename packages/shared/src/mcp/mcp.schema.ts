import { z } from 'zod';
import { vmsg } from '../i18n/validation.ts';
import { ZId } from '../text.schema.ts';
import { ZEnergyRequest } from '../wind-data/energy.schema.ts';
import { STATISTICS_MAX_CHANNELS } from '../wind-data/statistics.schema.ts';

/**
 * The inputs of the Model Context Protocol tools (issue 32): read-only, each one checked by the server
 * with these schemas (field errors in the caller's language) and advertised to the client as JSON Schema.
 * Descriptions are in English: the readers are language models.
 */
export const MCP_FIND_SITES_MAX = 100;
export const MCP_ALARMS_MAX = 100;

export const ZMcpFindSitesInput = z.object({
  query: z
    .string(vmsg('invalidType'))
    .trim()
    .max(50, vmsg('maxLength'))
    .optional()
    .describe('Words matched against the site code, project name and location (any part)'),
  province: z
    .string(vmsg('invalidType'))
    .trim()
    .max(50, vmsg('maxLength'))
    .optional()
    .describe(
      'A province by name (Chinese or English, e.g. 内蒙古 / Inner Mongolia) or its 6-digit GB/T 2260 code',
    ),
  limit: z
    .number(vmsg('invalidType'))
    .int(vmsg('invalidType'))
    .min(1, vmsg('tooSmall'))
    .max(MCP_FIND_SITES_MAX, vmsg('tooLarge'))
    .default(20)
    .describe(`How many sites at most (1–${MCP_FIND_SITES_MAX})`),
});
export type TMcpFindSitesInput = z.infer<typeof ZMcpFindSitesInput>;

export const ZMcpSiteInput = z.object({
  stationId: ZId.describe('The site id (from find_sites)'),
});
export type TMcpSiteInput = z.infer<typeof ZMcpSiteInput>;

export const ZMcpStatisticsInput = z.object({
  versionId: ZId.describe('The data version id (from list_versions)'),
  channelIds: z
    .array(ZId)
    .min(1, vmsg('required'))
    .max(STATISTICS_MAX_CHANNELS, vmsg('tooLarge'))
    .optional()
    .describe("Channels to analyse; default: every channel of the version's most common interval"),
  startTime: z
    .string()
    .datetime({ offset: true, ...vmsg('invalidType') })
    .optional()
    .describe('ISO 8601 start with offset; default: the start of the data'),
  endTime: z
    .string()
    .datetime({ offset: true, ...vmsg('invalidType') })
    .optional()
    .describe('ISO 8601 end with offset (exclusive); default: the end of the data'),
  sectors: z
    .union([z.literal(12), z.literal(16)], vmsg('oneOf'))
    .default(16)
    .describe('Direction sectors of the rose and TI by sector'),
});
export type TMcpStatisticsInput = z.infer<typeof ZMcpStatisticsInput>;

/** The energy yield takes the energy screen's own request. */
export const ZMcpEnergyInput = ZEnergyRequest;

export const ZMcpTurbinesInput = z.object({
  query: z
    .string(vmsg('invalidType'))
    .trim()
    .max(50, vmsg('maxLength'))
    .optional()
    .describe('Words matched against the turbine model and manufacturer'),
});

export const ZMcpAlarmsInput = z.object({
  stationId: ZId.optional().describe('One site; default: every site the caller sees'),
  limit: z
    .number(vmsg('invalidType'))
    .int(vmsg('invalidType'))
    .min(1, vmsg('tooSmall'))
    .max(MCP_ALARMS_MAX, vmsg('tooLarge'))
    .default(50)
    .describe(`How many alarms at most, newest first (1–${MCP_ALARMS_MAX})`),
});
export type TMcpAlarmsInput = z.infer<typeof ZMcpAlarmsInput>;
