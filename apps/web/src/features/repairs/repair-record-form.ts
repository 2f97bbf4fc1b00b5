import dayjs, { type Dayjs } from 'dayjs';
import { readUtcCode } from '../../request/request.ts';
import { utcOffsetMinutes, wallTimeToIso } from '../../ui/date-time.ts';

/** An instant (ISO) as the picker's value, in the user's time zone. */
export function toPicker(value: string | null | undefined): Dayjs | undefined {
  if (!value) return undefined;
  // The picker edits wall time: the instant as the user's clock shows it.
  return dayjs(dayjs.utc(value).utcOffset(utcOffsetMinutes(readUtcCode())).format('YYYY-MM-DD HH:mm:ss'));
}

/** A picked wall time as an ISO instant in the user's time zone (null when empty). */
export function fromPicker(value: Dayjs | null | undefined): string | null {
  return value ? wallTimeToIso(value.format('YYYY-MM-DD HH:mm:ss'), readUtcCode()) : null;
}

/** The repair record dialogs' form values (times as picker values). */
export interface RecordValues {
  faultType?: string;
  faultDesc?: string;
  faultStart?: Dayjs;
  maintainResult?: string;
  maintainStaff?: string;
  maintainDate?: Dayjs;
  endTime?: Dayjs;
  /** The sensors of the site the repair touched (issue 44 §3). */
  sensorIds?: number[];
}
