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

/** A number placeholder followed by a plural noun: "{{count}} sites". */
const COUNTED_NOUN =
  /\{\{(\w+)\}\} (?:sites|days|months|years|hours|minutes|seconds|files|values|rows|records|channels|doubts|sectors|columns|notes|heights|characters|projects|owners|tags|groups|applications|manufacturers|users|periods|pairs|findings|alarms|reports|stations|versions|tasks|filters|errors|warnings|points|entries|configurations|assignments)\b/g;
/** Placeholders that hold limits or units, never a count of one (`At most {{max}} files`, `{{ms}} ms`). */
const NEVER_ONE = new Set(['max', 'min', 'limit', 'ms', 'elapsed']);

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

  it('write no "(s)" in English: a count reads "1 site", "2 sites" (issue 41)', () => {
    for (const file of areaFiles('en-US')) {
      for (const [key, value] of flatten(readArea('en-US', file))) {
        expect(String(value).replaceAll('http(s)', ''), `en-US/${file}: ${key}`).not.toMatch(/\w\(s\)/);
      }
    }
  });

  it('pluralise a counted noun with i18next count keys _one and _other, in both languages (issue 41)', () => {
    for (const file of areaFiles('en-US')) {
      const en = flatten(readArea('en-US', file));
      const zh = flatten(readArea('zh-CN', file));
      for (const [key, value] of en) {
        for (const [, name] of String(value).matchAll(COUNTED_NOUN)) {
          if (NEVER_ONE.has(name!)) continue;
          // i18next picks the form by `count` only: a counted noun must be counted by it, in a plural key.
          expect(name, `en-US/${file}: ${key} counts with {{count}}`).toBe('count');
          expect(key, `en-US/${file}: ${key} is a plural key`).toMatch(/_(one|other)$/);
        }
        // (A key that only ends like one, e.g. the finding `ratio_crossed_one`, counts nothing.)
        const plural = /^(.*)_(one|other)$/.exec(key);
        if (!plural || !String(value).includes('{{count}}')) continue;
        for (const form of ['one', 'other']) {
          expect(en.has(`${plural[1]}_${form}`), `en-US/${file}: ${plural[1]}_${form}`).toBe(true);
          expect(zh.has(`${plural[1]}_${form}`), `zh-CN/${file}: ${plural[1]}_${form}`).toBe(true);
        }
        if (plural[2] === 'one') {
          expect(String(value), `en-US/${file}: ${key} is singular`).not.toMatch(COUNTED_NOUN);
        }
      }
    }
  });

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
