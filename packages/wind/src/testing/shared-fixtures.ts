// Test support only (not exported from index.ts): loads the read-only files of ../shared that the
// golden tests compare against. The library itself does no I/O.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildCalendarIndex } from '../model/build-calendar-index.ts';
import { createTimeGrid } from '../model/create-time-grid.ts';
import type { CalendarIndex, TimeGrid } from '../model/types.ts';

/** /work/shared sits beside the repo: packages/wind/src/testing → ../../../../../shared */
export const SHARED_DIR = fileURLToPath(new URL('../../../../../shared/', import.meta.url));
export const REFERENCE_PATH = `${SHARED_DIR}reference/brightwind/reference.json`;
export const DEMO_PATH = `${SHARED_DIR}samples/brightwind-demo/demo_data2.csv`;
export const LIDAR_PATH = `${SHARED_DIR}samples/brightwind-demo/demo_floating_lidar_data.csv`;
export const hasShared = existsSync(REFERENCE_PATH) && existsSync(DEMO_PATH) && existsSync(LIDAR_PATH);
export const SKIP_MESSAGE = 'skipped because ../shared (brightwind reference and demo data) is absent';

export interface LoadedTable {
  readonly grid: TimeGrid;
  readonly calendar: CalendarIndex;
  readonly columns: Record<string, Float64Array>;
}

// biome-ignore lint/suspicious/noExplicitAny: the reference JSON is deeply nested and only read in tests
export function loadReference(): any {
  return JSON.parse(readFileSync(REFERENCE_PATH, 'utf8'));
}

/** Relative difference |a − b|/max(|b|, tiny). */
export function relativeDifference(a: number, b: number): number {
  if (a === b) return 0;
  return Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);
}

function loadGridCsv(
  path: string,
  parseStamp: (s: string) => number,
  clean?: (ms: number) => boolean,
): LoadedTable {
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/).filter((l) => l.length > 0);
  const header = lines[0]!.split(',');
  const rows = lines.slice(1).map((l) => l.split(','));
  const stamps = rows.map((r) => parseStamp(r[0]!));
  const start = stamps[0]!;
  const length = (stamps[stamps.length - 1]! - start) / 600_000 + 1;
  const grid = createTimeGrid({ startMs: start, intervalMinutes: 10, length });
  const columns: Record<string, Float64Array> = {};
  for (const name of header.slice(1)) columns[name] = new Float64Array(length).fill(Number.NaN);
  rows.forEach((r, k) => {
    const i = (stamps[k]! - start) / 600_000;
    if (clean?.(stamps[k]!)) return;
    header.slice(1).forEach((name, c) => {
      const cell = r[c + 1];
      columns[name]![i] = cell === undefined || cell === '' ? Number.NaN : Number(cell);
    });
  });
  return { grid, calendar: buildCalendarIndex(grid, 0), columns };
}

/**
 * brightwind demo excerpt (demo_data2.csv, dd/mm/yyyy), cleaned like the reference: every column NaN in
 * [2016-01-09 15:30, 17:10) (demo_cleaning_file.csv "All … Installation"; the other rows lie outside).
 */
export function loadDemoExcerpt(options: { raw?: boolean } = {}): LoadedTable {
  const parse = (s: string): number => {
    const [date, time] = s.split(' ');
    const [d, m, y] = date!.split('/').map(Number);
    const [hh, mm] = time!.split(':').map(Number);
    return Date.UTC(y!, m! - 1, d!, hh!, mm!);
  };
  const from = Date.UTC(2016, 0, 9, 15, 30);
  const to = Date.UTC(2016, 0, 9, 17, 10);
  return loadGridCsv(DEMO_PATH, parse, options.raw ? undefined : (ms) => ms >= from && ms < to);
}

/** brightwind floating-lidar demo (ISO stamps, no cleaning). */
export function loadLidar(): LoadedTable {
  return loadGridCsv(LIDAR_PATH, (s) => Date.parse(`${s.replace(' ', 'T')}Z`));
}

/** Epoch ms of a reference ISO key such as "2016-01-09T17:00:00" (naive = UTC here). */
export function isoMs(iso: string): number {
  return Date.parse(`${iso}Z`);
}
