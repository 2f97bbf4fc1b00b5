import type { Language } from '@masthub/shared';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyReply } from 'fastify';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import { errorEnvelope } from '../../platform/http/envelope.ts';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { createMcpServer } from './mcp.server.ts';
import type { TMcpServices } from './mcp.tools.ts';

/** A statistics or energy call may take as long as the API's own (energy: 120 s). */
const MCP_TIMEOUT_MS = 120_000;

/**
 * GET (a server-sent event stream) and DELETE (a session's end) mean nothing to a stateless server: 405,
 * which tells the client to go on without them, with the API's localised "no such API".
 */
function methodNotAllowed(reply: FastifyReply, method: string, language: Language): FastifyReply {
  const message = errorEnvelope('ROUTE_NOT_FOUND', language, { method, url: '/mcp' }).body.msg;
  return reply
    .code(405)
    .header('allow', 'POST')
    .send({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
}

/**
 * A JSON-RPC batch (an array of messages) is refused as a whole with Invalid Request (issue 39 §5): the SDK
 * would run up to 100 tool calls of one request side by side for the one call the token's rate limit
 * counted. One message per request keeps one tool call = one counted call = the database work of one
 * tool, which its input schema bounds; MCP itself dropped batching in its 2025-06-18 revision, and the
 * SDK's clients send one message per request.
 */
function refuseBatch(reply: FastifyReply, language: Language): FastifyReply {
  const message = errorEnvelope('MCP_BATCH_REFUSED', language).body.msg;
  return reply
    .code(400)
    .send({ jsonrpc: '2.0', error: { code: ErrorCode.InvalidRequest, message }, id: null });
}

const DESCRIPTION =
  'Model Context Protocol over streamable HTTP (stateless, JSON answers): read-only tools over the sites ' +
  'the caller sees. Send `Authorization: Bearer mht_…` (a personal access token with the read scope).';

/**
 * The Model Context Protocol endpoint at /mcp (issue 32). The caller is authenticated like every API call
 * (a personal access token needs the read scope; its sites and the user's current rights apply); each
 * request carries one JSON-RPC message (batches are refused) and gets its own server and transport,
 * which are handed the raw request and response.
 */
export function mcpRoutes(services: TMcpServices): TRouteDef[] {
  const common = {
    url: '/mcp',
    isAtRoot: true,
    summary: DESCRIPTION,
    tags: ['mcp'],
    auth: 'user' as const,
    scope: 'read' as const,
    isRaw: true,
  };
  return [
    defineRoute({
      ...common,
      method: 'POST',
      timeoutMs: MCP_TIMEOUT_MS,
      handle: async ({ user, language, utcOffsetMinutes, request, reply }) => {
        if (Array.isArray(request.body)) return refuseBatch(reply, language);
        const server = createMcpServer(
          services,
          { user: async () => user as TAuthUser, language, utcOffsetMinutes },
          request.log,
        );
        const transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
        });
        reply.raw.once('close', () => {
          void transport.close();
          void server.close();
        });
        await server.connect(transport);
        reply.hijack();
        await transport.handleRequest(request.raw, reply.raw, request.body);
      },
    }),
    defineRoute({
      ...common,
      method: 'GET',
      handle: async ({ reply, language }) => methodNotAllowed(reply, 'GET', language),
    }),
    defineRoute({
      ...common,
      method: 'DELETE',
      handle: async ({ reply, language }) => methodNotAllowed(reply, 'DELETE', language),
    }),
  ];
}
