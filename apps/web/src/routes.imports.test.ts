import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;
const ROUTES = path.join(SRC, 'routes.tsx');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** Relative imports of a file, static and dynamic (`import('./x.tsx')`), resolved to files. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/\bfrom\s+'(\.{1,2}\/[^']+)'/g),
    ...text.matchAll(/\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/g),
  ].map((m) => m[1]!);
  return specifiers.map((s) => path.resolve(path.dirname(file), s));
}

describe('the route table', () => {
  it('sits on top: nothing it loads (pages, layouts, their modules) imports routes.tsx back', () => {
    const graph = new Map(sourceFiles(SRC).map((file) => [file, importsOf(file)]));
    const reachable = new Set<string>();
    const stack = [...(graph.get(ROUTES) ?? [])];
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (reachable.has(file)) continue;
      reachable.add(file);
      stack.push(...(graph.get(file) ?? []));
    }
    expect(reachable.size).toBeGreaterThan(20);
    const pointingBack = [...reachable].filter((file) => graph.get(file)?.includes(ROUTES));
    expect(pointingBack.map((f) => path.relative(SRC, f))).toEqual([]);
  });
});
