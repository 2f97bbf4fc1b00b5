import type { TChannelRow } from '../ingestion/store/timeseries.repository.ts';
import { toWindElement, toWindStatistic } from './version-series.ts';

/**
 * The column name of each channel of a version in exports (EXPORTS §2: ASCII, element, height with `m`,
 * statistic — `WS_80m_Avg`), unique within the version. Computed over the whole version in channel order,
 * so the name a channel gets does not depend on which channels an export picks, and the data table can
 * show the same name the file will carry.
 */
export function exportNames(channels: readonly TChannelRow[]): Map<number, string> {
  const ordered = [...channels].sort((a, b) => a.position - b.position || a.id - b.id);
  const used = new Set<string>();
  const names = new Map<number, string>();
  for (const c of ordered) {
    let name = canonicalName(c);
    if (used.has(name)) name = asciiOr(`${name}_${c.dataKey}`, `${name}_${c.id}`);
    if (used.has(name)) name = `${name}_${c.id}`;
    used.add(name);
    names.set(c.id, name);
  }
  return names;
}

function canonicalName(c: TChannelRow): string {
  const element = toWindElement(c.element);
  if (element === 'other') return asciiOr(c.dataKey, `CH${c.id}`);
  const prefix = { ws: 'WS', wd: 'WD', T: 'T', RH: 'RH', p: 'P', rho: 'RHO' }[element];
  const height = c.heightM === null ? '' : `_${Number(c.heightM.toFixed(1))}m`;
  const statistic = { avg: 'Avg', sd: 'SD', max: 'Max', min: 'Min' }[toWindStatistic(c.statistic) ?? 'avg'];
  return `${prefix}${height}_${statistic}`;
}

/** Printable ASCII of `text`, or `fallback` when nothing is left. */
export function asciiOr(text: string, fallback: string): string {
  const cleaned = text.replace(/[^\x20-\x7e]/g, '').trim();
  return cleaned.length > 0 ? cleaned : fallback;
}
