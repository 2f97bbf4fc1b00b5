import type { Database } from '../../platform/db/database.ts';
import { createManagementGuard, type StationAccess } from '../access/index.ts';
import { accountUpkeep, type IdentityService } from '../identity/index.ts';
import type { MessageService } from '../messages/index.ts';
import { AccessTokenRepository } from './access-tokens.repository.ts';
import { AccessTokenService } from './access-tokens.service.ts';
import { BearerAuthenticator, TokenRateLimiter } from './bearer.ts';

/** Wires personal access tokens: their management and the resolution of `Authorization: Bearer`. */
export function buildAccessTokenServices(
  db: Database,
  deps: {
    identity: IdentityService;
    stationAccess: StationAccess;
    ratePerMinute: number;
    /** Where a token made, revoked or used is announced to the screens listing it (issue 41 §2). */
    changes?: Pick<MessageService, 'announceChange'> | undefined;
  },
): { accessTokens: AccessTokenService; bearer: BearerAuthenticator } {
  const tokens = new AccessTokenRepository(db);
  return {
    accessTokens: new AccessTokenService(tokens, deps.stationAccess, createManagementGuard(db), deps.changes),
    bearer: new BearerAuthenticator(
      tokens,
      deps.identity,
      accountUpkeep(db).attempts,
      new TokenRateLimiter(deps.ratePerMinute),
      deps.changes,
    ),
  };
}
