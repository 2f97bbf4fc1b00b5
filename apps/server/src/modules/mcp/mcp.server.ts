import { AppError, type Language, localizeIssues } from '@masthub/shared';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import { appErrorEnvelope, errorEnvelope } from '../../platform/http/envelope.ts';
import type { Logger } from '../../platform/logger.ts';
import { MCP_TOOLS, type TMcpServices, type TMcpTool } from './mcp.tools.ts';

export const MCP_SERVER_NAME = 'masthub';
export const MCP_SERVER_VERSION = '0.1.0';

const INSTRUCTIONS =
  'MastHub holds wind-measurement campaigns (met masts, lidars, sodars). Find a site with find_sites, ' +
  'look at it with describe_site, pick a data version with list_versions, then get_statistics or ' +
  'get_energy_yield on that version; list_open_alarms shows what needs attention. Everything is ' +
  "read-only and limited to the sites the caller's token may see. Times are ISO 8601 UTC.";

/** Who calls, resolved for every request (a revoked token or a right taken away stops the next call). */
export interface TMcpCaller {
  user: () => Promise<TAuthUser>;
  language: Language;
  utcOffsetMinutes: number;
}

let toolList: Tool[] | undefined;

/** The tools as the protocol lists them: JSON Schema of each input, all read-only. */
function listedTools(): Tool[] {
  toolList ??= MCP_TOOLS.map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: z.toJSONSchema(t.input, { io: 'input', unrepresentable: 'any' }) as Tool['inputSchema'],
    annotations: {
      title: t.title,
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
  }));
  return toolList;
}

/** A refused or failed call as a tool error: the API's localised message and its field errors. */
function toolError(
  error: unknown,
  language: Language,
  log: Pick<Logger, 'error'>,
  tool: string,
): CallToolResult {
  let envelope: ReturnType<typeof errorEnvelope>;
  if (error instanceof AppError) envelope = appErrorEnvelope(error, language);
  else {
    log.error({ err: error, tool }, 'MCP tool failed');
    envelope = errorEnvelope('INTERNAL', language);
  }
  const { msg, data } = envelope.body;
  const lines = [msg, ...data.fields.slice(1).map((f) => `${f.field}: ${f.message}`)];
  return { isError: true, content: [{ type: 'text', text: lines.join('\n') }] };
}

async function runTool(
  services: TMcpServices,
  tool: TMcpTool,
  args: unknown,
  caller: TMcpCaller,
  signal: AbortSignal,
): Promise<unknown> {
  const user = await caller.user();
  if (tool.feature && !user.features.has(tool.feature)) throw new AppError('FORBIDDEN');
  const parsed = tool.input.safeParse(args ?? {});
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', {}, localizeIssues(parsed.error.issues, caller.language));
  }
  // Each heavy call takes its own place in the heavy-work line, like the API's statistics and energy.
  const release = tool.isHeavy ? await services.admission.admit(user.id, 'compute', signal) : null;
  try {
    return await tool.run(services, parsed.data, {
      user,
      language: caller.language,
      utcOffsetMinutes: caller.utcOffsetMinutes,
      signal,
    });
  } finally {
    release?.();
  }
}

/**
 * An MCP server for one caller (issue 32), over any transport: the tools call the API's services with the
 * caller's rights (station access, a token's site subset), inputs are checked by the schemas of
 * packages/shared, and refusals come back as tool errors in the caller's language. The low-level server
 * is used (not McpServer) so that input errors are the API's localised field errors.
 */
export function createMcpServer(
  services: TMcpServices,
  caller: TMcpCaller,
  log: Pick<Logger, 'error'>,
): Server {
  const server = new Server(
    { name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    let user: TAuthUser;
    try {
      user = await caller.user();
    } catch (error) {
      const text = toolError(error, caller.language, log, 'tools/list').content[0];
      throw new McpError(ErrorCode.InvalidRequest, text?.type === 'text' ? text.text : 'refused');
    }
    return { tools: listedTools().filter((t) => canUse(user, t.name)) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name, arguments: args } = request.params;
    try {
      const tool = toolByName(name);
      if (!tool) throw new AppError('NOT_FOUND');
      const value = await runTool(services, tool, args, caller, extra.signal);
      return { content: [{ type: 'text', text: JSON.stringify(value) }] };
    } catch (error) {
      return toolError(error, caller.language, log, name);
    }
  });
  return server;
}

function toolByName(name: string): TMcpTool | undefined {
  return MCP_TOOLS.find((t) => t.name === name);
}

function canUse(user: TAuthUser, name: string): boolean {
  const feature = toolByName(name)?.feature;
  return feature === undefined || user.features.has(feature);
}
