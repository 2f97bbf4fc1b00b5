import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

export interface TReceivedMail {
  /** MAIL FROM and RCPT TO of the envelope. */
  from: string;
  rcpt: string[];
  raw: string;
  parsed: ParsedMail;
}

export interface TTestSmtpServer {
  port: number;
  received: TReceivedMail[];
  /** Every AUTH the server was offered, accepted or not (a server standing in for a stranger's). */
  authAttempts: { username: string; password: string }[];
  /** Temporarily refuse the next `n` messages with 451 (a busy server). */
  refuseNext(n: number): void;
  /** Waits until `count` messages arrived (or throws after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<TReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (smtp-server): plain connection, AUTH PLAIN/LOGIN against `users`,
 * recipients matching `refuseRcpt` refused with 550, each accepted message parsed with mailparser.
 */
export async function startTestSmtpServer(
  options: { users?: Record<string, string>; refuseRcpt?: RegExp } = {},
): Promise<TTestSmtpServer> {
  const users = options.users ?? { 'sender@test.local': 'smtp-secret' };
  const received: TReceivedMail[] = [];
  const authAttempts: { username: string; password: string }[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      authAttempts.push({ username: auth.username ?? '', password: auth.password ?? '' });
      if (auth.username && users[auth.username] === auth.password) {
        callback(null, { user: auth.username });
        return;
      }
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (options.refuseRcpt?.test(address.address)) {
        callback(Object.assign(new Error(`Mailbox unavailable: ${address.address}`), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals -= 1;
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              rcpt: session.envelope.rcptTo.map((r) => r.address),
              raw,
              parsed,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    authAttempts,
    refuseNext(n) {
      refusals = n;
    },
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nothing listens on (a dead server). */
export async function deadPort(): Promise<number> {
  const { createServer } = await import('node:net');
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * An e-mail data source whose SMTP server is `smtpPort` on loopback (account `sender@test.local`,
 * password `smtp-secret`, the test server's default user), saved through the API; its id.
 */
export async function saveTestSender(
  server: {
    call: (
      method: 'POST',
      url: string,
      options: { token: string; body: unknown },
    ) => Promise<{ status: number; body: any }>;
  },
  token: string,
  name: string,
  smtpPort: number,
): Promise<number> {
  const r = await server.call('POST', '/api/web/data_source/save_or_update', {
    token,
    body: {
      name,
      fetchType: 'email',
      protocol: 'imap',
      host: '127.0.0.1',
      username: 'sender@test.local',
      password: 'imap-secret',
      isEnabled: false,
      smtpHost: '127.0.0.1',
      smtpPort,
      smtpSecurity: 'none',
      smtpPassword: 'smtp-secret',
    },
  });
  if (r.status !== 200) throw new Error(`sender not saved: ${JSON.stringify(r.body)}`);
  return r.body.data.id as number;
}
