import type { TChannelRow } from '../timeseries/index.ts';
import { toWindElement, toWindStatistic } from '../timeseries/index.ts';

/**
 * The column name of each channel of a version in exports (EXPORTS §2: ASCII, element, height with `m`,
 * boom orientation or sensor tag when the channel has one, statistic — `WS_80m_Avg`, `WS_80m_N_Avg`),
 * unique within the version. Computed over the whole version in channel order,
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

const OTHER_STATISTICS: Record<string, string> = {
  ti: 'TI',
  ti30sec: 'TI30s',
  gust: 'Gust',
  count: 'Count',
  availability: 'Avail',
  quality: 'Quality',
  sum: 'Sum',
  median: 'Median',
  mode: 'Mode',
  range: 'Range',
  text: 'Text',
};

function canonicalName(c: TChannelRow): string {
  const element = toWindElement(c.element);
  if (element === 'other') return asciiOr(c.dataKey, `CH${c.id}`);
  const prefix = { ws: 'WS', wd: 'WD', T: 'T', RH: 'RH', p: 'P', rho: 'RHO' }[element];
  const height = c.heightM === null ? '' : `_${Number(c.heightM.toFixed(1))}m`;
  const tag = sensorTagOf(c.dataKey);
  const wind = toWindStatistic(c.statistic);
  // Task 43's other statistics (ti, gust, count…, issue 44) keep their own name: a TI is no mean.
  const statistic = wind
    ? { avg: 'Avg', sd: 'SD', max: 'Max', min: 'Min' }[wind]
    : (OTHER_STATISTICS[c.statistic] ?? asciiOr(c.statistic, 'Avg'));
  return `${prefix}${height}${tag ? `_${tag}` : ''}_${statistic}`;
}

/** Boom orientations and boom letters the recogniser keeps as a channel's tag (channel-names.ts). */
const BOOM_TAGS = new Set(
  'N NNE NE ENE E ESE SE SSE S SSW SW WSW W WNW NW NNW A B sonic'.split(' ').map((t) => t.toLowerCase()),
);
/** `<element>_<height>_<tag>_<statistic>[_<n>]`, the data keys the recogniser writes ('ws_80_N_mean'). */
const TAGGED_KEY_RE = /^[A-Za-z]+_\d+(?:\.\d+)?_([A-Za-z_]+?)_[A-Za-z]+(?:_\d+)?$/;

/**
 * The boom orientation or sensor tag a data key carries ('ws_80_N_mean' → 'N', 'ws_119_sonic_mean' →
 * 'sonic'), '' when none: two booms at one height keep their names apart (`WS_80m_N_Avg`,
 * `WS_80m_S_Avg`, as NRG's `Anem_80.00m_N_Avg`) instead of the second one getting its data key appended.
 */
export function sensorTagOf(dataKey: string): string {
  const match = TAGGED_KEY_RE.exec(dataKey);
  if (!match) return '';
  const tag = match[1]!;
  return tag.split('_').every((part) => BOOM_TAGS.has(part.toLowerCase())) ? tag : '';
}

/** Printable ASCII of `text`, or `fallback` when nothing is left. */
export function asciiOr(text: string, fallback: string): string {
  const cleaned = text.replace(/[^\x20-\x7e]/g, '').trim();
  return cleaned.length > 0 ? cleaned : fallback;
}
