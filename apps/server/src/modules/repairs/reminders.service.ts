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
import { both, say } from '../../i18n/index.ts';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import { SCHEDULED_POLL_SECONDS, type TJobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { StationAccess, TAccessSubject } from '../access/index.ts';
import type { MailOutbox } from '../mail/index.ts';
import { ReminderRepository } from './reminders.repository.ts';
import { formatLocalTime } from './repair-mail.ts';

/** The queue (and pg-boss schedule name) of each reminder. */
const QUEUES = {
  warn: 'reminder.warn',
  report: 'reminder.report',
  receipt: 'reminder.receipt',
  calibration: 'reminder.calibration',
} as const;

const MAIL_KINDS = {
  warn: 'reminder_warn',
  report: 'reminder_report',
  receipt: 'reminder_receipt',
  calibration: 'reminder_calibration',
} as const;

const TITLES = {
  warn: 'repairs.reminder.unhandledTitle',
  report: 'repairs.reminder.silentTitle',
  receipt: 'repairs.reminder.receiptTitle',
  calibration: 'repairs.reminder.calibrationTitle',
} as const;

/** Per site with sensors overdue or due for calibration, its code, name and counts (issue 44 §2, sensors module). */
export type TCalibrationsDueBySite = (
  now: Date,
) => Promise<Map<number, { stationCode: string; projectName: string; overdue: number; due: number }>>;

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
 * user's language outside a request). The receipt digest (issue 30) lists the open data-receipt findings of
 * the sites whose data administrator the user is, to those who asked for it (personal setting
 * receipt/digest). pg-boss fires a cron once across processes.
 */
export class ReminderService {
  private readonly reminders: ReminderRepository;

  constructor(
    private readonly db: Database,
    private readonly outbox: MailOutbox,
    private readonly log: Logger,
    /** Who a site's data administrators are (the receipt digest, the calibration reminder). */
    private readonly access?: StationAccess,
    /** The sites with sensors due for calibration (the calibration reminder). */
    private readonly calibrationsDue?: TCalibrationsDueBySite,
  ) {
    this.reminders = new ReminderRepository(db);
  }

  async list(language: Language): Promise<TIntervalTask[]> {
    const rows = await this.reminders.listWithSources();
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
      const source = await this.reminders.findDataSource(input.dataSourceId);
      if (source?.fetch_type !== 'email') {
        throw new AppError('VALIDATION_FAILED', {}, [{ field: 'dataSourceId', message: 'v.unknownOption' }]);
      }
    }
    const cron = buildReminderCron(input);
    const row = await this.reminders.update(input.type, {
      is_enabled: input.isEnabled,
      data_source_id: input.dataSourceId,
      send_time: input.sendTime,
      frequency: input.frequency,
      every_days: input.frequency === 'days' ? input.everyDays : 1,
      cron,
      updated_by: user.id,
      updated_at: new Date(),
    });
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
    await jobs.work('reminder.receipt', () => this.run('receipt').then(() => undefined), {
      pollingIntervalSeconds: SCHEDULED_POLL_SECONDS,
    });
    await jobs.work('reminder.calibration', () => this.run('calibration').then(() => undefined), {
      pollingIntervalSeconds: SCHEDULED_POLL_SECONDS,
    });
    // The stored settings are the truth: schedules follow them at every start.
    const tasks = await this.reminders.list();
    for (const t of tasks) await this.applySchedule(jobs, t.type, t.is_enabled ? t.cron : null, t.time_zone);
  }

  /** Sends one reminder now: one e-mail per user with something to say; returns how many were queued. */
  async run(type: TIntervalTaskType, now = new Date()): Promise<number> {
    const task = await this.reminders.find(type);
    if (!task.is_enabled || task.data_source_id === null) return 0;
    const receiptLines =
      type === 'receipt'
        ? await this.openReceipts()
        : type === 'calibration'
          ? await this.calibrationLines(now)
          : new Map<number, TLine[]>();
    const recipients =
      type === 'receipt'
        ? await this.digestRecipients()
        : type === 'calibration'
          ? this.toRecipients(await this.reminders.listUsers([...receiptLines.keys()]))
          : await this.recipients(type === 'warn' ? 'alarm.handle' : 'alarm.view');
    const ids: number[] = [];
    await this.db.transaction().execute(async (trx) => {
      for (const user of recipients) {
        const lines =
          type === 'warn'
            ? await this.unhandled(user)
            : type === 'report'
              ? await this.silent(user, now)
              : listed(receiptLines.get(user.id) ?? []);
        if (lines.total === 0) continue;
        const mail = composeReminder(type, user, lines.lines, lines.total, now);
        ids.push(
          await this.outbox.queue(trx, {
            kind: MAIL_KINDS[type],
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
      await new ReminderRepository(trx).setSent(type, now);
    });
    await this.outbox.dispatch(ids);
    this.log.info({ type, mails: ids.length }, 'reminder queued');
    return ids.length;
  }

  /** Users with an e-mail address who asked for the receipt digest. */
  private async digestRecipients(): Promise<TRecipient[]> {
    return this.toRecipients(await this.reminders.listDigestRecipients());
  }

  /** Per user, the sites with open receipt findings whose data administrator they are. */
  private async openReceipts(): Promise<Map<number, TLine[]>> {
    const out = new Map<number, TLine[]>();
    if (!this.access) return out;
    for (const site of await this.reminders.listOpenReceiptSites()) {
      const line = {
        stationCode: site.station_code,
        projectName: site.project_name,
        detail: both('repairs.reminder.receiptOpen', { open: site.open, errors: site.errors }),
      };
      for (const userId of await this.access.dataAdministrators(Number(site.station_id))) {
        out.set(userId, [...(out.get(userId) ?? []), line]);
      }
    }
    return out;
  }

  /** Per user, the sites with sensors overdue or due for calibration whose data administrator they are. */
  private async calibrationLines(now: Date): Promise<Map<number, TLine[]>> {
    const out = new Map<number, TLine[]>();
    if (!this.access || !this.calibrationsDue) return out;
    for (const [stationId, site] of await this.calibrationsDue(now)) {
      const line = {
        stationCode: site.stationCode,
        projectName: site.projectName,
        detail: both('repairs.reminder.calibrationDue', { overdue: site.overdue, due: site.due }),
      };
      for (const userId of await this.access.dataAdministrators(stationId)) {
        out.set(userId, [...(out.get(userId) ?? []), line]);
      }
    }
    return out;
  }

  private async recipients(feature: string): Promise<TRecipient[]> {
    return this.toRecipients(await this.reminders.listRecipients(feature));
  }

  private toRecipients(rows: Awaited<ReturnType<ReminderRepository['listRecipients']>>): TRecipient[] {
    return rows.map((r) => ({
      id: Number(r.id),
      roleId: r.role_id === null ? null : Number(r.role_id),
      isAdmin: r.is_admin,
      dataScope: r.data_scope,
      userName: r.user_name,
      email: r.email,
    }));
  }

  private async unhandled(user: TRecipient): Promise<{ lines: TLine[]; total: number }> {
    const { rows, total } = await this.reminders.listUnhandled(user, REMINDER_LIST_MAX);
    return {
      total,
      lines: rows.map((r) => {
        const since = formatLocalTime(r.period_start, REMINDER_OFFSET_MINUTES);
        const key =
          r.type === 'data_missing'
            ? 'repairs.reminder.dataMissingSince'
            : 'repairs.reminder.dataAbnormalSince';
        return {
          stationCode: r.station_code,
          projectName: r.project_name,
          detail: both(key, { since }),
        };
      }),
    };
  }

  private async silent(user: TRecipient, now: Date): Promise<{ lines: TLine[]; total: number }> {
    const before = new Date(now.getTime() - REMINDER_SILENT_MS);
    const { rows, total } = await this.reminders.listSilent(user, before, REMINDER_LIST_MAX);
    return {
      total,
      lines: rows.map((r) => {
        const days = Math.floor((now.getTime() - (r.data_time?.getTime() ?? 0)) / 86_400_000);
        const last = formatLocalTime(r.data_time, REMINDER_OFFSET_MINUTES);
        return {
          stationCode: r.station_code,
          projectName: r.project_name,
          detail: both('repairs.reminder.silentDays', { days, last }),
        };
      }),
    };
  }
}

/** The first REMINDER_LIST_MAX lines and how many there are. */
function listed(lines: TLine[]): { lines: TLine[]; total: number } {
  return { lines: lines.slice(0, REMINDER_LIST_MAX), total: lines.length };
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
  const title = both(TITLES[type], { total });
  const more = total > lines.length ? total - lines.length : 0;
  // One e-mail in both languages: the product does not know a user's language outside a request.
  const partIn = (language: Language) => [
    say(language, 'repairs.reminder.greeting', { name: user.userName }),
    '',
    say(language, 'repairs.reminder.intro', { date, title: title[language] }),
    ...lines.map((l) =>
      say(language, 'repairs.reminder.line', {
        code: l.stationCode,
        project: l.projectName,
        detail: l.detail[language],
      }),
    ),
    ...(more > 0 ? [say(language, 'repairs.reminder.more', { more })] : []),
    '',
    say(language, 'repairs.reminder.pleaseHandle'),
  ];
  const text = [...partIn('zh'), '', '———', ...partIn('en')].join('\n');
  return { subject: `${say('zh', 'repairs.reminder.subjectPrefix')}${title.zh} / ${title.en}`, text };
}
