import {
  isResolvedByEdit,
  type TDoubt,
  type TParseRule,
  type TRecognition,
  type TRecognizedChannel,
} from '@masthub/shared';
import { stampDoubts, valueDoubts, windDoubts } from './doubts.ts';

/**
 * The doubts still open when a user confirms a preview with `rule` and `channels` (issue 40 §1):
 * - a doubt about how a column or the time axis was read is resolved by changing what it is about (the
 *   column's element, statistic, height or unit; the date format; the zone), or by leaving the column out;
 * - the values, stamps and the wind columns are judged again as confirmed (`parsed`: the file parsed with
 *   the confirmed rule and channels, in MastHub's units), so a unit the user chose that fits the values
 *   resolves the values' doubt, and one that does not raises it again.
 * What is left must be accepted as it is, by id, for the file to be stored.
 */
export function openDoubts(
  recognition: TRecognition,
  rule: TParseRule,
  channels: readonly TRecognizedChannel[],
  /** The file parsed with the confirmed rule and channels, in MastHub's units (the parser port's). */
  parsed: { timesMs: Float64Array; columns: { channel: TRecognizedChannel; values: Float32Array }[] },
): TDoubt[] {
  // Values, stamps and the file are judged again below as parsed; the rest stays open unless the edit resolved it.
  const open = recognition.doubts.filter(
    (doubt) =>
      doubt.field !== 'values' &&
      doubt.field !== 'stamps' &&
      doubt.field !== 'file' &&
      !isResolvedByEdit(doubt, recognition, rule, channels),
  );
  const times = parsed.timesMs;
  return [
    ...open,
    ...stampDoubts(times[0], times[times.length - 1]),
    // The parser port hands the values over in MastHub's units.
    ...valueDoubts(parsed.columns, false),
    ...windDoubts(channels),
  ];
}
