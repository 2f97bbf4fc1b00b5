import type { TConfig } from '../../platform/config.ts';
import type { Database } from '../../platform/db/database.ts';
import { createKeySource, SecretBox } from '../../platform/secrets/secret-box.ts';
import { IdentityService } from './identity.service.ts';
import { LoginAttemptRepository } from './login-attempts.repository.ts';
import { SecondFactorRepository } from './second-factor.repository.ts';
import { SecondFactorService } from './second-factor.service.ts';
import { TokenRepository } from './tokens.repository.ts';
import { UserRepository } from './users.repository.ts';

/** Wires the identity module: login and tokens, and a user's own second factor. */
export function buildIdentityServices(
  db: Database,
  config: TConfig,
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

/** The accounts as user administration reads them (features, password) and keeps them (revocations, second factor, attempts). */
export interface TAccountUpkeep {
  accounts: Pick<UserRepository, 'findById' | 'listFeatures' | 'updatePassword'>;
  tokens: Pick<TokenRepository, 'revokeAllForUser'>;
  secondFactors: Pick<SecondFactorRepository, 'remove'>;
  attempts: Pick<LoginAttemptRepository, 'record'>;
}

/** The account upkeep over `db` (a transaction where the caller is in one). */
export function accountUpkeep(db: Database): TAccountUpkeep {
  return {
    accounts: new UserRepository(db),
    tokens: new TokenRepository(db),
    secondFactors: new SecondFactorRepository(db),
    attempts: new LoginAttemptRepository(db),
  };
}
