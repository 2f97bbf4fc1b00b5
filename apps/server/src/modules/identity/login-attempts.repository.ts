import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';

export type TLoginOutcome =
  | 'success'
  | 'bad_password'
  | 'unknown_account'
  | 'disabled'
  | 'rate_limited'
  /** A wrong or replayed second-factor code: counts toward the same limits as a wrong password. */
  | 'bad_second_factor'
  /** A code refused unread: wrong codes had locked the second factor (issue 39). */
  | 'second_factor_locked'
  /** Second-factor changes: written as successes, they never count as failures. */
  | 'second_factor_enabled'
  | 'second_factor_disabled'
  | 'second_factor_reset'
  /** An administrator lifted the lock after wrong codes. */
  | 'second_factor_unlocked'
  /** A call made with a personal access token (issue 32), written at most once a minute per token. */
  | 'access_token'
  /** A call with an expired or revoked token (or of a disabled user); never counted as a password guess. */
  | 'access_token_refused';

/** Outcomes that are not a success (the failure counters read the guessing ones among them). */
const FAILURES: readonly TLoginOutcome[] = [
  'bad_password',
  'unknown_account',
  'disabled',
  'rate_limited',
  'bad_second_factor',
  'second_factor_locked',
  'access_token_refused',
];

/** The login log: every attempt with ip, time and result; also the source of the rate limit. */
export class LoginAttemptRepository {
  constructor(private readonly db: Database) {}

  async record(input: {
    account: string;
    userId: number | null;
    ip: string;
    userAgent: string | null;
    outcome: TLoginOutcome;
    /** The known browser the attempt came from, if it presented a device token. */
    deviceId?: number | null;
    /** Who the user was at this moment, for the login log; absent for unknown accounts. */
    snapshot?: { userName: string; roleName: string | null; userType: 'admin' | 'normal' } | undefined;
    /** The account of whoever did it for the user (an administrator resetting their second factor). */
    actorAccount?: string | undefined;
    /** The personal access token the call was made with. */
    tokenName?: string | undefined;
  }): Promise<void> {
    await this.db
      .insertInto('login_attempt')
      .values({
        account: input.account,
        user_id: input.userId,
        ip: input.ip,
        user_agent: input.userAgent,
        success: !FAILURES.includes(input.outcome),
        reason: input.outcome,
        user_name: input.snapshot?.userName ?? null,
        role_name: input.snapshot?.roleName ?? null,
        user_type: input.snapshot?.userType ?? null,
        device_id: input.deviceId ?? null,
        actor_account: input.actorAccount ?? null,
        token_name: input.tokenName ?? null,
      })
      .execute();
  }

  /** Failed password guesses for an account since its last success, within the window. */
  async countRecentFailuresForAccount(account: string, windowMinutes: number): Promise<number> {
    const row = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM login_attempt a
      WHERE lower(a.account) = ${account.toLowerCase()}
        AND a.reason IN ('bad_password', 'unknown_account', 'bad_second_factor')
        AND a.created_at > now() - make_interval(mins => ${windowMinutes})
        AND a.created_at > coalesce((SELECT max(created_at) FROM login_attempt s
                                     WHERE lower(s.account) = ${account.toLowerCase()} AND s.reason = 'success'),
                                    '-infinity')
    `.execute(this.db);
    return row.rows[0]?.n ?? 0;
  }

  async countRecentFailuresForIp(ip: string, windowMinutes: number): Promise<number> {
    const row = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM login_attempt
      WHERE ip = ${ip} AND reason IN ('bad_password', 'unknown_account', 'bad_second_factor')
        AND created_at > now() - make_interval(mins => ${windowMinutes})
    `.execute(this.db);
    return row.rows[0]?.n ?? 0;
  }

  /** Failed guesses made through one known browser within the window. */
  async countRecentFailuresForDevice(deviceId: number, windowMinutes: number): Promise<number> {
    const row = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM login_attempt
      WHERE device_id = ${deviceId} AND reason IN ('bad_password', 'bad_second_factor')
        AND created_at > now() - make_interval(mins => ${windowMinutes})
    `.execute(this.db);
    return row.rows[0]?.n ?? 0;
  }

  /** The browser holding `tokenHash`, with the account it logged in to. */
  findDevice(tokenHash: Buffer) {
    return this.db
      .selectFrom('login_device as d')
      .innerJoin('app_user as u', 'u.id', 'd.user_id')
      .select(['d.id', 'd.user_id', 'u.account'])
      .where('d.token_hash', '=', tokenHash)
      .where('u.is_deleted', '=', false)
      .executeTakeFirst();
  }

  async createDevice(userId: number, tokenHash: Buffer): Promise<number> {
    const row = await this.db
      .insertInto('login_device')
      .values({ user_id: userId, token_hash: tokenHash })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async touchDevice(deviceId: number): Promise<void> {
    await this.db
      .updateTable('login_device')
      .set({ last_used_at: new Date() })
      .where('id', '=', deviceId)
      .execute();
  }
}
