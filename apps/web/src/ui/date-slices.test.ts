import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
/** The one place that may cut a formatted instant: the zone-aware formatting helpers. */
const HELPER = 'ui/date-time.ts';

/**
 * Cuts of a string to the length of a date or a minute (`.slice(0, 10)`, `.substring(0, 16)` …) and the
 * date half of an ISO stamp (`.split('T')[0]`): on an ISO instant they give its UTC date, a day early for
 * every zone east of Greenwich before 08:00 (issue 41: suitability and lidar headers read "2024-10-31" for a
 * November in Beijing time).
 */
const CUT =
  /\.(?:slice|substring|substr)\(\s*0\s*,\s*(?:7|10|13|16|19)\s*\)|\.split\(\s*['"]T['"]\s*\)\s*\[\s*0\s*\]/g;

/** Cuts of things that are not times, by file and the receiver named just before the cut. */
const NOT_TIMES: Record<string, { receiver: string; why: string }[]> = {
  'features/home/map/layers/api.ts': [{ receiver: 'sha256', why: 'a cache key: 16 characters of a hash' }],
  'features/ingestion/RecognitionPreview.tsx': [
    { receiver: 'previewRows', why: 'the first ten rows of a file' },
  ],
  'features/station-assets/ChannelConfigurationPage.tsx': [
    { receiver: 'skippedColumns', why: 'the first ten skipped columns of an import' },
  ],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `file:line: text` of every cut outside the helper that is not a listed non-time. */
function timeCuts(): string[] {
  const found: string[] = [];
  for (const path of sourceFiles(SRC)) {
    const file = relative(SRC, path).replaceAll('\\', '/');
    if (file === HELPER) continue;
    const text = readFileSync(path, 'utf8');
    for (const match of text.matchAll(CUT)) {
      const at = match.index;
      // The receiver: the text from the start of the line before the cut (chains break lines) up to it.
      const lineStart = text.lastIndexOf('\n', text.lastIndexOf('\n', at - 1) - 1) + 1;
      const before = text.slice(lineStart, at);
      if (NOT_TIMES[file]?.some((n) => before.includes(n.receiver))) continue;
      const line = text.slice(0, at).split('\n').length;
      found.push(`${file}:${line}: ${text.split('\n')[line - 1]!.trim()}`);
    }
  }
  return found;
}

describe('dates a user reads', () => {
  it('are never cut out of an ISO string in web code: formatDate, formatDateMinute, formatDateRange (ui/date-time.ts) show them in the user’s zone', () => {
    expect(timeCuts()).toEqual([]);
  });

  it('the rule sees the cuts it is about', () => {
    expect('x.startTime.slice(0, 10)'.match(CUT)).toHaveLength(1);
    expect('formatDateTime(v).slice(0,16)'.match(CUT)).toHaveLength(1);
    expect("iso.split('T')[0]".match(CUT)).toHaveLength(1);
    expect('rows.slice(0, 500)'.match(CUT)).toBeNull();
  });
});
