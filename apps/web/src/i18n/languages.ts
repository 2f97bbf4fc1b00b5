import type { Language } from '@masthub/shared';

/** The interface languages; zh-CN is the default (SPEC §1). */
export const APP_LANGUAGES = ['zh-CN', 'en-US'] as const;
export type AppLanguage = (typeof APP_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: AppLanguage = 'zh-CN';

export function isAppLanguage(value: unknown): value is AppLanguage {
  return typeof value === 'string' && (APP_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The stored choice wins; otherwise English when the browser's preferred language is English,
 * else Chinese (SPEC §1: stored language, otherwise the browser language).
 */
export function detectLanguage(stored: string | null, browserLanguages: readonly string[]): AppLanguage {
  if (isAppLanguage(stored)) return stored;
  const preferred = browserLanguages[0]?.toLowerCase() ?? '';
  return preferred.startsWith('en') ? 'en-US' : 'zh-CN';
}

/** The short code used by the shared catalogues and the websocket path. */
export function toShortLanguage(language: AppLanguage): Language {
  return language === 'en-US' ? 'en' : 'zh';
}

/** The `language` request header (SPEC §7: upper case, default ZH). */
export function toHeaderLanguage(language: AppLanguage): 'ZH' | 'EN' {
  return language === 'en-US' ? 'EN' : 'ZH';
}

const PATH_LANGUAGES: Record<string, AppLanguage> = {
  en: 'en-US',
  'en-us': 'en-US',
  zh: 'zh-CN',
  'zh-cn': 'zh-CN',
};

/**
 * A language chosen by the first path segment (`/en`, `/zh/stationManage`, `/en-US/index`): the language
 * and the path after it (`/` when nothing follows); undefined when the path names no language.
 */
export function languageFromPath(pathname: string): { language: AppLanguage; rest: string } | undefined {
  const match = /^\/([A-Za-z]{2}(?:-[A-Za-z]{2})?)(\/.*)?$/.exec(pathname);
  const language = match ? PATH_LANGUAGES[match[1]!.toLowerCase()] : undefined;
  if (!language) return undefined;
  return { language, rest: match?.[2] && match[2] !== '/' ? match[2] : '/' };
}
