import type { Language, TSuitabilityNote } from '@masthub/shared';
import { sectorLabels } from '@masthub/wind';
import { compassPointName } from '../../i18n/compass.ts';
import { say, type TServerTextKey } from '../../i18n/index.ts';
import { textsIn } from '../../i18n/pick.ts';

/** A finite number, or null (JSON has no NaN). */
export function num(value: number | undefined | null): number | null {
  return value === undefined || value === null || !Number.isFinite(value) ? null : value;
}

/** A note of the server's own run: a key under `suitability.note.` and its parameters (nested keys too). */
export interface TSuitabilityNoteInput {
  key: string;
  params: Record<string, string | { key: string }>;
}

const TEXTS = { zh: textsIn('zh', 'suitability.'), en: textsIn('en', 'suitability.') };

/** A catalogue text whose key is built from a value (a method, a reason), or the value itself. */
export function textOf(language: Language, key: string, params: Record<string, string> = {}): string {
  return key in TEXTS[language]
    ? say(language, `suitability.${key}` as TServerTextKey, params as never)
    : key.slice(key.lastIndexOf('.') + 1);
}

export function reasonNote(language: Language, reason: string): TSuitabilityNote {
  return { key: reason, text: textOf(language, `reason.${reason}`) };
}

export function noteText(language: Language, note: TSuitabilityNoteInput): TSuitabilityNote {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(note.params)) {
    params[name] = typeof value === 'string' ? value : textOf(language, `note.${value.key}`);
  }
  return { key: note.key, text: textOf(language, `note.${note.key}`, params) };
}

/** Sector labels as the statistics name them: compass points for 4/8/16 sectors, centres otherwise. */
export function sectorNames(sectors: number, language: Language): string[] {
  if (16 % sectors === 0)
    return sectorLabels(sectors, 'compass').map((code) => compassPointName(language, code));
  return sectorLabels(sectors, 'centre').map((label) => `${label}°`);
}
