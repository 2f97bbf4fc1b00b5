/** A comparison of one channel's value with a threshold. */
export interface RuleCondition {
  readonly channelId: string;
  readonly comparator: '<' | '<=' | '>' | '>=' | '==' | '!=';
  readonly threshold: number;
}

/** Custom QC rule expression: conditions combined with AND / OR / NOT (SPEC §3 "custom" rule). */
export type RuleExpression =
  | RuleCondition
  | { readonly and: readonly RuleExpression[] }
  | { readonly or: readonly RuleExpression[] }
  | { readonly not: RuleExpression };
