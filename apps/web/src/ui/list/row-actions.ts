import type { FeatureKey } from '@masthub/shared';
import type { ReactNode } from 'react';

/** One action of a table row: a link button, or an item of the row's "More" menu. */
export interface TRowAction {
  key: string;
  label: string;
  onClick?: () => void;
  /** An icon before the label (the label stays: it names the action in the menu and to screen readers). */
  icon?: ReactNode;
  danger?: boolean;
  /** The function permission it needs: without it the action is shown disabled with "no permission". */
  feature?: FeatureKey | undefined;
  /** Why the action cannot be used on this row: shown disabled with the reason as its tip. */
  disabledReason?: string | undefined;
  loading?: boolean;
  testId?: string;
}

/**
 * At most this many actions show in a row; a row with more shows one fewer and a "More" menu with the
 * rest (the one rule of the administration tables, issue 41 §4).
 */
export const MAX_VISIBLE_ROW_ACTIONS = 3;

/** The actions shown as buttons and those in the "More" menu, in their declared order. */
export function splitRowActions<A>(
  actions: readonly A[],
  maxVisible = MAX_VISIBLE_ROW_ACTIONS,
): { visible: A[]; more: A[] } {
  if (actions.length <= maxVisible) return { visible: [...actions], more: [] };
  return { visible: actions.slice(0, maxVisible - 1), more: actions.slice(maxVisible - 1) };
}

// Widths of the body text (14 px) by kind of character, rounded up from the fonts the app ships with
// (system sans-serif, WenQuanYi Micro Hei for Chinese): an estimate that errs on the wide side.
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;
const NARROW = /[iIl.,:;'|!()[\]{} ]/;
const CAPITAL = /[A-Z0-9MW]/;

/** The estimated width in px of a text at 14 px. */
export function textWidthPx(text: string): number {
  let width = 0;
  for (const char of text) {
    if (WIDE.test(char)) width += 14.5;
    else if (NARROW.test(char)) width += 4.5;
    else if (CAPITAL.test(char) || char === 'm' || char === 'w') width += 10;
    else width += 8;
  }
  return Math.ceil(width);
}

/** A small link button: 7 px padding each side; an icon adds itself and a gap. */
const BUTTON_PADDING_PX = 14;
const ICON_PX = 14 + 8;
/** The "More" button's caret. */
const CARET_PX = 12 + 4;
/** The cell's padding (middle-size table) and border. */
const CELL_PADDING_PX = 16 + 2;

function buttonWidthPx(action: { label: string; icon?: unknown }): number {
  return BUTTON_PADDING_PX + textWidthPx(action.label) + (action.icon ? ICON_PX : 0);
}

/**
 * The width the action column needs for rows with these actions (each row's list): its widest row of
 * visible buttons and, where a row has more, its "More" button — never less than the column's title.
 */
export function rowActionsWidthPx(
  rows: readonly (readonly { label: string; icon?: unknown }[])[],
  texts: { more: string; title: string },
  maxVisible = MAX_VISIBLE_ROW_ACTIONS,
): number {
  let widest = textWidthPx(texts.title);
  for (const actions of rows) {
    const { visible, more } = splitRowActions(actions, maxVisible);
    let width = visible.reduce((sum, action) => sum + buttonWidthPx(action), 0);
    if (more.length > 0) width += BUTTON_PADDING_PX + textWidthPx(texts.more) + CARET_PX;
    widest = Math.max(widest, width);
  }
  return widest + CELL_PADDING_PX;
}
