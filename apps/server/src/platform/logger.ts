import type { DestinationStream } from 'pino';
import pino, { type Logger } from 'pino';
import type { TConfig } from './config.ts';

export type { Logger };

/** Query parameters whose values never reach a log line (the websocket takes the token in its URL). */
const SECRET_QUERY = /([?&](?:token|password|secret|signature)=)[^&#]*/gi;

/** The URL with secret query values replaced by `[redacted]`. */
export function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(SECRET_QUERY, '$1[redacted]');
}

interface TLoggedRequest {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** The fields of an error worth a log line; anything else an error carries (a client, a socket) is left out. */
const ERROR_FIELDS = ['code', 'detail', 'hint', 'errno', 'syscall', 'address', 'port', 'statusCode'] as const;

export function serializeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const out: Record<string, unknown> = { type: err.name, message: err.message, stack: err.stack };
  const fields = err as unknown as Record<string, unknown>;
  for (const key of ERROR_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (err.cause instanceof Error) out.cause = serializeError(err.cause);
  return out;
}

/** Structured JSON logs; secrets and payloads are redacted or never logged. */
export function createLogger(config: Pick<TConfig, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.LOG_LEVEL,
      redact: {
        paths: ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie', '*.password'],
        censor: '[redacted]',
      },
      serializers: {
        req: (req: TLoggedRequest) => ({
          method: req.method,
          url: redactUrl(req.url),
          host: req.hostname,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
        // Errors are logged with their message, code and stack only — never a whole object graph
        // (a pg client hanging off an error once made multi-KB log lines holding connection state).
        err: serializeError,
      },
      base: { app: 'masthub' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
