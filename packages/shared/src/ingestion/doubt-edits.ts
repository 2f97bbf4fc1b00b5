import type { TDoubt, TParseRule, TRecognition, TRecognizedChannel } from './recognition.schema.ts';

/** What a column's doubt is about, as the preview lets the user change it. */
function subjectOf(channel: TRecognizedChannel, field: TDoubt['field']): unknown {
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
 * Whether the user's edit of the preview resolves a doubt about how a column or the time axis was read
 * (issue 40 §1): the column left out, or what the doubt is about changed — a column's element, statistic,
 * height or unit (for the values' doubt: its element or unit), the date format, the zone. The one rule of
 * the preview (web) and of the confirmation (server, which also judges values and stamps again as parsed).
 */
export function isResolvedByEdit(
  doubt: TDoubt,
  recognition: Pick<TRecognition, 'channels' | 'rule'>,
  rule: Pick<TParseRule, 'dateFormat' | 'utcOffsetMinutes'>,
  channels: readonly TRecognizedChannel[],
): boolean {
  if (doubt.column === null) {
    if (doubt.field === 'timeFormat') return rule.dateFormat !== recognition.rule.dateFormat;
    if (doubt.field === 'zone') return rule.utcOffsetMinutes !== recognition.rule.utcOffsetMinutes;
    return false;
  }
  const now = channels.find((c) => c.column === doubt.column);
  if (!now) return true;
  const before = recognition.channels.find((c) => c.column === doubt.column);
  if (!before) return false;
  const changed = (field: TDoubt['field']) => subjectOf(before, field) !== subjectOf(now, field);
  return doubt.field === 'values' ? changed('element') || changed('unit') : changed(doubt.field);
}
