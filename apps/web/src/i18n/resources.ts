import type { Resource } from 'i18next';

/**
 * Turns `../locales/<lang>/<area>.json` modules into i18next resources with one namespace whose top-level
 * keys are the areas, so keys read `area.section.phrase` (STYLE §10).
 */
export function buildResources(files: Record<string, Record<string, unknown>>): Resource {
  const resources: Record<string, { translation: Record<string, unknown> }> = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, area] = match as unknown as [string, string, string];
    const entry = resources[language] ?? { translation: {} };
    entry.translation[area] = content;
    resources[language] = entry;
  }
  return resources as Resource;
}
