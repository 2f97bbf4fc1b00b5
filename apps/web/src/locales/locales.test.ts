import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenRoutes } from '../routes.tsx';

const LOCALES_DIR = import.meta.dirname;
const LANGUAGES = ['zh-CN', 'en-US'] as const;

type Tree = { [key: string]: string | Tree };

function readArea(language: string, file: string): Tree {
  return JSON.parse(readFileSync(join(LOCALES_DIR, language, file), 'utf8')) as Tree;
}

/** Every leaf as `a.b.c` → value; non-string leaves are reported as such. */
function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [leaf, leafValue] of flatten(value, path)) out.set(leaf, leafValue);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

const areaFiles = (language: string) =>
  readdirSync(join(LOCALES_DIR, language))
    .filter((file) => file.endsWith('.json'))
    .sort();

describe('locales', () => {
  it('have the same area files in zh-CN and en-US', () => {
    expect(areaFiles('en-US')).toEqual(areaFiles('zh-CN'));
    expect(areaFiles('zh-CN').length).toBeGreaterThan(0);
  });

  for (const file of areaFiles('zh-CN')) {
    describe(file, () => {
      const zh = flatten(readArea('zh-CN', file));
      const en = flatten(readArea('en-US', file));

      it('has the same nested keys in both languages', () => {
        expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
      });

      it('has no empty or non-text value', () => {
        for (const [language, entries] of [
          ['zh-CN', zh],
          ['en-US', en],
        ] as const) {
          for (const [key, value] of entries) {
            expect(typeof value === 'string' && value.trim() !== '', `${language}/${file}: ${key}`).toBe(
              true,
            );
          }
        }
      });

      it('uses the same placeholders in both languages', () => {
        for (const [key, value] of zh) {
          expect(placeholders(String(en.get(key) ?? '')), `${file}: ${key}`).toEqual(
            placeholders(String(value)),
          );
        }
      });
    });
  }

  it('translate the name of every route in both languages', () => {
    for (const language of LANGUAGES) {
      const keys = new Map<string, unknown>();
      for (const file of areaFiles(language)) {
        for (const [key, value] of flatten(readArea(language, file), file.replace(/\.json$/, ''))) {
          keys.set(key, value);
        }
      }
      for (const route of flattenRoutes()) {
        if (route.name) expect(keys.has(route.name), `${language}: ${route.name}`).toBe(true);
      }
    }
  });
});
