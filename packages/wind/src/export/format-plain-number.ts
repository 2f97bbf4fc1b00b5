/**
 * A number as plain decimal text for exports (EXPORTS §2): the shortest text that reads back to the
 * same value — of the Float32 value when `float32` is set, since storage is Float32 (DESIGN §3) and
 * 8.37f must print "8.37", not "8.369999885559082" — with no exponent notation for |x| ≥ 1e-4 and
 * `decimals` fixed when given. NaN and ±Infinity give undefined (the caller writes its missing token).
 *
 * @internal
 * @example formatPlainNumber(Math.fround(8.37), { float32: true }) // '8.37'
 * @example formatPlainNumber(0.8965, { decimals: 2 }) // '0.90'
 */
export function formatPlainNumber(
  value: number,
  options: { float32?: boolean; decimals?: number } = {},
): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  if (options.decimals !== undefined) return fixedNoNegativeZero(value, options.decimals);
  let text = String(value);
  if (options.float32) {
    for (let p = 1; p <= 9; p++) {
      const candidate = value.toPrecision(p);
      if (Math.fround(Number(candidate)) === value) {
        text = String(Number(candidate));
        break;
      }
    }
  }
  if (/e/i.test(text)) {
    const abs = Math.abs(value);
    if (abs >= 1e-4 || abs === 0) text = expandExponent(text);
  }
  return text === '-0' ? '0' : text;
}

function fixedNoNegativeZero(value: number, decimals: number): string {
  const text = value.toFixed(decimals);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

function expandExponent(text: string): string {
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/i.exec(text);
  if (!match) return text;
  const [, sign, lead, fraction = '', exponentText] = match;
  const exponent = Number(exponentText);
  const digits = lead! + fraction;
  if (exponent >= 0) {
    const whole = digits.padEnd(exponent + 1, '0');
    const intPart = whole.slice(0, exponent + 1);
    const rest = whole.slice(exponent + 1);
    return `${sign}${intPart}${rest ? `.${rest}` : ''}`;
  }
  return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
}
