import type { TFieldDelimiter } from '@masthub/shared';

/** Lines of a text: CRLF, LF and lone CR all end a line (IMPORTS.md §1 step 3). */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r\n|\n|\r/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * Fields of one line. Comma, semicolon and tab fields may be double-quoted ("" is a quote inside);
 * a space delimiter means a run of whitespace, leading and trailing whitespace ignored.
 */
export function splitFields(
  line: string,
  delimiter: TFieldDelimiter,
  limit = Number.POSITIVE_INFINITY,
): string[] {
  if (delimiter === ' ') {
    const t = line.trim();
    return t === '' ? [''] : t.split(/[ \t]+/, Number.isFinite(limit) ? limit : undefined);
  }
  if (!line.includes('"')) {
    return line.split(delimiter, Number.isFinite(limit) ? limit : undefined);
  }
  const out: string[] = [];
  let i = 0;
  const n = line.length;
  while (i <= n && out.length < limit) {
    if (line[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q < 0) {
          value += line.slice(i);
          i = n;
          break;
        }
        value += line.slice(i, q);
        if (line[q + 1] === '"') {
          value += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      const d = line.indexOf(delimiter, i);
      value += d < 0 ? line.slice(i) : line.slice(i, d);
      out.push(value);
      if (d < 0) break;
      i = d + 1;
    } else {
      const d = line.indexOf(delimiter, i);
      if (d < 0) {
        out.push(line.slice(i));
        break;
      }
      out.push(line.slice(i, d));
      i = d + 1;
    }
  }
  return out;
}

/** The delimiter character of a rule as a byte. */
export function delimiterByte(delimiter: TFieldDelimiter): number {
  return delimiter.charCodeAt(0);
}
