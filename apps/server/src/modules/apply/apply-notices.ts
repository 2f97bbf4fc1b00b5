import { type Language, type TTextParam, text } from '@masthub/shared';
import { say } from '../../i18n/index.ts';
import type { Logger } from '../../platform/logger.ts';
import type { MailOutbox } from '../mail/index.ts';
import type { MessageService } from '../messages/index.ts';
import { stampIn } from './apply-support.ts';

/** The application's e-mail: its subject and text in the applicant's language. */
export function composeApplyNotice(
  row: { id: number; applicant_name: string; language: Language; file_name?: string | null },
  event: 'rejected' | 'ready',
  extra: { comment?: string; url?: string | undefined; expiresAt?: Date; utcOffsetMinutes?: number },
): { subject: string; text: string } {
  const language = row.language;
  const subject =
    event === 'rejected'
      ? say(language, 'apply.mail.rejectedSubject', { id: row.id })
      : say(language, 'apply.mail.readySubject', { id: row.id });
  const expires = extra.expiresAt ? stampIn(extra.expiresAt, extra.utcOffsetMinutes ?? 480) : '';
  // String(): a missing value reads as it always did ("undefined", "null"), not as a placeholder.
  const common = { name: row.applicant_name, id: row.id };
  const file = String(row.file_name);
  const body =
    event === 'rejected'
      ? say(language, 'apply.mail.rejectedText', { ...common, comment: String(extra.comment) })
      : extra.url
        ? say(language, 'apply.mail.readyLinkText', { ...common, file, expires, url: extra.url })
        : say(language, 'apply.mail.readyAppText', { ...common, file, expires });
  return { subject, text: body };
}

/** What an application tells its applicant: stored messages, and e-mails to the delivery address. */
export class ApplyNotices {
  constructor(
    private readonly outbox: MailOutbox,
    private readonly messages: MessageService,
    private readonly log: Logger,
  ) {}

  /** A stored message to the applicant about the application of `stationIds` (its sites). */
  async tellApplicant(
    row: { id: number; applicant_id: number | null },
    event: 'approved' | 'rejected' | 'ready' | 'failed',
    reason: TTextParam,
    stationIds: readonly number[],
  ): Promise<void> {
    if (row.applicant_id === null) return;
    const keys = {
      approved: 'message.applyApproved',
      rejected: 'message.applyRejected',
      ready: 'message.applyReady',
      failed: 'message.applyFailed',
    } as const;
    await this.messages
      .send(Number(row.applicant_id), {
        type: 'approval',
        message: text(keys[event], { id: row.id, reason }),
        messageType: event === 'rejected' || event === 'failed' ? 'error' : 'success',
        stationIds,
      })
      .catch((error: unknown) => this.log.warn({ err: error }, 'application message failed'));
  }

  /** The e-mail to the applicant's delivery address (null when no sending mailbox is configured). */
  async queueNotice(
    trx: Parameters<MailOutbox['queue']>[0],
    row: {
      id: number;
      applicant_id: number | null;
      applicant_name: string;
      to_addr: string;
      language: Language;
      file_name?: string | null;
    },
    dataSourceId: number | null,
    event: 'rejected' | 'ready',
    extra: { comment?: string; url?: string | undefined; expiresAt?: Date; utcOffsetMinutes?: number },
  ): Promise<number | null> {
    if (dataSourceId === null) return null;
    const mail = composeApplyNotice(row, event, extra);
    return this.outbox.queue(trx, {
      kind: 'apply',
      dataSourceId,
      toName: row.applicant_name,
      to: [row.to_addr],
      cc: [],
      subject: mail.subject,
      text: mail.text,
      language: row.language,
      userId: row.applicant_id,
    });
  }
}
