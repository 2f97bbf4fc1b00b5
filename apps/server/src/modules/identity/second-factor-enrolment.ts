import type { SecondFactorRepository } from './second-factor.repository.ts';
import { generateEnrolmentCode, hashEnrolmentCode, normaliseRecoveryCode } from './second-factor.ts';

/** Days an enrolment code stays good; an administrator hands out a new one after that. */
export const ENROLMENT_CODE_DAYS = 7;

/**
 * A new one-time enrolment code for a user who must set up a second factor (shown once to the
 * administrator, who hands it over): it replaces the user's earlier one; only its hash is kept.
 */
export async function issueEnrolmentCode(
  factors: Pick<SecondFactorRepository, 'saveEnrolment'>,
  userId: number,
  byUserId: number,
): Promise<string> {
  const code = generateEnrolmentCode();
  await factors.saveEnrolment({
    userId,
    codeHash: hashEnrolmentCode(normaliseRecoveryCode(code)!),
    createdBy: byUserId,
    days: ENROLMENT_CODE_DAYS,
  });
  return code;
}

/** Whether `typed` (any case, spaces or dashes) is the user's unexpired enrolment code. */
export async function isEnrolmentCodeRight(
  factors: Pick<SecondFactorRepository, 'isEnrolmentLive'>,
  userId: number,
  typed: string,
): Promise<boolean> {
  const normalised = normaliseRecoveryCode(typed);
  return normalised !== undefined && factors.isEnrolmentLive(userId, hashEnrolmentCode(normalised));
}
