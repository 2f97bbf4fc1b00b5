import {
  AppError,
  buildReminderCron,
  INTERVAL_TASK_NAMES,
  type Language,
  type TIntervalTask,
  type TIntervalTaskSaveRequest,
  type TIntervalTaskType,
} from '@masthub/shared';
import { Cron } from 'croner';
import { sql } from 'kysely';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import { SCHEDULED_POLL_SECONDS, type TJobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { stationAccessPredicate, type TAccessSubject } from '../access/index.ts';
import type { MailOutbox } from '../mail/index.ts';
import { formatLocalTime } from './repair-mail.ts';

/** The queue (and pg-boss schedule name) of each reminder. */
const QUEUES = { warn: 'reminder.warn', report: 'reminder.report' } as const;

/** A site counts as silent for the no-data reminder when its last data is older than this. */
export const REMINDER_SILENT_MS = 86_400_000;

/** At most this many sites are listed in one reminder e-mail (the rest are counted). */
const REMINDER_LIST_MAX = 100;

/** Beijing time: the reminders' time zone and the one their e-mails are written in. */
const REMINDER_OFFSET_MINUTES = 480;

interface TRecipient extends TAccessSubject {
  userName: string;
  email: string;
}

interface TLine {
  stationCode: string;
  projectName: string;
  detail: { zh: string; en: string };
}

/**
 * The no-data reminders of /systemManage/TimedTask (SPEC §3 interval task settings, §9 scheduled
 * sending): the warn reminder lists each user's unhandled alarms, the report reminder each user's
 * silent sites, on a cron built from a send time and every N days or the last day of the month. Each
 * user gets one e-mail with only the sites they may see (both languages: the product does not know a
 * user's language outside a request). pg-boss fires a cron once across processes.
 */
export class ReminderService {
  constructor(
    private readonly db: Database,
    private readonly outbox: MailOutbox,
    private readonly log: Logger,
  ) {}

  async list(language: Language): Promise<TIntervalTask[]> {
    const rows = await this.db
      .selectFrom('interval_task as t')
      .leftJoin('data_source as d', 'd.id', 't.data_source_id')
      .selectAll('t')
      .select('d.name as data_source_name')
      .orderBy('t.type', 'desc')
      .execute();
    return rows.map((r) => ({
      type: r.type,
      typeName: INTERVAL_TASK_NAMES[r.type][language],
      isEnabled: r.is_enabled,
      dataSourceId: r.data_source_id === null ? null : Number(r.data_source_id),
      dataSourceName: r.data_source_name ?? '',
      sendTime: r.send_time,
      frequency: r.frequency,
      everyDays: r.every_days,
      timeZone: r.time_zone,
      cron: r.cron,
      nextTimes: r.is_enabled ? nextTimes(r.cron, r.time_zone, 3) : [],
      lastSentTime: r.last_sent_at?.toISOString() ?? null,
    }));
  }

  async save(
    user: TAuthUser,
    input: TIntervalTaskSaveRequest,
    jobs: TJobs,
    language: Language,
  ): Promise<TIntervalTask> {
    if (input.dataSourceId !== null) {
      const source = await this.db
        .selectFrom('data_source')
        .select(['id', 'fetch_type'])
        .where('id', '=', input.dataSourceId)
        .executeTakeFirst();
      if (source?.fetch_type !== 'email') {
        throw new AppError('VALIDATION_FAILED', {}, [{ field: 'dataSourceId', message: 'v.unknownOption' }]);
      }
    }
    const cron = buildReminderCron(input);
    const row = await this.db
      .updateTable('interval_task')
      .set({
        is_enabled: input.isEnabled,
        data_source_id: input.dataSourceId,
        send_time: input.sendTime,
        frequency: input.frequency,
        every_days: input.frequency === 'days' ? input.everyDays : 1,
        cron,
        updated_by: user.id,
        updated_at: new Date(),
      })
      .where('type', '=', input.type)
      .returning(['type', 'time_zone'])
      .executeTakeFirstOrThrow();
    await this.applySchedule(jobs, input.type, input.isEnabled ? cron : null, row.time_zone);
    return (await this.list(language)).find((t) => t.type === input.type)!;
  }

  private async applySchedule(
    jobs: TJobs,
    type: TIntervalTaskType,
    cron: string | null,
    timeZone: string,
  ): Promise<void> {
    if (cron === null) await jobs.unschedule(QUEUES[type]);
    else await jobs.schedule(QUEUES[type], cron, {}, { tz: timeZone });
  }

  async registerJobs(jobs: TJobs): Promise<void> {
    await jobs.work('reminder.warn', () => this.run('warn').then(() => undefined), {
      pollingIntervalSeconds: SCHEDULED_POLL_SECONDS,
    });
    await jobs.work('reminder.report', () => this.run('report').then(() => undefined), {
      pollingIntervalSeconds: SCHEDULED_POLL_SECONDS,
    });
    // The stored settings are the truth: schedules follow them at every start.
    const tasks = await this.db.selectFrom('interval_task').selectAll().execute();
    for (const t of tasks) await this.applySchedule(jobs, t.type, t.is_enabled ? t.cron : null, t.time_zone);
  }

  /** Sends one reminder now: one e-mail per user with something to say; returns how many were queued. */
  async run(type: TIntervalTaskType, now = new Date()): Promise<number> {
    const task = await this.db
      .selectFrom('interval_task')
      .selectAll()
      .where('type', '=', type)
      .executeTakeFirstOrThrow();
    if (!task.is_enabled || task.data_source_id === null) return 0;
    const feature = type === 'warn' ? 'alarm.handle' : 'alarm.view';
    const recipients = await this.recipients(feature);
    const ids: number[] = [];
    await this.db.transaction().execute(async (trx) => {
      for (const user of recipients) {
        const lines = type === 'warn' ? await this.unhandled(user) : await this.silent(user, now);
        if (lines.total === 0) continue;
        const mail = composeReminder(type, user, lines.lines, lines.total, now);
        ids.push(
          await this.outbox.queue(trx, {
            kind: type === 'warn' ? 'reminder_warn' : 'reminder_report',
            dataSourceId: Number(task.data_source_id),
            toName: user.userName,
            to: [user.email],
            cc: [],
            subject: mail.subject,
            text: mail.text,
            language: 'zh',
            userId: user.id,
          }),
        );
      }
      await trx.updateTable('interval_task').set({ last_sent_at: now }).where('type', '=', type).execute();
    });
    await this.outbox.dispatch(ids);
    this.log.info({ type, mails: ids.length }, 'reminder queued');
    return ids.length;
  }

  private async recipients(feature: string): Promise<TRecipient[]> {
    const rows = await sql<{
      id: number;
      role_id: number | null;
      is_admin: boolean;
      data_scope: 'all' | 'list';
      user_name: string;
      email: string;
    }>`
      SELECT u.id, u.role_id, r.is_admin, r.data_scope, u.user_name, u.email
        FROM app_user u JOIN role r ON r.id = u.role_id
       WHERE u.is_enabled AND NOT u.is_deleted AND coalesce(u.email, '') <> ''
         AND (r.is_admin OR EXISTS (SELECT 1 FROM role_feature f WHERE f.role_id = r.id AND f.feature = ${feature}))
       ORDER BY u.id`.execute(this.db);
    return rows.rows.map((r) => ({
      id: Number(r.id),
      roleId: r.role_id === null ? null : Number(r.role_id),
      isAdmin: r.is_admin,
      dataScope: r.data_scope,
      userName: r.user_name,
      email: r.email,
    }));
  }

  private async unhandled(user: TRecipient): Promise<{ lines: TLine[]; total: number }> {
    const query = this.db
      .selectFrom('alarm as a')
      .innerJoin('station as s', 's.id', 'a.station_id')
      .where('s.is_deleted', '=', false)
      .where('a.handle_status', '=', 'unprocessed')
      .where(stationAccessPredicate(user, 's'));
    const [rows, total] = await Promise.all([
      query
        .select(['s.station_code', 's.project_name', 'a.type', 'a.period_start', 'a.period_end'])
        .orderBy('a.period_start')
        .limit(REMINDER_LIST_MAX)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(total.n),
      lines: rows.map((r) => {
        const since = formatLocalTime(r.period_start, REMINDER_OFFSET_MINUTES);
        const kind =
          r.type === 'data_missing'
            ? { zh: '数据缺失', en: 'data missing' }
            : { zh: '数据异常', en: 'data abnormal' };
        return {
          stationCode: r.station_code,
          projectName: r.project_name,
          detail: { zh: `${kind.zh}，自 ${since}`, en: `${kind.en} since ${since}` },
        };
      }),
    };
  }

  private async silent(user: TRecipient, now: Date): Promise<{ lines: TLine[]; total: number }> {
    const before = new Date(now.getTime() - REMINDER_SILENT_MS);
    const query = this.db
      .selectFrom('station as s')
      .where('s.is_deleted', '=', false)
      .where('s.data_time', 'is not', null)
      .where('s.data_time', '<', before)
      .where(stationAccessPredicate(user, 's'));
    const [rows, total] = await Promise.all([
      query
        .select(['s.station_code', 's.project_name', 's.data_time'])
        .orderBy('s.data_time')
        .limit(REMINDER_LIST_MAX)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(total.n),
      lines: rows.map((r) => {
        const days = Math.floor((now.getTime() - (r.data_time?.getTime() ?? 0)) / 86_400_000);
        const last = formatLocalTime(r.data_time, REMINDER_OFFSET_MINUTES);
        return {
          stationCode: r.station_code,
          projectName: r.project_name,
          detail: { zh: `${days} 天无数据，最近数据 ${last}`, en: `no data for ${days} days, last ${last}` },
        };
      }),
    };
  }
}

/** The next `count` send times of a cron in its time zone (ISO). */
export function nextTimes(cron: string, timeZone: string, count: number, from = new Date()): string[] {
  return new Cron(cron, { timezone: timeZone, paused: true })
    .nextRuns(count, from)
    .map((d) => d.toISOString());
}

function composeReminder(
  type: TIntervalTaskType,
  user: TRecipient,
  lines: TLine[],
  total: number,
  now: Date,
): { subject: string; text: string } {
  const date = formatLocalTime(now, REMINDER_OFFSET_MINUTES).slice(0, 10);
  const title =
    type === 'warn'
      ? { zh: `未处理告警 ${total} 条`, en: `${total} unhandled alarms` }
      : { zh: `${total} 个站点超过 1 天无数据`, en: `${total} sites without data for over a day` };
  const more = total > lines.length ? total - lines.length : 0;
  const list = lines.map((l) => `  ${l.stationCode}  ${l.projectName}：${l.detail.zh}`);
  const listEn = lines.map((l) => `  ${l.stationCode}  ${l.projectName}: ${l.detail.en}`);
  const text = [
    `${user.userName}，您好：`,
    '',
    `截至 ${date}，您可查看的站点中${title.zh}：`,
    ...list,
    ...(more > 0 ? [`  ……另有 ${more} 条未列出`] : []),
    '',
    '请登录 MastHub 处理。',
    '',
    '———',
    `Hello ${user.userName},`,
    '',
    `As of ${date}, among the sites you can see: ${title.en}.`,
    ...listEn,
    ...(more > 0 ? [`  … and ${more} more`] : []),
    '',
    'Please log in to MastHub to handle them.',
  ].join('\n');
  return { subject: `【MastHub】${title.zh} / ${title.en}`, text };
}
