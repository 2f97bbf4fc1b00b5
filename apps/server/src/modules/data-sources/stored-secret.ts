import { AppError, SMTP_DEFAULT_PORTS } from '@masthub/shared';
import type { TDataSourceValues } from './data-sources.repository.ts';

/**
 * Stored credentials of a data source (issue 39 §3). Each stored password — the inbox's or FTP server's,
 * and the sending (SMTP) server's — belongs to the endpoint it was entered for: where and how it travels
 * (protocol, host, port, transport security) and the account. One rule for both, on a connection test
 * and on a save alike: a password typed in the form is used as typed; a blank one stands for the stored
 * password only when the form names that very endpoint; otherwise it must be typed (again). So a stored
 * password is only ever sent to the server it was stored for, never to a host, port or account a form
 * names instead, nor in clear where it travelled encrypted.
 */
export interface TEndpoint {
  protocol: string;
  host: string;
  port: number;
  security: string;
  username: string;
}

/** A source's stored row as far as its endpoints go. */
export interface TStoredEndpoints {
  fetch_type: string;
  protocol: string;
  host: string;
  port: number;
  is_ssl: boolean;
  username: string;
  smtp_host: string;
  smtp_port: number | null;
  smtp_security: 'tls' | 'starttls' | 'none';
  smtp_username: string;
}

/** The inbox or FTP endpoint of a stored row. */
export function storedInboxEndpoint(row: TStoredEndpoints): TEndpoint {
  return {
    protocol: `${row.fetch_type}:${row.protocol}`,
    host: row.host,
    port: row.port,
    security: row.is_ssl ? 'tls' : 'none',
    username: row.username,
  };
}

/** The inbox or FTP endpoint a form names. */
export function formInboxEndpoint(values: TDataSourceValues): TEndpoint {
  return {
    protocol: `${values.fetchType}:${values.protocol}`,
    host: values.host,
    port: values.port,
    security: values.isSsl ? 'tls' : 'none',
    username: values.username,
  };
}

/** The SMTP endpoint of a stored row (the port it is reached on: the security's default when unset). */
export function storedSmtpEndpoint(row: TStoredEndpoints): TEndpoint {
  return {
    protocol: 'smtp',
    host: row.smtp_host,
    port: row.smtp_port ?? SMTP_DEFAULT_PORTS[row.smtp_security],
    security: row.smtp_security,
    username: row.smtp_username,
  };
}

/** The SMTP endpoint a form names. */
export function formSmtpEndpoint(values: TDataSourceValues): TEndpoint {
  return {
    protocol: 'smtp',
    host: values.smtpHost,
    port: values.smtpPort ?? SMTP_DEFAULT_PORTS[values.smtpSecurity],
    security: values.smtpSecurity,
    username: values.smtpUsername,
  };
}

/** A stored row's inbox/FTP password as the rule sees it: its endpoint, and whether one is stored. */
export function storedInbox(row: TStoredEndpoints & { secret: Buffer | null }) {
  return { endpoint: storedInboxEndpoint(row), hasSecret: row.secret !== null };
}

/** A stored row's SMTP password as the rule sees it. */
export function storedSmtp(row: TStoredEndpoints & { smtp_secret: Buffer | null }) {
  return { endpoint: storedSmtpEndpoint(row), hasSecret: row.smtp_secret !== null && row.smtp_host !== '' };
}

export function isSameEndpoint(a: TEndpoint, b: TEndpoint): boolean {
  return (
    a.protocol === b.protocol &&
    a.host === b.host &&
    a.port === b.port &&
    a.security === b.security &&
    a.username === b.username
  );
}

/**
 * What a form's password stands for against what is stored: the typed one; the stored one (only for the
 * endpoint it was stored for); 'required' when none is stored; 'reenter' when the stored one belongs to
 * another endpoint than the form names.
 */
export type TSecretChoice =
  | { kind: 'typed'; password: string }
  | { kind: 'stored' }
  | { kind: 'required' }
  | { kind: 'reenter' };

export function chooseSecret(
  typed: string,
  stored: { endpoint: TEndpoint; hasSecret: boolean } | undefined,
  endpoint: TEndpoint,
): TSecretChoice {
  if (typed !== '') return { kind: 'typed', password: typed };
  if (!stored?.hasSecret) return { kind: 'required' };
  return isSameEndpoint(stored.endpoint, endpoint) ? { kind: 'stored' } : { kind: 'reenter' };
}

/** The field error of a password the form must bring: the inbox/FTP one or the SMTP one. */
export function secretError(kind: 'required' | 'reenter', field: 'password' | 'smtpPassword'): AppError {
  const message =
    field === 'password'
      ? kind === 'required'
        ? 'v.dataSourcePasswordRequired'
        : 'v.dataSourcePasswordReenter'
      : kind === 'required'
        ? 'v.smtpPasswordRequired'
        : 'v.smtpPasswordReenter';
  return new AppError('VALIDATION_FAILED', {}, [{ field, message }]);
}

/**
 * The SMTP password a form types: its own, else — when the SMTP account is the inbox's own (one
 * authorisation code for both, as the common Chinese mail services issue) — the inbox password typed in
 * the same form. Never the stored inbox password: that one belongs to the inbox's server.
 */
export function typedSmtpPassword(
  values: TDataSourceValues,
  given: { smtpPassword: string; inboxPassword: string },
): string {
  if (given.smtpPassword !== '') return given.smtpPassword;
  return values.smtpUsername === values.username ? given.inboxPassword : '';
}
