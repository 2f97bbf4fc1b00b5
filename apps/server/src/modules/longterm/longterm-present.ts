import {
  type Language,
  MCP_METHOD_NAMES,
  MCP_WEAK_CORRELATION_R,
  type TMcpLongTermPeriod,
  type TMcpPeriodKey,
  type TMcpRow,
} from '@masthub/shared';
import { type McpComparisonRow, type McpRecommendation, mcpUncertainty, sectorLabels } from '@masthub/wind';
import { say } from '../../i18n/index.ts';

/** A number for the answer: null for undefined, NaN and the infinities. */
export function num(v: number | undefined | null): number | null {
  return v === undefined || v === null || !Number.isFinite(v) ? null : v;
}

const pct = (v: number, digits = 2) => (v * 100).toFixed(digits);

/** The row's name in the reader's language: the method, overall or with its sector count. */
export function rowName(method: McpComparisonRow['method'], sectors: number, language: Language): string {
  const name = MCP_METHOD_NAMES[method][language];
  return sectors > 1
    ? say(language, 'longterm.row.bySector', { method: name, sectors })
    : say(language, 'longterm.row.overall', { method: name });
}

/** One compared row as the answer carries it (u_LT over the first long-term period's annual means). */
export function presentRow(
  row: McpComparisonRow,
  ctx: {
    language: Language;
    longTermPeriods: readonly TMcpLongTermPeriod[];
    annualLt: readonly number[];
    isRecommended: boolean;
  },
): TMcpRow {
  const cv = row.crossValidation;
  const uncertainty = cv
    ? mcpUncertainty({ cvRmse: cv.rmse, blockCount: cv.blocks.length, referenceAnnualMeansMps: ctx.annualLt })
    : undefined;
  const isBySector = row.sectors > 1;
  const labels = isBySector ? sectorLabels(row.sectors) : [];
  return {
    method: row.method,
    methodName: rowName(row.method, row.sectors, ctx.language),
    sectors: row.sectors,
    count: row.count,
    slope: isBySector ? null : num(row.slope),
    offset: isBySector ? null : num(row.offset),
    rSquared: num(row.rSquared),
    sectorLines: isBySector
      ? row.fit.bySector.map((s) => ({
          label: labels[s.sector] ?? String(s.sector),
          count: s.count,
          isMerged: s.isMerged,
          slope: num(s.line?.slope),
          offset: num(s.line?.offset),
          directionOffsetDeg: Number.isFinite(s.directionOffsetDeg) ? s.directionOffsetDeg : 0,
        }))
      : [],
    cvBias: num(cv?.bias),
    cvRmse: num(cv?.rmse),
    cvBlocks: (cv?.blocks ?? []).map((b) => ({
      label: new Date(b.startMs).toISOString().slice(0, 7),
      error: num(b.error),
    })),
    // Without enough reference years for σ_IAV, u_MCP alone (u_LT and u_total unknown).
    uMcp: num(uncertainty?.mcp ?? (cv ? cv.uncertainty : undefined)),
    uLt: num(uncertainty?.longTerm),
    uTotal: num(uncertainty?.total),
    longTerm: row.longTerm.map((lt, i) => ({
      start: ctx.longTermPeriods[i]?.start ?? null,
      end: ctx.longTermPeriods[i]?.end ?? null,
      count: lt.count,
      meanMps: num(lt.meanMps),
      averageYearMps: num(lt.averageYearMeanMps),
      mommMps: num(lt.mommMps),
      seriesKind: row.longTermSeries,
    })),
    isRecommended: ctx.isRecommended,
  };
}

/** Why the recommended row was chosen, in the reader's language. */
export function recommendationReason(recommendation: McpRecommendation, language: Language): string {
  const head = say(
    language,
    recommendation.rule === 'lowest_cv_rmse' ? 'longterm.reason.lowest' : 'longterm.reason.tie',
    { rmse: pct(recommendation.cvRmse), bias: pct(recommendation.cvBias) },
  );
  const next = recommendation.runnerUp;
  const runnerUp = next
    ? say(language, 'longterm.reason.runnerUp', {
        name: rowName(next.method, next.sectors, language),
        rmse: pct(next.cvRmse),
      })
    : '';
  return `${head}${runnerUp}${say(language, 'longterm.reason.end')}`;
}

/** The plain-language summary: the concurrent data, the recommendation and its figures, the warnings. */
export function verdictOf(input: {
  language: Language;
  period: TMcpPeriodKey;
  periods: number;
  months: number;
  r: number | null;
  recommendedRow: TMcpRow | undefined;
  mean: number | null;
  averageYear: number | null;
  trend: number | null;
}): string {
  const { language, recommendedRow: row } = input;
  const head = say(language, 'longterm.verdict.head', {
    periods: input.periods,
    period: say(language, `longterm.period.${input.period}`),
    months: input.months,
    r: input.r === null ? '—' : input.r.toFixed(3),
  });
  const uncertainty = row?.uTotal ?? row?.uMcp ?? null;
  const body = row
    ? say(language, 'longterm.verdict.recommended', {
        name: row.methodName,
        mean: input.mean === null ? '—' : input.mean.toFixed(2),
        averageYear: input.averageYear === null ? '—' : input.averageYear.toFixed(2),
        uncertainty:
          uncertainty === null
            ? '—'
            : `${pct(uncertainty, 1)} %${row.uTotal === null ? say(language, 'longterm.verdict.mcpOnly') : ''}`,
      })
    : say(language, 'longterm.verdict.none');
  const weak =
    input.r !== null && input.r < MCP_WEAK_CORRELATION_R ? say(language, 'longterm.verdict.weak') : '';
  const trend =
    input.trend === null ? '' : say(language, 'longterm.verdict.trend', { trend: input.trend.toFixed(1) });
  return `${head}${body}${weak}${trend}`;
}
