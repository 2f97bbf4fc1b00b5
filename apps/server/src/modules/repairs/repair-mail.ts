import type { Language } from '@masthub/shared';

/** '2026-11-26 08:30 (UTC+08:00)' in the reader's time zone (minutes east of UTC). */
export function formatLocalTime(date: Date | null, offsetMinutes: number): string {
  if (!date) return '—';
  const local = new Date(date.getTime() + offsetMinutes * 60_000).toISOString();
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const zone = `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${local.slice(0, 10)} ${local.slice(11, 16)} (${zone})`;
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

const LABELS = {
  zh: {
    subject: (s: TRepairMailInput) => `【测风塔维修申请】站点 ${s.stationCode} ${s.projectName}`,
    greeting: '您好：',
    intro: '以下测风站点需要维修，请尽快安排检修，完成后请回复维修结果。',
    stationCode: '站点编号',
    projectName: '项目名称',
    stationType: '站点类型',
    deviceType: '设备类型',
    manufacturer: '设备厂家',
    location: '位置',
    pylonHeight: '塔高',
    lastData: '最近数据时间',
    period: '告警时段',
    reason: '维修原因',
    requester: '申请人',
    phone: '电话',
    email: '邮箱',
    dept: '部门',
    footer: '此邮件由 MastHub 测风数据平台发送。',
  },
  en: {
    subject: (s: TRepairMailInput) => `[Met mast repair request] Site ${s.stationCode} ${s.projectName}`,
    greeting: 'Hello,',
    intro:
      'The measurement site below needs a repair. Please arrange a visit and reply with the result when it is done.',
    stationCode: 'Site code',
    projectName: 'Project',
    stationType: 'Site type',
    deviceType: 'Device type',
    manufacturer: 'Manufacturer',
    location: 'Location',
    pylonHeight: 'Mast height',
    lastData: 'Last data',
    period: 'Alarm period',
    reason: 'Reason',
    requester: 'Requested by',
    phone: 'phone',
    email: 'e-mail',
    dept: 'Department',
    footer: 'Sent by the MastHub wind measurement platform.',
  },
} as const;

/** The repair request e-mail of one site, in the requester's language and time zone. */
export function composeRepairMail(
  input: TRepairMailInput,
  language: Language,
  offsetMinutes: number,
): { subject: string; text: string } {
  const l = LABELS[language];
  const sep = language === 'zh' ? '：' : ': ';
  const coords = `${input.longitude.toFixed(5)}, ${input.latitude.toFixed(5)}`;
  const period =
    input.periodStart === null
      ? '—'
      : `${formatLocalTime(input.periodStart, offsetMinutes)} — ${formatLocalTime(input.periodEnd, offsetMinutes)}`;
  const contact = [
    input.requester.phone ? `${l.phone} ${input.requester.phone}` : '',
    input.requester.email ? `${l.email} ${input.requester.email}` : '',
  ]
    .filter(Boolean)
    .join(language === 'zh' ? '，' : ', ');
  const lines = [
    l.greeting,
    '',
    l.intro,
    '',
    `${l.stationCode}${sep}${input.stationCode}`,
    `${l.projectName}${sep}${input.projectName}`,
    `${l.stationType}${sep}${input.stationTypeName}`,
    `${l.deviceType}${sep}${input.deviceType || '—'}`,
    `${l.manufacturer}${sep}${input.manufacturerName || '—'}`,
    `${l.location}${sep}${input.location ? `${input.location} ` : ''}(${coords})`,
    `${l.pylonHeight}${sep}${input.pylonHeightM === null ? '—' : `${input.pylonHeightM} m`}`,
    `${l.lastData}${sep}${formatLocalTime(input.lastDataTime, offsetMinutes)}`,
    `${l.period}${sep}${period}`,
    `${l.reason}${sep}${input.reason}`,
    '',
    `${l.requester}${sep}${input.requester.name}${contact ? (language === 'zh' ? `（${contact}）` : ` (${contact})`) : ''}`,
    ...(input.requester.dept ? [`${l.dept}${sep}${input.requester.dept}`] : []),
    '',
    '—',
    l.footer,
  ];
  return { subject: l.subject(input), text: lines.join('\n') };
}
