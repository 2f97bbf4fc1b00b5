import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Where Debian's dovecot-imapd puts the server binary. */
const DOVECOT = ['/usr/sbin/dovecot', '/usr/bin/dovecot'].find((p) => existsSync(p));

/** Why real-IMAP tests cannot run here, or undefined when they can (dovecot installed, running as root). */
export function dovecotUnavailableReason(): string | undefined {
  if (!DOVECOT) {
    return 'dovecot is not installed: apt-get install -y --no-install-recommends dovecot-imapd (.ci/run installs it)';
  }
  if (process.getuid?.() !== 0) return 'dovecot tests need root (they start dovecot with its own vmail user)';
  return undefined;
}

export interface TDovecot {
  host: string;
  port: number;
  user: string;
  password: string;
  stop(): Promise<void>;
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`dovecot did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A real dovecot IMAP server on 127.0.0.1 in its own temp folder and port, set up as in
 * shared/RECIPES.md §1 (passwd-file users, maildir under the folder, plaintext auth, no TLS).
 */
export async function startDovecot(): Promise<TDovecot> {
  const reason = dovecotUnavailableReason();
  if (reason) throw new Error(reason);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'masthub-dovecot-'));
  // The imap processes run as vmail and must reach the home folders below this one.
  chmodSync(dir, 0o755);
  for (const sub of ['run', 'state', 'home']) mkdirSync(path.join(dir, sub));
  if (spawnSync('id', ['vmail']).status !== 0) {
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'vmail']);
  }
  const uid = execFileSync('id', ['-u', 'vmail']).toString().trim();
  execFileSync('chown', ['-R', 'vmail:vmail', path.join(dir, 'home')]);
  const user = 'ingest@test.local';
  const password = 'secret';
  writeFileSync(path.join(dir, 'users'), `${user}:{PLAIN}${password}\n`);
  const port = await freePort();
  writeFileSync(
    path.join(dir, 'dovecot.conf'),
    `protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
# Tests log in wrongly on purpose; the default 2 s delay only slows them down.
auth_failure_delay = 0
first_valid_uid = ${uid}
last_valid_uid = ${uid}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = uid=vmail gid=vmail home=${dir}/home/%d/%n
}
mail_location = maildir:~/Maildir
namespace inbox {
  inbox = yes
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`,
  );
  // Dovecot daemonises: its stdio must not be pipes this process waits on.
  execFileSync(DOVECOT!, ['-c', path.join(dir, 'dovecot.conf')], { stdio: 'ignore' });
  try {
    await waitForPort(port, 10_000);
  } catch (error) {
    const log = existsSync(path.join(dir, 'dovecot.log'))
      ? readFileSync(path.join(dir, 'dovecot.log'), 'utf8')
      : '';
    throw new Error(`${(error as Error).message}\n${log}`);
  }
  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    stop: async () => {
      const pidFile = path.join(dir, 'run', 'master.pid');
      if (existsSync(pidFile)) {
        const pid = Number(readFileSync(pidFile, 'utf8').trim());
        try {
          process.kill(pid, 'SIGTERM');
        } catch {
          // Already gone.
        }
        for (let i = 0; i < 50; i++) {
          try {
            process.kill(pid, 0);
            await new Promise((r) => setTimeout(r, 100));
          } catch {
            break;
          }
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
