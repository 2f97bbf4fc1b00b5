import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * Programs every Debian machine has (packages of priority "required" or essential: coreutils, passwd,
 * util-linux, procps…), which `.ci/run` need not install.
 */
const BASE_SYSTEM = new Set([
  'nologin',
  'id',
  'chown',
  'chmod',
  'useradd',
  'runuser',
  'kill',
  'sh',
  'bash',
  'env',
  'ls',
  'cat',
]);
/** Programs run through the project's own toolchain. */
const PROJECT_TOOLS = new Set(['node', 'npx', 'npm', 'git', 'process.execPath']);
/** Each program a test may run, and the Debian package `.ci/run` installs it from. */
const PACKAGE_OF: Record<string, string> = {
  pdftotext: 'poppler-utils',
  pdffonts: 'poppler-utils',
  pdftoppm: 'poppler-utils',
  pdfinfo: 'poppler-utils',
  dovecot: 'dovecot-imapd',
  chromium: 'chromium',
  vsftpd: 'vsftpd',
  psql: 'postgresql',
  pg_isready: 'postgresql',
  // The replica tests' two clusters (test/replica-cluster.ts, run from /usr/lib/postgresql/<n>/bin).
  pg_basebackup: 'postgresql',
  initdb: 'postgresql',
  pg_ctl: 'postgresql',
  // The pandas example (python-example.e2e.test.ts) needs pandas and requests, not just the interpreter.
  python3: 'python3-pandas',
};

/** Test code: test files, specs and the helpers of the test folders. */
function testFiles(): string[] {
  const out = execFileSync(
    'git',
    [
      'ls-files',
      '*.test.ts',
      '*.spec.ts',
      'apps/*/test/*.ts',
      'apps/*/test/**/*.ts',
      'e2e/*.ts',
      'e2e/**/*.ts',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  return [...new Set(out.split('\n').filter(Boolean))];
}

/** Program names a file spawns: literal first arguments of spawn/exec calls and literal /usr/(s)bin paths. */
export function spawnedPrograms(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(
    /\b(?:execFileSync|execFile|spawnSync|spawn|execSync|exec)\(\s*(['"`])([\w.-]+)\1/g,
  )) {
    found.add(m[2]!);
  }
  for (const m of source.matchAll(/['"`]\/(?:usr\/)?s?bin\/([\w.-]+)['"`]/g)) found.add(m[1]!);
  return [...found];
}

/** The Debian packages `.ci/run` installs (`need+=(…)`). */
export function ciPackages(script: string): Set<string> {
  const packages = new Set<string>();
  for (const m of script.matchAll(/need\+=\(([^)]*)\)/g)) {
    for (const p of m[1]!.split(/\s+/).filter(Boolean)) packages.add(p);
  }
  return packages;
}

describe('the programs tests spawn', () => {
  it('finds literal program names and binary paths in test code', () => {
    expect(
      spawnedPrograms(
        // Built from parts so that this fixture is not itself read as a test spawning vsftpd.
        `execFileSync('pdffonts', [f]); ${'spawn('}"vsftpd", []); const D = '/usr/sbin/dovecot';`,
      ).sort(),
    ).toEqual(['dovecot', 'pdffonts', 'vsftpd']);
    expect(ciPackages('need+=(chromium)\n[ -x x ] || need+=(poppler-utils dovecot-imapd)')).toEqual(
      new Set(['chromium', 'poppler-utils', 'dovecot-imapd']),
    );
  });

  it('are each installed by .ci/run, so CI passes on a machine where nothing was installed by hand', () => {
    const installed = ciPackages(readFileSync(path.join(root, '.ci/run'), 'utf8'));
    const problems: string[] = [];
    for (const file of testFiles()) {
      if (file.endsWith('ci-programs.test.ts')) continue;
      for (const program of spawnedPrograms(readFileSync(path.join(root, file), 'utf8'))) {
        if (BASE_SYSTEM.has(program) || PROJECT_TOOLS.has(program)) continue;
        const pkg = PACKAGE_OF[program];
        if (!pkg)
          problems.push(
            `${file} runs \`${program}\`: name its Debian package here and install it in .ci/run`,
          );
        else if (!installed.has(pkg))
          problems.push(`${file} runs \`${program}\` but .ci/run never installs ${pkg}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('are named in the README test section', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const installed = ciPackages(readFileSync(path.join(root, '.ci/run'), 'utf8'));
    expect([...installed].filter((pkg) => !readme.includes(pkg))).toEqual([]);
  });
});
