import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RECEIPT_VOCABULARY, type ReceiptCheckKind } from '@masthub/wind';
import { describe, expect, it } from 'vitest';

const LOCALES = join(import.meta.dirname, '../../locales');
type Tree = { [key: string]: string | Tree };

function receiptLabels(language: string): Tree {
  return JSON.parse(readFileSync(join(LOCALES, language, 'receipt.json'), 'utf8')) as Tree;
}

/** The label at `path` (dots, the finding keys' own dot included as one level), or undefined. */
function labelAt(tree: Tree, path: string[]): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' && node.trim() !== '' ? node : undefined;
}

/**
 * Every key a receipt check writes (packages/wind RECEIPT_VOCABULARY: finding keys, skip reasons, the
 * numbers of the evidence, chart axes, series and marks) has a label in both languages, kind by kind, so a
 * receipt never shows a raw key such as "signals" or "fixMinutes".
 */
describe('receipt labels', () => {
  for (const language of ['zh-CN', 'en-US']) {
    const labels = receiptLabels(language);
    for (const [kind, vocabulary] of Object.entries(RECEIPT_VOCABULARY) as [
      ReceiptCheckKind,
      (typeof RECEIPT_VOCABULARY)[ReceiptCheckKind],
    ][]) {
      it(`${language}: names the check ${kind}, its findings, skips, evidence numbers and chart keys`, () => {
        const missing: string[] = [];
        const want = (path: string[]) => {
          if (!labelAt(labels, path)) missing.push(path.join('.'));
        };
        want(['check', kind]);
        for (const key of vocabulary.findings) want(['finding', ...key.split('.')]);
        for (const reason of vocabulary.skips) want(['skip', reason]);
        for (const key of vocabulary.numbers) want(['number', key]);
        for (const key of vocabulary.chart) want(['chart', key]);
        expect(missing).toEqual([]);
      });
    }
  }

  it('reads the evidence numbers in the reader’s language, not as the keys', () => {
    const zh = receiptLabels('zh-CN');
    const en = receiptLabels('en-US');
    for (const key of new Set(Object.values(RECEIPT_VOCABULARY).flatMap((v) => [...v.numbers]))) {
      expect(labelAt(en, ['number', key]), key).not.toBe(key);
      expect(labelAt(zh, ['number', key]), key).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
