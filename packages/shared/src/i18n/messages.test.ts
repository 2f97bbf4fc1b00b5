import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, ERROR_CODES } from '../errors.ts';
import * as shared from '../index.ts';
import { ERROR_MESSAGES } from './errors.ts';
import { canInterpolate, interpolate, type Language, placeholdersOf, type TLocalized } from './language.ts';
import { localizeIssues, type TIssueLike } from './localize-issues.ts';
import { VALIDATION_MESSAGES, type ValidationMessageKey, vmsg } from './validation.ts';

const LANGUAGES: Language[] = ['zh', 'en'];
/** A placeholder left in a text, or a value that was missing when it was filled. */
const LEFT_OVER = /\{[^{}]*\}|\bundefined\b|\bnull\b/;

function isLocalized(value: unknown): value is TLocalized {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as TLocalized).zh === 'string' &&
    typeof (value as TLocalized).en === 'string'
  );
}

/** Every exported table of localised texts (`{ key: { zh, en } }`) of the package, by export name. */
const TABLES = Object.entries(shared).filter(
  (entry): entry is [string, Record<string, TLocalized>] =>
    typeof entry[1] === 'object' &&
    entry[1] !== null &&
    !Array.isArray(entry[1]) &&
    Object.keys(entry[1]).length > 0 &&
    Object.values(entry[1]).every(isLocalized),
);

/** A value for each placeholder of the entry, in either language. */
function sampleParams(entry: TLocalized): Record<string, unknown> {
  return Object.fromEntries([...placeholdersOf(entry.zh), ...placeholdersOf(entry.en)].map((n) => [n, 7]));
}

describe('interpolate', () => {
  it('fills placeholders, leaving one without a value (absent, null or undefined) as it is', () => {
    expect(interpolate('at most {max} of {count}', { max: 0, count: '' })).toBe('at most 0 of ');
    expect(interpolate('at most {max}', {})).toBe('at most {max}');
    expect(interpolate('at most {max}', { max: undefined })).toBe('at most {max}');
    expect(interpolate('at most {max}', { max: null })).toBe('at most {max}');
    expect(canInterpolate('at most {max}', { max: undefined })).toBe(false);
    expect(canInterpolate('at most {max} of {count}', { max: 1, count: 2 })).toBe(true);
    expect(placeholdersOf('“{fileName}” holds {maximum}')).toEqual(['fileName', 'maximum']);
  });
});

describe('interpolate with a plural word {name|one|other}', () => {
  it('writes the singular for exactly one and the plural otherwise (issue 41: "1 site", never "site(s)")', () => {
    const template = '{count} {count|site|sites} moved';
    expect(interpolate(template, { count: 1 })).toBe('1 site moved');
    expect(interpolate(template, { count: 2 })).toBe('2 sites moved');
    expect(interpolate(template, { count: 0 })).toBe('0 sites moved');
    expect(interpolate(template, { count: '1' })).toBe('1 site moved');
    expect(interpolate(template, {})).toBe(template);
    expect(placeholdersOf(template)).toEqual(['count']);
  });

  it('leaves no "(s)" in the English of any message table', () => {
    for (const [name, table] of TABLES) {
      for (const [key, entry] of Object.entries(table)) {
        expect(entry.en.replaceAll('http(s)', ''), `${name}.${key}`).not.toMatch(/\w\(s\)/);
      }
    }
  });
});

describe('the localised message tables (issue 26: no `{…}` reaches a user)', () => {
  it('finds the message tables of the package', () => {
    const names = TABLES.map(([name]) => name);
    for (const name of ['ERROR_MESSAGES', 'VALIDATION_MESSAGES', 'INGEST_UNREADABLE_REASONS']) {
      expect(names).toContain(name);
    }
  });

  it.each(TABLES)('%s: both languages name the same placeholders, and every brace is one', (_, table) => {
    for (const [key, entry] of Object.entries(table)) {
      const zh = placeholdersOf(entry.zh).sort();
      const en = placeholdersOf(entry.en).sort();
      expect(zh, `${key}: zh ${zh} vs en ${en}`).toEqual(en);
      for (const language of LANGUAGES) {
        // The compiler reads `{name}` as a placeholder of any text; interpolate only fills \w+ names (and
        // `{name|one|other}` plural words).
        expect(
          entry[language].replace(/\{\w+(?:\|[^{}|]*\|[^{}|]*)?\}/g, ''),
          `${key}.${language}`,
        ).not.toMatch(/[{}]/);
        expect(interpolate(entry[language], sampleParams(entry)), `${key}.${language}`).not.toMatch(
          LEFT_OVER,
        );
      }
    }
  });

  it('every error code, in both languages, is complete with the details its placeholders name', () => {
    for (const code of ERROR_CODES) {
      const entry = ERROR_MESSAGES[code];
      for (const language of LANGUAGES) {
        expect(interpolate(entry[language], sampleParams(entry))).not.toMatch(LEFT_OVER);
      }
    }
  });

  it('AppError requires the details of its code’s placeholders (a compile error otherwise)', () => {
    // @ts-expect-error MESOSCALE_ZIP_UNREADABLE names {fileName}
    const missing = new AppError('MESOSCALE_ZIP_UNREADABLE');
    // @ts-expect-error {maximum} is missing
    const partial = new AppError('ARCHIVE_TOO_MANY_ENTRIES', { fileName: 'a.zip' });
    // @ts-expect-error a placeholder's value may not be undefined
    const empty = new AppError('UPLOAD_TOO_MANY_FILES', { max: undefined });
    const complete = new AppError('ARCHIVE_TOO_MANY_ENTRIES', { fileName: 'a.zip', maximum: 10_000 });
    const plain = new AppError('NOT_FOUND');
    expect(
      [missing, partial, empty].map((e) => canInterpolate(ERROR_MESSAGES[e.code].en, e.details)),
    ).toEqual([false, false, false]);
    expect(canInterpolate(ERROR_MESSAGES[complete.code].zh, complete.details)).toBe(true);
    expect(plain.details).toEqual({});
  });
});

describe('localizeIssues', () => {
  /** Issues as zod 4 raises them: bounds of numbers, arrays and strings, refinements, formats, types. */
  function issuesWith(message: string): TIssueLike[] {
    return [
      { code: 'too_big', origin: 'number', maximum: 20, path: ['a'], message },
      { code: 'too_big', origin: 'array', maximum: 20, path: ['a'], message },
      { code: 'too_big', origin: 'string', maximum: 20, path: ['a'], message },
      { code: 'too_small', origin: 'number', minimum: 2, path: ['a'], message },
      { code: 'too_small', origin: 'string', minimum: 1, path: ['a'], message },
      { code: 'custom', path: ['a'], message },
      { code: 'invalid_format', path: ['a'], message },
      { code: 'invalid_type', input: 'x', path: ['a'], message },
      { code: 'invalid_value', path: ['a'], message },
    ];
  }

  it('leaves no placeholder for any validation key on any kind of issue, in either language', () => {
    for (const key of Object.keys(VALIDATION_MESSAGES) as ValidationMessageKey[]) {
      for (const language of LANGUAGES) {
        for (const field of localizeIssues(issuesWith(`v.${key}`), language)) {
          expect(field.message, `v.${key} (${language})`).not.toMatch(LEFT_OVER);
        }
      }
    }
  });

  it('fills a bound from the schema, and falls back to the issue’s own message where the key cannot be filled', () => {
    const schema = z.object({
      files: z.array(z.string()).max(20, vmsg('tooLarge')),
      // A refinement has no maximum to put into “Must not be greater than {maximum}”.
      total: z.number().refine((n) => n < 5, vmsg('tooLarge')),
      name: z.string().max(3, vmsg('maxLength')),
    });
    const result = schema.safeParse({ files: Array(21).fill('a'), total: 9, name: 'abcd' });
    expect(result.success).toBe(false);
    const en = localizeIssues(result.error!.issues, 'en');
    expect(en).toEqual([
      { field: 'files', message: 'Must not be greater than 20' },
      { field: 'total', message: 'Invalid value' },
      { field: 'name', message: 'The input must not exceed 3 characters' },
    ]);
    expect(localizeIssues(result.error!.issues, 'zh')[0]).toEqual({ field: 'files', message: '不能大于 20' });
  });
});
