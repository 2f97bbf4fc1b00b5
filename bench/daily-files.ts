// The daily logger files of bench/ingest-daily.ts and bench/scale-out.ts: one day of one logger, 40 speed
// channels (10–400 m names) × 144 ten-minute rows, from 2026-10-01 on.
export const DAILY_CHANNELS = 40;
export const DAILY_ROWS = 144;

/** Day `day` (0 = 2026-10-01) of site `site`'s logger, CRLF lines as loggers write them. */
export function dailyFile(site: number, day: number): Buffer {
  const header = [
    'Timestamp',
    ...Array.from({ length: DAILY_CHANNELS }, (_, c) => `WS_${(c + 1) * 10}m_Avg`),
  ].join(',');
  const lines = [header];
  const start = Date.UTC(2026, 9, 1) + day * 86_400_000;
  for (let r = 0; r < DAILY_ROWS; r++) {
    const t = new Date(start + r * 600_000).toISOString();
    let line = `${t.slice(0, 10)} ${t.slice(11, 19)}`;
    for (let c = 0; c < DAILY_CHANNELS; c++)
      line += `,${(((site * 31 + r * 7 + c * 13) % 2000) / 100).toFixed(2)}`;
    lines.push(line);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}
