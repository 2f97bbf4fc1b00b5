import type { TDoubt, TParseRule, TRecognition, TRecognizedChannel } from '@masthub/shared';
import { stampDoubts, valueDoubts, windDoubts } from './doubts.ts';

/** The parts of a channel a doubt can be about, as the user may change them in the preview. */
function partOf(channel: TRecognizedChannel, field: TDoubt['field']): unknown {
  switch (field) {
    case 'element':
      return channel.element;
    case 'statistic':
      return channel.statistic;
    case 'height':
      return channel.heightM;
    case 'unit':
      return channel.sourceUnit || channel.unit;
    default:
      return undefined;
  }
}

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
  const recognized = new Map(recognition.channels.map((c) => [c.column, c]));
  const confirmed = new Map(channels.map((c) => [c.column, c]));
  const open: TDoubt[] = [];
  for (const doubt of recognition.doubts) {
    if (doubt.field === 'values' || doubt.field === 'stamps' || doubt.field === 'file') continue;
    if (doubt.column !== null) {
      const before = recognized.get(doubt.column);
      const now = confirmed.get(doubt.column);
      if (!now) continue;
      if (before && partOf(before, doubt.field) !== partOf(now, doubt.field)) continue;
      open.push(doubt);
      continue;
    }
    if (doubt.field === 'timeFormat' && rule.dateFormat !== recognition.rule.dateFormat) continue;
    if (doubt.field === 'zone' && rule.utcOffsetMinutes !== recognition.rule.utcOffsetMinutes) continue;
    open.push(doubt);
  }
  const times = parsed.timesMs;
  return [
    ...open,
    ...stampDoubts(times[0], times[times.length - 1]),
    // The parser port hands the values over in MastHub's units.
    ...valueDoubts(parsed.columns, false),
    ...windDoubts(channels),
  ];
}
