import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { countRows } from '../../platform/db/rows.ts';

/** Second factors: sealed TOTP keys, recovery-code hashes, login challenges, remembered browsers. */
export class SecondFactorRepository {
  constructor(private readonly db: Database) {}

  find(userId: number) {
    return this.db
      .selectFrom('user_second_factor')
      .select(['user_id', 'secret', 'enabled_at', 'last_step', 'failures', 'locked_until'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Stores a key not yet confirmed, replacing an earlier unconfirmed one (never an enabled one). */
  async savePending(userId: number, sealed: Buffer): Promise<boolean> {
    const result = await this.db
      .insertInto('user_second_factor')
      .values({ user_id: userId, secret: sealed })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ secret: sealed, last_step: null })
          .where('user_second_factor.enabled_at', 'is', null),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * Accepts `step` once: true when it is later than every step accepted before (a code is never
   * accepted twice, even by two requests at the same moment).
   */
  async claimStep(userId: number, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('user_second_factor')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async enable(userId: number): Promise<void> {
    await this.db
      .updateTable('user_second_factor')
      .set({ enabled_at: sql`now()`, failures: 0, locked_until: null })
      .where('user_id', '=', userId)
      .execute();
  }

  /**
   * Takes one try at an enabled, unlocked second factor before its code is checked: the wrong-code count
   * goes up by one in the same statement that sees no lock, so guesses spread over any number of processes
   * share one count and none slips past a lock. Every `maxFailures`-th try locks the codes for
   * `lockMinutes`, doubled with each further `maxFailures` (at most a day); a right code then clears the
   * count (clearFailures). Undefined: locked (or no enabled factor) — nothing was counted.
   */
  claimTry(
    userId: number,
    limits: { maxFailures: number; lockMinutes: number },
  ): Promise<{ failures: number; locked_until: Date | null } | undefined> {
    const { maxFailures, lockMinutes } = limits;
    return this.db
      .updateTable('user_second_factor')
      .set({
        failures: sql`failures + 1`,
        locked_until: sql`CASE WHEN (failures + 1) % ${maxFailures}::int = 0
          THEN now() + make_interval(secs => least(86400, ${lockMinutes * 60}::int
                                                   * power(2, least(16, (failures + 1) / ${maxFailures}::int - 1))))
          ELSE NULL END`,
      })
      .where('user_id', '=', userId)
      .where('enabled_at', 'is not', null)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', sql<Date>`now()`)]))
      .returning(['failures', 'locked_until'])
      .executeTakeFirst();
  }

  /** A right code: the wrong-code count starts again (and a lock ends: a recovery code opens one). */
  async clearFailures(userId: number): Promise<void> {
    await this.db
      .updateTable('user_second_factor')
      .set({ failures: 0, locked_until: null })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('failures', '>', 0), eb('locked_until', 'is not', null)]))
      .execute();
  }

  /** An administrator lifts a live lock: true when there was one. */
  async unlock(userId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('user_second_factor')
      .set({ failures: 0, locked_until: null })
      .where('user_id', '=', userId)
      .where('locked_until', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Keeps the hash of a user's new enrolment code, replacing an earlier one. */
  async saveEnrolment(input: {
    userId: number;
    codeHash: Buffer;
    createdBy: number;
    days: number;
  }): Promise<void> {
    const values = {
      code_hash: input.codeHash,
      created_by: input.createdBy,
      created_at: sql<Date>`now()`,
      expires_at: sql<Date>`now() + make_interval(days => ${input.days})`,
    };
    await this.db
      .insertInto('second_factor_enrolment')
      .values({ user_id: input.userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }

  /** Whether `codeHash` is the user's unexpired enrolment code. */
  async isEnrolmentLive(userId: number, codeHash: Buffer): Promise<boolean> {
    const row = await this.db
      .selectFrom('second_factor_enrolment')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Forgets the user's enrolment code (spent by enabling a key, or replaced). */
  async removeEnrolment(userId: number): Promise<void> {
    await this.db.deleteFrom('second_factor_enrolment').where('user_id', '=', userId).execute();
  }

  /** Removes the key, the recovery codes and the remembered browsers of a user: a clean slate. */
  async remove(userId: number): Promise<boolean> {
    const removed = await this.db
      .deleteFrom('user_second_factor')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    await this.db.deleteFrom('user_recovery_code').where('user_id', '=', userId).execute();
    await this.db
      .updateTable('login_device')
      .set({ second_factor_until: null })
      .where('user_id', '=', userId)
      .execute();
    return Number(removed.numDeletedRows) > 0;
  }

  async replaceRecoveryCodes(userId: number, hashes: Buffer[]): Promise<void> {
    await this.db.deleteFrom('user_recovery_code').where('user_id', '=', userId).execute();
    await this.db
      .insertInto('user_recovery_code')
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
      .execute();
  }

  /** Uses an unused recovery code of the user: true once, false ever after. */
  async useRecoveryCode(userId: number, hash: Buffer): Promise<boolean> {
    const result = await this.db
      .updateTable('user_recovery_code')
      .set({ used_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  countRecoveryCodesLeft(userId: number): Promise<number> {
    return countRows(
      this.db.selectFrom('user_recovery_code').where('user_id', '=', userId).where('used_at', 'is', null),
    );
  }

  async createChallenge(input: {
    userId: number;
    tokenHash: Buffer;
    purpose: 'verify' | 'setup';
    deviceId: number | null;
    ip: string;
    userAgent: string | null;
    expiresAt: Date;
  }): Promise<void> {
    await this.db
      .deleteFrom('login_challenge')
      .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
      .execute();
    await this.db
      .insertInto('login_challenge')
      .values({
        token_hash: input.tokenHash,
        user_id: input.userId,
        purpose: input.purpose,
        device_id: input.deviceId,
        ip: input.ip,
        user_agent: input.userAgent,
        expires_at: input.expiresAt,
      })
      .execute();
  }

  /** A live challenge (unused, unexpired, fewer than `maxFailures` wrong codes). */
  findLiveChallenge(tokenHash: Buffer, maxFailures: number) {
    return this.db
      .selectFrom('login_challenge')
      .select(['id', 'user_id', 'purpose', 'device_id'])
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .where('failures', '<', maxFailures)
      .executeTakeFirst();
  }

  async countChallengeFailure(id: number): Promise<void> {
    await this.db
      .updateTable('login_challenge')
      .set((eb) => ({ failures: eb('failures', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /** Completes a challenge once: false when another request completed it first. */
  async useChallenge(id: number): Promise<boolean> {
    const result = await this.db
      .updateTable('login_challenge')
      .set({ used_at: sql`now()` })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Whether the browser may skip the second factor now (the user ticked "remember this device"). */
  async isDeviceRemembered(deviceId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('login_device')
      .select('id')
      .where('id', '=', deviceId)
      .where('user_id', '=', userId)
      .where('second_factor_until', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row !== undefined;
  }

  async rememberDevice(deviceId: number, days: number): Promise<void> {
    await this.db
      .updateTable('login_device')
      .set({ second_factor_until: sql`now() + make_interval(days => ${days})` })
      .where('id', '=', deviceId)
      .execute();
  }
}
