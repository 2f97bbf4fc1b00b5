import type { Language, TLocalized } from '@masthub/shared';
import { SERVER_TEXTS, type TServerTextKey } from './index.ts';

/** The names after `prefix` of the catalogue keys that start with it. */
export type TKeysUnder<P extends string> = TServerTextKey extends infer K
  ? K extends `${P}${infer Name}`
    ? Name
    : never
  : never;

/**
 * The catalogue entries under `prefix` as a table by the rest of their key (`'statistics.sheet.'` →
 * `{ summary: { zh, en }, … }`), for code that looks a text up by a value it holds (a tab, a grade).
 */
export function textsUnder<P extends string>(prefix: P): Record<TKeysUnder<P>, TLocalized> {
  const table: Record<string, TLocalized> = {};
  for (const [key, entry] of Object.entries(SERVER_TEXTS)) {
    if (key.startsWith(prefix)) table[key.slice(prefix.length)] = entry;
  }
  return table as Record<TKeysUnder<P>, TLocalized>;
}

/** The catalogue texts under `prefix` in `language`, by the rest of their key (`t.period`, `t.footer`). */
export function textsIn<P extends string>(language: Language, prefix: P): Record<TKeysUnder<P>, string> {
  const table: Record<string, string> = {};
  for (const [name, entry] of Object.entries(textsUnder(prefix)))
    table[name] = (entry as TLocalized)[language];
  return table as Record<TKeysUnder<P>, string>;
}
