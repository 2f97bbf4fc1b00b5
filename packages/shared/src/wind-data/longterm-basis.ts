import { z } from 'zod';
import type { Language } from '../i18n/language.ts';
import { displayVersionLabel } from '../ingestion/timeseries.schema.ts';
import { MCP_METHOD_KEYS, MCP_METHOD_NAMES } from './longterm.schema.ts';
import { SCALING_METHOD_KEYS, SCALING_METHOD_NAMES } from './mesoscale.schema.ts';
import type { TLineageStep } from './wind-data.schema.ts';

/**
 * What makes a data version long-term corrected (issue 28): the lineage step that wrote it — the
 * long-term workbench (`longterm_mcp`, WIND-ANALYSIS §13) or the wind source assessment's scaling
 * (`mesoscale_scale`, §12) — with its reference, method and uncertainty. The statistics, energy yield and
 * the analysis report say that their numbers stand on it.
 */
export const ZLongTermBasis = z.object({
  step: z.enum(['longterm_mcp', 'mesoscale_scale']),
  referenceName: z.string(),
  method: z.string(),
  methodName: z.string(),
  concurrentPeriods: z.number().int().nullable(),
  r: z.number().nullable(),
  /** Relative uncertainties of the long-term mean speed (§13); null where the step has none. */
  uMcp: z.number().nullable(),
  uLt: z.number().nullable(),
  uTotal: z.number().nullable(),
  /** Long-term mean of the synthesised series (month-weighted average year), m/s. */
  averageYearMps: z.number().nullable(),
});
export type TLongTermBasis = z.infer<typeof ZLongTermBasis>;

const numberOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const textOf = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * The latest long-term step of a version's lineage, presented in `language`; null when the version was
 * not written by a long-term correction.
 *
 * @example longTermBasisOf([{ step: 'import' }], 'en') // null
 */
export function longTermBasisOf(lineage: readonly TLineageStep[], language: Language): TLongTermBasis | null {
  for (let i = lineage.length - 1; i >= 0; i--) {
    const step = lineage[i]!;
    const p = step.params ?? {};
    if (step.step === 'longterm_mcp') {
      const method = textOf(p.method);
      const reference = (p.reference ?? {}) as Record<string, unknown>;
      const named = (MCP_METHOD_KEYS as readonly string[]).includes(method)
        ? MCP_METHOD_NAMES[method as (typeof MCP_METHOD_KEYS)[number]][language]
        : method;
      return {
        step: 'longterm_mcp',
        referenceName: displayVersionLabel(textOf(reference.name), language),
        method,
        methodName: p.isBySector === true ? `${named} (${numberOrNull(p.sectors) ?? ''})` : named,
        concurrentPeriods: numberOrNull(p.concurrentPeriods),
        r: numberOrNull(p.r),
        uMcp: numberOrNull(p.uMcp),
        uLt: numberOrNull(p.uLt),
        uTotal: numberOrNull(p.uTotal),
        averageYearMps: numberOrNull(p.averageYearMps),
      };
    }
    if (step.step === 'mesoscale_scale') {
      const method = textOf(p.method);
      return {
        step: 'mesoscale_scale',
        referenceName: textOf(p.datasetName),
        method,
        methodName: (SCALING_METHOD_KEYS as readonly string[]).includes(method)
          ? SCALING_METHOD_NAMES[method as (typeof SCALING_METHOD_KEYS)[number]][language]
          : method,
        concurrentPeriods: numberOrNull(p.concurrentHours),
        r: numberOrNull(p.r),
        uMcp: null,
        uLt: null,
        uTotal: null,
        averageYearMps: null,
      };
    }
  }
  return null;
}
