// `npm start`: builds the web app when it is missing or older than its sources, then runs the server
// (API, websocket, jobs, static web app) with the embedded PostgreSQL unless DATABASE_URL is set.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuilt, root } from './web-build.mjs';

if (process.env.SKIP_WEB_BUILD !== '1' && !ensureWebBuilt()) process.exit(1);

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main-api.ts')], {
  cwd: process.cwd(),
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
