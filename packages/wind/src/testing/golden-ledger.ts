// Test support only: compares our numbers with reference numbers and remembers, per statistic, the
// largest relative difference seen (printed when WIND_GOLDEN_REPORT=1, for the closing note).
import { expect } from 'vitest';

const ledger = new Map<string, { maxRelative: number; checks: number; keys: Set<string> }>();

/** Relative difference with an absolute floor of 1e-12 (so 0 vs 1e-17 counts as equal). */
export function relativeError(actual: number, expected: number): number {
  if (Number.isNaN(actual) && Number.isNaN(expected)) return 0;
  const diff = Math.abs(actual - expected);
  if (diff < 1e-12) return 0;
  return diff / Math.max(Math.abs(expected), 1e-9);
}

/**
 * expect(actual) to agree with the reference value within `tolerance` (relative), and record it under
 * `statistic` with the reference key.
 */
export function checkGolden(
  statistic: string,
  key: string,
  actual: number | undefined,
  expected: number | null,
  tolerance = 1e-6,
): void {
  const a = actual ?? Number.NaN;
  const e = expected ?? Number.NaN;
  const error = relativeError(a, e);
  const entry = ledger.get(statistic) ?? { maxRelative: 0, checks: 0, keys: new Set<string>() };
  entry.maxRelative = Math.max(entry.maxRelative, error);
  entry.checks++;
  entry.keys.add(key);
  ledger.set(statistic, entry);
  expect(error, `${statistic} ${key}: ${a} vs ${e}`).toBeLessThanOrEqual(tolerance);
}

export function printGoldenLedger(title: string): void {
  if (process.env['WIND_GOLDEN_REPORT'] !== '1') return;
  const lines = [...ledger.entries()].map(
    ([name, e]) =>
      `${name} | ${[...e.keys].join(', ')} | ${e.checks} values | max rel diff ${e.maxRelative.toExponential(2)}`,
  );
  process.stdout.write(`\n## ${title}\n${lines.join('\n')}\n`);
}
