import { randomUUID } from 'node:crypto';
import {
  AppError,
  type Language,
  MAIL_KIND_NAMES,
  MAIL_STATUS_NAMES,
  type TMailKind,
  type TPage,
  type TSendLogPageRequest,
  type TSendLogRecord,
} from '@masthub/shared';
import type { Database, TDb } from '../../platform/db/database.ts';
import { presentPage } from '../../platform/db/paging.ts';
import type { TMailAttachment } from '../../platform/db/schema.ts';
import type { TFileStore } from '../../platform/files/file-store.ts';
import { SCHEDULED_POLL_SECONDS, type TJobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { presentStoredError, storedError } from '../../platform/stored-error.ts';
import { MailOutboxRepository } from './mail-outbox.repository.ts';
import { isTransientSmtpError, type SmtpSender, type TOutgoingMail, toSmtpError } from './smtp-sender.ts';

export interface TNewMail {
  kind: TMailKind;
  dataSourceId: number;
  toName: string;
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  language: Language;
  /** The display name of the sender ("MastHub · 张伟"). */
  fromName?: string;
  stationId?: number | null;
  userId?: number | null;
  /** Stored files to attach (read from the file store when the mail is sent). */
  attachments?: TMailAttachment[];
}

export interface TMailOutboxOptions {
  /** Attempts of a queued e-mail before it is given up as failed. */
  maxAttempts: number;
  /** First retry delay in seconds; pg-boss doubles it after each failure. */
  retryDelaySeconds: number;
  /** How long one attempt may hold a row before another process may take it. */
  leaseSeconds: number;
  /** The domain of generated Message-IDs. */
  messageIdDomain: string;
}

const SWEEP_CRON = '* * * * *';
const SENDER_NAME = 'MastHub';

/**
 * Every e-mail the product sends goes through the send log (SPEC §3 alert send log). A queued mail is
 * written in the transaction of what caused it, then sent by the 'mail.send' job; a transient failure
 * (server down, 4xx) is retried with back-off by the queue up to `maxAttempts`, a permanent one (login
 * refused, 5xx) fails at once with the reason. A row is claimed with a lease, so two workers never send
 * it together; its Message-ID is fixed when written, so the one resend possible — a crash after the
 * server accepted and before the row said so — carries the same Message-ID and receivers drop it.
 */
export class MailOutbox {
  private readonly mails: MailOutboxRepository;

  constructor(
    db: Database,
    private readonly smtp: SmtpSender,
    private readonly jobs: TJobs,
    private readonly log: Logger,
    private readonly options: TMailOutboxOptions,
    /** Where attached files are read from. */
    private readonly files?: TFileStore,
  ) {
    this.mails = new MailOutboxRepository(db);
  }

  private messageId(): string {
    return `<${randomUUID()}@${this.options.messageIdDomain}>`;
  }

  /** The send-log columns of a new mail (its Message-ID fixed now). */
  private rowOf(mail: TNewMail) {
    return {
      kind: mail.kind,
      data_source_id: mail.dataSourceId,
      to_name: mail.toName,
      to_addrs: mail.to,
      cc_addrs: mail.cc,
      subject: mail.subject,
      body_text: mail.text,
      language: mail.language,
      message_id: this.messageId(),
      station_id: mail.stationId ?? null,
      user_id: mail.userId ?? null,
      attachments: JSON.stringify(mail.attachments ?? []),
    };
  }

  /**
   * The mailbox the product's own notices to a user go out through (no site or task names one): the
   * first e-mail source with a sending server; undefined when there is none.
   */
  defaultSender(): Promise<number | undefined> {
    return this.mails.findDefaultSender();
  }

  /** Writes a mail to send later (in the caller's transaction); `dispatch` it after the commit. */
  async queue(db: TDb, mail: TNewMail): Promise<number> {
    return new MailOutboxRepository(db).insert({
      ...this.rowOf(mail),
      max_attempts: this.options.maxAttempts,
    });
  }

  /** Writes a mail outside any transaction (nothing to commit with it) and queues its sending job at once. */
  async queueAndDispatch(mail: TNewMail): Promise<number> {
    const id = await this.mails.insert({ ...this.rowOf(mail), max_attempts: this.options.maxAttempts });
    await this.dispatch([id]);
    return id;
  }

  /** Queues the jobs that send written mails (after their transaction committed). */
  async dispatch(ids: readonly number[]): Promise<void> {
    for (const mailId of ids) {
      await this.jobs.send(
        'mail.send',
        { mailId },
        {
          singletonKey: `mail:${mailId}`,
          retryLimit: this.options.maxAttempts - 1,
          retryDelay: this.options.retryDelaySeconds,
          retryBackoff: true,
        },
      );
    }
  }

  /**
   * Sends at once, while the user waits (a repair request): the attempt is logged either way; a
   * failure is thrown as the localised reason and the row stays failed (the user decides to retry).
   */
  async sendNow(mail: TNewMail): Promise<number> {
    const config = await this.smtp.configOf(mail.dataSourceId);
    const row = await this.mails.insertReturningMessageId({
      ...this.rowOf(mail),
      status: 'sending',
      attempts: 1,
      max_attempts: 1,
      lease_until: new Date(Date.now() + this.options.leaseSeconds * 1000),
    });
    const id = Number(row.id);
    try {
      await this.smtp.send(config, {
        fromName: mail.fromName ?? SENDER_NAME,
        to: mail.to,
        cc: mail.cc,
        subject: mail.subject,
        text: mail.text,
        messageId: row.message_id,
      });
    } catch (error) {
      const reason = toSmtpError(error, config);
      await this.finish(id, 'failed', storedError(reason));
      throw reason;
    }
    await this.finish(id, 'sent', '');
    return id;
  }

  private async finish(id: number, status: 'sent' | 'failed' | 'pending', error: string): Promise<void> {
    await this.mails.finish(id, status, error);
  }

  /**
   * One attempt of a queued mail (the 'mail.send' job). Throws after a transient failure so that the
   * queue retries it later; returns when sent, given up, or taken by someone else.
   */
  async attempt(mailId: number): Promise<'sent' | 'failed' | 'retry' | 'skipped'> {
    const mail = await this.mails.claim(mailId, this.options.leaseSeconds);
    if (!mail) return 'skipped';
    if (mail.data_source_id === null) {
      await this.finish(mailId, 'failed', storedError(new AppError('NOT_FOUND')));
      return 'failed';
    }
    let config: Awaited<ReturnType<SmtpSender['configOf']>>;
    try {
      config = await this.smtp.configOf(Number(mail.data_source_id));
    } catch (error) {
      const reason = error instanceof AppError ? error : new AppError('INTERNAL');
      await this.finish(mailId, 'failed', storedError(reason));
      return 'failed';
    }
    let attachments: TOutgoingMail['attachments'];
    try {
      attachments = await this.readAttachments(mail.attachments ?? []);
    } catch (error) {
      const reason = error instanceof AppError ? error : new AppError('INTERNAL');
      await this.finish(mailId, 'failed', storedError(reason));
      return 'failed';
    }
    try {
      await this.smtp.send(config, {
        fromName: SENDER_NAME,
        to: mail.to_addrs,
        cc: mail.cc_addrs,
        subject: mail.subject,
        text: mail.body_text,
        messageId: mail.message_id,
        attachments,
      });
    } catch (error) {
      const reason = storedError(toSmtpError(error, config));
      if (isTransientSmtpError(error) && mail.attempts < mail.max_attempts) {
        await this.finish(mailId, 'pending', reason);
        return 'retry';
      }
      await this.finish(mailId, 'failed', reason);
      return 'failed';
    }
    await this.finish(mailId, 'sent', '');
    return 'sent';
  }

  /** The attached files, read whole (reports are a few hundred kilobytes). */
  private async readAttachments(list: TMailAttachment[]): Promise<TOutgoingMail['attachments']> {
    const out: NonNullable<TOutgoingMail['attachments']> = [];
    for (const a of list) {
      if (!this.files) throw new AppError('NOT_FOUND');
      const opened = await this.files.open(a.sha256);
      if (!opened) throw new AppError('NOT_FOUND');
      const chunks: Buffer[] = [];
      for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
      out.push({ filename: a.filename, content: Buffer.concat(chunks), contentType: a.contentType });
    }
    return out;
  }

  /** Queued mails nobody is sending: written but never queued (a crash), or a lease that expired. */
  async sweep(): Promise<number> {
    const ids = await this.mails.listStranded();
    await this.dispatch(ids);
    return ids.length;
  }

  async registerJobs(jobs: TJobs): Promise<void> {
    await jobs.work(
      'mail.send',
      async (job) => {
        const outcome = await this.attempt(job.data.mailId);
        // A transient failure: fail the job so that the queue retries it after its back-off.
        if (outcome === 'retry') throw new Error(`mail ${job.data.mailId}: will retry`);
      },
      // Local dispatches wake the worker at once; the poll only finds retries and other processes' mails.
      { concurrency: 1, pollingIntervalSeconds: 5 },
    );
    await jobs.work(
      'mail.sweep',
      async () => {
        const n = await this.sweep();
        if (n > 0) this.log.info({ count: n }, 'queued e-mails found waiting and queued again');
      },
      { pollingIntervalSeconds: SCHEDULED_POLL_SECONDS },
    );
    await jobs.schedule('mail.sweep', SWEEP_CRON, {});
  }

  async page(request: TSendLogPageRequest, language: Language): Promise<TPage<TSendLogRecord>> {
    const { rows, total } = await this.mails.page(request);
    return presentPage(request, { rows, total }, (r) => ({
      id: Number(r.id),
      kind: r.kind,
      typeDesc: MAIL_KIND_NAMES[r.kind][language],
      toName: r.to_name,
      toAddr: r.to_addrs.join(', '),
      ccAddr: r.cc_addrs.join(', '),
      subject: r.subject,
      status: r.status,
      statusDesc: MAIL_STATUS_NAMES[r.status][language],
      attempts: r.attempts,
      error: presentStoredError(r.last_error, language),
      sendTime: r.sent_at?.toISOString() ?? null,
      createTime: r.created_at.toISOString(),
    }));
  }
}
