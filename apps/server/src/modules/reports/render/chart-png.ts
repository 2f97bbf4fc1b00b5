import { Resvg } from '@resvg/resvg-js';
import * as echarts from 'echarts';
import { CJK_FONT, type TChartImage } from './render.ts';

const WIDTH = 1000;
const HEIGHT = 420;

/**
 * An ECharts option rendered on the server (SVG string renderer, no DOM) and rasterised to PNG with
 * resvg, using the same Noto Sans SC as the PDF so Chinese axis labels draw on any machine.
 */
export function toPng(option: echarts.EChartsOption, size = { width: WIDTH, height: HEIGHT }): TChartImage {
  const { width, height } = size;
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  chart.setOption({ animation: false, textStyle: { fontFamily: 'Noto Sans SC' }, ...option });
  const svg = chart.renderToSVGString();
  chart.dispose();
  const png = new Resvg(svg, {
    background: '#ffffff',
    fitTo: { mode: 'width', value: width * 2 },
    font: { fontFiles: [CJK_FONT.regular], loadSystemFonts: false, defaultFontFamily: 'Noto Sans SC' },
  })
    .render()
    .asPng();
  return { png, width: width * 2, height: height * 2 };
}
