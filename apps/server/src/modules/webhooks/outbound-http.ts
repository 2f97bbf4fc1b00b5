import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { AppError } from '@masthub/shared';

/**
 * Addresses a webhook is never sent to unless the installation allows them (WEBHOOK_ALLOW_PRIVATE): the
 * machine itself, its link-local neighbours (169.254.169.254 is the cloud metadata service), private and
 * shared networks, unspecified and multicast addresses (SSRF guard, issue 32).
 */
const INTERNAL = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  INTERNAL.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  INTERNAL.addSubnet(net, bits, 'ipv6');
}

/** Whether `address` (an IP literal) is internal; IPv4-mapped IPv6 addresses are judged as IPv4. */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return INTERNAL.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 4) return INTERNAL.check(address, 'ipv4');
  if (family === 6) return INTERNAL.check(address, 'ipv6');
  return true;
}

/**
 * Connections kept open between posts to the same host and port (a receiver of many events is not
 * connected to again for each). A socket is only ever opened to an address checked by `resolveTarget`.
 */
const AGENTS = {
  http: new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: 30_000 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: 30_000 }),
};

export interface TOutboundRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
}

export interface TOutboundAnswer {
  statusCode: number;
  durationMs: number;
}

/**
 * Resolves the URL's host, refuses an internal address (unless allowed) and connects to that very address
 * (the lookup is pinned: a second resolution cannot swap in another one). No redirect is followed; the
 * answer's body is read and dropped. Throws an AppError that says why nothing or no answer came.
 */
export async function resolveTarget(
  url: URL,
  allowPrivate: boolean,
): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new AppError('WEBHOOK_DNS_FAILED', { host });
    }
  }
  if (addresses.length === 0) throw new AppError('WEBHOOK_DNS_FAILED', { host });
  if (!allowPrivate) {
    // Every address the name has must be public: a name with one internal address is refused whole.
    const internal = addresses.find((a) => isInternalAddress(a.address));
    if (internal) throw new AppError('WEBHOOK_ADDRESS_REFUSED', { host, address: internal.address });
  }
  return addresses[0]!;
}

export async function postJson(request: TOutboundRequest): Promise<TOutboundAnswer> {
  const started = performance.now();
  const url = new URL(request.url);
  const target = await resolveTarget(url, request.allowPrivate);
  const isHttps = url.protocol === 'https:';
  const client = isHttps ? https : http;
  const payload = Buffer.from(request.body, 'utf8');
  const statusCode = await new Promise<number>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        agent: isHttps ? AGENTS.https : AGENTS.http,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-length': String(payload.length),
          'user-agent': 'MastHub-Webhook/1',
          ...request.headers,
        },
        // Pinned: the socket connects to the address checked above, whatever DNS says now.
        lookup: (_host, options, callback) => {
          if ((options as { all?: boolean }).all)
            (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
              target,
            ]);
          else callback(null, target.address, target.family);
        },
        timeout: request.timeoutMs,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    const deadline = setTimeout(() => req.destroy(new TimeoutError()), request.timeoutMs);
    req.on('timeout', () => req.destroy(new TimeoutError()));
    req.on('error', reject);
    req.on('close', () => clearTimeout(deadline));
    req.end(payload);
  }).catch((error: unknown) => {
    if (error instanceof TimeoutError)
      throw new AppError('WEBHOOK_TIMEOUT', { seconds: Math.round(request.timeoutMs / 100) / 10 });
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new AppError('WEBHOOK_CONNECTION_FAILED', { reason });
  });
  return { statusCode, durationMs: Math.round(performance.now() - started) };
}

class TimeoutError extends Error {}
