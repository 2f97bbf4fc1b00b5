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

/** Replaces `{name}` placeholders with the given values. */
export function interpolate(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
