import { strongerFlag } from '../model/flag-precedence.ts';
import type { FlagCode, FlagSeries } from '../model/types.ts';
import type { FlagChange } from './flag-change.ts';

/**
 * New flag array of one channel with the changes for that channel applied by precedence
 * (invalid > icing > suspicious > filled > normal). The input is not modified.
 *
 * @example applyFlagChanges(Uint8Array.of(0, 2), [{ channelId: 'a', index: 1, fromFlag: 2, toFlag: 3, rule: 'range' }], 'a') // Uint8Array [0, 3]
 */
export function applyFlagChanges(
  flags: FlagSeries,
  changes: readonly FlagChange[],
  channelId: string,
): Uint8Array {
  const out = Uint8Array.from(flags);
  for (const c of changes) {
    if (c.channelId !== channelId) continue;
    if (c.index < 0 || c.index >= out.length)
      throw new Error('applyFlagChanges requires change indices inside the series');
    out[c.index] = strongerFlag(out[c.index]! as FlagCode, c.toFlag);
  }
  return out;
}
