import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, newContext, screenshot } from './support/browser.ts';

let browser: Browser;
let receiver: http.Server;
let base: string;
const received: { path: string; signature: string; body: string }[] = [];

interface TTexts {
  create: string;
  save: string;
  event: string;
  done: string;
  sendTest: string;
  testDelivered: RegExp;
  delivered: string;
  logTitle: string;
}

/** Creates a webhook to the loopback receiver, keeps its secret, sends a test and reads the delivery log. */
async function createTestAndLog(page: Page, texts: TTexts, name: string, shot: string): Promise<void> {
  const receiverPath = `/hook/${shot}`;
  await page.goto('/systemManage/webhook');
  await page.getByRole('button', { name: texts.create }).click();
  await page.getByTestId('webhook-name').fill(name);
  await page.getByTestId('webhook-url').fill(`${base}${receiverPath}`);
  await page.getByRole('checkbox', { name: texts.event }).check();
  await page.getByRole('button', { name: texts.save }).click();
  const secretText = page.getByTestId('webhook-secret');
  await secretText.waitFor();
  const secret = (await secretText.innerText()).trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  await screenshot(page, `${shot}-secret`);
  await page.getByRole('button', { name: texts.done }).click();
  await secretText.waitFor({ state: 'detached' });
  expect(await page.content()).not.toContain(secret);

  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: texts.sendTest }).click();
  await page.getByText(texts.testDelivered).first().waitFor();
  const log = page.getByTestId('webhook-deliveries');
  await page.getByText(texts.logTitle).waitFor();
  await log.getByText(texts.delivered).first().waitFor();
  await log.getByRole('cell', { name: '200', exact: true }).first().waitFor();
  await screenshot(page, `${shot}-log`);

  const got = received.filter((r) => r.path === receiverPath);
  expect(got).toHaveLength(1);
  const { signature, body } = got[0]!;
  const parts = Object.fromEntries(signature.split(',').map((p) => p.split('=') as [string, string]));
  expect(parts.v1).toBe(createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex'));
  expect(JSON.parse(body)).toMatchObject({ kind: 'webhook.test', schemaVersion: 1 });
}

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        signature: String(req.headers['x-masthub-signature'] ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await browser.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('[SYSTEM][WEBHOOKS]', () => {
  it('[SYSTEM][WEBHOOKS]: an administrator creates a webhook, sends a test and sees the delivery log (Chinese)', async () => {
    const context = await newContext(browser, 'zh-CN');
    const page = await context.newPage();
    await logIn(page, 'admin', inject('adminPassword'));
    await createTestAndLog(
      page,
      {
        create: '新建 Webhook',
        save: '保存',
        event: '告警产生',
        done: '我已复制',
        sendTest: '发送测试',
        testDelivered: /测试已送达：HTTP 200/,
        delivered: '已送达',
        logTitle: '投递日志 — 告警推送',
      },
      '告警推送',
      'webhook-zh',
    );
    await context.close();
  }, 300_000);

  it('[SYSTEM][WEBHOOKS]: the same steps read in English', async () => {
    const context = await newContext(browser, 'en-US');
    const page = await context.newPage();
    await logIn(page, 'admin', inject('adminPassword'));
    await createTestAndLog(
      page,
      {
        create: 'New webhook',
        save: 'Save',
        event: 'Alarm opened',
        done: 'I have copied it',
        sendTest: 'Send test',
        testDelivered: /Test delivered: HTTP 200/,
        delivered: 'Delivered',
        logTitle: 'Delivery log — alarm-feed',
      },
      'alarm-feed',
      'webhook-en',
    );
    await context.close();
  }, 300_000);
});
