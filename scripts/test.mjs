// `npm test`: the whole suite — typecheck, lint, unit + integration + protocol tests (vitest, real
// PostgreSQL), then the browser suite (Debian Chromium). Ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, TZ: 'UTC' };
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(label, command, args) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  console.log(
    `  ${label} ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result.status === 0;
}

if (!existsSync(chromium)) {
  console.error(
    `\nThe browser suite needs Debian's Chromium at ${chromium} (or set CHROMIUM_PATH).\n` +
      'Install it with:  sudo apt-get install -y chromium fonts-wqy-microhei\n',
  );
  process.exit(1);
}

const outDir = path.join(root, 'test-results');
mkdirSync(outDir, { recursive: true });

let ok = run('typecheck', 'npx', ['tsc', '-b']);
ok = run('lint', 'npx', ['biome', 'check', '.']) && ok;

let passed = 0;
let failed = 0;
let skipped = 0;
// The browser suite runs after the others, not beside them: on two cores a headless Chromium rendering a
// WebGL map next to the database-heavy suites made its timings flaky.
// Three test files at a time for the unit suite on two cores: a third of the server's time is files that
// wait (a cron minute in the two-process tests, child processes, PostgreSQL), not CPU. Measured on this
// machine kind under the same load: 1 700 s with two workers, 1 361 s with three; no test slower to its limit.
const suites = [
  { label: 'unit and integration tests', projects: ['wind', 'shared', 'server', 'web'], workers: 3 },
  { label: 'browser tests', projects: ['e2e'] },
];
for (const suite of suites) {
  const report = path.join(outDir, `vitest-${suite.projects.join('-')}.json`);
  rmSync(report, { force: true });
  const suiteOk = run(suite.label, 'npx', [
    'vitest',
    'run',
    ...suite.projects.flatMap((p) => ['--project', p]),
    ...(suite.workers ? [`--maxWorkers=${suite.workers}`] : []),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  let suiteFailed = 0;
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests ?? 0;
    suiteFailed = json.numFailedTests ?? 0;
    skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  }
  if (!suiteOk && suiteFailed === 0) suiteFailed = 1; // the runner itself failed (setup error)
  // The JSON report is the judge: a failed test fails the run even if the runner's exit status said otherwise.
  if (suiteFailed > 0) ok = false;
  failed += suiteFailed;
}
if (!ok && failed === 0) failed = 1; // typecheck or lint failed
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
