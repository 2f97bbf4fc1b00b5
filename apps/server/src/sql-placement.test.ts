import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

const SRC = import.meta.dirname;
const QUERY_STARTS = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Where a file builds SQL: a Kysely query start (`db.selectFrom(…)`…) or a `sql` tagged template. */
function queriesIn(file: string): number[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const lines: number[] = [];
  const visit = (node: ts.Node): void => {
    const isQueryStart =
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      QUERY_STARTS.has(node.expression.name.text);
    // `sql\`…\`` and `sql<T>\`…\`` (the type arguments sit on the tagged template, the tag is `sql`).
    const isSqlTemplate =
      ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql';
    if (isQueryStart || isSqlTemplate)
      lines.push(source.getLineAndCharacterOfPosition(node.getStart()).line + 1);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

/**
 * SQL lives in repositories (issue 27): a service, route or job asks its module's repository, so a query
 * has one home and a transaction is passed in, never opened around hand-written SQL elsewhere. The
 * platform (database, jobs, file references, migrations) and the seed write their own.
 */
it('keeps SQL in repositories, the platform and the seed only', () => {
  const outside: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const rel = path.relative(SRC, file).split(path.sep).join('/');
    if (rel.startsWith('platform/') || rel.startsWith('modules/seed/') || /\.repository\.ts$/.test(rel))
      continue;
    for (const line of queriesIn(file)) outside.push(`${rel}:${line}`);
  }
  expect(outside, 'move these queries into a repository of their module').toEqual([]);
});
