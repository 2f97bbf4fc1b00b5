import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db.ts';
import { createDatabase, type Database } from '../../platform/db/database.ts';
import { LocalFileStore } from '../../platform/files/file-store.ts';
import type { TJobs } from '../../platform/jobs/jobs.ts';
import { createLogger } from '../../platform/logger.ts';
import { createKeySource, SecretBox } from '../../platform/secrets/secret-box.ts';
import { dataArrivedListeners } from '../../wiring/data-arrived.ts';
import { StationAccessRepository } from '../access/station-access.repository.ts';
import { StationAccess } from '../access/station-access.ts';
import { standaloneAlarmService } from '../alarms/alarms.service.ts';
import { IngestionService } from '../ingestion/ingestion.service.ts';
import { parserPort } from '../ingestion/parser-binding.ts';
import { MailOutbox } from '../mail/mail-outbox.ts';
import { SmtpSender } from '../mail/smtp-sender.ts';
import { MessageRepository } from '../messages/messages.repository.ts';
import { MessageService } from '../messages/messages.service.ts';
import { ReportService } from '../reports/group/reports.service.ts';
import { StationLogService } from '../station-log/station-log.service.ts';
import { seedDemoOperations, seedDemoReports } from './demo-operations.ts';
import { seedDemoTimeseries } from './demo-timeseries.ts';
import { seedOnFirstStart } from './seed.ts';

const log = createLogger({ LOG_LEVEL: 'silent' });
const NOW = new Date('2026-11-26T03:00:00Z');
let db: Database;
let drop: () => Promise<void>;
let tmp: string;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  db = createDatabase(database.url, 4).db;
  tmp = mkdtempSync(path.join(os.tmpdir(), 'masthub-demo-ops-'));
  await seedOnFirstStart(db, { adminAccount: 'admin', withDemoData: true });
  const noJobs = { isWorking: false, send: async () => null } as unknown as TJobs;
  const alarms = standaloneAlarmService(db, log);
  const ingestion = new IngestionService(
    db,
    new LocalFileStore(path.join(tmp, 'files')),
    parserPort,
    noJobs,
    log,
    new StationLogService(db),
    dataArrivedListeners(alarms),
  );
  // Two months of data that ended weeks ago: the demo sites are silent now, as on a first start.
  await seedDemoTimeseries(db, ingestion, log, { months: 2, firstMonth: Date.UTC(2026, 8, 1) });
}, 120_000);

afterAll(async () => {
  await db.destroy();
  await drop();
  rmSync(tmp, { recursive: true, force: true });
});

describe('seedDemoOperations', () => {
  it('shows the loop on the demo sites: handled alarms, a site in maintenance, a watched one, repair history', async () => {
    expect(await seedDemoOperations(db, standaloneAlarmService(db, log), log, NOW)).toBe(true);
    const records = await db
      .selectFrom('repair_record')
      .select(['station_id', 'is_closed', 'maintain_result'])
      .orderBy('id')
      .execute();
    expect(records.map((r) => r.is_closed)).toEqual([false, true]);
    const [openRepair, pastRepair] = records;
    const statuses = await db
      .selectFrom('station')
      .select(['id', 'status'])
      .where('id', 'in', [openRepair!.station_id, pastRepair!.station_id])
      .execute();
    expect(new Map(statuses.map((s) => [s.id, s.status]))).toEqual(
      new Map([
        [openRepair!.station_id, 3],
        [pastRepair!.station_id, 2],
      ]),
    );
    const handled = await db
      .selectFrom('alarm')
      .select(['handle_status', 'repair_id'])
      .where('handle_status', '!=', 'unprocessed')
      .execute();
    expect(handled.map((a) => a.handle_status)).toEqual(expect.arrayContaining(['repair', 'focus']));
    // The first site's QC alarms (icing, a stuck sensor), where the data has any, are judged.
    const firstSite = await db
      .selectFrom('station')
      .select('id')
      .where('station_type', '=', 'met_mast')
      .where('pylon_height_m', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const abnormal = await db
      .selectFrom('alarm')
      .select('handle_status')
      .where('station_id', '=', firstSite.id)
      .where('type', '=', 'data_abnormal')
      .orderBy('period_start')
      .execute();
    expect(abnormal.slice(0, 2).map((a) => a.handle_status)).toEqual(
      ['normal', 'ignore'].slice(0, abnormal.length),
    );
    // The demo says what it is: no e-mail went anywhere, and no address is a real one.
    const requests = await db
      .selectFrom('repair_request')
      .select(['reason', 'receiver_addrs', 'mail_id'])
      .execute();
    expect(requests).toHaveLength(2);
    for (const r of requests) {
      expect(r.reason).toContain('未实际发送邮件');
      expect(r.mail_id).toBeNull();
      for (const address of r.receiver_addrs) expect(address).toMatch(/\.example$/);
    }
    const contacts = await db.selectFrom('contact').select(['type', 'email']).execute();
    expect(contacts.filter((c) => c.type === 2)).toHaveLength(2);
    expect(contacts.every((c) => c.email.endsWith('.example'))).toBe(true);
  });

  it('creates a weekly and a monthly demo group whose reports render from the demo data', async () => {
    const files = new LocalFileStore(path.join(tmp, 'files'));
    const noJobs = { isWorking: false, send: async () => null } as unknown as TJobs;
    const box = new SecretBox(
      createKeySource({ configuredSecret: undefined, dataDir: tmp, purpose: 'test' }),
    );
    const outbox = new MailOutbox(db, new SmtpSender(db, box, 5_000), noJobs, log, {
      maxAttempts: 1,
      retryDelaySeconds: 1,
      leaseSeconds: 60,
      messageIdDomain: 'test.local',
    });
    const reports = new ReportService(
      db,
      new StationAccess(new StationAccessRepository(db)),
      files,
      outbox,
      new MessageService(new MessageRepository(db)),
      noJobs,
      log,
    );
    expect(await seedDemoReports(db, reports, log)).toBe(true);
    const rows = await db
      .selectFrom('group_report as r')
      .innerJoin('report_group as g', 'g.id', 'r.group_id')
      .select(['g.name', 'r.statement_type', 'r.status', 'r.reason'])
      .orderBy('r.id')
      .execute();
    expect(rows.map((r) => [r.name, r.statement_type, r.status])).toEqual([
      ['演示测风塔周报', 'weekly', 'success'],
      ['演示测风塔周报', 'weekly', 'success'],
      ['演示测风塔月报', 'monthly', 'success'],
    ]);
    expect(await seedDemoReports(db, reports, log)).toBe(false);
  }, 60_000);

  it('does nothing the second time', async () => {
    expect(await seedDemoOperations(db, standaloneAlarmService(db, log), log, NOW)).toBe(false);
    expect(await db.selectFrom('repair_record').select('id').execute()).toHaveLength(2);
  });
});
