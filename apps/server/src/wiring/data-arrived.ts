import { type AlarmService, alarmsOnDataArrived } from '../modules/alarms/index.ts';
import { hubOnDataArrived } from '../modules/hub/index.ts';
import type { TDataArrivedListener } from '../modules/ingestion/index.ts';

/**
 * Who hears that a file's data is stored, in order: the hub's per-day recovery, then the alarms (site
 * status, data-missing alarm, QC rules over the new period). Ingestion defines the port and names none.
 */
export function dataArrivedListeners(alarms: AlarmService): TDataArrivedListener[] {
  return [hubOnDataArrived, alarmsOnDataArrived(alarms)];
}
