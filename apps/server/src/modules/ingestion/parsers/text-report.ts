import { DATA_REPORT_HEAD_LINES } from '@masthub/shared';
import { decodeText, detectEncoding } from './decode-text.ts';

/** What an uploaded text report says about itself. */
export interface TTextReportHead {
  encoding: string;
  /** Its first lines (at most DATA_REPORT_HEAD_LINES, each cut at 300 characters). */
  headText: string;
  /** The tool its header names ("Windographer 4.1.14", "WAsP TAB"), or ''. */
  sourceTool: string;
  /** True when the bytes hold NUL or other control bytes a text report never has. */
  isBinary: boolean;
}

const HEAD_BYTES = 64 * 1024;
const WINDOGRAPHER = /^Created\s+.+?\s+by\s+Windographer\s+([\d.]+)/i;
const NUMBER = /^[-+]?\d+(\.\d+)?$/;

/** Line 2–3 of a WAsP TAB file: `lat lon height`, then `sectors speedFactor directionOffset`. */
function isWaspTab(lines: readonly string[]): boolean {
  const fields = (line: string | undefined) => (line ?? '').trim().split(/\s+/).filter(Boolean);
  const second = fields(lines[1]);
  const third = fields(lines[2]);
  if (second.length !== 3 || !second.every((f) => NUMBER.test(f))) return false;
  if (third.length !== 3 || !third.every((f) => NUMBER.test(f))) return false;
  const sectors = Number(third[0]);
  return Number.isInteger(sectors) && sectors > 0 && sectors <= 36;
}

/**
 * Reads the head of a text report exported by a wind-analysis tool (SPEC §5: a single .txt): decodes it
 * as the importer does (BOM → UTF-8 → GB18030 → Windows-1252), keeps its first lines for the list and
 * recognises the header of the tools the samples show — Windographer's `Created … by Windographer x`
 * (its exports and flag logs) and the WAsP TAB layout (what WAsP and the Climate Analyst write for an
 * observed wind climate). No sample of a WAsP Climate Analyst *text report* exists, so none is claimed.
 */
export function readTextReportHead(bytes: Uint8Array, totalBytes = bytes.length): TTextReportHead {
  const head = bytes.subarray(0, HEAD_BYTES);
  const encoding = detectEncoding(head);
  let isBinary = false;
  if (!encoding.startsWith('utf-16')) {
    for (const b of head) {
      // NUL and the C0 controls other than tab, LF, VT, FF, CR and the DOS end-of-file mark.
      if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0b && b !== 0x0c && b !== 0x0d && b !== 0x1a) {
        isBinary = true;
        break;
      }
    }
  }
  const text = isBinary ? '' : decodeText(head, encoding);
  const all = text.split(/\r\n|\r|\n/);
  // The last line may be cut by the 64 KiB head: only whole lines are shown.
  if (head.length < totalBytes) all.pop();
  const lines = all.slice(0, DATA_REPORT_HEAD_LINES);
  let sourceTool = '';
  const windographer = lines.find((l) => WINDOGRAPHER.test(l.trim()));
  if (windographer) sourceTool = `Windographer ${WINDOGRAPHER.exec(windographer.trim())![1]}`;
  else if (isWaspTab(lines)) sourceTool = 'WAsP TAB';
  return {
    encoding,
    headText: lines
      .map((l) => (l.length > 300 ? `${l.slice(0, 300)}…` : l))
      .join('\n')
      .trimEnd(),
    sourceTool,
    isBinary,
  };
}
