import type { EChartsOption } from 'echarts';

/** The height of a one-line legend at the top (scrolling sideways when its items do not fit), px. */
export const LEGEND_HEIGHT_PX = 24;
/** Room a date label such as "2024-07-10" takes on a time axis, with its gap, px. */
const TIME_LABEL_PX = 90;
/** Room a number label takes on a horizontal value axis, px. */
const VALUE_LABEL_PX = 80;
/** Height a label of a vertical value axis needs, with its gap, px. */
const ROW_LABEL_PX = 36;
/** Gap between two labels of a category axis, and along the radius of a polar chart, px. */
const LABEL_GAP_PX = 12;
/** Room between two rings of a polar chart that carry a label, px. */
const RADIUS_LABEL_PX = 48;
/** What the grid keeps from each side of the canvas; axis labels and names are held inside it. */
const EDGE_PX = { left: 8, right: 16, bottom: 8, top: 12 } as const;

type TRecord = Record<string, unknown>;

const asList = (value: unknown): TRecord[] =>
  value === undefined ? [] : ((Array.isArray(value) ? value : [value]) as TRecord[]);
const sameShape = <T>(value: unknown, list: T[]): T | T[] => (Array.isArray(value) ? list : list[0]!);

/** The estimated width of a label at 12 px (Chinese characters full width, Latin about half). */
export function labelWidthPx(text: string): number {
  let width = 0;
  for (const char of text) width += /[\u2e80-\ua4cf\uac00-\ud7a3\uff00-\uffef]/.test(char) ? 12 : 7;
  return width;
}

/**
 * How many labels to skip between two shown on a category axis of `count` labels (ECharts'
 * `axisLabel.interval`) so that they do not touch over `lengthPx`.
 */
export function categoryInterval(labels: readonly string[], lengthPx: number): number {
  if (labels.length === 0 || lengthPx <= 0) return 0;
  const widest = Math.max(...labels.map(labelWidthPx)) + LABEL_GAP_PX;
  return Math.max(0, Math.ceil((widest * labels.length) / lengthPx) - 1);
}

function fitAxis(axis: TRecord, lengthPx: number, isHorizontal: boolean, isRight = false): TRecord {
  const axisLabel: TRecord = { hideOverlap: true, ...(axis['axisLabel'] as TRecord | undefined) };
  const fitted: TRecord = { ...axis, axisLabel };
  const type = axis['type'] ?? (isHorizontal ? 'category' : 'value');
  if (type === 'category') {
    const data = (axis['data'] as unknown[] | undefined) ?? [];
    const labels = data.map((d) =>
      typeof d === 'object' && d !== null ? String((d as TRecord)['value'] ?? '') : String(d),
    );
    // Horizontal labels side by side; vertical ones one above the other (turned labels are the caller's).
    if (axisLabel['interval'] === undefined && axisLabel['rotate'] === undefined) {
      axisLabel['interval'] = isHorizontal
        ? categoryInterval(labels, lengthPx)
        : Math.max(0, Math.ceil((ROW_LABEL_PX * labels.length) / Math.max(lengthPx, 1)) - 1);
    }
  } else if (axis['splitNumber'] === undefined && axis['interval'] === undefined) {
    const room = isHorizontal ? (type === 'time' ? TIME_LABEL_PX : VALUE_LABEL_PX) : ROW_LABEL_PX;
    fitted['splitNumber'] = Math.max(2, Math.floor(lengthPx / room));
  }
  // A vertical axis's name over its top end starts at the axis and runs into the plot, never off the canvas.
  const location = axis['nameLocation'] ?? 'end';
  if (!isHorizontal && axis['name'] && (location === 'end' || location === 'start')) {
    const style = (axis['nameTextStyle'] as TRecord | undefined) ?? {};
    fitted['nameTextStyle'] = { align: isRight ? 'right' : 'left', ...style };
  }
  return fitted;
}

/**
 * The one rule of chart labels (issue 41 §4), applied to every result chart at the size it is drawn:
 * the legend is one line at the top, scrolling sideways when its items do not fit; the plot starts below
 * it and holds its axis labels and names inside (ECharts 6 `outerBounds`), so a legend never covers an
 * axis unit; each axis picks how many labels it shows from its length — a category axis skips labels so
 * they do not touch, a time or value axis asks for as many ticks as fit, and labels that would still
 * overlap are hidden; a polar chart's radius shows as many rings as its radius holds, and its angle
 * labels thin out the same way. A chart with a zoom slider or a colour scale keeps its own margins.
 * What the caller set explicitly (a label interval, a split number) stays.
 */
export function fitChartOption(
  option: EChartsOption,
  box: { widthPx: number; heightPx: number },
): EChartsOption {
  const source = option as TRecord;
  const fitted: TRecord = { ...source };
  const legend = asList(source['legend'])[0];
  const hasTopLegend =
    legend !== undefined &&
    legend['show'] !== false &&
    legend['bottom'] === undefined &&
    !Array.isArray(source['legend']);
  if (hasTopLegend) {
    fitted['legend'] = { ...legend, type: 'scroll', top: 0, left: 'center', width: box.widthPx - 32 };
  }
  const top = hasTopLegend ? LEGEND_HEIGHT_PX + 8 : EDGE_PX.top;
  const grids = asList(source['grid']);
  const keepsMargins = source['dataZoom'] !== undefined || source['visualMap'] !== undefined;
  let plot = { widthPx: box.widthPx - 80, heightPx: box.heightPx - top - 40 };
  if (source['xAxis'] !== undefined && grids.length <= 1) {
    const grid = grids[0] ?? {};
    fitted['grid'] = keepsMargins
      ? { ...grid, top: Math.max(Number(grid['top'] ?? 0), top + 24) }
      : { ...grid, ...EDGE_PX, top, outerBoundsMode: 'same', outerBoundsContain: 'all' };
    if (keepsMargins) {
      const left = Number(grid['left'] ?? 60);
      const right = Number(grid['right'] ?? 20);
      plot = { widthPx: box.widthPx - left - right, heightPx: box.heightPx - top - 64 };
    }
  }
  if (source['xAxis'] !== undefined) {
    fitted['xAxis'] = sameShape(
      source['xAxis'],
      asList(source['xAxis']).map((axis) => fitAxis(axis, plot.widthPx, true)),
    );
  }
  if (source['yAxis'] !== undefined) {
    fitted['yAxis'] = sameShape(
      source['yAxis'],
      // A second value axis stands on the right unless placed.
      asList(source['yAxis']).map((axis, index) =>
        fitAxis(
          axis,
          plot.heightPx,
          false,
          axis['position'] === 'right' || (index === 1 && axis['position'] !== 'left'),
        ),
      ),
    );
  }
  if (source['polar'] !== undefined && !Array.isArray(source['polar'])) {
    const polar = source['polar'] as TRecord;
    const given = String(polar['radius'] ?? '70%');
    const share = given.endsWith('%') ? Number.parseFloat(given) / 100 : 0.7;
    // The disc sits under the legend, with room for its angle labels around it.
    const radiusPx = (Math.min(box.widthPx, box.heightPx - top) / 2 - 24) * Math.min(share / 0.7, 1);
    fitted['polar'] = {
      ...polar,
      center: ['50%', `${Math.round(((top + (box.heightPx - top) / 2) / box.heightPx) * 100)}%`],
      radius: Math.max(40, Math.round(radiusPx)),
    };
    const radiusAxis = (source['radiusAxis'] as TRecord | undefined) ?? {};
    fitted['radiusAxis'] = {
      // Above the bars.
      z: 10,
      ...radiusAxis,
      splitNumber: radiusAxis['splitNumber'] ?? Math.max(2, Math.floor(radiusPx / RADIUS_LABEL_PX)),
      // The centre and the outer ring stay unlabelled (the bars meet at one, the angle labels sit by the
      // other); the labels between keep a light ground so that bars under them do not hide them.
      axisLabel: {
        hideOverlap: true,
        fontSize: 10,
        showMinLabel: false,
        showMaxLabel: false,
        backgroundColor: 'rgba(255, 255, 255, 0.75)',
        padding: [1, 2],
        ...(radiusAxis['axisLabel'] as TRecord | undefined),
      },
    };
    const angleAxis = source['angleAxis'] as TRecord | undefined;
    if (angleAxis?.['type'] === 'category') {
      const labels = ((angleAxis['data'] as unknown[] | undefined) ?? []).map(String);
      const axisLabel: TRecord = { hideOverlap: true, ...(angleAxis['axisLabel'] as TRecord | undefined) };
      if (axisLabel['interval'] === undefined) {
        axisLabel['interval'] = categoryInterval(labels, 2 * Math.PI * (radiusPx + 12));
      }
      fitted['angleAxis'] = { ...angleAxis, axisLabel };
    }
  }
  return fitted as EChartsOption;
}
