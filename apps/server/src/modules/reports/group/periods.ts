import type { TStatementType } from '@masthub/shared';

/** Reports follow Beijing time: a week is Monday 00:00 to the next Monday 00:00 at UTC+08:00. */
export const REPORT_OFFSET_MINUTES = 480;
const OFFSET_MS = REPORT_OFFSET_MINUTES * 60_000;
const DAY = 86_400_000;

export interface TPeriod {
  start: Date;
  /** Exclusive. */
  end: Date;
}

/** The wall-clock parts of an instant in Beijing time. */
function local(date: Date) {
  const d = new Date(date.getTime() + OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth(),
    day: d.getUTCDate(),
    /** ISO weekday, Monday = 1. */
    weekday: ((d.getUTCDay() + 6) % 7) + 1,
    minutes: d.getUTCHours() * 60 + d.getUTCMinutes(),
  };
}

/** Beijing midnight of a local calendar date, as an instant. */
function midnight(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month, day) - OFFSET_MS);
}

/** The week or month that contains `date`. */
export function periodContaining(type: TStatementType, date: Date): TPeriod {
  const l = local(date);
  if (type === 'monthly')
    return { start: midnight(l.year, l.month, 1), end: midnight(l.year, l.month + 1, 1) };
  const start = midnight(l.year, l.month, l.day - (l.weekday - 1));
  return { start, end: new Date(start.getTime() + 7 * DAY) };
}

/** The last complete week or month before `now`. */
export function lastCompletePeriod(type: TStatementType, now: Date): TPeriod {
  const current = periodContaining(type, now);
  return periodContaining(type, new Date(current.start.getTime() - 1));
}

/**
 * The period a group's schedule generates at `now`, or null when its moment this week/month has not come:
 * a weekly report of last week on weekday `week` from `generateTime`, a monthly report of last month on
 * day `monthDay` from `generateTime` (Beijing time). Later the same week or month, the same slot is
 * returned again (the unique slot makes it once).
 */
export function dueSlot(
  type: TStatementType,
  schedule: { week: number; monthDay: number; generateTime: string },
  now: Date,
): TPeriod | null {
  const l = local(now);
  const [h, m] = schedule.generateTime.split(':').map(Number);
  const at = (h ?? 0) * 60 + (m ?? 0);
  if (type === 'weekly') {
    if (l.weekday < schedule.week || (l.weekday === schedule.week && l.minutes < at)) return null;
  } else if (l.day < schedule.monthDay || (l.day === schedule.monthDay && l.minutes < at)) {
    return null;
  }
  return lastCompletePeriod(type, now);
}

/** '2026-11-16 ~ 2026-11-22' (weekly) or '2026-11' (monthly), in Beijing dates. */
export function periodLabel(type: TStatementType, period: TPeriod): string {
  const first = new Date(period.start.getTime() + OFFSET_MS).toISOString().slice(0, 10);
  if (type === 'monthly') return first.slice(0, 7);
  const last = new Date(period.end.getTime() + OFFSET_MS - DAY).toISOString().slice(0, 10);
  return `${first} ~ ${last}`;
}
