import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../multipart.ts';
import {
  buildStation,
  buildUser,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../test-server.ts';

/**
 * Issue 40 §1 over the API on real PostgreSQL: a doubt is shown, never stored silently. The preview names
 * what each column and the time axis were read from and what is unsure; a confirmation must resolve or
 * accept every doubt (else 422, nothing stored); the confirmed layout reads the site's next files of that
 * layout, by a user or by nobody; a file from e-mail or FTP in a new layout, or with values that contradict
 * the confirmed rule, is held — kept raw, the data administrator told (message, receipt) — until confirmed.
 */
let server: TTestServer;
let admin: string;

/** A logger export with a wind speed in an unknown unit, a direction and a pressure (hPa). */
function file(startIso: string, rows: number, pressure = (i: number) => (1002 + (i % 5)).toFixed(1)): Buffer {
  const lines = ['Timestamp,WS_80m_Avg,WD_80m_Avg,P_2m_Avg', 'TS,furlongs/fortnight,Deg,hPa'];
  const start = Date.parse(startIso);
  for (let i = 0; i < rows; i++) {
    const t = new Date(start + i * 600_000).toISOString().slice(0, 19).replace('T', ' ');
    lines.push(`${t},${(6 + Math.sin(i / 7)).toFixed(2)},${(i * 11) % 360},${pressure(i)}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function preview(stationId: number, fileName: string, content: Buffer, language: 'ZH' | 'EN' = 'EN') {
  const { payload, contentType } = multipartBody([
    { name: 'stationId', value: String(stationId) },
    { name: 'file', fileName, content },
  ]);
  const r = await server.app.inject({
    method: 'POST',
    url: `/api/data-parse/parse/text/preview_recognize?stationId=${stationId}`,
    headers: { token: admin, 'content-type': contentType, language },
    payload,
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data;
}

async function storedValues(stationId: number): Promise<number> {
  const row = await server.db
    .selectFrom('raw_file')
    .select(server.db.fn.sum<number>('value_count').as('n'))
    .where('station_id', '=', stationId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function waitForStatus(rawFileId: number, statuses: string[]): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const row = await server.db
      .selectFrom('raw_file')
      .select('status')
      .where('id', '=', rawFileId)
      .executeTakeFirst();
    if (row && statuses.includes(row.status)) return row.status;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`raw file ${rawFileId} never reached ${statuses.join('/')}`);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin', TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await server?.stop();
});

describe('a doubt is shown, never stored silently (issue 40 §1)', () => {
  it('names the evidence of each inference and the doubts in the preview, in both languages', async () => {
    const site = await buildStation(server.db);
    const data = await preview(site.id, 'logger.csv', file('2024-03-01T00:00:00Z', 144));
    const r = data.recognition;
    const speed = r.channels.find((c: { column: number }) => c.column === 2);
    expect(speed.evidence).toEqual({
      element: { confidence: 'convention', evidence: 'nameWord:ws' },
      statistic: { confidence: 'convention', evidence: 'nameWord:avg' },
      height: { confidence: 'convention', evidence: 'nameHeight:80m' },
      unit: { confidence: 'assumed', evidence: 'unitRow:furlongs/fortnight' },
    });
    expect(r.channels.find((c: { column: number }) => c.column === 4).evidence.unit).toEqual({
      confidence: 'stated',
      evidence: 'unitRow:hPa',
    });
    expect(r.time.column).toEqual({ confidence: 'stated', evidence: 'columnTitle:Timestamp' });
    expect(r.time.zone).toEqual({ confidence: 'convention', evidence: 'siteZone:UTC+00:00' });
    expect(r.doubts).toEqual([
      {
        id: 'unit:2',
        field: 'unit',
        column: 2,
        reason: 'unitUnknown',
        params: { text: 'furlongs/fortnight', unit: 'm/s' },
      },
    ]);
    expect(typeof r.layoutKey).toBe('string');
  });

  it('refuses a confirmation with an open doubt (422, both languages) and stores nothing; accepting it stores the file', async () => {
    const site = await buildStation(server.db);
    const content = file('2024-03-01T00:00:00Z', 144);
    const data = await preview(site.id, 'logger.csv', content);
    const body = {
      stationId: site.id,
      token: data.token,
      rule: data.recognition.rule,
      channels: data.recognition.channels,
    };
    for (const [language, text] of [
      ['EN', /1 doubt of the recognition is still open \(the unit “furlongs\/fortnight” is not known/],
      ['ZH', /识别结果还有 1 处存疑未确认（单位“furlongs\/fortnight”无法识别/],
    ] as const) {
      const refused = await server.call('POST', '/api/data-parse/parse/text/recognize', {
        token: admin,
        body,
        language,
      });
      expect(refused.status).toBe(422);
      expect(refused.body.msg).toMatch(text);
    }
    expect(
      await server.db.selectFrom('raw_file').select('id').where('station_id', '=', site.id).execute(),
    ).toEqual([]);
    const accepted = await server.call('POST', '/api/data-parse/parse/text/recognize', {
      token: admin,
      body: { ...body, acceptedDoubts: ['unit:2'] },
    });
    expect(accepted.status, accepted.body.msg).toBe(200);
    await waitForStatus(accepted.body.data.rawFileId, ['parsed']);
    expect(await storedValues(site.id)).toBe(144 * 3);
  });

  it('resolves a doubt by changing what it is about, and judges the values again as confirmed', async () => {
    const site = await buildStation(server.db);
    const data = await preview(site.id, 'logger.csv', file('2024-03-01T00:00:00Z', 144));
    const channels = data.recognition.channels.map((c: { column: number }) =>
      // Knots: the doubt of column 2 is resolved by the user's unit; the values (6 kn) still fit a speed.
      c.column === 2 ? { ...c, unit: 'knots' } : c,
    );
    const body = { stationId: site.id, token: data.token, rule: data.recognition.rule, channels };
    const r = await server.call('POST', '/api/data-parse/parse/text/recognize', { token: admin, body });
    expect(r.status, r.body.msg).toBe(200);
    await waitForStatus(r.body.data.rawFileId, ['parsed']);
    const speed = await server.db
      .selectFrom('ts_channel')
      .innerJoin('dataset_version', 'dataset_version.id', 'ts_channel.version_id')
      .select(['ts_channel.unit', 'ts_channel.source_unit'])
      .where('dataset_version.station_id', '=', site.id)
      .where('ts_channel.element', '=', 'ws')
      .executeTakeFirstOrThrow();
    expect(speed).toEqual({ unit: 'm/s', source_unit: 'knots' });
    // Calling the pressure "kPa" makes its values (≈ 1 000 kPa) contradict it: a doubt again.
    const second = await preview(site.id, 'other.csv', file('2024-04-01T00:00:00Z', 10));
    const wrong = second.recognition.channels.map((c: { column: number }) =>
      c.column === 4 ? { ...c, unit: 'kPa' } : c,
    );
    const refused = await server.call('POST', '/api/data-parse/parse/text/recognize', {
      token: admin,
      body: {
        stationId: site.id,
        token: second.token,
        rule: second.recognition.rule,
        channels: wrong,
        acceptedDoubts: ['unit:2'],
      },
      language: 'EN',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toMatch(/look like air pressure in hPa, not kPa/);
  });

  it('reads the next file of a confirmed layout from FTP with the confirmed rule, and holds one of a new layout', async () => {
    const owner = await buildUser(server.db);
    const site = await buildStation(server.db, { ownerId: owner.id });
    const data = await preview(site.id, 'logger.csv', file('2024-03-01T00:00:00Z', 144));
    const confirmed = await server.call('POST', '/api/data-parse/parse/text/recognize', {
      token: admin,
      body: {
        stationId: site.id,
        token: data.token,
        rule: data.recognition.rule,
        channels: data.recognition.channels,
        acceptedDoubts: ['unit:2'],
      },
    });
    await waitForStatus(confirmed.body.data.rawFileId, ['parsed']);
    const layout = await server.db
      .selectFrom('station_layout')
      .selectAll()
      .where('station_id', '=', site.id)
      .execute();
    expect(layout).toHaveLength(1);
    expect(layout[0]!.accepted_doubts).toEqual(['unit:2']);

    const next = await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: 'next.csv',
      source: 'ftp',
      bytes: file('2024-03-02T00:00:00Z', 144),
    });
    expect(next.status).toBe('parsed');

    // Another logger program: another layout, nobody watching — held, kept raw, nothing stored.
    const before = await storedValues(site.id);
    const other = Buffer.from(
      [
        'Date;Speed 60m;Direction 60m',
        ...Array.from(
          { length: 24 },
          (_, i) => `2024-03-05 ${String(i).padStart(2, '0')}:00:00;5.${i % 10};${i * 10}`,
        ),
      ].join('\n'),
    );
    const held = await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: 'other.csv',
      source: 'email',
      sourceRef: 'box/<held@x>/0',
      bytes: other,
    });
    expect(held).toMatchObject({ status: 'held', reasonKey: 'held_new_layout' });
    expect(await storedValues(site.id)).toBe(before);
    const row = await server.db
      .selectFrom('raw_file')
      .selectAll()
      .where('id', '=', held.rawFileId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('held');
  });

  it('holds a fetched file whose values contradict the confirmed rule (pressure in tenths of hPa)', async () => {
    const site = await buildStation(server.db);
    const data = await preview(site.id, 'logger.csv', file('2024-03-01T00:00:00Z', 144));
    await server.call('POST', '/api/data-parse/parse/text/recognize', {
      token: admin,
      body: {
        stationId: site.id,
        token: data.token,
        rule: data.recognition.rule,
        channels: data.recognition.channels,
        acceptedDoubts: ['unit:2'],
      },
    });
    const tenths = await server.services.ingestion.ingestFile({
      stationId: site.id,
      fileName: 'tenths.csv',
      source: 'ftp',
      bytes: file('2024-03-03T00:00:00Z', 144, (i) => String(10_020 + (i % 5))),
    });
    expect(tenths).toMatchObject({ status: 'held', reasonKey: 'held_doubts' });
    const details = (
      await server.db
        .selectFrom('raw_file')
        .select('reason_details')
        .where('id', '=', tenths.rawFileId)
        .executeTakeFirstOrThrow()
    ).reason_details as { doubts: { reason: string; suggestion?: { unit?: string } }[] };
    expect(details.doubts[0]).toMatchObject({ reason: 'valuesLookScaled', suggestion: { unit: 'daPa' } });
  });

  it('holds a direct upload with a doubt; its preview from the raw file confirms it and the data go in', async () => {
    const site = await buildStation(server.db);
    const content = file('2024-03-01T00:00:00Z', 144);
    const { payload, contentType } = multipartBody([
      { name: 'stationId', value: String(site.id) },
      { name: 'file', fileName: 'direct.csv', content },
    ]);
    const r = await server.app.inject({
      method: 'POST',
      url: '/api/web/station/data/upload',
      headers: { token: admin, 'content-type': contentType, language: 'EN' },
      payload,
    });
    expect(r.statusCode, r.body).toBe(200);
    const [outcome] = r.json().data;
    expect(outcome).toMatchObject({ status: 'held', reasonKey: 'held_doubts' });
    expect(outcome.reason).toMatch(/1 doubt is open/);
    const again = await server.app.inject({
      method: 'POST',
      url: `/api/data-parse/parse/text/preview_recognize?rawFileId=${outcome.rawFileId}`,
      headers: { token: admin },
    });
    expect(again.statusCode, again.body).toBe(200);
    const data = again.json().data;
    expect(data.recognition.doubts.map((d: { id: string }) => d.id)).toEqual(['unit:2']);
    const confirmed = await server.call('POST', '/api/data-parse/parse/text/recognize', {
      token: admin,
      body: {
        stationId: site.id,
        token: data.token,
        rule: data.recognition.rule,
        channels: data.recognition.channels,
        acceptedDoubts: ['unit:2'],
      },
    });
    expect(confirmed.status, confirmed.body.msg).toBe(200);
    expect(await waitForStatus(outcome.rawFileId, ['parsed'])).toBe('parsed');
    expect(await storedValues(site.id)).toBe(144 * 3);
  });
});
