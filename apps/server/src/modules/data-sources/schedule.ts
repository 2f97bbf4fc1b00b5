import { Cron } from 'croner';

/** Whether a cron expression (5 to 7 fields, as croner reads it) is valid. */
export function isValidCron(expression: string): boolean {
  try {
    new Cron(expression, { timezone: 'UTC', paused: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * When a source is next due after `from`: the next cron occurrence (UTC), else `from` plus the interval;
 * null for a source fetched only by hand (no schedule) or a disabled one.
 */
export function nextRunAt(
  schedule: { isEnabled: boolean; scheduleCron: string; intervalMinutes: number | null },
  from: Date,
): Date | null {
  if (!schedule.isEnabled) return null;
  if (schedule.scheduleCron !== '') {
    try {
      return new Cron(schedule.scheduleCron, { timezone: 'UTC', paused: true }).nextRun(from) ?? null;
    } catch {
      return null;
    }
  }
  if (schedule.intervalMinutes) return new Date(from.getTime() + schedule.intervalMinutes * 60_000);
  return null;
}
