import type { Locator } from 'playwright-core';

/** A box the chart drew (px, in the chart's canvas): a text, or the legend. */
export interface TChartBox {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * What an ECharts chart drew in `host` (a StatChart's element), read through the app's test hook: its
 * texts (legend items, axis names, axis and polar labels — not those ECharts left out as overlapping) and
 * the box of its legend, symbols included.
 */
export async function chartBoxes(host: Locator): Promise<{ texts: TChartBox[]; legend: TChartBox | null }> {
  return host.evaluate((element) => {
    type TRect = { x: number; y: number; width: number; height: number };
    type TBounded = {
      getBoundingRect(): TRect & { clone(): TRect & { applyTransform(m: unknown): void } };
      getComputedTransform?(): unknown;
      transform?: unknown;
    };
    type TElement = TBounded & { ignore?: boolean; invisible?: boolean; style?: { text?: string } };
    type TChart = {
      getZr(): { storage: { getDisplayList(update: boolean): TElement[] } };
      getModel(): { getComponent(type: string): unknown };
      getViewOfComponentModel(model: unknown): { group: TBounded } | undefined;
    };
    const dom = element.querySelector<HTMLElement>('[_echarts_instance_]');
    const chartAt = (window as unknown as { __masthubChartAt?: (e: HTMLElement) => unknown })
      .__masthubChartAt;
    const chart = (dom ? chartAt?.(dom) : undefined) as TChart | undefined;
    if (!chart) throw new Error('no chart drawn here');
    // No named functions in here: the test runner's transform would wrap them in a helper the page lacks.
    const drawn: { e: TBounded; text: string }[] = chart
      .getZr()
      .storage.getDisplayList(true)
      .filter(
        (e) => !e.ignore && !e.invisible && typeof e.style?.text === 'string' && e.style.text.trim() !== '',
      )
      .map((e) => ({ e, text: e.style!.text! }));
    const legendModel = chart.getModel().getComponent('legend');
    const legendView = legendModel ? chart.getViewOfComponentModel(legendModel) : undefined;
    if (legendView) drawn.push({ e: legendView.group, text: 'legend' });
    const boxes = drawn.map(({ e, text }) => {
      const rect = e.getBoundingRect().clone();
      const transform = e.getComputedTransform?.() ?? e.transform;
      if (transform) rect.applyTransform(transform);
      return { text, x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    });
    return {
      texts: legendView ? boxes.slice(0, -1) : boxes,
      legend: legendView ? (boxes[boxes.length - 1] ?? null) : null,
    };
  });
}
const overlap = (a: TChartBox, b: TChartBox) =>
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0.5 &&
  Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 0.5;
const inside = (a: TChartBox, b: TChartBox) =>
  a.x >= b.x - 0.5 &&
  a.y >= b.y - 0.5 &&
  a.x + a.width <= b.x + b.width + 0.5 &&
  a.y + a.height <= b.y + b.height + 0.5;

/**
 * What a user could not read in a chart: pairs of texts drawn over each other ("a × b"), and texts outside
 * the legend drawn under it ("legend × kW").
 */
export function unreadableTexts(boxes: { texts: readonly TChartBox[]; legend: TChartBox | null }): string[] {
  const problems: string[] = [];
  const { texts, legend } = boxes;
  texts.forEach((a, i) => {
    for (const b of texts.slice(i + 1)) if (overlap(a, b)) problems.push(`${a.text} × ${b.text}`);
    if (legend && !inside(a, legend) && overlap(a, legend)) problems.push(`legend × ${a.text}`);
  });
  return problems;
}
