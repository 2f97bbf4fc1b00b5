import { AppError, type Language } from '@masthub/shared';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Logger } from '../../platform/logger.ts';
import type { BearerAuthenticator } from '../access-tokens/index.ts';
import { createMcpServer } from './mcp.server.ts';
import type { TMcpServices } from './mcp.tools.ts';

/** What a local client's call carries instead of HTTP headers. */
const STDIO_CLIENT = { ip: '127.0.0.1', userAgent: 'masthub-mcp-stdio' };

/**
 * Serves the tools over standard input and output for a local client (`npm run mcp`). The personal access
 * token is resolved on every request like an HTTP call's, so revoking it or taking a right away from its
 * user stops the next call; it needs the read scope.
 */
export async function serveMcpStdio(
  services: TMcpServices,
  options: {
    secret: string;
    bearer: Pick<BearerAuthenticator, 'authenticate'>;
    language: Language;
    utcOffsetMinutes: number;
    log: Logger;
  },
): Promise<{ close(): Promise<void> }> {
  const user = async (): Promise<TAuthUser> => {
    const caller = await options.bearer.authenticate(options.secret, STDIO_CLIENT);
    if (!caller.accessToken?.scopes.includes('read'))
      throw new AppError('ACCESS_TOKEN_SCOPE', { scope: 'read' });
    return caller;
  };
  const server = createMcpServer(
    services,
    { user, language: options.language, utcOffsetMinutes: options.utcOffsetMinutes },
    options.log,
  );
  await server.connect(new StdioServerTransport());
  return { close: () => server.close() };
}
