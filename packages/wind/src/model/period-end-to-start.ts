/**
 * Converts a period-END stamp to the period-START stamp the library stores (WIND-ANALYSIS §1):
 * the row stamped 2024-01-01 00:00 (end) of 10-min data covers 2023-12-31 23:50–24:00, so it belongs
 * to 31 December, hour 23.
 *
 * @param timestampMs period-end stamp, epoch ms
 * @param intervalMinutes averaging interval of the record
 * @example periodEndToStart(Date.UTC(2024, 0, 1), 10) === Date.UTC(2023, 11, 31, 23, 50) // true
 */
export function periodEndToStart(timestampMs: number, intervalMinutes: number): number {
  if (!(intervalMinutes > 0)) throw new Error('periodEndToStart requires intervalMinutes to be positive');
  return timestampMs - intervalMinutes * 60_000;
}
