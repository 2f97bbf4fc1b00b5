import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { placeholdersOf } from '@masthub/shared';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { both, SERVER_TEXTS, say, type TServerTextKey } from './index.ts';

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
const SRC = path.resolve(import.meta.dirname, '..');

/** Chinese string literals per file (comments aside), read with the TypeScript parser. */
function chineseLiterals(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)) &&
      CJK.test(node.text)
    ) {
      found.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Files that still hold Chinese literals, and how many: the list only shrinks (issue 27 moves them into
 * this catalogue). A file not listed here may hold none; a listed file may not hold more.
 */
const NOT_YET_MOVED: Record<string, number> = {};

interface TCatalogueCall {
  where: string;
  /** The keys the call can name: one literal, or a template's pattern. */
  key: RegExp;
  /** The placeholder values it passes (names of an object literal, whether it spreads another), or unknown. */
  params: { names: Set<string>; spread: boolean } | 'unknown';
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every `say(language, key, params)` and `both(key, params)` call in server code whose key is written out. */
function catalogueCalls(): TCatalogueCall[] {
  const calls: TCatalogueCall[] = [];
  for (const file of sourceFiles(SRC)) {
    if (file.includes(`${path.sep}i18n${path.sep}`)) continue;
    const text = readFileSync(file, 'utf8');
    if (!/\b(say|both)\(/.test(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const name = node.expression.text;
        const keyAt = name === 'say' ? 1 : name === 'both' ? 0 : -1;
        const keyNode = keyAt >= 0 ? node.arguments[keyAt] : undefined;
        let key: RegExp | undefined;
        if (keyNode && ts.isStringLiteralLike(keyNode)) key = new RegExp(`^${escaped(keyNode.text)}$`);
        else if (keyNode && ts.isTemplateExpression(keyNode))
          key = new RegExp(
            `^${escaped(keyNode.head.text)}${keyNode.templateSpans.map((span) => `.+${escaped(span.literal.text)}`).join('')}$`,
          );
        if (key) {
          const paramsNode = node.arguments[keyAt + 1];
          let params: TCatalogueCall['params'] = { names: new Set(), spread: false };
          if (paramsNode && ts.isObjectLiteralExpression(paramsNode)) {
            for (const property of paramsNode.properties) {
              if (ts.isSpreadAssignment(property)) params.spread = true;
              else if (property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)))
                params.names.add(property.name.text);
            }
          } else if (paramsNode) params = 'unknown';
          const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
          calls.push({ where: `${path.relative(SRC, file)}:${line}`, key, params });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return calls;
}

describe('the server message catalogue', () => {
  it('has every text in both languages, with the same placeholders and no Chinese in English', () => {
    for (const [key, entry] of Object.entries(SERVER_TEXTS)) {
      expect(entry.zh.trim(), key).not.toBe('');
      expect(entry.en.trim(), key).not.toBe('');
      expect(entry.en, key).not.toMatch(CJK);
      expect(new Set(placeholdersOf(entry.zh)), key).toEqual(new Set(placeholdersOf(entry.en)));
      // A count reads "1 site", "2 sites" ({count|site|sites}), never "site(s)" (issue 41).
      expect(entry.en.replaceAll('http(s)', ''), key).not.toMatch(/\w\(s\)/);
    }
  });

  it('keeps the same keys in the zh-CN and en-US file of every area', () => {
    const files = (language: string) => readdirSync(path.join(import.meta.dirname, language)).sort();
    expect(files('en-US')).toEqual(files('zh-CN'));
    for (const file of files('zh-CN')) {
      const keys = (language: string) =>
        Object.keys(JSON.parse(readFileSync(path.join(import.meta.dirname, language, file), 'utf8'))).sort();
      expect(keys('en-US'), file).toEqual(keys('zh-CN'));
      // A key names its area: `group-report.json` holds `groupReport.*`.
      const area = file
        .replace(/\.json$/, '')
        .replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
      for (const key of keys('zh-CN')) expect(key.split('.')[0], `${file}: ${key}`).toBe(area);
    }
  });

  it('is called with a value for every placeholder of the text, and no other', () => {
    const calls = catalogueCalls();
    // The scan must find the calls it checks: a broken scanner would pass everything.
    expect(calls.length).toBeGreaterThan(90);
    const wrong: string[] = [];
    const placeholders = (key: TServerTextKey) =>
      new Set([...placeholdersOf(SERVER_TEXTS[key].zh), ...placeholdersOf(SERVER_TEXTS[key].en)]);
    for (const { where, key: pattern, params } of calls) {
      const keys = (Object.keys(SERVER_TEXTS) as TServerTextKey[]).filter((key) => pattern.test(key));
      if (keys.length === 0) wrong.push(`${where}: no text matches ${pattern}`);
      if (params === 'unknown') continue;
      // A key built from a template may name several texts: a value one of them needs is not extra.
      const anyNeeds = new Set(keys.flatMap((key) => [...placeholders(key)]));
      const extra = [...params.names].filter((name) => !anyNeeds.has(name));
      if (extra.length > 0) wrong.push(`${where}: values for no placeholder [${extra}]`);
      for (const key of keys) {
        const missing = [...placeholders(key)].filter((name) => !params.names.has(name));
        if (missing.length > 0 && !params.spread) wrong.push(`${where} ${key}: no value for [${missing}]`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('names every key by its area', () => {
    for (const key of Object.keys(SERVER_TEXTS)) expect(key).toMatch(/^[a-z][A-Za-z0-9]*\.[A-Za-z0-9.]+$/);
  });

  it('fills placeholders in the language asked for, and in both', () => {
    expect(say('zh', 'common.none')).toBe('无');
    expect(say('en', 'common.none')).toBe('none');
    expect(both('common.listSeparator')).toEqual({ zh: '、', en: ', ' });
  });

  it('is the only place in server code (seed data aside) that holds Chinese string literals', () => {
    const counts: Record<string, number> = {};
    for (const file of sourceFiles(SRC)) {
      const rel = path.relative(SRC, file).split(path.sep).join('/');
      // Demo data aside: the seed and the synthetic demo rasters (their names are data, in both languages).
      if (
        rel.startsWith('i18n/') ||
        rel.startsWith('modules/seed/') ||
        rel.startsWith('modules/meteorology/samples/')
      )
        continue;
      const n = chineseLiterals(file).length;
      if (n > 0) counts[rel] = n;
    }
    const grown = Object.entries(counts).filter(([file, n]) => n > (NOT_YET_MOVED[file] ?? 0));
    expect(
      grown,
      'files with more Chinese literals than allowed: move them into apps/server/src/i18n',
    ).toEqual([]);
  });
});
