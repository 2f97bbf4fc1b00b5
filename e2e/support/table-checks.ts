import type { Locator, Page } from 'playwright-core';

/** The "More" button's label in the page's language. */
export interface TRowActionTexts {
  more: string;
}

/** What a row offers: the actions in the row, those under "More", and any not wholly in sight. */
export interface TRowActionsSeen {
  row: string;
  visible: string[];
  more: string[];
  hidden: string[];
}

/**
 * The share of an element's box inside the boxes that may clip it: its cell, the table's scroll box and
 * the window (1: wholly in sight).
 */
const SHARE_IN_SIGHT = `(element, clips) => {
  const r = element.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return 0;
  let left = Math.max(r.left, 0);
  let top = Math.max(r.top, 0);
  let right = Math.min(r.right, window.innerWidth);
  let bottom = Math.min(r.bottom, window.innerHeight);
  for (const clip of clips) {
    if (!clip) continue;
    const c = clip.getBoundingClientRect();
    left = Math.max(left, c.left);
    top = Math.max(top, c.top);
    right = Math.min(right, c.right);
    bottom = Math.min(bottom, c.bottom);
  }
  return (Math.max(0, right - left) * Math.max(0, bottom - top)) / (r.width * r.height);
}`;

/**
 * For each row of a table: the labels of the actions in its actions cell (its last cell), and of those in
 * its "More" menu (opened, read, closed again); an action less than wholly in sight (cut by its cell, the
 * table's scroll box or the window) is also listed as hidden.
 */
export async function reachableRowActions(
  page: Page,
  table: Locator,
  texts: TRowActionTexts,
): Promise<TRowActionsSeen[]> {
  const rows = table.locator('.ant-table-tbody tr.ant-table-row');
  const seen: TRowActionsSeen[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    await row.scrollIntoViewIfNeeded();
    const buttons = await row
      .locator('td')
      .last()
      .evaluate((cell, share) => {
        const inSight = new Function(`return ${share}`)() as (e: Element, clips: Element[]) => number;
        const box = cell.closest('.ant-table-content, .ant-table-body');
        return Array.from(cell.querySelectorAll('button')).map((button) => ({
          label: (button.textContent ?? '').trim(),
          isMore: button.getAttribute('data-testid') === 'row-actions-more',
          share: inSight(
            button,
            [cell, box].filter((e): e is Element => e !== null),
          ),
        }));
      }, SHARE_IN_SIGHT);
    const entry: TRowActionsSeen = {
      row: ((await row.locator('td').first().textContent()) ?? '').trim(),
      visible: buttons.filter((b) => !b.isMore).map((b) => b.label),
      more: [],
      hidden: buttons.filter((b) => b.share < 0.99).map((b) => b.label),
    };
    const more = buttons.find((b) => b.isMore);
    if (more) {
      if (more.label !== texts.more) entry.hidden.push(`More is labelled “${more.label}”`);
      const toggle = row.getByTestId('row-actions-more');
      await toggle.click();
      const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
      const items = menu.locator('.ant-dropdown-menu-item');
      await items.first().waitFor();
      // Let the menu's opening animation end before measuring it.
      await page.waitForTimeout(350);
      const listed = await items.evaluateAll((elements, share) => {
        const inSight = new Function(`return ${share}`)() as (e: Element, clips: Element[]) => number;
        return elements.map((e) => ({ label: (e.textContent ?? '').trim(), share: inSight(e, []) }));
      }, SHARE_IN_SIGHT);
      entry.more = listed.map((item) => item.label);
      entry.hidden.push(...listed.filter((item) => item.share < 0.99).map((item) => item.label));
      await toggle.click();
      await menu.waitFor({ state: 'detached' }).catch(() => undefined);
      await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor({ state: 'hidden' });
    }
    seen.push(entry);
  }
  return seen;
}

/**
 * The data cells whose text does not fit (it ends in "…"): "column: text". The actions column (the last)
 * and columns titled in `except` are left out (free text that is meant to end in "…", with a tooltip).
 */
export async function cutDataCells(table: Locator, except: readonly string[] = []): Promise<string[]> {
  return table.evaluate((element, skipped) => {
    const titles = Array.from(element.querySelectorAll('thead tr:last-child th')).map((th) =>
      (th.textContent ?? '').trim(),
    );
    const cut: string[] = [];
    for (const row of Array.from(element.querySelectorAll('.ant-table-tbody tr.ant-table-row'))) {
      const cells = Array.from(row.querySelectorAll(':scope > td'));
      cells.slice(0, -1).forEach((cell, index) => {
        const title = titles[index] ?? String(index);
        if (skipped.includes(title)) return;
        const range = document.createRange();
        range.selectNodeContents(cell);
        const style = getComputedStyle(cell);
        const inner =
          cell.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        if (range.getBoundingClientRect().width > inner + 0.5) cut.push(`${title}: ${cell.textContent}`);
      });
    }
    return cut;
  }, except);
}

/**
 * How far (px) the header cells stand from the body cells under them, at both ends of the table's sideways
 * scroll: 0 when every column's header sits exactly over its cells.
 */
export async function headerBodyMisalignment(table: Locator): Promise<number> {
  return table.evaluate(async (element) => {
    const box = element.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
    let worst = 0;
    for (const end of ['start', 'end'] as const) {
      if (box) box.scrollLeft = end === 'start' ? 0 : box.scrollWidth;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const heads = Array.from(element.querySelectorAll('thead tr:last-child th')).filter(
        (th) => !th.classList.contains('ant-table-cell-scrollbar'),
      );
      const first = element.querySelector('.ant-table-tbody tr.ant-table-row');
      const cells = first ? Array.from(first.querySelectorAll(':scope > td')) : [];
      if (heads.length !== cells.length) return Number.POSITIVE_INFINITY;
      heads.forEach((head, i) => {
        const h = head.getBoundingClientRect();
        const c = cells[i]!.getBoundingClientRect();
        worst = Math.max(worst, Math.abs(h.left - c.left), Math.abs(h.right - c.right));
      });
    }
    if (box) box.scrollLeft = 0;
    return worst;
  });
}
