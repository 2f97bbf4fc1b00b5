import { buildReminderCron, type TReminderFrequency } from '@masthub/shared';
import cronParser from 'cron-parser';
import { Cron } from 'croner';
import { describe, expect, it } from 'vitest';

/** The next `n` fire times of a cron in Beijing time, as local 'YYYY-MM-DD HH:mm', by pg-boss's parser. */
function nextByPgBoss(cron: string, from: string, n: number): string[] {
  const it = cronParser.parseExpression(cron, { currentDate: new Date(from), tz: 'Asia/Shanghai' });
  return Array.from({ length: n }, () => local(it.next().toDate()));
}

/** The same by croner (what validates the setting and shows the next send times). */
function nextByCroner(cron: string, from: string, n: number): string[] {
  return new Cron(cron, { timezone: 'Asia/Shanghai', paused: true }).nextRuns(n, new Date(from)).map(local);
}

function local(date: Date): string {
  return new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

describe('buildReminderCron', () => {
  const cases: [
    string,
    { sendTime: string; frequency: TReminderFrequency; everyDays: number },
    string,
    string,
    string[],
  ][] = [
    [
      'every day at 08:30',
      { sendTime: '08:30', frequency: 'days', everyDays: 1 },
      '30 8 * * *',
      '2026-02-27T00:00:00Z',
      ['2026-02-27 08:30', '2026-02-28 08:30', '2026-03-01 08:30'],
    ],
    [
      'every 10 days from the 1st, restarting each month',
      { sendTime: '09:00', frequency: 'days', everyDays: 10 },
      '0 9 1-31/10 * *',
      '2026-01-15T00:00:00Z',
      ['2026-01-21 09:00', '2026-01-31 09:00', '2026-02-01 09:00', '2026-02-11 09:00'],
    ],
    [
      'every 7 days in February of a leap year',
      { sendTime: '07:05', frequency: 'days', everyDays: 7 },
      '5 7 1-31/7 * *',
      '2028-02-20T00:00:00Z',
      ['2028-02-22 07:05', '2028-02-29 07:05', '2028-03-01 07:05'],
    ],
    [
      'every 15 days: the 31st only where a month has one',
      { sendTime: '18:00', frequency: 'days', everyDays: 15 },
      '0 18 1-31/15 * *',
      '2026-04-10T00:00:00Z',
      ['2026-04-16 18:00', '2026-05-01 18:00', '2026-05-16 18:00', '2026-05-31 18:00', '2026-06-01 18:00'],
    ],
    [
      'the last day of the month (L), leap February',
      { sendTime: '08:30', frequency: 'lastDay', everyDays: 1 },
      '30 8 L * *',
      '2028-01-31T02:00:00Z',
      ['2028-02-29 08:30', '2028-03-31 08:30', '2028-04-30 08:30'],
    ],
    [
      'the last day of the month (L), common February and the year end',
      { sendTime: '23:59', frequency: 'lastDay', everyDays: 1 },
      '59 23 L * *',
      '2026-11-30T12:00:00Z',
      ['2026-11-30 23:59', '2026-12-31 23:59', '2027-01-31 23:59', '2027-02-28 23:59'],
    ],
    [
      'midnight in Beijing is the previous day in UTC',
      { sendTime: '00:00', frequency: 'lastDay', everyDays: 1 },
      '0 0 L * *',
      '2026-06-01T00:00:00Z',
      ['2026-06-30 00:00', '2026-07-31 00:00'],
    ],
  ];

  it.each(cases)('%s', (_label, input, cron, from, expected) => {
    expect(buildReminderCron(input)).toBe(cron);
    expect(nextByPgBoss(cron, from, expected.length)).toEqual(expected);
    expect(nextByCroner(cron, from, expected.length)).toEqual(expected);
  });

  it('refuses a send time or a day step it cannot express', () => {
    expect(() => buildReminderCron({ sendTime: '24:00', frequency: 'days', everyDays: 1 })).toThrow();
    expect(() => buildReminderCron({ sendTime: '08:30', frequency: 'days', everyDays: 0 })).toThrow();
    expect(() => buildReminderCron({ sendTime: '08:30', frequency: 'days', everyDays: 32 })).toThrow();
  });
});
