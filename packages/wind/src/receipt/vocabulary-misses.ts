// Test support only (not exported from index.ts): what a result writes that its check's vocabulary does not list.
import { RECEIPT_VOCABULARY, type ReceiptCheckResult, type ReceiptFinding } from './types.ts';

/** `check kind: key` of every finding key, skip reason, number and chart key a result writes unlisted. */
export function vocabularyMisses(
  result: ReceiptCheckResult | { status: 'finding'; finding: ReceiptFinding },
) {
  const check =
    result.status === 'finding'
      ? result.finding.check
      : result.status === 'pass'
        ? result.pass.check
        : result.skip.check;
  const v = RECEIPT_VOCABULARY[check];
  const misses: string[] = [];
  const want = (list: readonly string[], key: string, what: string) => {
    if (!list.includes(key)) misses.push(`${check}: ${what} ${key}`);
  };
  if (result.status === 'finding') want(v.findings, result.finding.key, 'finding');
  if (result.status === 'skipped') want(v.skips, result.skip.reason, 'skip');
  const numbers =
    result.status === 'finding'
      ? result.finding.numbers
      : result.status === 'pass'
        ? result.pass.numbers
        : (result.skip.numbers ?? {});
  for (const key of Object.keys(numbers)) want(v.numbers, key, 'number');
  const chart =
    result.status === 'finding'
      ? result.finding.chart
      : result.status === 'pass'
        ? result.pass.chart
        : undefined;
  if (chart) {
    want(v.chart, chart.xKey, 'chart axis');
    for (const s of chart.series) want(v.chart, s.key, 'chart series');
    for (const key of Object.keys(chart.marks ?? {})) want(v.chart, key, 'chart mark');
  }
  return misses;
}
