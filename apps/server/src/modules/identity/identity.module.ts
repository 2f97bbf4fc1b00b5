import type { TConfig } from '../../platform/config.ts';
import type { Database } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logger.ts';
import { createKeySource, SecretBox } from '../../platform/secrets/secret-box.ts';
import type { MailOutbox } from '../mail/index.ts';
import type { MessageService } from '../messages/index.ts';
import { IdentityService } from './identity.service.ts';
import { LoginAttemptRepository } from './login-attempts.repository.ts';
import { SecondFactorRepository } from './second-factor.repository.ts';
import { SecondFactorService } from './second-factor.service.ts';
import { issueEnrolmentCode } from './second-factor-enrolment.ts';
import { createLockNotice } from './second-factor-lock-notice.ts';
import { TokenRepository } from './tokens.repository.ts';
import { UserRepository } from './users.repository.ts';

/** Who tells a user their second factor was locked: the stored messages and the send log. */
export interface TIdentityNotices {
  messages: MessageService;
  outbox: MailOutbox;
  log: Logger;
}

/** Wires the identity module: login and tokens, and a user's own second factor. */
export function buildIdentityServices(
  db: Database,
  config: TConfig,
  notices?: TIdentityNotices,
): { identity: IdentityService; secondFactors: SecondFactorService } {
  const users = new UserRepository(db);
  const loginAttempts = new LoginAttemptRepository(db);
  const factors = new SecondFactorRepository(db);
  const secondFactors = new SecondFactorService(
    factors,
    new SecretBox(
      createKeySource({
        configuredSecret: config.PASSWORD_RECORD_KEY,
        dataDir: config.dataDirAbs,
        purpose: 'second-factor',
      }),
    ),
    users,
    loginAttempts,
    { maxFailures: config.SECOND_FACTOR_MAX_FAILURES, lockMinutes: config.SECOND_FACTOR_LOCK_MINUTES },
    notices && createLockNotice(notices),
  );
  return {
    identity: new IdentityService(
      users,
      new TokenRepository(db),
      loginAttempts,
      config,
      secondFactors,
      factors,
    ),
    secondFactors,
  };
}

/**
 * The accounts as user administration reads them (features, password) and keeps them (revocations, second
 * factor and its lock, enrolment codes, attempts).
 */
export interface TAccountUpkeep {
  accounts: Pick<UserRepository, 'findById' | 'listFeatures' | 'updatePassword'>;
  tokens: Pick<TokenRepository, 'revokeAllForUser' | 'revokeSessionsOf'>;
  secondFactors: Pick<SecondFactorRepository, 'find' | 'remove' | 'unlock'>;
  /** A new one-time enrolment code of a user who must set up a second factor (shown once). */
  enrolments: { issue(userId: number, byUserId: number): Promise<string> };
  attempts: Pick<LoginAttemptRepository, 'record'>;
}

/** The account upkeep over `db` (a transaction where the caller is in one). */
export function accountUpkeep(db: Database): TAccountUpkeep {
  const secondFactors = new SecondFactorRepository(db);
  return {
    accounts: new UserRepository(db),
    tokens: new TokenRepository(db),
    secondFactors,
    enrolments: { issue: (userId, byUserId) => issueEnrolmentCode(secondFactors, userId, byUserId) },
    attempts: new LoginAttemptRepository(db),
  };
}
