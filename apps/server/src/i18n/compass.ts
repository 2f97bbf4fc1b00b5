import type { Language } from '@masthub/shared';
import { textsIn } from './pick.ts';

const NAMES = { zh: textsIn('zh', 'common.compass.'), en: textsIn('en', 'common.compass.') };

/**
 * The name of a compass point in `language`, from its code as packages/wind `sectorLabels(n, 'compass')`
 * writes it (`N`, `NNE` … → 北, 北东北 …).
 */
export function compassPointName(language: Language, code: string): string {
  const names: Readonly<Record<string, string>> = NAMES[language];
  const name = names[code];
  if (name === undefined) throw new Error(`compassPointName requires a compass point code, not ${code}`);
  return name;
}
