/** The colours of a pass (✓) and a fail (✗) mark in the result tables. */
export const PASS_MARK_COLOURS: Readonly<Record<string, string>> = { '✓': '#389e0d', '✗': '#cf1322' };

/** A ✓/✗ mark in its colour (another mark keeps the text colour); an empty mark shows "—". */
export function PassMark({ mark, fontWeight = 600 }: { mark: string; fontWeight?: number }) {
  return mark ? <span style={{ color: PASS_MARK_COLOURS[mark], fontWeight }}>{mark}</span> : <>—</>;
}
