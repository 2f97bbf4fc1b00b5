// The daily logger files of bench/ingest-daily.ts and bench/scale-out.ts: one day of one logger, 40 speed
// channels (10–400 m names) × 144 ten-minute rows, from 2026-10-01 on.
import { multipartBody } from '../apps/server/test/multipart.ts';

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

/**
 * Confirms a site's first file in the preview, its layout remembered (issue 40), as a person does once per
 * logger: the site's next files fetched by nobody watching are then read, not held.
 */
export async function rememberLayout(
  base: string,
  token: string,
  stationId: number,
  content: Buffer,
): Promise<void> {
  const { payload, contentType } = multipartBody([
    { name: 'stationId', value: String(stationId) },
    { name: 'file', fileName: 'first.csv', content },
  ]);
  const r = await fetch(`${base}/data-parse/parse/text/preview_recognize?stationId=${stationId}`, {
    method: 'POST',
    headers: { token, 'content-type': contentType },
    body: new Uint8Array(payload),
  });
  const preview = (await r.json()) as {
    code: number;
    data: { token: string; recognition: { doubts: { id: string }[] } };
  };
  if (preview.code !== 200) throw new Error(`preview of site ${stationId}: ${JSON.stringify(preview)}`);
  const confirmed = await fetch(`${base}/data-parse/parse/text/recognize`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/json' },
    body: JSON.stringify({
      stationId,
      token: preview.data.token,
      acceptedDoubts: preview.data.recognition.doubts.map((d) => d.id),
      rememberLayout: true,
    }),
  });
  const reply = (await confirmed.json()) as { code: number };
  if (reply.code !== 200) throw new Error(`confirming site ${stationId}: ${JSON.stringify(reply)}`);
}
