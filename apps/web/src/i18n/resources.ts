/**
 * Turns one language's `../locales/<lang>/<area>.json` modules into its i18next namespace, whose top-level
 * keys are the areas, so keys read `area.section.phrase` (STYLE §10).
 */
export function catalogueOf(files: Record<string, Record<string, unknown>>): Record<string, unknown> {
  const translation: Record<string, unknown> = {};
  for (const [path, content] of Object.entries(files)) {
    const area = /([^/]+)\.json$/.exec(path)?.[1];
    if (area) translation[area] = content;
  }
  return translation;
}
