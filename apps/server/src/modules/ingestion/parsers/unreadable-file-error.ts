import type { TUnreadableReasonKey } from '@masthub/shared';

/**
 * A logger file that cannot be parsed, with the reason. `reasonKey` selects the localised text in
 * INGEST_UNREADABLE_REASONS (packages/shared); `details` fills its placeholders. The parser throws
 * nothing else for bad input: any other error is a bug.
 */
export class UnreadableFileError extends Error {
  constructor(
    readonly reason: string,
    readonly reasonKey: TUnreadableReasonKey | (string & {}),
    readonly details?: Record<string, unknown>,
  ) {
    super(reason);
    this.name = 'UnreadableFileError';
  }
}
