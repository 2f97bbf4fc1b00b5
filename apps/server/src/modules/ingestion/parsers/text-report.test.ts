import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTextReportHead } from './text-report.ts';

const SAMPLES = resolve(import.meta.dirname, '../../../../../../../shared/samples');
const hasSamples = existsSync(SAMPLES);
const sample = (path: string) => readFileSync(resolve(SAMPLES, path));

describe('readTextReportHead', () => {
  it.skipIf(!hasSamples)(
    'recognises a Windographer 4.1.14 export by its first line (skipped without ../shared samples)',
    () => {
      const head = readTextReportHead(sample('windographer_txt/brightwind_windographer_demo_data1.txt'));
      expect(head.sourceTool).toBe('Windographer 4.1.14');
      expect(head.headText.split('\n')[0]).toMatch(/^Created .* by Windographer 4\.1\.14/);
      expect(head.headText.split('\n').length).toBeLessThanOrEqual(20);
      expect(head.isBinary).toBe(false);
    },
  );

  it.skipIf(!hasSamples)(
    'recognises the WAsP TAB layout of the foxes sample (skipped without ../shared)',
    () => {
      expect(readTextReportHead(sample('wasp_tab/foxes_winds100.tab')).sourceTool).toBe('WAsP TAB');
    },
  );

  it.skipIf(!hasSamples)('names no tool for a logger file (skipped without ../shared samples)', () => {
    const head = readTextReportHead(
      sample('nrg_symphoniepro_txt/nrgpy_004310_2022-03-17_00.00_000835_meas.txt'),
    );
    expect(head.sourceTool).toBe('');
    expect(head.isBinary).toBe(false);
  });

  it('reads a GB18030 report written by a Chinese tool', () => {
    const text = '测风塔 1 号 分析报告\r\n平均风速\t6.52\r\n';
    const bytes = new Uint8Array(Buffer.from(new TextEncoder().encode(text)));
    expect(readTextReportHead(bytes).headText).toBe('测风塔 1 号 分析报告\n平均风速\t6.52');
    // The same text in GB18030 (bytes of 测风塔 in GBK).
    const gbk = Uint8Array.from([0xb2, 0xe2, 0xb7, 0xe7, 0xcb, 0xfe, 0x0d, 0x0a, 0x31]);
    const head = readTextReportHead(gbk);
    expect(head.encoding).toBe('gb18030');
    expect(head.headText).toBe('测风塔\n1');
  });

  it('calls content with NUL bytes binary and shows nothing of it', () => {
    const head = readTextReportHead(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x41]));
    expect(head.isBinary).toBe(true);
    expect(head.headText).toBe('');
  });

  it('keeps at most 20 lines and cuts a very long line', () => {
    const text = [`x${'a'.repeat(400)}`, ...Array.from({ length: 30 }, (_, i) => `line ${i}`)].join('\n');
    const head = readTextReportHead(new TextEncoder().encode(text));
    const lines = head.headText.split('\n');
    expect(lines).toHaveLength(20);
    expect(lines[0]).toHaveLength(301);
    expect(lines[19]).toBe('line 18');
  });
});
