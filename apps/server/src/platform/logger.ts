import pino, { type Logger } from 'pino';
import type { TConfig } from './config.ts';

export type { Logger };

/** Structured JSON logs; secrets and payloads are redacted or never logged. */
export function createLogger(config: Pick<TConfig, 'LOG_LEVEL'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie', '*.password'],
      censor: '[redacted]',
    },
    base: { app: 'masthub' },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
