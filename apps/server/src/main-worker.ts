import { ConfigError, loadConfig } from './platform/config.ts';
import { createLogger } from './platform/logger.ts';
import { createServer } from './server.ts';

/**
 * Entry point of a worker process (`npm run start:worker`): the job queues and schedules (parsing,
 * e-mail and FTP pulls, alarms, reports, exports) on the shared PostgreSQL, and no HTTP. Run one or
 * more beside the API processes (`npm run start:api`, JOBS_ENABLED=false); see README "Running on
 * several machines".
 */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({ ...process.env, JOBS_ENABLED: 'true' });
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  if (!config.DATABASE_URL) {
    console.error(
      'A worker process shares the database of the API processes: set DATABASE_URL (the embedded database ' +
        'serves one all-in-one process, `npm start`).',
    );
    process.exit(1);
  }
  const log = createLogger(config);
  let server: Awaited<ReturnType<typeof createServer>>;
  try {
    server = await createServer(config, log);
  } catch (error) {
    log.fatal({ err: error }, 'MastHub worker could not start');
    console.error(
      `\nMastHub worker could not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  }
  log.info({ pid: process.pid }, 'MastHub worker ready');
  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    log.info({ signal }, 'worker shutting down');
    await server.close().catch((err) => log.error({ err }, 'error while shutting down'));
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void stop(signal));
  }
}

void main();
