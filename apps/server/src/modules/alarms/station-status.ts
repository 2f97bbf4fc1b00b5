/**
 * The site status (SPEC §4) follows the operations loop; every change of it goes through here.
 *
 * States: -1 not monitored (no data yet), 0 normal, 1 alarming (an open alarm), 2 checking (an alarm
 * judged suspicious: watched closely), 3 in maintenance (a repair was requested).
 */
export const STATION_STATUS_EVENTS = [
  /** Data was stored for the site. */
  'data_arrived',
  /** An alarm opened. */
  'alarm_opened',
  /** The last open alarm closed (the condition stopped, e.g. data flows again). */
  'alarms_closed',
  /** A handler's decision on an alarm. */
  'handled_ignore',
  'handled_focus',
  'handled_normal',
  'handled_repair',
  /** A repair was recorded as done. */
  'repair_closed',
] as const;
export type TStationStatusEvent = (typeof STATION_STATUS_EVENTS)[number];

const NOT_MONITORED = -1;
const NORMAL = 0;
const ALARMING = 1;
const CHECKING = 2;
const MAINTENANCE = 3;

/**
 * The transition table: the status after `event` in each status. A site in maintenance stays so until
 * its repair is recorded (alarms of a broken mast are expected); a watched site stays watched until a
 * handler calls it normal (or asks for a repair); a site without data cannot alarm.
 */
const TRANSITIONS: Record<TStationStatusEvent, Record<number, number>> = {
  data_arrived: {
    [NOT_MONITORED]: NORMAL,
    [NORMAL]: NORMAL,
    [ALARMING]: ALARMING,
    [CHECKING]: CHECKING,
    [MAINTENANCE]: MAINTENANCE,
  },
  alarm_opened: {
    [NOT_MONITORED]: NOT_MONITORED,
    [NORMAL]: ALARMING,
    [ALARMING]: ALARMING,
    [CHECKING]: CHECKING,
    [MAINTENANCE]: MAINTENANCE,
  },
  alarms_closed: {
    [NOT_MONITORED]: NOT_MONITORED,
    [NORMAL]: NORMAL,
    [ALARMING]: NORMAL,
    [CHECKING]: CHECKING,
    [MAINTENANCE]: MAINTENANCE,
  },
  handled_ignore: {
    [NOT_MONITORED]: NOT_MONITORED,
    [NORMAL]: NORMAL,
    [ALARMING]: NORMAL,
    [CHECKING]: CHECKING,
    [MAINTENANCE]: MAINTENANCE,
  },
  handled_focus: {
    [NOT_MONITORED]: NOT_MONITORED,
    [NORMAL]: CHECKING,
    [ALARMING]: CHECKING,
    [CHECKING]: CHECKING,
    [MAINTENANCE]: MAINTENANCE,
  },
  handled_normal: {
    [NOT_MONITORED]: NOT_MONITORED,
    [NORMAL]: NORMAL,
    [ALARMING]: NORMAL,
    [CHECKING]: NORMAL,
    [MAINTENANCE]: MAINTENANCE,
  },
  handled_repair: {
    [NOT_MONITORED]: NOT_MONITORED,
    [NORMAL]: MAINTENANCE,
    [ALARMING]: MAINTENANCE,
    [CHECKING]: MAINTENANCE,
    [MAINTENANCE]: MAINTENANCE,
  },
  repair_closed: {
    [NOT_MONITORED]: NOT_MONITORED,
    [NORMAL]: NORMAL,
    [ALARMING]: ALARMING,
    [CHECKING]: CHECKING,
    [MAINTENANCE]: NORMAL,
  },
};

/** The status after `event`; an unknown status is left as it is. */
export function nextStationStatus(current: number, event: TStationStatusEvent): number {
  return TRANSITIONS[event][current] ?? current;
}

/**
 * The status changes `event` makes, as [from, to] pairs (statuses it leaves alone are not listed): the
 * same table as `nextStationStatus`, for a set-based update of many sites in one statement.
 */
export function stationStatusMoves(event: TStationStatusEvent): [from: number, to: number][] {
  return Object.entries(TRANSITIONS[event])
    .map(([from, to]): [number, number] => [Number(from), to])
    .filter(([from, to]) => from !== to);
}

/** The handling event of a handler's decision. */
export function handledEvent(mode: 'ignore' | 'focus' | 'normal' | 'repair'): TStationStatusEvent {
  return `handled_${mode}`;
}
