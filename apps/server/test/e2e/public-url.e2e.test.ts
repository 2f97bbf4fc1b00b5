import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoTimeseries } from '../../src/modules/seed/demo-timeseries.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { saveTestSender, startTestSmtpServer, type TTestSmtpServer } from '../smtp.ts';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TTestServer,
} from '../test-server.ts';

/**
 * Links in e-mails take their address from PUBLIC_URL only (issue 26): a request's Host header is the
 * caller's to choose, so a reviewer's request with `Host: evil.example` must not put evil.example in
 * the approval mail. Without PUBLIC_URL the mail carries no link and says where to download in the app.
 */
const DAY_MS = 86_400_000;
const EVIL = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
const firstMonth = (() => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
})();

let smtp: TTestSmtpServer;
let tmp: string;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'masthub-public-url-'));
  smtp = await startTestSmtpServer();
});

afterAll(async () => {
  await smtp?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** A server with one site holding data, an applicant and a reviewer who both see it, and a sender. */
async function setUp(env: Record<string, string>) {
  const server = await startTestServer({ DATA_DIR: path.join(tmp, `data-${Date.now()}`), ...env });
  const adminToken = await server.login('admin', TEST_ADMIN_PASSWORD);
  const site = await buildStation(server.db, { projectName: '链接测试风电场' });
  await server.db
    .updateTable('station')
    .set({ station_type: 'met_mast', pylon_height_m: 100, altitude_m: 1350 })
    .where('id', '=', site.id)
    .execute();
  await seedDemoTimeseries(server.db, server.services.ingestion, createLogger({ LOG_LEVEL: 'silent' }), {
    siteCount: 1,
    months: 1,
    firstMonth,
  });
  const people = [];
  for (const [features, email] of [
    [[], 'applicant@masthub.test'],
    [['system.apply'], 'reviewer@masthub.test'],
  ] as const) {
    const u = await buildUser(server.db, { features: [...features] });
    await grantRoleStations(server.db, u.roleId, [site.id]);
    await server.db.updateTable('app_user').set({ email }).where('id', '=', u.id).execute();
    people.push({ id: u.id, token: await server.login(u.account, u.password) });
  }
  await saveTestSender(server, adminToken, '发件箱', smtp.port);
  return { server, site, applicant: people[0]!, reviewer: people[1]! };
}

async function waitForExport(server: TTestServer, id: number) {
  for (let i = 0; i < 400; i++) {
    const row = await server.db
      .selectFrom('download_application')
      .select('export_status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (row.export_status === 'ready' || row.export_status === 'failed') return row.export_status;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the export is still running');
}

/** Applies, approves one and rejects one with `Host: evil.example` on every request; the two mails. */
async function approveAndRejectFromEvilHost(setup: Awaited<ReturnType<typeof setUp>>) {
  const { server, site, applicant, reviewer } = setup;
  const body = {
    stationIds: [site.id],
    fileType: 1,
    startTime: new Date(firstMonth).toISOString(),
    endTime: new Date(firstMonth + 2 * DAY_MS).toISOString(),
    applyReason: '链接检查',
  };
  const ids: number[] = [];
  for (let i = 0; i < 2; i++) {
    const r = await server.call('POST', '/api/web/apply/save', {
      token: applicant.token,
      body,
      headers: EVIL,
    });
    expect(r.status).toBe(200);
    ids.push(r.body.data.id);
  }
  const before = smtp.received.length;
  const approved = await server.call('POST', '/api/web/apply/review', {
    token: reviewer.token,
    body: { ids: [ids[0]], decision: 'approved', comment: '同意', linkDays: 7 },
    headers: EVIL,
  });
  expect(approved.status).toBe(200);
  const rejected = await server.call('POST', '/api/web/apply/review', {
    token: reviewer.token,
    body: { ids: [ids[1]], decision: 'rejected', comment: '不同意', linkDays: 7 },
    headers: EVIL,
  });
  expect(rejected.status).toBe(200);
  expect(await waitForExport(server, ids[0]!)).toBe('ready');
  const mails = (await smtp.waitFor(before + 2)).slice(before);
  const ready = mails.find((m) => m.parsed.subject?.includes(`#${ids[0]}`));
  expect(ready).toBeDefined();
  return { mails, ready: ready!, id: ids[0]! };
}

describe('links in e-mails', () => {
  it('without PUBLIC_URL: no mail names the request’s host; the approval mail says where to download in the app', async () => {
    const setup = await setUp({});
    try {
      const { mails, ready } = await approveAndRejectFromEvilHost(setup);
      for (const mail of mails) expect(mail.raw).not.toContain('evil.example');
      expect(ready.parsed.text).not.toMatch(/https?:\/\//);
      expect(ready.parsed.text).toContain('站点列表 → 我的申请');
      const info = await setup.server.call('POST', '/api/web/sys_info/systemInfoGet');
      expect(info.body.data.hasPublicUrl).toBe(false);
    } finally {
      await setup.server.stop();
    }
  });

  it('with PUBLIC_URL: the approval mail links to PUBLIC_URL, never to the request’s host', async () => {
    const setup = await setUp({ PUBLIC_URL: 'https://masthub.example.com' });
    try {
      const { mails, ready, id } = await approveAndRejectFromEvilHost(setup);
      for (const mail of mails) expect(mail.raw).not.toContain('evil.example');
      expect(ready.parsed.text).toContain(`https://masthub.example.com/download/${id}?exp=`);
      const info = await setup.server.call('POST', '/api/web/sys_info/systemInfoGet');
      expect(info.body.data.hasPublicUrl).toBe(true);
    } finally {
      await setup.server.stop();
    }
  });
});
