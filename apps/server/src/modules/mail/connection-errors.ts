import { AppError } from '@masthub/shared';

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL']);
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ETIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'GREETING_TIMEOUT',
  'UPGRADE_TIMEOUT',
  'NoConnection',
  'ClosedAfterConnectTLS',
  'ClosedAfterConnectText',
]);

interface TErrorLike {
  code?: string | number;
  message?: string;
  authenticationFailed?: boolean;
  serverResponseCode?: string;
  responseText?: string;
  response?: string;
  library?: string;
  reason?: string;
}

/** Thrown by fetchers when a configured folder or mailbox does not exist on the server. */
export class FolderNotFoundError extends Error {
  constructor(readonly folder: string) {
    super(`folder not found: ${folder}`);
    this.name = 'FolderNotFoundError';
  }
}

/**
 * Turns what an IMAP or FTP client threw into the localised error the user sees (SPEC §5 "server
 * address error is reported"): host not found, cannot connect, TLS failure, login refused, missing
 * folder, or else the server's own words. An AppError passes through unchanged.
 */
export function toDataSourceError(error: unknown, where: { host: string; port: number }): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof FolderNotFoundError) {
    return new AppError('DATA_SOURCE_FOLDER_NOT_FOUND', { folder: error.folder });
  }
  const e = (error ?? {}) as TErrorLike;
  const code = typeof e.code === 'string' ? e.code : '';
  const message = String(e.message ?? error);
  if (DNS_CODES.has(code)) return new AppError('DATA_SOURCE_ADDRESS_ERROR', { host: where.host });
  if (e.authenticationFailed || e.code === 530 || /\b(530|535)\b.*(login|auth|password)/i.test(message)) {
    return new AppError('DATA_SOURCE_AUTH_FAILED', { host: where.host });
  }
  if (
    e.library === 'SSL routines' ||
    /^ERR_SSL_|^ERR_TLS_|CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code) ||
    /\b(ssl|tls)\b|certificate/i.test(message)
  ) {
    return new AppError('DATA_SOURCE_TLS_FAILED', { host: where.host, port: where.port });
  }
  if (UNREACHABLE_CODES.has(code) || /timeout|timed out|ECONNREFUSED|closed unexpectedly/i.test(message)) {
    return new AppError('DATA_SOURCE_UNREACHABLE', { host: where.host, port: where.port });
  }
  const reason = (e.responseText || e.response || message).replace(/\s+/g, ' ').trim().slice(0, 200);
  return new AppError('DATA_SOURCE_FETCH_FAILED', { reason });
}
