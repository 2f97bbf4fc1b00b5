import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { placeholdersOf } from '@masthub/shared';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { both, SERVER_TEXTS, say } from './index.ts';

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

describe('the server message catalogue', () => {
  it('has every text in both languages, with the same placeholders and no Chinese in English', () => {
    for (const [key, entry] of Object.entries(SERVER_TEXTS)) {
      expect(entry.zh.trim(), key).not.toBe('');
      expect(entry.en.trim(), key).not.toBe('');
      expect(entry.en, key).not.toMatch(CJK);
      expect(new Set(placeholdersOf(entry.zh)), key).toEqual(new Set(placeholdersOf(entry.en)));
    }
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
