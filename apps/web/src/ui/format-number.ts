/** A number with a fixed count of decimals, or '—' when it is missing or not finite. */
export function formatFixed(value: number | null | undefined, digits: number): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '—' : value.toFixed(digits);
}
