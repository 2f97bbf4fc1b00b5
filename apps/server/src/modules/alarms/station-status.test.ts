import { describe, expect, it } from 'vitest';
import {
  nextStationStatus,
  STATION_STATUS_EVENTS,
  stationStatusMoves,
  type TStationStatusEvent,
} from './station-status.ts';

const N = -1; // not monitored
const OK = 0; // normal
const AL = 1; // alarming
const CH = 2; // checking (focus)
const MT = 3; // in maintenance

/** Every status × event, written out: [from, event, to]. */
const TABLE: [number, TStationStatusEvent, number][] = [
  [N, 'data_arrived', OK],
  [OK, 'data_arrived', OK],
  [AL, 'data_arrived', AL],
  [CH, 'data_arrived', CH],
  [MT, 'data_arrived', MT],
  [N, 'alarm_opened', N],
  [OK, 'alarm_opened', AL],
  [AL, 'alarm_opened', AL],
  [CH, 'alarm_opened', CH],
  [MT, 'alarm_opened', MT],
  [N, 'alarms_closed', N],
  [OK, 'alarms_closed', OK],
  [AL, 'alarms_closed', OK],
  [CH, 'alarms_closed', CH],
  [MT, 'alarms_closed', MT],
  [N, 'handled_ignore', N],
  [OK, 'handled_ignore', OK],
  [AL, 'handled_ignore', OK],
  [CH, 'handled_ignore', CH],
  [MT, 'handled_ignore', MT],
  [N, 'handled_focus', N],
  [OK, 'handled_focus', CH],
  [AL, 'handled_focus', CH],
  [CH, 'handled_focus', CH],
  [MT, 'handled_focus', MT],
  [N, 'handled_normal', N],
  [OK, 'handled_normal', OK],
  [AL, 'handled_normal', OK],
  [CH, 'handled_normal', OK],
  [MT, 'handled_normal', MT],
  [N, 'handled_repair', N],
  [OK, 'handled_repair', MT],
  [AL, 'handled_repair', MT],
  [CH, 'handled_repair', MT],
  [MT, 'handled_repair', MT],
  [N, 'repair_closed', N],
  [OK, 'repair_closed', OK],
  [AL, 'repair_closed', AL],
  [CH, 'repair_closed', CH],
  [MT, 'repair_closed', OK],
];

describe('nextStationStatus(current, event)', () => {
  it.each(TABLE)('moves a site in status %i on %s to %i', (from, event, to) => {
    expect(nextStationStatus(from, event)).toBe(to);
  });

  it('covers every event in every status', () => {
    for (const event of STATION_STATUS_EVENTS) {
      for (const from of [N, OK, AL, CH, MT]) {
        expect(
          TABLE.some(([f, e]) => f === from && e === event),
          `${from} ${event}`,
        ).toBe(true);
      }
    }
  });

  it('leaves an unknown status as it is', () => {
    expect(nextStationStatus(7, 'alarm_opened')).toBe(7);
  });
});

describe('stationStatusMoves(event)', () => {
  it('lists exactly the changes nextStationStatus makes, for every event', () => {
    for (const event of STATION_STATUS_EVENTS) {
      const moves = new Map(stationStatusMoves(event));
      for (const from of [N, OK, AL, CH, MT]) {
        expect(moves.get(from) ?? from, `${from} ${event}`).toBe(nextStationStatus(from, event));
      }
    }
  });

  it('moves only a normal site on alarm_opened, to alarming', () => {
    expect(stationStatusMoves('alarm_opened')).toEqual([[OK, AL]]);
  });
});
