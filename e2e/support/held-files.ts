/**
 * What a data administrator does with a held file (issue 40) when the test's subject is elsewhere: opens
 * its preview again and confirms every doubt as it is, through the same calls as the browser's flow.
 * Each doubt the test expects is named, so a new doubt fails the test instead of being waved through.
 */
export async function confirmHeldFile(
  baseUrl: string,
  token: string,
  stationId: number,
  rawFileId: number,
  expectedDoubts: readonly string[],
): Promise<void> {
  const call = async (url: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/api${url}`, {
      method: 'POST',
      headers: { token, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await response.json()) as { msg: string; data: any };
    if (!response.ok) throw new Error(`${url}: ${response.status} ${json.msg}`);
    return json.data;
  };
  const preview = await call(`/data-parse/parse/text/preview_recognize?rawFileId=${rawFileId}`);
  const doubts = (preview.recognition?.doubts ?? []) as { id: string; reason: string }[];
  const reasons = [...new Set(doubts.map((d) => d.reason))].sort();
  if (JSON.stringify(reasons) !== JSON.stringify([...expectedDoubts].sort()))
    throw new Error(`held for ${reasons.join(', ')}; the test expects ${expectedDoubts.join(', ')}`);
  await call('/data-parse/parse/text/recognize', {
    stationId,
    token: preview.token,
    acceptedDoubts: doubts.map((d) => d.id),
  });
}
