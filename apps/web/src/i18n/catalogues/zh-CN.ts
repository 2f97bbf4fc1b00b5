import { catalogueOf } from '../resources.ts';

/** The zh-CN texts: a chunk of their own, loaded by i18n.ts for the language on screen only. */
export const translation = catalogueOf(
  import.meta.glob<Record<string, unknown>>('../../locales/zh-CN/*.json', { eager: true, import: 'default' }),
);
