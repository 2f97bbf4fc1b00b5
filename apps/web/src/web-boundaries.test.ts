import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The floors of apps/web/src, top to bottom. A file imports its own floor or the floors below it, never one
 * above. Every non-test source file is read with the TypeScript parser: static imports and re-exports,
 * dynamic `import()`; type-only imports count too (they tie the code as much as the others).
 */
const FLOORS: readonly { name: string; holds: (file: string) => boolean }[] = [
  // The shell: router, guard, providers, main layout, menu, the route table and the entry point.
  { name: 'shell', holds: (f) => f === 'main.tsx' || f === 'routes.tsx' || f.startsWith('app/') },
  // The screens, one folder an area; another feature (or the shell) enters one only through its index.ts.
  { name: 'features', holds: (f) => f.startsWith('features/') },
  // Shared screen parts: list page, form dialog, table layout, charts, permission button, dates.
  { name: 'ui', holds: (f) => f.startsWith('ui/') },
  // The websocket client: connection, heartbeat, task events.
  { name: 'realtime', holds: (f) => f.startsWith('realtime/') },
  // The request layer: headers, timeouts, SPEC §8 error handling.
  { name: 'request', holds: (f) => f.startsWith('request/') },
  { name: 'i18n', holds: (f) => f.startsWith('i18n/') },
  // What lives in the browser outside React's tree: storage, the stored login, toasts; feature checks.
  { name: 'browser', holds: (f) => f.startsWith('browser/') || f === 'access.ts' },
];

/**
 * Imports that still break a rule: a ratchet that only shrinks. Each entry is an edge as the test prints it.
 */
const NOT_YET_BOUNDED: readonly string[] = [];

const SRC = import.meta.dirname;

type TEdge = { from: string; to: string; isDynamic: boolean };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [file] : [];
  });
}

/** Relative imports of one file (paths relative to src/), static and dynamic. */
function importsOf(file: string): { to: string; isDynamic: boolean }[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: { spec: string; isDynamic: boolean }[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ spec: node.moduleSpecifier.text, isDynamic: false });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ spec: node.arguments[0].text, isDynamic: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found
    .filter((f) => f.spec.startsWith('./') || f.spec.startsWith('../'))
    .filter((f) => /\.tsx?$/.test(f.spec)) // CSS modules and stylesheets are no code of ours to order
    .map((f) => ({ to: rel(path.resolve(path.dirname(file), f.spec)), isDynamic: f.isDynamic }));
}

const rel = (file: string): string => path.relative(SRC, file).split(path.sep).join('/');

function floorOf(file: string): number {
  return FLOORS.findIndex((floor) => floor.holds(file));
}

/** `features/<name>` for a feature's file, else the floor's name (the shell, ui, request… are one unit each). */
function unitOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'features') return `features/${parts[1]}`;
  return FLOORS[floorOf(file)]?.name ?? file;
}

/** Strongly connected groups (more than one unit) of the unit graph. */
function unitLoops(edges: readonly TEdge[]): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const e of edges) {
    const a = unitOf(e.from);
    const b = unitOf(e.to);
    if (!graph.has(b)) graph.set(b, new Set());
    if (a !== b) graph.set(a, (graph.get(a) ?? new Set()).add(b));
  }
  // Tarjan
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (v: string): void => {
    indices.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!indices.has(v)) connect(v);
  return groups;
}

const files = sourceFiles(SRC).map(rel);
const edges: TEdge[] = sourceFiles(SRC).flatMap((file) =>
  importsOf(file).map((i) => ({ from: rel(file), to: i.to, isDynamic: i.isDynamic })),
);
const shown = (e: TEdge): string => `${e.from} -> ${e.to}`;
const open = (list: string[]): string[] => list.filter((edge) => !NOT_YET_BOUNDED.includes(edge));

describe('the floors of apps/web/src', () => {
  it('reads the imports of the whole tree', () => {
    expect(edges.length).toBeGreaterThan(500);
  });

  it('puts every source file on a floor', () => {
    expect(files.filter((f) => floorOf(f) < 0)).toEqual([]);
  });

  it('imports nothing from a higher floor', () => {
    const upward = edges.filter((e) => floorOf(e.to) < floorOf(e.from)).map(shown);
    expect(open(upward), `${upward.length} of ${edges.length} imports point up`).toEqual([]);
  });

  it('has no import loop between features, or between any two units', () => {
    const loops = unitLoops(edges);
    const arrows = new Set(edges.map((e) => `${unitOf(e.from)} -> ${unitOf(e.to)}`));
    const mutual = [...arrows]
      .map((arrow) => arrow.split(' -> '))
      .filter(([a, b]) => a! < b! && a!.startsWith('features/') && b!.startsWith('features/'))
      .filter(([a, b]) => arrows.has(`${b} -> ${a}`));
    const tying = loops.flatMap((group) =>
      edges
        .filter((e) => unitOf(e.from) !== unitOf(e.to))
        .filter((e) => group.includes(unitOf(e.from)) && group.includes(unitOf(e.to)))
        .map(shown),
    );
    expect(
      open(tying),
      `loops: ${loops.map((g) => g.join(' ⇄ ')).join('; ')} (${mutual.length} pairs of features import each other)`,
    ).toEqual([]);
  });

  it("enters a feature only through its index.ts (routes.tsx's lazily loaded pages aside)", () => {
    const bypassing = edges
      .filter((e) => e.to.startsWith('features/') && unitOf(e.from) !== unitOf(e.to))
      .filter((e) => e.to !== `${unitOf(e.to)}/index.ts`)
      .filter((e) => !(e.from === 'routes.tsx' && e.isDynamic))
      .map(shown);
    expect(open(bypassing), `${bypassing.length} imports past a feature's index.ts`).toEqual([]);
  });

  it('never has a feature import its own index.ts (it would close a loop inside the feature)', () => {
    const selfFacing = edges
      .filter((e) => e.from.startsWith('features/') && e.to === `${unitOf(e.from)}/index.ts`)
      .filter((e) => e.from !== e.to)
      .map(shown);
    expect(selfFacing).toEqual([]);
  });
});
