import type { TAnalysisBasis } from '@masthub/shared';
import type { McpSeries } from '@masthub/wind';
import { applyFlagMask } from '@masthub/wind';
import type { Database } from '../../platform/db/database.ts';
import { loadForAnalysis, openTimeSeriesStore, type TChannelRow } from '../timeseries/index.ts';
import { readMesoscaleColumns } from './mesoscale-reference.ts';
import { readReferenceColumns } from './reference-columns.ts';

/**
 * Where a series of the long-term workbench is read from: a site's channels, a mesoscale dataset's
 * columns, or a stored reference series' columns.
 */
export type TSeriesSource =
  | {
      kind: 'site';
      speed: TChannelRow;
      direction: TChannelRow | undefined;
      /** The speed channel's data range [fromMs, toMs). */
      fromMs: number;
      toMs: number;
    }
  | {
      kind: 'mesoscale';
      datasetId: number;
      speedKey: string;
      directionKey: string | undefined;
      intervalMinutes: number;
    }
  | {
      /** A stored reference series (references.service.ts). */
      kind: 'reference';
      referenceId: number;
      speedKey: string;
      directionKey: string | undefined;
      intervalMinutes: number;
    };

/**
 * A source as an McpSeries on its own grid (stamps UTC ms, the start of each record; NaN = missing):
 * a site's channels masked by their flags (suspicious values kept only when asked), with what the read
 * stood on (`basis`, issue 41 §1); a mesoscale dataset's or a reference series' stamps placed on the
 * regular grid of its interval (no basis: no flags).
 */
export async function readMcpSeries(
  db: Database,
  source: TSeriesSource,
  includeSuspicious: boolean,
  includeFilled = true,
): Promise<McpSeries & { basis?: TAnalysisBasis }> {
  if (source.kind === 'site') {
    const channels = source.direction ? [source.speed, source.direction] : [source.speed];
    // The one analysis read (issue 41 §1): values outside physical limits are never a long-term input.
    const loaded = await loadForAnalysis(
      openTimeSeriesStore(db),
      source.speed.versionId,
      channels,
      source.fromMs,
      source.toMs,
      { includeSuspicious, includeFilled },
    );
    const mask = (i: number) =>
      applyFlagMask(loaded.channels[i]!.values, loaded.channels[i]!.flags, { includeSuspicious });
    return {
      startMs: loaded.grid.startMs,
      intervalMinutes: loaded.grid.intervalMinutes,
      speedMps: mask(0),
      directionDeg: source.direction ? mask(1) : undefined,
      basis: loaded.basis,
    };
  }
  const keys = source.directionKey ? [source.speedKey, source.directionKey] : [source.speedKey];
  const { timesMs, columns } =
    source.kind === 'reference'
      ? await readReferenceColumns(db, source.referenceId, keys)
      : await readMesoscaleColumns(db, source.datasetId, keys);
  const stepMs = source.intervalMinutes * 60_000;
  const first = timesMs[0] ?? 0;
  const n = timesMs.length === 0 ? 0 : Math.round((timesMs[timesMs.length - 1]! - first) / stepMs) + 1;
  const place = (values: Float32Array | undefined) => {
    const out = new Float64Array(n).fill(Number.NaN);
    if (!values) return out;
    for (let i = 0; i < timesMs.length; i++) {
      const k = Math.round((timesMs[i]! - first) / stepMs);
      if (k >= 0 && k < n) out[k] = values[i]!;
    }
    return out;
  };
  return {
    startMs: first,
    intervalMinutes: source.intervalMinutes,
    speedMps: place(columns.get(source.speedKey)),
    directionDeg: source.directionKey ? place(columns.get(source.directionKey)) : undefined,
  };
}

/** First and last stamp holding a speed, and the end of the last record; undefined when none does. */
export function seriesSpan(series: McpSeries): { startMs: number; endMs: number } | undefined {
  const stepMs = series.intervalMinutes * 60_000;
  let first = -1;
  let last = -1;
  for (let i = 0; i < series.speedMps.length; i++) {
    if (Number.isNaN(series.speedMps[i]!)) continue;
    if (first < 0) first = i;
    last = i;
  }
  if (first < 0) return undefined;
  return { startMs: series.startMs + first * stepMs, endMs: series.startMs + (last + 1) * stepMs };
}
