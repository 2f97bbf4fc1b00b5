import { catalogueOf } from '../resources.ts';

/** The en-US texts: a chunk of their own, loaded by i18n.ts for the language on screen only. */
export const translation = catalogueOf(
  import.meta.glob<Record<string, unknown>>('../../locales/en-US/*.json', { eager: true, import: 'default' }),
);
