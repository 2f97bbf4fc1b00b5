import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_LANGUAGES } from '../languages.ts';

const LOCALES = path.join(import.meta.dirname, '../../locales');

describe("each language's catalogue (a chunk of its own)", () => {
  it.each(
    APP_LANGUAGES,
  )('%s holds every area file of its language folder, with its texts', async (language) => {
    const { translation } = (await import(`./${language}.ts`)) as { translation: Record<string, unknown> };
    const areas = readdirSync(path.join(LOCALES, language))
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.replace(/\.json$/, ''))
      .sort();
    expect(Object.keys(translation).sort()).toEqual(areas);
    expect((translation['menu'] as Record<string, string>)['home']).toBeTruthy();
  });

  it('holds texts of its own language only', async () => {
    const zh = (await import('./zh-CN.ts')).translation as { menu: { home: string } };
    const en = (await import('./en-US.ts')).translation as { menu: { home: string } };
    expect(zh.menu.home).not.toBe(en.menu.home);
  });
});
