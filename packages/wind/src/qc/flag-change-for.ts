import type { FlagCode, FlagSeries } from '../model/types.ts';
import type { FlagChange } from './flag-change.ts';

const RANK = [0, 1, 2, 4, 3] as const;

/**
 * The flag change that raising slot `index` of a channel to `toFlag` would make, or undefined when the
 * current flag is already as strong (precedence invalid > icing > suspicious > filled > normal).
 *
 * @internal
 * @example flagChangeFor('ws80', Uint8Array.of(0), 0, 3, 'range:ws') // { channelId: 'ws80', index: 0, fromFlag: 0, toFlag: 3, rule: 'range:ws' }
 */
export function flagChangeFor(
  channelId: string,
  flags: FlagSeries | undefined,
  index: number,
  toFlag: FlagCode,
  rule: string,
): FlagChange | undefined {
  const from = (flags ? flags[index]! : 0) as FlagCode;
  if ((RANK[from] ?? 0) >= RANK[toFlag]) return undefined;
  return { channelId, index, fromFlag: from, toFlag, rule };
}
