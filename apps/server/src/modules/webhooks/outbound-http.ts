import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { AppError } from '@masthub/shared';

/**
 * Addresses a webhook is never sent to unless the installation allows them (WEBHOOK_ALLOW_PRIVATE): the
 * machine itself, its link-local neighbours (169.254.169.254 is the cloud metadata service), private and
 * shared networks, unspecified and multicast addresses (SSRF guard, issue 32). IPv6 addresses that carry
 * an IPv4 address are judged by that address (embeddedIpv4), not by these lists.
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
  // Local-use NAT64 (RFC 8215): translates into a network of the operator's own.
  ['64:ff9b:1::', 48],
  ['fc00::', 7],
  ['fe80::', 10],
  // Site-local (deprecated, still routed inside some networks).
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  INTERNAL.addSubnet(net, bits, 'ipv6');
}

/** The eight 16-bit words of a valid IPv6 literal (`::` expanded, a trailing dotted IPv4 folded in). */
function ipv6Words(address: string): number[] {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const words = (part: string) =>
    part === '' ? [] : part.split(':').map((word) => Number.parseInt(word, 16));
  const [head = '', tail] = text.split('::');
  if (tail === undefined) return words(head);
  const before = words(head);
  const after = words(tail);
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * The IPv4 address an IPv6 address stands for, where it carries one: IPv4-compatible `::a.b.c.d`,
 * IPv4-mapped `::ffff:a.b.c.d`, IPv4-translated `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`, 6to4
 * `2002:aabb:ccdd::/48` and Teredo `2001:0:…` (the client's address, inverted). A packet to such an address
 * may reach that IPv4 host, so it is judged as that host.
 */
export function embeddedIpv4(address: string): string | undefined {
  const w = ipv6Words(address);
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zero = (from: number, to: number) => w.slice(from, to).every((word) => word === 0);
  if (zero(0, 5) && (w[5] === 0 || w[5] === 0xffff)) return v4(w[6]!, w[7]!);
  if (zero(0, 4) && w[4] === 0xffff && w[5] === 0) return v4(w[6]!, w[7]!);
  if (w[0] === 0x64 && w[1] === 0xff9b && zero(2, 6)) return v4(w[6]!, w[7]!);
  if (w[0] === 0x2002) return v4(w[1]!, w[2]!);
  if (w[0] === 0x2001 && w[1] === 0) return v4(~w[6]! & 0xffff, ~w[7]! & 0xffff);
  return undefined;
}

/** Whether `address` (an IP literal) is internal; an IPv6 address carrying an IPv4 one is judged as that. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return INTERNAL.check(address, 'ipv4');
  if (family !== 6) return true;
  const ipv4 = embeddedIpv4(address);
  if (ipv4 !== undefined) return INTERNAL.check(ipv4, 'ipv4');
  return INTERNAL.check(address.replace(/%.*$/, ''), 'ipv6');
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

/** getaddrinfo's answers for a name that does not exist (or has no address), as opposed to a failing resolver. */
const NAME_MISSING = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA']);

/**
 * Resolves the URL's host and refuses an internal address (unless allowed); returns the address to connect
 * to (postJson pins the connection to it: a second resolution cannot swap in another one). Throws an
 * AppError that says why. A refusal names the host as given, never what it resolves to, and a name that
 * does not exist is refused like one with an internal address: otherwise the answers would tell which
 * internal names exist and where they point.
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
    } catch (error) {
      if (!allowPrivate && NAME_MISSING.has((error as NodeJS.ErrnoException).code ?? ''))
        throw new AppError('WEBHOOK_ADDRESS_REFUSED', { host });
      throw new AppError('WEBHOOK_DNS_FAILED', { host });
    }
  }
  if (addresses.length === 0) {
    throw new AppError(allowPrivate ? 'WEBHOOK_DNS_FAILED' : 'WEBHOOK_ADDRESS_REFUSED', { host });
  }
  // Every address the name has must be public: a name with one internal address is refused whole.
  if (!allowPrivate && addresses.some((a) => isInternalAddress(a.address)))
    throw new AppError('WEBHOOK_ADDRESS_REFUSED', { host });
  return addresses[0]!;
}

/**
 * Posts the body to the address resolveTarget checked. No redirect is followed; the answer's body is read
 * and dropped. Throws an AppError that says why nothing or no answer came.
 */
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
