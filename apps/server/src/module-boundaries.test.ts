import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The boundaries between the server's units: a unit is `modules/<name>` or `platform/<name>` (a file right
 * under platform/, such as config.ts, is a unit of its own). Every non-test source file under src/ is read
 * with the TypeScript parser: static imports and re-exports, dynamic `import()`, and worker files named by
 * `new URL('./x.ts', import.meta.url)`. An import whose names are all types is "type-only": it does not run.
 */
const SRC = import.meta.dirname;

/**
 * Imports that still bypass a module's index.ts, or still close a loop: a ratchet that only shrinks.
 * Each entry is an edge as the test prints it.
 */
const NOT_YET_BOUNDED: readonly string[] = [];

/**
 * Runtime names a module's index.ts may still take from one of its `*.repository.ts` files, as
 * `modules/<name>/index.ts: name`: the station-access predicate and the narrowing of things to a call's
 * sites (callSitesCover) and every stored chunk while the partition move may run (CHUNK_ROWS) are query
 * parts that other modules' repositories compose, and the station-day
 * upkeep (with the site's reconstructed version it reads, issue 45 §1) still runs as functions over a
 * database handle.
 */
const REPOSITORY_EXPORTS_ALLOWED: readonly string[] = [
  'modules/access/index.ts: callSitesCover',
  'modules/access/index.ts: hasAllStations',
  'modules/access/index.ts: stationAccessPredicate',
  'modules/timeseries/index.ts: CHUNK_ROWS',
  'modules/timeseries/index.ts: backfillStationDays',
  'modules/timeseries/index.ts: currentWindowTo',
  'modules/timeseries/index.ts: refreshReconstructedDays',
  'modules/timeseries/index.ts: refreshStationDays',
  'modules/timeseries/index.ts: rollStationWindows',
  'modules/timeseries/index.ts: siteReconstruction',
];

type TEdge = { from: string; to: string; typeOnly: boolean };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|mts|mjs)$/.test(name) && !/\.test\.ts$/.test(name) && !name.endsWith('.d.ts') ? [file] : [];
  });
}

/** `import type …` is erased; `import { type A }` is not (verbatimModuleSyntax keeps `import {} from`). */
function allTypes(clause: ts.ImportClause | undefined): boolean {
  return clause?.isTypeOnly ?? false; // a bare `import './x'` runs x
}

/** Relative imports of one file, resolved to paths under src/. */
function importsOf(file: string): { to: string; typeOnly: boolean }[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: { spec: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ spec: node.moduleSpecifier.text, typeOnly: allTypes(node.importClause) });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ spec: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ spec: node.arguments[0].text, typeOnly: false });
    } else if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'URL' &&
      node.arguments?.[0] &&
      ts.isStringLiteralLike(node.arguments[0]) &&
      node.arguments[1]?.getText(source) === 'import.meta.url'
    ) {
      found.push({ spec: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found
    .filter((f) => f.spec.startsWith('./') || f.spec.startsWith('../'))
    .map((f) => ({ to: path.resolve(path.dirname(file), f.spec), typeOnly: f.typeOnly }));
}

/** `modules/<name>` or `platform/<name>` of a path under src/, or undefined (server.ts, i18n/…). */
function unitOf(file: string): string | undefined {
  const parts = path.relative(SRC, file).split(path.sep);
  if (parts[0] !== 'modules' && parts[0] !== 'platform') return undefined;
  if (parts.length < 2) return undefined;
  return `${parts[0]}/${parts[1]!.replace(/\.[cm]?[jt]s$/, '')}`;
}

const rel = (file: string): string => path.relative(SRC, file);

function readEdges(): TEdge[] {
  return sourceFiles(SRC).flatMap((file) =>
    importsOf(file).map((i) => ({ from: file, to: i.to, typeOnly: i.typeOnly })),
  );
}

/** Strongly connected groups (more than one unit) of the runtime unit graph, with the edges inside. */
function unitLoops(edges: TEdge[]): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const e of edges) {
    const a = unitOf(e.from);
    const b = unitOf(e.to);
    if (!a || !b || a === b || e.typeOnly) continue;
    graph.set(a, (graph.get(a) ?? new Set()).add(b));
    if (!graph.has(b)) graph.set(b, new Set());
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

/** One name a module's index.ts exports: where it comes from and whether only its type leaves. */
type TFaceExport = { face: string; name: string; from: string | undefined; typeOnly: boolean };

/** What every `modules/<name>/index.ts` exports: its own declarations and its re-exports (`*` for all). */
function faceExports(): TFaceExport[] {
  const modules = path.join(SRC, 'modules');
  return readdirSync(modules).flatMap((name) => {
    const file = path.join(modules, name, 'index.ts');
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return [];
    }
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
    const face = rel(file);
    const found: TFaceExport[] = [];
    for (const node of source.statements) {
      if (ts.isExportDeclaration(node)) {
        const from =
          node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)
            ? rel(path.resolve(path.dirname(file), node.moduleSpecifier.text))
            : undefined;
        const clause = node.exportClause;
        if (!clause) found.push({ face, name: '*', from, typeOnly: node.isTypeOnly });
        else if (ts.isNamedExports(clause))
          for (const element of clause.elements)
            found.push({
              face,
              name: element.name.text,
              from,
              typeOnly: node.isTypeOnly || element.isTypeOnly,
            });
        else found.push({ face, name: clause.name.text, from, typeOnly: node.isTypeOnly });
      } else if (
        ts.canHaveModifiers(node) &&
        ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
      ) {
        const names = ts.isVariableStatement(node)
          ? node.declarationList.declarations.map((d) => d.name.getText(source))
          : [(node as ts.DeclarationStatement).name?.getText(source) ?? 'default'];
        for (const n of names) found.push({ face, name: n, from: undefined, typeOnly: false });
      }
    }
    return found;
  });
}

const edges = readEdges();
const faces = faceExports();
const shown = (e: TEdge): string => `${rel(e.from)} -> ${rel(e.to)}`;

describe('module boundaries of apps/server/src', () => {
  it('reads the imports of the whole tree', () => {
    expect(edges.length).toBeGreaterThan(500);
  });

  it('has no runtime import loop between units (type-only imports aside)', () => {
    const loops = unitLoops(edges);
    const tying = loops.flatMap((group) =>
      edges
        .filter(
          (e) =>
            !e.typeOnly &&
            unitOf(e.from) !== unitOf(e.to) &&
            group.includes(unitOf(e.from) ?? '') &&
            group.includes(unitOf(e.to) ?? ''),
        )
        .map(shown)
        .filter((edge) => !NOT_YET_BOUNDED.includes(edge)),
    );
    expect(tying, `loops: ${loops.map((g) => g.join(' ⇄ ')).join('; ')}`).toEqual([]);
  });

  it('imports another module only through its index.ts', () => {
    const bypassing = edges
      .filter((e) => {
        const target = unitOf(e.to);
        if (!target?.startsWith('modules/')) return false;
        if (unitOf(e.from) === target) return false;
        return rel(e.to) !== `${target}/index.ts`;
      })
      .map(shown)
      .filter((edge) => !NOT_YET_BOUNDED.includes(edge));
    expect(bypassing).toEqual([]);
  });

  it('keeps platform/ below the modules: platform imports no module', () => {
    const upward = edges
      .filter((e) => unitOf(e.from)?.startsWith('platform/') && rel(e.to).startsWith('modules/'))
      .map(shown);
    expect(upward).toEqual([]);
  });

  it("keeps repositories private: no module's index.ts exports a repository", () => {
    expect(faces.length).toBeGreaterThan(100);
    const exposing = faces
      .filter(
        (e) =>
          /Repository$/.test(e.name) ||
          (e.from !== undefined && /\.repository\.ts$/.test(e.from) && (e.name === '*' || !e.typeOnly)),
      )
      .map((e) => `${e.face}: ${e.name}`)
      .filter((entry) => !REPOSITORY_EXPORTS_ALLOWED.includes(entry));
    expect(exposing, 'give the module a factory (<module>.module.ts) instead').toEqual([]);
  });

  it('keeps the repository allow-list true: every entry is still exported', () => {
    const present = new Set(faces.map((e) => `${e.face}: ${e.name}`));
    expect(REPOSITORY_EXPORTS_ALLOWED.filter((entry) => !present.has(entry))).toEqual([]);
  });

  it('keeps the allow-list true: every entry still names an import that exists', () => {
    const present = new Set(edges.map(shown));
    expect(NOT_YET_BOUNDED.filter((edge) => !present.has(edge))).toEqual([]);
  });
});
