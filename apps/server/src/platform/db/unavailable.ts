/** Node socket errors that mean the database server cannot be reached. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);

/** PostgreSQL SQLSTATEs of a server that is shutting down, starting or unreachable. */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What node-postgres throws when a connection ends or cannot be made in time. */
const CLIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Connection refused',
];

/**
 * Whether an error means "the database is unavailable" (down, restarting, unreachable) rather than a
 * bug: such errors answer 503 with a localised message instead of 500 (issue 12).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if (typeof e !== 'object') return false;
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (
      typeof code === 'string' &&
      (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08'))
    ) {
      return true;
    }
    if (typeof message === 'string' && CLIENT_MESSAGES.some((m) => message.includes(m))) return true;
    // AggregateError of a connect() to several addresses (IPv4 and IPv6 localhost).
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
