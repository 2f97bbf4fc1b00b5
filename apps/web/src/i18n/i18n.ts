import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { readItem, STORAGE_KEYS, writeItem } from '../browser/storage.ts';
import { type AppLanguage, detectLanguage, isAppLanguage } from './languages.ts';
import { buildResources } from './resources.ts';

const DAYJS_LOCALES: Record<AppLanguage, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

const localeFiles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

function applyDocumentLanguage(language: AppLanguage): void {
  dayjs.locale(DAYJS_LOCALES[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

const initialLanguage = detectLanguage(
  readItem(STORAGE_KEYS.language),
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
);

void i18next.use(initReactI18next).init({
  resources: buildResources(localeFiles),
  lng: initialLanguage,
  fallbackLng: false,
  supportedLngs: ['zh-CN', 'en-US'],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyDocumentLanguage(initialLanguage);

export { i18next };

/** The language in use right now (also read outside React, e.g. by the request layer). */
export function getAppLanguage(): AppLanguage {
  const current = i18next.language;
  return isAppLanguage(current) ? current : initialLanguage;
}

/** Switches text, antd (through the provider that listens to i18next) and dayjs together, and remembers it. */
export async function setAppLanguage(language: AppLanguage): Promise<void> {
  writeItem(STORAGE_KEYS.language, language);
  applyDocumentLanguage(language);
  await i18next.changeLanguage(language);
}

export function useAppLanguage(): AppLanguage {
  const { i18n } = useTranslation();
  return isAppLanguage(i18n.language) ? i18n.language : initialLanguage;
}
