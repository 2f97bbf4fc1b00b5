import { AppError, SMTP_DEFAULT_PORTS, type TSmtpSecurity } from '@masthub/shared';
import nodemailer from 'nodemailer';
import type { Database } from '../../platform/db/database.ts';
import type { SecretBox } from '../../platform/secrets/secret-box.ts';
import { toDataSourceError } from './connection-errors.ts';
import { findSenderSource } from './smtp-sender.repository.ts';

/** The authenticated context of a sealed data-source password: it opens only on its own row. */
export function dataSourceSealContext(id: number): string {
  return `data-source:${id}`;
}

/** The sealing context of a source's SMTP password (distinct from its inbox password). */
export function smtpSealContext(id: number): string {
  return `${dataSourceSealContext(id)}:smtp`;
}

export interface TSmtpConfig {
  dataSourceId: number;
  name: string;
  host: string;
  port: number;
  security: TSmtpSecurity;
  username: string;
  password: string;
  /** The From address (the inbox's address). */
  from: string;
  timeoutMs: number;
}

export interface TOutgoingMail {
  fromName: string;
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  /** A fixed Message-ID (`<…@…>`): a resend carries the same one. */
  messageId: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[] | undefined;
}

interface TSmtpError {
  code?: string;
  command?: string;
  response?: string;
  responseCode?: number;
  message?: string;
}

/**
 * Turns what nodemailer threw into the localised error the user sees: host not found, cannot connect,
 * TLS failure and refused login read as the data-source errors ("server address error…"); a refused
 * sender, recipient or message as MAIL_REJECTED with the server's own words.
 */
export function toSmtpError(error: unknown, where: { host: string; port: number }): AppError {
  if (error instanceof AppError) return error;
  const e = (error ?? {}) as TSmtpError;
  if (e.code === 'EDNS') return new AppError('DATA_SOURCE_ADDRESS_ERROR', { host: where.host });
  if (e.code === 'EAUTH') return new AppError('DATA_SOURCE_AUTH_FAILED', { host: where.host });
  if (e.code === 'ETLS') return new AppError('DATA_SOURCE_TLS_FAILED', where);
  if (e.code === 'EENVELOPE' || e.code === 'EMESSAGE' || (e.responseCode ?? 0) >= 400) {
    const reason = (e.response || e.message || '').replace(/\s+/g, ' ').trim().slice(0, 200);
    return new AppError('MAIL_REJECTED', { reason });
  }
  const mapped = toDataSourceError(error, where);
  if (mapped.code === 'DATA_SOURCE_FETCH_FAILED') {
    return new AppError('MAIL_REJECTED', { reason: String(mapped.details.reason ?? '') });
  }
  return mapped;
}

/** Whether an SMTP failure is worth another attempt later (a busy or unreachable server, 4xx replies). */
export function isTransientSmtpError(error: unknown): boolean {
  const e = (error ?? {}) as TSmtpError;
  if (e.code === 'EAUTH' || e.code === 'EDNS') return false;
  if (e.responseCode !== undefined) return e.responseCode >= 400 && e.responseCode < 500;
  return true;
}

/**
 * Sends e-mail through the SMTP server of an e-mail data source (the "sender e-mail" of repairs,
 * reminders and reports). One connection per message: sends are rare and a pooled connection would
 * outlive a changed password.
 */
export class SmtpSender {
  constructor(
    private readonly db: Database,
    private readonly box: SecretBox,
    private readonly timeoutMs: number,
  ) {}

  /** The SMTP settings of a source; MAIL_SENDER_NOT_CONFIGURED when it has none. */
  async configOf(dataSourceId: number): Promise<TSmtpConfig> {
    const row = await findSenderSource(this.db, dataSourceId);
    if (row?.fetch_type !== 'email') throw new AppError('NOT_FOUND');
    const password = row.smtp_secret ? await this.box.open(row.smtp_secret, smtpSealContext(row.id)) : '';
    if (row.smtp_host === '' || !password) {
      throw new AppError('MAIL_SENDER_NOT_CONFIGURED', { name: row.name });
    }
    return {
      dataSourceId: row.id,
      name: row.name,
      host: row.smtp_host,
      port: row.smtp_port ?? SMTP_DEFAULT_PORTS[row.smtp_security],
      security: row.smtp_security,
      username: row.smtp_username || row.username,
      password,
      from: row.username,
      timeoutMs: this.timeoutMs,
    };
  }

  private transport(config: TSmtpConfig) {
    return nodemailer.createTransport({
      host: config.host,
      port: config.port,
      secure: config.security === 'tls',
      requireTLS: config.security === 'starttls',
      ignoreTLS: config.security === 'none',
      auth: { user: config.username, pass: config.password },
      connectionTimeout: config.timeoutMs,
      greetingTimeout: config.timeoutMs,
      socketTimeout: config.timeoutMs,
      dnsTimeout: config.timeoutMs,
    });
  }

  /** Connects and logs in (the connection test of a sender); throws the localised reason. */
  async verify(config: TSmtpConfig): Promise<void> {
    const transport = this.transport(config);
    try {
      await transport.verify();
    } catch (error) {
      throw toSmtpError(error, config);
    } finally {
      transport.close();
    }
  }

  /**
   * Sends one message; throws the raw nodemailer error (see toSmtpError / isTransientSmtpError). A
   * server that accepts some recipients and refuses others still delivers: a refused main recipient
   * (To) is thrown as a 550-like error, since the message did not reach whom it was written for.
   */
  async send(config: TSmtpConfig, mail: TOutgoingMail): Promise<void> {
    const transport = this.transport(config);
    try {
      const info = await transport.sendMail({
        from: { name: mail.fromName, address: config.from },
        to: mail.to,
        cc: mail.cc.length > 0 ? mail.cc : undefined,
        subject: mail.subject,
        text: mail.text,
        messageId: mail.messageId,
        textEncoding: 'base64',
        // nodemailer writes non-ASCII file names per RFC 2231 (filename*=utf-8''…).
        attachments: mail.attachments?.map((a) => ({
          filename: a.filename,
          content: a.content,
          contentType: a.contentType,
        })),
      });
      const refused = ((info.rejected ?? []) as (string | { address: string })[]).map((a) =>
        typeof a === 'string' ? a : a.address,
      );
      const refusedTo = refused.filter((a) => mail.to.includes(a.toLowerCase()));
      if (refusedTo.length > 0) {
        const detail = (info.rejectedErrors ?? []).map((e) => (e as TSmtpError).response).filter(Boolean);
        throw Object.assign(new Error('recipient refused'), {
          code: 'EENVELOPE',
          responseCode: 550,
          response: detail.length > 0 ? detail.join('; ') : `refused ${refusedTo.join(', ')}`,
        });
      }
    } finally {
      transport.close();
    }
  }
}
