import { formatZonedTime, type Language } from '@masthub/shared';
import { say } from '../../i18n/index.ts';

/** '2026-11-26 08:30 (UTC+08:00)' in the reader's time zone (minutes east of UTC). */
export function formatLocalTime(date: Date | null, offsetMinutes: number): string {
  return date ? formatZonedTime(date, offsetMinutes) : '—';
}

export interface TRepairMailInput {
  stationCode: string;
  projectName: string;
  stationTypeName: string;
  deviceType: string;
  manufacturerName: string;
  location: string;
  longitude: number;
  latitude: number;
  pylonHeightM: number | null;
  lastDataTime: Date | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  reason: string;
  requester: { name: string; phone: string; email: string; dept: string };
}

/** The labelled lines of the e-mail, in order (i18n `repairs.mail.label.<label>`). */
type TLabel =
  | 'stationCode'
  | 'projectName'
  | 'stationType'
  | 'deviceType'
  | 'manufacturer'
  | 'location'
  | 'pylonHeight'
  | 'lastData'
  | 'period'
  | 'reason'
  | 'requester'
  | 'dept';

/** The repair request e-mail of one site, in the requester's language and time zone. */
export function composeRepairMail(
  input: TRepairMailInput,
  language: Language,
  offsetMinutes: number,
): { subject: string; text: string } {
  const sep = say(language, 'repairs.mail.fieldSeparator');
  const line = (label: TLabel, value: string) =>
    `${say(language, `repairs.mail.label.${label}`)}${sep}${value}`;
  const coords = `${input.longitude.toFixed(5)}, ${input.latitude.toFixed(5)}`;
  const period =
    input.periodStart === null
      ? '—'
      : `${formatLocalTime(input.periodStart, offsetMinutes)} — ${formatLocalTime(input.periodEnd, offsetMinutes)}`;
  const contact = [
    input.requester.phone ? `${say(language, 'repairs.mail.phone')} ${input.requester.phone}` : '',
    input.requester.email ? `${say(language, 'repairs.mail.email')} ${input.requester.email}` : '',
  ]
    .filter(Boolean)
    .join(say(language, 'repairs.mail.contactSeparator'));
  const lines = [
    say(language, 'repairs.mail.greeting'),
    '',
    say(language, 'repairs.mail.intro'),
    '',
    line('stationCode', input.stationCode),
    line('projectName', input.projectName),
    line('stationType', input.stationTypeName),
    line('deviceType', input.deviceType || '—'),
    line('manufacturer', input.manufacturerName || '—'),
    line('location', `${input.location ? `${input.location} ` : ''}(${coords})`),
    line('pylonHeight', input.pylonHeightM === null ? '—' : `${input.pylonHeightM} m`),
    line('lastData', formatLocalTime(input.lastDataTime, offsetMinutes)),
    line('period', period),
    line('reason', input.reason),
    '',
    line(
      'requester',
      `${input.requester.name}${contact ? say(language, 'repairs.mail.contact', { contact }) : ''}`,
    ),
    ...(input.requester.dept ? [line('dept', input.requester.dept)] : []),
    '',
    '—',
    say(language, 'repairs.mail.footer'),
  ];
  const subject = say(language, 'repairs.mail.subject', {
    code: input.stationCode,
    project: input.projectName,
  });
  return { subject, text: lines.join('\n') };
}
