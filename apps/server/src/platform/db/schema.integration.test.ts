import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db.ts';

/**
 * schema.ts is kept by hand (issue 42 §4): this compares it with the database the migrations make. Each
 * table of its `DB` interface is read with the TypeScript checker (the type a select gives, as Kysely's
 * `ColumnType<Select, …>` says) and set against information_schema: the same tables, the same columns,
 * null allowed on both sides or on neither, and a TypeScript kind the column's PostgreSQL type reads as
 * (int8 and numeric are read as numbers: database.ts).
 */

const SCHEMA_FILE = path.join(import.meta.dirname, 'schema.ts');
/** The migration runner's own bookkeeping, which no query of the application reads through Kysely. */
const NOT_IN_SCHEMA = new Set(['schema_migrations']);

type TKind = 'number' | 'string' | 'boolean' | 'date' | 'bytes' | 'array' | 'object' | 'unknown';

/** The kinds of TypeScript value node-postgres gives for a column's type (information_schema udt_name). */
function kindsOf(udtName: string): readonly TKind[] {
  if (udtName.startsWith('_')) return ['array'];
  switch (udtName) {
    case 'int2':
    case 'int4':
    case 'int8':
    case 'float4':
    case 'float8':
    case 'numeric':
      return ['number'];
    case 'text':
    case 'varchar':
    case 'bpchar':
    case 'uuid':
      return ['string'];
    case 'bool':
      return ['boolean'];
    case 'timestamptz':
    case 'timestamp':
    case 'date':
      return ['date'];
    case 'bytea':
      return ['bytes'];
    case 'json':
    case 'jsonb':
      return ['object', 'array', 'unknown'];
    default:
      return [];
  }
}

interface TColumnShape {
  /** Whether a select may give null; undefined when its type is `unknown`. */
  nullable: boolean | undefined;
  kinds: Set<TKind>;
}

/** Table → column → what a select of it gives, read from schema.ts's text (the file, or a changed copy). */
function readSchema(text: string): Map<string, Map<string, TColumnShape>> {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, ...rest) =>
    path.resolve(fileName) === SCHEMA_FILE
      ? ts.createSourceFile(fileName, text, language)
      : getSourceFile(fileName, language, ...rest);
  const program = ts.createProgram([SCHEMA_FILE], options, host);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA_FILE)!;
  const db = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'DB',
  );
  if (!db) throw new Error('schema.ts has no DB interface');

  /** The members of the type a select gives: `ColumnType<S, I, U>` → S, unions flattened. */
  const selected = (type: ts.Type): ts.Type[] =>
    (type.isUnion() ? type.types : [type]).flatMap((member) => {
      const select = member.getProperty('__select__');
      if (!select) return [member];
      const inner = checker.getTypeOfSymbol(select);
      return inner.isUnion() ? inner.types : [inner];
    });
  const kindOf = (type: ts.Type): TKind => {
    if (type.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) return 'unknown';
    if (type.flags & ts.TypeFlags.NumberLike) return 'number';
    if (type.flags & ts.TypeFlags.StringLike) return 'string';
    if (type.flags & ts.TypeFlags.BooleanLike) return 'boolean';
    if (checker.isArrayType(type) || checker.isTupleType(type)) return 'array';
    const name = type.getSymbol()?.getName();
    if (name === 'Date') return 'date';
    if (name === 'Buffer' || name === 'Uint8Array') return 'bytes';
    return 'object';
  };

  const tables = new Map<string, Map<string, TColumnShape>>();
  for (const member of db.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const tableType = checker.getTypeFromTypeNode(member.type);
    const columns = new Map<string, TColumnShape>();
    for (const column of tableType.getProperties()) {
      const members = selected(checker.getTypeOfSymbol(column));
      const present = members.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
      columns.set(column.getName(), {
        // `unknown` (a column read as it comes, jsonb) says nothing about null.
        nullable: members.some((t) => t.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any))
          ? undefined
          : members.some((t) => t.flags & ts.TypeFlags.Null),
        kinds: new Set(present.map(kindOf)),
      });
    }
    tables.set(member.name.getText(source), columns);
  }
  return tables;
}

interface TDatabaseColumn {
  table_name: string;
  column_name: string;
  is_nullable: 'YES' | 'NO';
  udt_name: string;
}

/** Every difference between schema.ts (as read) and the database's columns, one sentence each. */
function differences(
  schema: Map<string, Map<string, TColumnShape>>,
  database: readonly TDatabaseColumn[],
): string[] {
  const found: string[] = [];
  const tables = new Map<string, TDatabaseColumn[]>();
  for (const column of database) {
    if (NOT_IN_SCHEMA.has(column.table_name)) continue;
    tables.set(column.table_name, [...(tables.get(column.table_name) ?? []), column]);
  }
  for (const table of tables.keys())
    if (!schema.has(table)) found.push(`table ${table} is in the database, not in schema.ts`);
  for (const [table, columns] of schema) {
    const inDatabase = tables.get(table);
    if (!inDatabase) {
      found.push(`table ${table} is in schema.ts, not in the database`);
      continue;
    }
    for (const column of inDatabase) {
      const where = `${table}.${column.column_name}`;
      const shape = columns.get(column.column_name);
      if (!shape) {
        found.push(`${where} is in the database, not in schema.ts`);
        continue;
      }
      const nullable = column.is_nullable === 'YES';
      if (shape.nullable !== undefined && nullable !== shape.nullable)
        found.push(
          `${where} is ${nullable ? 'nullable' : 'not nullable'} in the database, ${shape.nullable ? 'nullable' : 'not nullable'} in schema.ts`,
        );
      const allowed = kindsOf(column.udt_name);
      const kinds = [...shape.kinds];
      if (kinds.length === 0 || kinds.some((kind) => !allowed.includes(kind)))
        found.push(
          `${where} is ${column.udt_name} in the database, ${kinds.join(' | ') || 'never'} in schema.ts`,
        );
    }
    for (const name of columns.keys())
      if (!inDatabase.some((c) => c.column_name === name))
        found.push(`${table}.${name} is in schema.ts, not in the database`);
  }
  return found;
}

let columns: TDatabaseColumn[];
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const result = await client.query<TDatabaseColumn>(
      `SELECT c.table_name, c.column_name, c.is_nullable, c.udt_name
         FROM information_schema.columns c
         JOIN information_schema.tables t USING (table_schema, table_name)
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
          -- A partition (ts_chunk_p0 …, migration 0042) is read and written through its parent.
          AND NOT EXISTS (SELECT 1 FROM pg_class p JOIN pg_namespace n ON n.oid = p.relnamespace
                           WHERE n.nspname = c.table_schema AND p.relname = c.table_name AND p.relispartition)
        ORDER BY c.table_name, c.ordinal_position`,
    );
    columns = result.rows;
  } finally {
    await client.end();
  }
});
afterAll(async () => {
  await drop();
});

describe('schema.ts against the migrated database', () => {
  const text = readFileSync(SCHEMA_FILE, 'utf8');

  it('has the tables and columns of the database, each nullable where the database allows null, of a kind its type reads as', () => {
    expect(columns.length).toBeGreaterThan(500);
    expect(differences(readSchema(text), columns)).toEqual([]);
  });

  it('tells a column left out, a null the database allows, a kind and a table it does not have (a changed copy of schema.ts)', () => {
    const changed = text
      .replace(/(export interface TagTable \{[^}]*?)\n {2}name: string;/, '$1')
      .replace(/(export interface DeptTable \{[^}]*?company_id: )number;/, '$1number | null;')
      .replace(/(export interface RoleFeatureTable \{[^}]*?feature: )string;/, '$1number;')
      .replace(/export interface DB \{/, 'export interface DB {\n  ghost: { id: number };');
    expect(changed).not.toBe(text);
    expect(differences(readSchema(changed), columns)).toEqual([
      'table ghost is in schema.ts, not in the database',
      'dept.company_id is not nullable in the database, nullable in schema.ts',
      'role_feature.feature is text in the database, number in schema.ts',
      'tag.name is in the database, not in schema.ts',
    ]);
  });
});
