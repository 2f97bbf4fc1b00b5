import {
  ERROR_MESSAGES,
  type ErrorCode,
  interpolate,
  type Language,
  type TDeleteCheck,
} from '@masthub/shared';

/** Presents the reasons a record cannot be deleted, each with the message its refusal would carry. */
export function presentDeleteCheck(
  blockers: readonly { errorCode: ErrorCode; count: number }[],
  language: Language,
): TDeleteCheck {
  return {
    canDelete: blockers.length === 0,
    reasons: blockers.map((b) => ({
      errorCode: b.errorCode,
      count: b.count,
      message: interpolate(ERROR_MESSAGES[b.errorCode][language], { count: b.count }),
    })),
  };
}
