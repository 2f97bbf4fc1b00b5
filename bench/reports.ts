// Group report figures for `npm run bench` (issue 15): `report.group_ms.50sites_month` — the monthly
// report of a group of 50 masts (one month of 10-minute data each, imported through the real ingestion
// path into an embedded PostgreSQL): reading the speed channels, the tables, two server-side charts, the
// Word file and the PDF with its embedded CJK font (target ≤ 5 000 ms; median of 3).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { StationAccessRepository } from '../apps/server/src/modules/access/station-access.repository.ts';
import { StationAccess } from '../apps/server/src/modules/access/station-access.ts';
import { standaloneAlarmService } from '../apps/server/src/modules/alarms/alarms.service.ts';
import { IngestionService } from '../apps/server/src/modules/ingestion/ingestion.service.ts';
import { parserPort } from '../apps/server/src/modules/ingestion/parser-binding.ts';
import { MailOutbox } from '../apps/server/src/modules/mail/mail-outbox.ts';
import { SmtpSender } from '../apps/server/src/modules/mail/smtp-sender.ts';
import { MessageRepository } from '../apps/server/src/modules/messages/messages.repository.ts';
import { MessageService } from '../apps/server/src/modules/messages/messages.service.ts';
import { ReportService } from '../apps/server/src/modules/reports/group/reports.service.ts';
import { seedDemoTimeseries } from '../apps/server/src/modules/seed/demo-timeseries.ts';
import { StationLogService } from '../apps/server/src/modules/station-log/station-log.service.ts';
import { createDatabase } from '../apps/server/src/platform/db/database.ts';
import { startEmbeddedDatabase } from '../apps/server/src/platform/db/embedded.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { LocalFileStore } from '../apps/server/src/platform/files/file-store.ts';
import type { TJobs } from '../apps/server/src/platform/jobs/jobs.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';
import { createKeySource, SecretBox } from '../apps/server/src/platform/secrets/secret-box.ts';
import { dataArrivedListeners } from '../apps/server/src/wiring/data-arrived.ts';
import type { TBenchResult } from './run.ts';

const SITES = 50;
const RUNS = 3;

export async function benchReports(): Promise<TBenchResult[]> {
  const log = createLogger({ LOG_LEVEL: 'warn' });
  const dbDir = mkdtempSync(path.join(os.tmpdir(), 'masthub-bench-reports-db-'));
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'masthub-bench-reports-'));
  const embedded = await startEmbeddedDatabase(dbDir, log);
  const { db, pool } = createDatabase(embedded.url, 4);
  try {
    await migrate(pool);
    await sql`
      INSERT INTO station (station_code, project_name, province, longitude, latitude, station_type, pylon_height_m, altitude_m, logger_utc_offset_minutes)
      SELECT lpad(g::text, 6, '0'), '基准风电场 ' || g, '内蒙古自治区', 110 + g / 10.0, 42, 'met_mast', 100, 1300, 0
      FROM generate_series(1, ${SITES}) g`.execute(db);
    const files = new LocalFileStore(path.join(tmp, 'files'));
    const noJobs = { isWorking: false, send: async () => null } as unknown as TJobs;
    const ingestion = new IngestionService(
      db,
      files,
      parserPort,
      noJobs,
      log,
      new StationLogService(db),
      dataArrivedListeners(standaloneAlarmService(db, log)),
    );
    await seedDemoTimeseries(db, ingestion, log, {
      siteCount: SITES,
      months: 1,
      firstMonth: Date.UTC(2026, 9, 1),
    });
    const box = new SecretBox(
      createKeySource({ configuredSecret: undefined, dataDir: tmp, purpose: 'bench' }),
    );
    const messages = new MessageService(new MessageRepository(db));
    const outbox = new MailOutbox(db, new SmtpSender(db, box, 5_000), noJobs, log, {
      maxAttempts: 1,
      retryDelaySeconds: 1,
      leaseSeconds: 60,
      messageIdDomain: 'bench.local',
    });
    const reports = new ReportService(
      db,
      new StationAccess(new StationAccessRepository(db)),
      files,
      outbox,
      messages,
      noJobs,
      log,
    );
    const template = await db
      .selectFrom('report_template')
      .select('id')
      .where('type', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const group = await db
      .insertInto('report_group')
      .values({
        name: 'bench',
        creator_id: null,
        effective_start: '2026-01-01',
        effective_end: '2027-12-31',
        report_types: ['monthly'],
        weekly_template_id: null,
        monthly_template_id: template.id,
        data_source_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO report_group_station (group_id, station_id) SELECT ${group.id}, id FROM station`.execute(
      db,
    );
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const report = await db
        .insertInto('group_report')
        .values({
          group_id: group.id,
          statement_type: 'monthly',
          period_start: new Date(Date.UTC(2026, 9, 1) - 8 * 3_600_000),
          period_end: new Date(Date.UTC(2026, 10, 1) - 8 * 3_600_000 + i),
          created_by: null,
          generate_time: null,
          send_time: null,
          mail_id: null,
          docx_sha256: null,
          pdf_sha256: null,
          docx_size: null,
          pdf_size: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const t = performance.now();
      const outcome = await reports.runGeneration(report.id);
      runs.push(performance.now() - t);
      if (outcome !== 'success') throw new Error('the bench report failed');
      await db.deleteFrom('group_report').where('id', '=', report.id).execute();
    }
    runs.sort((a, b) => a - b);
    return [
      { name: 'report.group_ms.50sites_month', value: Math.round(runs[Math.floor(RUNS / 2)]!), unit: 'ms' },
    ];
  } finally {
    await db.destroy();
    await embedded.stop();
    rmSync(tmp, { recursive: true, force: true });
    rmSync(dbDir, { recursive: true, force: true });
  }
}
