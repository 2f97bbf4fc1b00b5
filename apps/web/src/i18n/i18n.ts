import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { readItem, STORAGE_KEYS, writeItem } from '../browser/storage.ts';
import { type AppLanguage, detectLanguage, isAppLanguage } from './languages.ts';

const DAYJS_LOCALES: Record<AppLanguage, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

/**
 * Each language's texts in a chunk of its own: a user downloads the language on screen only (the two
 * together were 220 kB of the first script).
 */
const CATALOGUES: Record<AppLanguage, () => Promise<{ translation: Record<string, unknown> }>> = {
  'zh-CN': () => import('./catalogues/zh-CN.ts'),
  'en-US': () => import('./catalogues/en-US.ts'),
};

function applyDocumentLanguage(language: AppLanguage): void {
  dayjs.locale(DAYJS_LOCALES[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

const initialLanguage = detectLanguage(
  readItem(STORAGE_KEYS.language),
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
);

void i18next.use(initReactI18next).init({
  resources: {},
  lng: initialLanguage,
  fallbackLng: false,
  supportedLngs: ['zh-CN', 'en-US'],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyDocumentLanguage(initialLanguage);

/** Adds a language's texts once. */
async function loadCatalogue(language: AppLanguage): Promise<void> {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  const { translation } = await CATALOGUES[language]();
  i18next.addResourceBundle(language, 'translation', translation, true, true);
}

/**
 * Settles once the first language's texts are in (its chunk loads beside the first screen's code): the
 * app renders after it, and code that shows text outside React (the route guard) waits for it. When the
 * chunk cannot load the app still starts, its texts showing as keys.
 */
export const i18nReady: Promise<void> = loadCatalogue(initialLanguage).catch((error: unknown) => {
  console.error('[i18n] the texts did not load', error);
});

export { i18next };

/** The language in use right now (also read outside React, e.g. by the request layer). */
export function getAppLanguage(): AppLanguage {
  const current = i18next.language;
  return isAppLanguage(current) ? current : initialLanguage;
}

/** Switches text, antd (through the provider that listens to i18next) and dayjs together, and remembers it. */
export async function setAppLanguage(language: AppLanguage): Promise<void> {
  await loadCatalogue(language);
  writeItem(STORAGE_KEYS.language, language);
  applyDocumentLanguage(language);
  await i18next.changeLanguage(language);
}

export function useAppLanguage(): AppLanguage {
  const { i18n } = useTranslation();
  return isAppLanguage(i18n.language) ? i18n.language : initialLanguage;
}
