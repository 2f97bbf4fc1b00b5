import { type Language, text } from '@masthub/shared';
import { say } from '../../i18n/index.ts';
import type { Logger } from '../../platform/logger.ts';
import type { MailOutbox } from '../mail/index.ts';
import type { MessageService } from '../messages/index.ts';
import type { TSecondFactorLockNotice } from './second-factor.service.ts';

/** The lock e-mail in both languages: the product does not know a user's language outside a request. */
export function composeLockMail(
  user: { account: string; userName: string },
  lock: { failures: number; minutes: number },
): { subject: string; text: string } {
  const params = { name: user.userName, account: user.account, ...lock };
  const partIn = (language: Language) => say(language, 'identity.lockMail.text', params);
  return {
    subject: `${say('zh', 'identity.lockMail.subject')} / ${say('en', 'identity.lockMail.subject')}`,
    text: [partIn('zh'), '', '———', '', partIn('en')].join('\n'),
  };
}

/**
 * Tells a user their second factor was locked after wrong codes: a stored message (read in their
 * language, pushed to their open pages) and — when they have an address and an e-mail source with a
 * sending server exists — an e-mail through the send log. A failure is logged, never thrown: the login
 * answer must not depend on it.
 */
export function createLockNotice(deps: {
  messages: MessageService;
  outbox: MailOutbox;
  log: Logger;
}): TSecondFactorLockNotice {
  const { messages, outbox, log } = deps;
  return {
    async locked(user, lock) {
      try {
        await messages.send(user.id, {
          type: 'system',
          message: text('message.secondFactorLocked', { minutes: lock.minutes }),
          description: text('message.secondFactorLockedDetail', lock),
          messageType: 'warning',
          // About the account, no site: a token narrowed to some sites does not list it.
          stationIds: [],
        });
        const sender = user.email ? await outbox.defaultSender() : undefined;
        if (!user.email || sender === undefined) return;
        const mail = composeLockMail(user, lock);
        await outbox.queueAndDispatch({
          kind: 'security',
          dataSourceId: sender,
          toName: user.userName,
          to: [user.email],
          cc: [],
          subject: mail.subject,
          text: mail.text,
          language: 'zh',
          userId: user.id,
        });
      } catch (error) {
        log.warn({ err: error, userId: user.id }, 'could not tell a user their second factor was locked');
      }
    },
  };
}
