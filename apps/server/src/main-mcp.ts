import { parseLanguageHeader, parseUtcCode } from '@masthub/shared';
import pino from 'pino';
import { serveMcpStdio } from './modules/mcp/index.ts';
import { ConfigError, loadConfig, type TConfig } from './platform/config.ts';
import { runningEmbeddedUrl } from './platform/db/embedded.ts';
import { createLogger } from './platform/logger.ts';
import { createServer } from './server.ts';

/** Beijing time unless MASTHUB_UTC_CODE says otherwise (the API's `utc-code` default). */
const DEFAULT_UTC_OFFSET_MINUTES = 480;

/**
 * The database of this installation: DATABASE_URL when set, else the embedded PostgreSQL a running
 * `npm start` serves from DATA_DIR, else the embedded database started here.
 */
function configOf(env: NodeJS.ProcessEnv): TConfig {
  const base = loadConfig(env);
  const running = base.DATABASE_URL ? null : runningEmbeddedUrl(base.dataDirAbs);
  return running ? loadConfig({ ...env, DATABASE_URL: running }) : base;
}

/**
 * Entry point of the Model Context Protocol server for a local client (`npm run --silent mcp`): the
 * read-only tools over standard input and output, as the user of the personal access token in
 * MASTHUB_TOKEN. Standard output carries the protocol only; logs go to standard error. No HTTP, no jobs.
 */
async function main(): Promise<void> {
  const secret = process.env.MASTHUB_TOKEN?.trim();
  if (!secret) {
    console.error(
      'Set MASTHUB_TOKEN to a personal access token with the read scope (personal centre → access tokens).',
    );
    process.exit(1);
  }
  let config: TConfig;
  try {
    config = configOf({ ...process.env, JOBS_ENABLED: 'false' });
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  const log = createLogger(config, pino.destination({ dest: 2, sync: true }));
  let server: Awaited<ReturnType<typeof createServer>>;
  try {
    server = await createServer(config, log);
  } catch (error) {
    console.error(`MastHub MCP could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const mcp = await serveMcpStdio(server.services, {
    secret,
    bearer: server.services.bearer,
    language: parseLanguageHeader(process.env.MASTHUB_LANGUAGE),
    utcOffsetMinutes: parseUtcCode(process.env.MASTHUB_UTC_CODE) ?? DEFAULT_UTC_OFFSET_MINUTES,
    log,
  });
  log.info({ pid: process.pid }, 'MastHub MCP server ready on stdio');
  let isStopping = false;
  const stop = async () => {
    if (isStopping) return;
    isStopping = true;
    await mcp.close().catch(() => undefined);
    await server.close().catch((err) => log.error({ err }, 'error while shutting down'));
    process.exit(0);
  };
  // The client closing our input ends the session.
  process.stdin.once('end', () => void stop());
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void stop());
  }
}

void main();
