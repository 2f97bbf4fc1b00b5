/** The public face of the mcp module: all that server.ts, wiring and the entry points import of it. */

export { mcpRoutes } from './mcp.routes.ts';
export { MCP_SERVER_NAME } from './mcp.server.ts';
export { serveMcpStdio } from './mcp.stdio.ts';
export type { TMcpServices } from './mcp.tools.ts';
