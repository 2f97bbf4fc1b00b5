import { ZReceiptDetail } from '@masthub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMonthFiles, seedDemoTimeseries } from '../../src/modules/seed/demo-timeseries.ts';
import { TimeSeriesRepository } from '../../src/modules/timeseries/timeseries.repository.ts';
import { loadSeries } from '../../src/modules/timeseries/version-series.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { multipartBody } from '../multipart.ts';
import { startTestSmtpServer, type TTestSmtpServer } from '../smtp.ts';
import {
  buildStation,
  buildUser,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../test-server.ts';
import { waitForTask } from '../wind-fixtures.ts';

/**
 * The data receipt end to end (issue 30): a demo mast's June is seeded (the seed gets no receipt), then
 * its July is uploaded with the 80 m and 100 m cup columns swapped from 10 July on, as a logger program
 * that swapped two heights would write them. The receipt must name the swap within 60 s; its fix, applied
 * on a working version, must put the heights back; the undo must swap them again; a dismissed finding
 * must not come back for the same period; a site out of reach is refused.
 */
const HISTORY_MONTH = Date.UTC(2025, 5, 1);
const SWAP_FROM = '2025-07-10';
const SWAP_FROM_MS = Date.UTC(2025, 6, 10);
const JULY_END_MS = Date.UTC(2025, 7, 1);
const FILE_NAME = 'issue-30-swapped-80m-100m-from-2025-07-10.csv';

let server: TTestServer;
let token: string;
let site: { id: number; stationCode: string };
let adminId: number;
let smtp: TTestSmtpServer;

/** The demo July with the 80 m and 100 m cup columns (every statistic) swapped from SWAP_FROM on. */
function swappedJuly(change?: (row: string[], index: number) => void): Buffer {
  const files = [
    ...demoMonthFiles({
      siteIndex: 0,
      topM: 100,
      altitudeM: 1350,
      utcOffsetMinutes: 0,
      firstMonth: HISTORY_MONTH,
      months: 2,
    }),
  ];
  const lines = files[1]!.content.toString('utf8').trimEnd().split('\n');
  const header = lines[0]!.split(',');
  const pairs = ['Avg', 'SD', 'Max', 'Min'].map(
    (s) => [header.indexOf(`Spd80m_${s}`), header.indexOf(`Spd100m_${s}`)] as const,
  );
  for (const [a, b] of pairs) expect(a > 0 && b > 0).toBe(true);
  const out = [lines[0]!];
  for (const [i, line] of lines.slice(1).entries()) {
    const row = line.split(',');
    if (row[0]! >= SWAP_FROM) {
      for (const [a, b] of pairs) [row[a], row[b]] = [row[b]!, row[a]!];
    }
    change?.(row, i);
    out.push(row.join(','));
  }
  return Buffer.from(`${out.join('\n')}\n`, 'utf8');
}

async function upload(fileName: string, content: Buffer) {
  const { payload, contentType } = multipartBody([
    { name: 'stationId', value: String(site.id) },
    { name: 'file', fileName, content },
  ]);
  const r = await server.app.inject({
    method: 'POST',
    url: '/api/web/station/data/upload',
    headers: { token, 'content-type': contentType },
    payload,
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data[0] as { rawFileId: number; status: string };
}

/** Polls the raw-file page until the file's receipt is computed; the seconds it took. */
async function waitForReceipt(rawFileId: number, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    const r = await server.call('POST', '/api/web/station/raw_file/page', {
      token,
      body: { stationId: site.id, pageSize: 50 },
    });
    expect(r.status).toBe(200);
    const row = r.body.data.records.find((f: { id: number }) => f.id === rawFileId);
    if (row?.receipt && row.receipt.status !== 'pending') {
      return { summary: row.receipt, seconds: (Date.now() - started) / 1000 };
    }
    if (Date.now() - started > timeoutMs) throw new Error(`no receipt for raw file ${rawFileId}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function detail(id: number, language: 'ZH' | 'EN' = 'EN') {
  const r = await server.call('GET', `/api/web/receipt/detail?id=${id}`, { token, language });
  expect(r.status, r.body.msg).toBe(200);
  return ZReceiptDetail.parse(r.body.data);
}

/** Mean of a channel of a version from SWAP_FROM to the end of July. */
async function meanAfterSwap(versionId: number, dataKey: string): Promise<number> {
  const store = new TimeSeriesRepository(server.db);
  const channel = (await store.listChannels(versionId)).find((c) => c.dataKey === dataKey)!;
  const loaded = await loadSeries(store, [channel], SWAP_FROM_MS, JULY_END_MS);
  let sum = 0;
  let n = 0;
  for (const v of loaded.channels[0]!.values) {
    if (Number.isNaN(v)) continue;
    sum += v;
    n++;
  }
  return sum / n;
}

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startTestServer({ MAIL_RETRY_DELAY_SECONDS: '1' });
  token = await server.login('admin', TEST_ADMIN_PASSWORD);
  adminId = (
    await server.db
      .selectFrom('app_user')
      .select('id')
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow()
  ).id;
  site = await buildStation(server.db, { projectName: '数据回执测试风电场', ownerId: adminId });
  await server.db
    .updateTable('station')
    .set({ station_type: 'met_mast', pylon_height_m: 100, altitude_m: 1350 })
    .where('id', '=', site.id)
    .execute();
  await seedDemoTimeseries(server.db, server.services.ingestion, createLogger({ LOG_LEVEL: 'silent' }), {
    siteCount: 1,
    months: 1,
    firstMonth: HISTORY_MONTH,
  });
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe('the data receipt of an uploaded month with two heights swapped', () => {
  let receiptId: number;
  let findingId: number;
  let fixId: number;
  let fixVersionId: number;
  let firstRawFileId: number;

  it('gives the seeded history no receipt and the upload a receipt naming the swap within 60 s', async () => {
    const seeded = await server.db
      .selectFrom('data_receipt')
      .select('id')
      .where('station_id', '=', site.id)
      .execute();
    expect(seeded).toEqual([]);
    const uploaded = await upload(FILE_NAME, swappedJuly());
    firstRawFileId = uploaded.rawFileId;
    const { summary, seconds } = await waitForReceipt(uploaded.rawFileId);
    console.log(`receipt visible ${seconds.toFixed(1)} s after the upload answered`);
    expect(seconds).toBeLessThan(60);
    expect(summary.status).toBe('done');
    expect(summary.maxSeverity).toBe('error');
    receiptId = summary.id;
    const receipt = await detail(receiptId);
    expect(receipt.fileName).toBe(FILE_NAME);
    expect(receipt.basic?.rows).toBe(31 * 144);
    const swap = receipt.findings.find((f) => f.check === 'swapped_heights');
    expect(swap, JSON.stringify(receipt.findings.map((f) => f.key))).toBeDefined();
    expect(swap!.key).toBe('swapped_heights.ratio_crossed_one');
    expect(swap!.severity).toBe('error');
    expect(swap!.channels.map((c) => c.dataKey)).toEqual(['ws_100_mean', 'ws_80_mean']);
    expect(swap!.periodStart).toBe(new Date(SWAP_FROM_MS).toISOString());
    expect(swap!.numbers.ratioBefore).toBeGreaterThan(1);
    expect(swap!.numbers.ratioAfter).toBeLessThan(1);
    expect(swap!.chart?.kind).toBe('daily');
    expect(swap!.fix).toEqual({
      kind: 'swap_heights',
      channelA: 'ws_80_mean',
      channelB: 'ws_100_mean',
      fromMs: SWAP_FROM_MS,
    });
    expect(swap!.status).toBe('open');
    findingId = swap!.id;
    // Checks that could not run say why.
    expect(receipt.skipped.length + receipt.passed.length).toBeGreaterThan(0);
  }, 120_000);

  it('writes a station-log line and tells the site’s data administrator', async () => {
    const log = await server.db
      .selectFrom('station_log')
      .select('objects_text')
      .where('station_id', '=', site.id)
      .execute();
    expect(JSON.stringify(log)).toContain('stationLog.receiptDone');
    const messages = await server.db
      .selectFrom('message')
      .select('message_text')
      .where('user_id', '=', adminId)
      .execute();
    expect(JSON.stringify(messages)).toContain('message.receiptFindings');
  });

  it('applies the fix on a new working version: from the swap date 100 m reads above 80 m again', async () => {
    const r = await server.call('POST', '/api/web/receipt/apply', { token, body: { findingId } });
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body.data.isNewVersion).toBe(true);
    expect(r.body.data.versionName).toBe('数据回执修正 Receipt fixes');
    fixId = r.body.data.fixId;
    fixVersionId = r.body.data.versionId;
    const task = await waitForTask(server, token, r.body.data.taskId);
    expect(task.status, task.error).toBe('succeeded');
    expect(task.kind).toBe('receipt_fix');
    const original = (await new TimeSeriesRepository(server.db).findOriginalVersion(site.id))!;
    // The original keeps what arrived; the working version has the heights back in place.
    expect(await meanAfterSwap(original.id, 'ws_100_mean')).toBeLessThan(
      await meanAfterSwap(original.id, 'ws_80_mean'),
    );
    const upper = await meanAfterSwap(fixVersionId, 'ws_100_mean');
    const lower = await meanAfterSwap(fixVersionId, 'ws_80_mean');
    expect(upper / lower).toBeGreaterThan(1.01);
    expect(upper).toBeCloseTo(await meanAfterSwap(original.id, 'ws_80_mean'), 5);
    const receipt = await detail(receiptId);
    const finding = receipt.findings.find((f) => f.id === findingId)!;
    expect(finding.status).toBe('fixed');
    expect(finding.appliedFix).toMatchObject({ id: fixId, status: 'applied', versionId: fixVersionId });
    const version = await server.call('GET', `/api/web/version/detail?versionId=${fixVersionId}`, { token });
    expect(version.status).toBe(200);
    expect(version.body.data.lineage.map((step: { step: string }) => step.step)).toEqual([
      'copy',
      'receipt_fix',
    ]);
  }, 60_000);

  it('undoes the fix: the working version reads swapped again and the finding is open', async () => {
    const r = await server.call('POST', '/api/web/receipt/undo', { token, body: { fixId } });
    expect(r.status, r.body.msg).toBe(200);
    const task = await waitForTask(server, token, r.body.data.taskId);
    expect(task.status, task.error).toBe('succeeded');
    expect(await meanAfterSwap(fixVersionId, 'ws_100_mean')).toBeLessThan(
      await meanAfterSwap(fixVersionId, 'ws_80_mean'),
    );
    const finding = (await detail(receiptId)).findings.find((f) => f.id === findingId)!;
    expect(finding.status).toBe('open');
    expect(finding.appliedFix?.status).toBe('undone');
    const again = await server.call('POST', '/api/web/receipt/undo', {
      token,
      body: { fixId },
      language: 'EN',
    });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('This fix has not been applied yet or has already been undone');
  }, 60_000);

  it('e-mails the open findings daily to the site’s data administrator once they asked for it', async () => {
    const address = 'data-admin@masthub.example.com';
    await server.db.updateTable('app_user').set({ email: address }).where('id', '=', adminId).execute();
    const sender = await server.call('POST', '/api/web/data_source/save_or_update', {
      token,
      body: {
        name: '数据回执发件箱',
        fetchType: 'email',
        protocol: 'imap',
        host: '127.0.0.1',
        port: 10143,
        username: 'sender@test.local',
        password: 'imap-secret',
        isEnabled: false,
        smtpHost: '127.0.0.1',
        smtpPort: smtp.port,
        smtpSecurity: 'none',
        smtpPassword: 'smtp-secret',
      },
    });
    expect(sender.status, JSON.stringify(sender.body)).toBe(200);
    const task = await server.call('POST', '/api/web/interval_task/save', {
      token,
      body: {
        type: 'receipt',
        isEnabled: true,
        dataSourceId: sender.body.data.id,
        sendTime: '07:45',
        frequency: 'days',
        everyDays: 1,
      },
      language: 'EN',
    });
    expect(task.status, JSON.stringify(task.body)).toBe(200);
    expect(task.body.data).toMatchObject({
      type: 'receipt',
      typeName: 'Data receipt digest',
      isEnabled: true,
    });
    // Not asked for: nothing is sent.
    expect(await server.services.reminders.run('receipt')).toBe(0);
    // The setting takes a yes or no only (a localised error, nothing stored).
    const bad = await server.call('POST', '/api/web/personalConfig/saveOrUpdateBatch', {
      token,
      body: [{ type: 'receipt', key: 'digest', value: 'yes' }],
      language: 'EN',
    });
    expect(bad.status).toBe(400);
    expect(await server.services.reminders.run('receipt')).toBe(0);
    const on = await server.call('POST', '/api/web/personalConfig/saveOrUpdateBatch', {
      token,
      body: [{ type: 'receipt', key: 'digest', value: true }],
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const before = smtp.received.length;
    expect(await server.services.reminders.run('receipt')).toBe(1);
    const [mail] = (await smtp.waitFor(before + 1, 30_000)).slice(before);
    expect(mail!.rcpt).toContain(address);
    expect(mail!.parsed.subject).toMatch(/数据回执有待处理的发现 \/ open data-receipt findings on 1 site$/);
    const open = (await detail(receiptId)).findings.filter((f) => f.status === 'open');
    expect(open.length).toBeGreaterThan(0);
    // The hub shows the site while it has open findings.
    const hub = await server.call('GET', '/api/web/hub/overview', { token });
    expect(hub.status).toBe(200);
    expect(hub.body.data.receipts.sites).toBeGreaterThanOrEqual(1);
    expect(hub.body.data.receipts.latest[0].stationId).toBe(site.id);
    expect(mail!.parsed.text).toContain(site.stationCode);
    expect(mail!.parsed.text).toContain(
      `${open.length} open data-receipt ${open.length === 1 ? 'finding' : 'findings'}`,
    );
    const log = await server.db
      .selectFrom('mail_send_log')
      .select(['kind', 'status', 'user_id'])
      .where('kind', '=', 'reminder_receipt')
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ user_id: adminId });
    // Switched off again: no more digests.
    await server.call('POST', '/api/web/personalConfig/saveOrUpdateBatch', {
      token,
      body: [{ type: 'receipt', key: 'digest', value: false }],
    });
    expect(await server.services.reminders.run('receipt')).toBe(0);
  }, 60_000);

  it('dismisses the finding with a reason: a new file over the same period does not raise it again', async () => {
    const empty = await server.call('POST', '/api/web/receipt/dismiss', {
      token,
      body: { findingId, reason: '  ' },
      language: 'EN',
    });
    expect(empty.status).toBe(400);
    const r = await server.call('POST', '/api/web/receipt/dismiss', {
      token,
      body: { findingId, reason: '测试：传感器接线已核实' },
    });
    expect(r.status, r.body.msg).toBe(200);
    const dismissed = ZReceiptDetail.parse(r.body.data).findings.find((f) => f.id === findingId)!;
    expect(dismissed.status).toBe('dismissed');
    expect(dismissed.dismissal?.reason).toBe('测试：传感器接线已核实');
    // The same month again with one value changed (another file, the same period).
    const second = await upload(
      'issue-30-swapped-again.csv',
      swappedJuly((row, i) => {
        if (i === 5) row[1] = '7.77';
      }),
    );
    const { summary } = await waitForReceipt(second.rawFileId);
    const receipt = await detail(summary.id);
    const swap = receipt.findings.find((f) => f.check === 'swapped_heights')!;
    expect(swap.status).toBe('dismissed');
    expect(swap.dismissal?.reason).toBe('测试：传感器接线已核实');
    expect(receipt.openCount).toBe(receipt.findings.filter((f) => f.status === 'open').length);
  }, 120_000);

  it('a re-delivered job changes nothing: same findings and ids, the dismissal and the fix history kept, nobody told again', async () => {
    const before = await detail(receiptId);
    const messages = async () =>
      (await server.db.selectFrom('message').select('id').where('user_id', '=', adminId).execute()).length;
    const told = await messages();
    expect(await server.services.receipts.receipts.computeReceipt(firstRawFileId)).toBe(true);
    expect(await server.services.receipts.receipts.computeReceipt(firstRawFileId)).toBe(true);
    const after = await detail(receiptId);
    expect(after.status).toBe('done');
    expect(after.findings.map((f) => [f.id, f.key, f.status])).toEqual(
      before.findings.map((f) => [f.id, f.key, f.status]),
    );
    const swap = after.findings.find((f) => f.id === findingId)!;
    expect(swap.status).toBe('dismissed');
    expect(swap.dismissal?.reason).toBe('测试：传感器接线已核实');
    expect(swap.appliedFix).toMatchObject({ id: fixId, status: 'undone' });
    expect(after.openCount).toBe(before.openCount);
    expect(await messages()).toBe(told);
  }, 120_000);

  it('lists the site’s receipts', async () => {
    const page = await server.call('POST', '/api/web/receipt/page', { token, body: { stationId: site.id } });
    expect(page.status).toBe(200);
    expect(page.body.data.total).toBe(2);
  });

  it('refuses a site the caller cannot see with 403, changing nothing', async () => {
    const user = await buildUser(server.db, { features: ['data.process'] });
    const other = await server.login(user.account, user.password);
    const read = await server.call('GET', `/api/web/receipt/detail?id=${receiptId}`, { token: other });
    expect(read.status).toBe(403);
    const list = await server.call('POST', '/api/web/receipt/page', {
      token: other,
      body: { stationId: site.id },
    });
    expect(list.status).toBe(403);
    const apply = await server.call('POST', '/api/web/receipt/apply', { token: other, body: { findingId } });
    expect(apply.status).toBe(403);
    const dismiss = await server.call('POST', '/api/web/receipt/dismiss', {
      token: other,
      body: { findingId, reason: 'no' },
    });
    expect(dismiss.status).toBe(403);
    const fixes = await server.db.selectFrom('receipt_fix').select('id').execute();
    expect(fixes).toHaveLength(1);
  });
});
