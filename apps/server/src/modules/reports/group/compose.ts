import {
  ALARM_TYPE_NAMES,
  type Language,
  STATEMENT_TYPE_NAMES,
  STATION_STATUSES,
  type TAlarmType,
  type TReportSection,
  type TStatementType,
} from '@masthub/shared';
import { say, type TServerTextKey } from '../../../i18n/index.ts';
import { textsIn } from '../../../i18n/pick.ts';
import type { TBlock } from '../render/render.ts';
import type { TLongTermFigures, TReportFigures } from './collect.ts';
import { periodLabel, REPORT_OFFSET_MINUTES } from './periods.ts';

export interface TComposeInput {
  groupName: string;
  type: TStatementType;
  sections: readonly TReportSection[];
  figures: TReportFigures;
  language: Language;
  generatedAt: Date;
}

/** The alarm counts of the whole group in the period. */
interface TAlarmTotals {
  openAtStart: number;
  raised: number;
  closed: number;
  handled: number;
  openAtEnd: number;
}

/** The catalogue key of each event kind of the repairs section. */
const EVENT_TEXTS = {
  alarm_open: 'groupReport.event.alarmOpen',
  alarm_raised: 'groupReport.event.alarmRaised',
  alarm_closed: 'groupReport.event.alarmClosed',
  repair_requested: 'groupReport.event.repairRequested',
  repair_closed: 'groupReport.event.repairClosed',
} as const satisfies Record<string, TServerTextKey>;

function localTime(date: Date | null): string {
  if (!date) return '—';
  return new Date(date.getTime() + REPORT_OFFSET_MINUTES * 60_000)
    .toISOString()
    .slice(0, 16)
    .replace('T', ' ');
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const num = (x: number | null, digits = 2) => (x === null ? '—' : x.toFixed(digits));

/** The blocks of a group report, in the template's section order and the report's language. */
export function composeReport(input: TComposeInput): TBlock[] {
  const t = textsIn(input.language, 'groupReport.');
  const { figures } = input;
  const typeName = STATEMENT_TYPE_NAMES[input.type][input.language];
  const statusName = (value: number) =>
    STATION_STATUSES.find((s) => s.value === value)?.name[input.language] ?? String(value);
  const blocks: TBlock[] = [
    {
      kind: 'title',
      text: say(input.language, 'groupReport.title', { group: input.groupName, type: typeName }),
      subtitle: `${t.period}: ${periodLabel(input.type, figures.period)}    ${t.generated}: ${localTime(input.generatedAt)} (UTC+08:00)`,
    },
  ];
  for (const section of input.sections) {
    if (section === 'summary') {
      blocks.push(
        { kind: 'heading', text: t.summary },
        {
          kind: 'paragraph',
          text: say(input.language, 'groupReport.summaryText', {
            sites: figures.sites.length,
            reporting: figures.reporting,
            silent: figures.silent,
          }),
        },
      );
      blocks.push({
        kind: 'table',
        columns: [
          { title: `${t.bandTitle} · ${t.band}`, width: 3 },
          { title: t.sitesCount, width: 1 },
        ],
        rows: figures.bands.map((b) => [`${b.from}–${b.to}%`, String(b.count)]),
      });
    } else if (section === 'recovery_chart') {
      blocks.push({ kind: 'chart', id: 'recovery', caption: t.recoveryChart });
    } else if (section === 'speed_chart') {
      blocks.push({ kind: 'chart', id: 'speed', caption: t.speedChart });
    } else if (section === 'sites') {
      blocks.push({ kind: 'heading', text: t.sites }, { kind: 'paragraph', text: t.recoveryTwoFigures });
      blocks.push({
        kind: 'table',
        columns: [
          { title: t.code, width: 1.1 },
          { title: t.project, width: 2.2 },
          { title: t.recoveryMeasured, width: 1 },
          { title: t.recoveryAfter, width: 1.1 },
          { title: `${t.height} (m)`, width: 0.9 },
          { title: `${t.mean} (m/s)`, width: 1.1 },
          { title: `${t.gust} (m/s)`, width: 1.1 },
          { title: t.status, width: 1.1 },
          { title: t.lastData, width: 1.7 },
        ],
        rows: figures.sites.flatMap((s) => {
          const heights = s.heights.length > 0 ? s.heights : [null];
          return heights.map((h, i) => [
            i === 0 ? s.stationCode : '',
            i === 0 ? s.projectName : '',
            i === 0 ? pct(s.recovery) : '',
            i === 0 ? pct(s.recoveryAfter) : '',
            h ? String(h.heightM) : '—',
            h ? num(h.meanSpeed) : '—',
            h ? num(h.maxGust, 1) : '—',
            i === 0 ? statusName(s.status) : '',
            i === 0 ? localTime(s.lastDataTime) : '',
          ]);
        }),
      });
    } else if (section === 'alarms') {
      const totals = figures.sites.reduce<TAlarmTotals>(
        (n, s) => ({
          openAtStart: n.openAtStart + s.alarmsOpenAtStart,
          raised: n.raised + s.alarmsRaised,
          closed: n.closed + s.alarmsClosed,
          handled: n.handled + s.alarmsHandled,
          openAtEnd: n.openAtEnd + s.alarmsOpenAtEnd,
        }),
        { openAtStart: 0, raised: 0, closed: 0, handled: 0, openAtEnd: 0 },
      );
      blocks.push(
        { kind: 'heading', text: t.alarms },
        { kind: 'paragraph', text: say(input.language, 'groupReport.alarmsText', { ...totals }) },
      );
      blocks.push({
        kind: 'table',
        columns: [
          { title: t.code, width: 1 },
          { title: t.project, width: 2 },
          { title: t.openAtStart, width: 1 },
          { title: t.raised, width: 1 },
          { title: t.closedAlarms, width: 1 },
          { title: t.handled, width: 1 },
          { title: t.openAtEnd, width: 1 },
        ],
        rows: figures.sites.map((s) => [
          s.stationCode,
          s.projectName,
          String(s.alarmsOpenAtStart),
          String(s.alarmsRaised),
          String(s.alarmsClosed),
          String(s.alarmsHandled),
          String(s.alarmsOpenAtEnd),
        ]),
      });
    } else if (section === 'repairs') {
      blocks.push({ kind: 'heading', text: t.repairs });
      // The alarms of section 3 are here too (carried over, raised, closed), so both sections agree.
      const events = figures.sites.flatMap((s) =>
        s.events.map((e) => [
          localTime(e.time),
          s.stationCode,
          say(input.language, EVENT_TEXTS[e.kind]),
          e.kind.startsWith('alarm_')
            ? (ALARM_TYPE_NAMES[e.text as TAlarmType]?.[input.language] ?? e.text)
            : e.text,
        ]),
      );
      if (events.length === 0) blocks.push({ kind: 'paragraph', text: t.none });
      else
        blocks.push({
          kind: 'table',
          columns: [
            { title: t.time, width: 1.4 },
            { title: t.code, width: 1 },
            { title: t.detail, width: 1.4 },
            { title: '', width: 3.4 },
          ],
          rows: events,
        });
    }
  }
  if (figures.longTerm.length > 0) blocks.push(...longTermSection(figures.longTerm, input.language));
  blocks.push({ kind: 'paragraph', text: t.footer });
  return blocks;
}

/** The catalogue key of each convergence verdict, and of none computed or a failure. */
const CONVERGENCE_TEXTS = {
  converged: 'longterm.status.converged',
  not_yet: 'longterm.status.notYet',
  too_short: 'longterm.status.tooShort',
  none: 'longterm.status.none',
  failed: 'groupReport.longTermFailed',
} as const satisfies Record<string, TServerTextKey>;

/**
 * The group's sites with a long-term default (issue 28, WIND-ANALYSIS §13), after the template's sections:
 * the verdict of their convergence, M, the long-term estimate ± u_MCP, the months still needed.
 */
function longTermSection(sites: readonly TLongTermFigures[], language: Language): TBlock[] {
  const t = textsIn(language, 'groupReport.');
  return [
    { kind: 'heading', text: t.longTerm },
    { kind: 'paragraph', text: t.longTermText },
    {
      kind: 'table',
      columns: [
        { title: t.code, width: 1 },
        { title: t.project, width: 1.8 },
        { title: t.longTermReference, width: 2 },
        { title: t.longTermStatus, width: 1.2 },
        { title: t.longTermMonths, width: 0.8 },
        { title: `${t.longTermEstimate} (m/s)`, width: 1.6 },
        { title: t.longTermMonthsNeeded, width: 1 },
      ],
      rows: sites.map((s) => [
        s.stationCode,
        s.projectName,
        s.isReferenceVisible ? s.referenceName : say(language, 'longterm.reference.hidden'),
        say(language, CONVERGENCE_TEXTS[s.isFailed ? 'failed' : (s.status ?? 'none')]),
        s.status === null ? '—' : String(s.months),
        s.latestLtMps === null
          ? '—'
          : s.latestUMcp === null
            ? num(s.latestLtMps)
            : `${num(s.latestLtMps)} ± ${num(s.latestLtMps * s.latestUMcp)} (${pct(s.latestUMcp)})`,
        s.status === null || s.monthsNeeded === null ? '—' : String(s.monthsNeeded),
      ]),
    },
  ];
}
