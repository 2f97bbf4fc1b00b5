// `npm start`: builds the web app when it is missing or older than its sources, then runs the server
// (API, websocket, jobs, static web app) with the embedded PostgreSQL unless DATABASE_URL is set.
// `npm run start:api` (node scripts/start.mjs api): HTTP and websocket only (JOBS_ENABLED=false).
// `npm run start:worker` (node scripts/start.mjs worker): job queues and schedules only, no HTTP.
// Both need DATABASE_URL (README "Running on several machines").
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuilt, root } from './web-build.mjs';

const role = process.argv[2] ?? 'all';
if (!['all', 'api', 'worker'].includes(role)) {
  console.error(`Unknown role "${role}": use api, worker or nothing (all in one).`);
  process.exit(1);
}
if (role !== 'all' && !process.env.DATABASE_URL) {
  console.error(
    `start:${role} runs one role of several processes on a shared PostgreSQL: set DATABASE_URL ` +
      '(or use `npm start`, all in one with the embedded database).',
  );
  process.exit(1);
}
if (role !== 'worker' && process.env.SKIP_WEB_BUILD !== '1' && !ensureWebBuilt()) process.exit(1);

const entry = role === 'worker' ? 'apps/server/src/main-worker.ts' : 'apps/server/src/main-api.ts';
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, entry)], {
  cwd: process.cwd(),
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    ...(role === 'api' ? { JOBS_ENABLED: 'false' } : {}),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
