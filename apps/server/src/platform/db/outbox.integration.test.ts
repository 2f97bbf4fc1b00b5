import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db.ts';
import { createDatabase, type Database } from './database.ts';
import { listStrandedIds } from './outbox.ts';

let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  db = createDatabase(database.url, 2).db;
});
afterAll(async () => {
  await db.destroy();
  await drop();
});

/** One mail in the outbox in the given state, written `ageMinutes` ago. */
async function mail(state: {
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  ageMinutes: number;
  leaseMinutes?: number;
}): Promise<number> {
  const row = await db
    .insertInto('mail_send_log')
    .values({
      kind: 'repair',
      data_source_id: null,
      to_addrs: ['fix@maint.example.com'],
      subject: 'outbox test',
      body_text: 'outbox test',
      message_id: `<outbox-${Math.random()}@masthub.test>`,
      status: state.status,
      attempts: state.attempts,
      next_attempt_at: new Date(),
      lease_until:
        state.leaseMinutes === undefined ? null : new Date(Date.now() + state.leaseMinutes * 60_000),
      station_id: null,
      user_id: null,
      sent_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`UPDATE mail_send_log SET created_at = now() - make_interval(mins => ${state.ageMinutes})
             WHERE id = ${row.id}`.execute(db);
  return Number(row.id);
}

describe('listStrandedIds', () => {
  it('finds rows never queued after a minute and sending rows whose lease expired, nothing else', async () => {
    const neverQueued = await mail({ status: 'pending', attempts: 0, ageMinutes: 5 });
    const leaseExpired = await mail({ status: 'sending', attempts: 1, ageMinutes: 5, leaseMinutes: -1 });
    await mail({ status: 'pending', attempts: 0, ageMinutes: 0 }); // just written: its job is on its way
    await mail({ status: 'pending', attempts: 2, ageMinutes: 5 }); // waiting for its retry
    await mail({ status: 'sending', attempts: 1, ageMinutes: 5, leaseMinutes: 5 }); // being sent
    await mail({ status: 'sent', attempts: 1, ageMinutes: 5 });
    await mail({ status: 'failed', attempts: 5, ageMinutes: 5 });
    expect((await listStrandedIds(db, 'mail_send_log')).sort((a, b) => a - b)).toEqual([
      neverQueued,
      leaseExpired,
    ]);
    expect(await listStrandedIds(db, 'webhook_delivery')).toEqual([]);
  });
});
