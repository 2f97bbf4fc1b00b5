// Webhook figures for `npm run bench` (issue 32): `webhook.deliveries_per_s` — signed deliveries a second
// from the outbound-events port to a loopback HTTP receiver through the whole outbox (a delivery row per
// event, the 'webhook.send' pg-boss job, the claim with its lease, the creator's sight of the site, the
// HMAC signature, the DNS-checked and pinned post, the attempt logged) on a real (embedded) PostgreSQL.
// Target ≥ 200.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createStationAccess } from '../apps/server/src/modules/access/index.ts';
import { buildWebhookServices } from '../apps/server/src/modules/webhooks/index.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createDatabase } from '../apps/server/src/platform/db/database.ts';
import { startEmbeddedDatabase } from '../apps/server/src/platform/db/embedded.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { OutboundEvents } from '../apps/server/src/platform/events/outbound-events.ts';
import { PgBossJobs } from '../apps/server/src/platform/jobs/jobs.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { subscribeOutboundEvents } from '../apps/server/src/wiring/outbound-events.ts';
import type { TBenchResult } from './run.ts';

const EVENTS = 1_000;
const BATCH = 50;

export async function benchWebhooks(): Promise<TBenchResult[]> {
  const log = createLogger({ LOG_LEVEL: 'warn' });
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'masthub-bench-webhooks-'));
  const embedded = await startEmbeddedDatabase(tmp, log);
  const { db, pool } = createDatabase(embedded.url, 20);
  let received = 0;
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const jobs = new PgBossJobs(embedded.url, { isWorking: true, log });
  try {
    await migrate(pool);
    await jobs.start();
    const config = loadConfig({ DATA_DIR: tmp, LOG_LEVEL: 'warn', WEBHOOK_ALLOW_PRIVATE: 'true' });
    const webhooks = buildWebhookServices(db, config, { stationAccess: createStationAccess(db), jobs, log });
    const events = new OutboundEvents(log);
    subscribeOutboundEvents(events, webhooks);
    await webhooks.outbox.registerJobs(jobs);
    const role = await db
      .insertInto('role')
      .values({ name: 'bench', data_scope: 'all' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto('app_user')
      .values({ account: 'bench', user_name: 'Bench', password_hash: 'x', role_id: role.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const site = await db
      .insertInto('station')
      .values({
        station_code: '990001',
        project_name: 'bench',
        province: '河北省',
        longitude: 115,
        latitude: 40,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const port = (receiver.address() as AddressInfo).port;
    const caller = {
      id: user.id,
      companyId: null,
      isAdmin: false,
    } as unknown as Parameters<typeof webhooks.webhooks.create>[0];
    await webhooks.webhooks.create(caller, {
      name: 'bench',
      url: `http://127.0.0.1:${port}/hook`,
      events: ['alarm.opened'],
      isEnabled: true,
    });
    const t = performance.now();
    // Announced as the alarm sweep announces them: the alarms one statement opened, together.
    for (let i = 0; i < EVENTS; i += BATCH) {
      await events.emit(
        ...Array.from({ length: Math.min(BATCH, EVENTS - i) }, (_, j) => ({
          kind: 'alarm.opened' as const,
          stationIds: [site.id],
          data: { alarmId: i + j + 1, alarmType: 'data_missing' as const, channel: null, days: 3 },
        })),
      );
    }
    const deadline = Date.now() + 300_000;
    for (;;) {
      const row = await db
        .selectFrom('webhook_delivery')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '=', 'delivered')
        .executeTakeFirstOrThrow();
      if (Number(row.n) >= EVENTS) break;
      if (Date.now() > deadline) throw new Error(`only ${row.n} of ${EVENTS} deliveries made`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seconds = (performance.now() - t) / 1000;
    if (received !== EVENTS) throw new Error(`the receiver got ${received} posts for ${EVENTS} events`);
    return [{ name: 'webhook.deliveries_per_s', value: Math.round(EVENTS / seconds), unit: 'deliveries/s' }];
  } finally {
    await jobs.stop();
    await new Promise((resolve) => receiver.close(resolve));
    await db.destroy();
    await embedded.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename) {
  const results = await benchWebhooks();
  console.log(JSON.stringify(results));
}
