import { describe, expect, it } from 'vitest';
import { MAX_VISIBLE_ROW_ACTIONS, rowActionsWidthPx, splitRowActions, textWidthPx } from './row-actions.ts';

const user = ['Edit', 'Rights', 'Reset password', 'Reset 2FA', 'Access tokens', 'Delete'];

describe('splitRowActions(actions, maxVisible)', () => {
  it('shows up to three actions in the row', () => {
    expect(splitRowActions(['Edit', 'Delete'])).toEqual({ visible: ['Edit', 'Delete'], more: [] });
    expect(splitRowActions(['Edit', 'Pull now', 'Delete'])).toEqual({
      visible: ['Edit', 'Pull now', 'Delete'],
      more: [],
    });
  });

  it('shows two and puts the rest, in order, in "More" when a row has more than three', () => {
    expect(MAX_VISIBLE_ROW_ACTIONS).toBe(3);
    expect(splitRowActions(user)).toEqual({
      visible: ['Edit', 'Rights'],
      more: ['Reset password', 'Reset 2FA', 'Access tokens', 'Delete'],
    });
  });
});

describe('textWidthPx(text)', () => {
  it('counts a Chinese character as wide as the font and Latin letters about half of it', () => {
    expect(textWidthPx('重置密码')).toBe(58);
    expect(textWidthPx('Edit')).toBeGreaterThanOrEqual(26);
    expect(textWidthPx('Edit')).toBeLessThan(40);
  });
});

describe('rowActionsWidthPx(rows, texts)', () => {
  const texts = { more: 'More', title: 'Actions' };

  it('is as wide as the widest row: its visible buttons and its "More" button', () => {
    const width = rowActionsWidthPx(
      [user.map((label) => ({ label })), ['Edit', 'Rights'].map((label) => ({ label }))],
      texts,
    );
    const expected = 14 * 3 + textWidthPx('Edit') + textWidthPx('Rights') + textWidthPx('More') + 16 + 18;
    expect(width).toBe(expected);
    // Far narrower than the six buttons side by side.
    expect(width).toBeLessThan(user.reduce((sum, label) => sum + 14 + textWidthPx(label), 0));
  });

  it('is never narrower than the column title, with no rows on the page', () => {
    expect(rowActionsWidthPx([], texts)).toBe(textWidthPx('Actions') + 18);
  });
});
