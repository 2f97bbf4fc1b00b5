// Builds apps/web when dist is missing or older than the web or shared sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function isWebStale() {
  if (!existsSync(webIndex)) return true;
  const built = statSync(webIndex).mtimeMs;
  const inputs = [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'packages/shared/src',
  ].map((p) => path.join(root, p));
  return inputs.some(
    (p) => existsSync(p) && (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs) > built,
  );
}

/** Returns false when the build failed. */
export function ensureWebBuilt() {
  if (!isWebStale()) return true;
  console.log('Building the web app (first start or changed sources)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@masthub/web'], { cwd: root, stdio: 'inherit' });
  return build.status === 0;
}
