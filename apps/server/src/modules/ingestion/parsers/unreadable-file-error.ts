import type { INGEST_UNREADABLE_REASONS, TMessageParams, TUnreadableReasonKey } from '@masthub/shared';

/** What follows the reason key: the details its message needs (required when it has placeholders). */
type TReasonArgs<K extends string> = K extends TUnreadableReasonKey
  ? [keyof TMessageParams<(typeof INGEST_UNREADABLE_REASONS)[K]>] extends [never]
    ? [details?: Record<string, unknown>]
    : [details: TMessageParams<(typeof INGEST_UNREADABLE_REASONS)[K]> & Record<string, unknown>]
  : [details?: Record<string, unknown>];

const UnreadableFileErrorClass = class UnreadableFileError extends Error {
  constructor(
    readonly reason: string,
    readonly reasonKey: TUnreadableReasonKey | (string & {}),
    readonly details?: Record<string, unknown>,
  ) {
    super(reason);
    this.name = 'UnreadableFileError';
  }
};

/**
 * A logger file that cannot be parsed, with the reason. `reasonKey` selects the localised text in
 * INGEST_UNREADABLE_REASONS (packages/shared); `details` fill its placeholders — the compiler checks
 * they fill every one (issue 26). The parser throws nothing else for bad input: any other error is a bug.
 */
export const UnreadableFileError = UnreadableFileErrorClass as {
  new <K extends string>(
    reason: string,
    reasonKey: K,
    ...details: TReasonArgs<K>
  ): InstanceType<typeof UnreadableFileErrorClass>;
  readonly prototype: InstanceType<typeof UnreadableFileErrorClass>;
};
export type UnreadableFileError = InstanceType<typeof UnreadableFileErrorClass>;
