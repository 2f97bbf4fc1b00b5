/** Languages of the product: Chinese is the default (SPEC §1). */
export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A text in both languages. */
export type TLocalized = Record<Language, string>;

/** Reads the `language` request header (`ZH` default, `EN`) into a language. */
export function parseLanguageHeader(value: string | string[] | undefined): Language {
  const raw = Array.isArray(value) ? value[0] : value;
  return raw?.trim().toLowerCase().startsWith('en') ? 'en' : 'zh';
}

/**
 * The `{name}` placeholders of a message template, as a union of names: the compiler reads them from
 * the message tables declared `as const`, so a call that leaves one out does not compile.
 */
export type TPlaceholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? (Name extends `${infer Plural}|${string}` ? Plural : Name) | TPlaceholders<Rest>
  : never;

/** The values a localised message needs: one, neither null nor undefined, per placeholder of either language. */
export type TMessageParams<M extends TLocalized> = {
  [K in TPlaceholders<M['zh']> | TPlaceholders<M['en']>]: NonNullable<unknown>;
};

const PLACEHOLDER = /\{(\w+)(?:\|([^{}|]*)\|([^{}|]*))?\}/g;

/**
 * Replaces `{name}` placeholders with the given values, and `{name|one|other}` with the word for the number
 * `name` holds — `one` for exactly 1, `other` for anything else (English plural, issue 41: "1 site",
 * "2 sites", never "site(s)"): `{count} {count|site|sites}`. A placeholder without a value (absent, null or
 * undefined) is left as it is — never "undefined" — so unfilledPlaceholders finds it.
 */
export function interpolate(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(PLACEHOLDER, (whole, name: string, one?: string, other?: string) => {
    const value = params[name];
    if (value === undefined || value === null) return whole;
    if (one !== undefined) return Number(value) === 1 ? one : (other ?? '');
    return String(value);
  });
}

/**
 * The names of the `{name}` (and `{name|one|other}`) placeholders of a text, each once, in order: of a
 * template, or those a formatted message still has.
 */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** Whether every placeholder of the template has a value in `params`. */
export function canInterpolate(template: string, params: Record<string, unknown>): boolean {
  return placeholdersOf(template).every((name) => params[name] !== undefined && params[name] !== null);
}
