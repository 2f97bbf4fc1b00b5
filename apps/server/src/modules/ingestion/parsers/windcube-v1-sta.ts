import type { TChannelElement, TRecognizedChannel, TStatistic } from '@masthub/shared';
import type { TColumnHeader } from './build-channels.ts';
import { UnreadableFileError } from './unreadable-file-error.ts';

/**
 * WindCube v1 statistics files of the older firmware (issue 40): line 1 `HeaderLength=N` (the number of
 * `key=value` header lines after it: `ID System=WLS7-…`, `Altitudes(m)=40 60 80 …`, maybe `Timezone=`,
 * `GPS Location=`), then one tab-separated title row `Date WiperCount Tm Vhm1 dVh1 VhMax1 VhMin1 Azim1
 * um1 dum1 vm1 dvm1 wm1 dwm1 CNRm1 dCNR1 Avail1 Vhm2 …`: per altitude index k (1…N) the horizontal speed
 * (mean, SD, max, min), the direction, the u, v and w components with their SDs, the CNR with its SD and
 * the availability. Index k is the k-th height of `Altitudes(m)=`. `Tm` is the lidar's internal
 * temperature (its housing, not the air: kept as 'other' in °C tagged 'internal', as the newer firmware's
 * `Int Temp`); `WiperCount` is kept as
 * an 'other' count. The `Date` stamp (`yyyy/MM/dd HH:mm:ss`) is the END of the averaging period: the
 * Leosphere manuals say so for WindCube statistics, and the newer firmware's title states it
 * (`Timestamp (end of interval)`, samples/LIDAR.md §2).
 */

const V1_TITLE_RE = /^vhm\d+$/i;

/** Whether the first lines are an older-firmware WindCube v1 `.sta`: `HeaderLength=` and a `Vhm1` title. */
export function isWindCubeV1Sta(lines: readonly string[]): boolean {
  const first = /^HeaderLength\s*=\s*(\d+)\s*$/i.exec(lines[0]?.trim() ?? '');
  if (!first) return false;
  const end = Math.min(lines.length, Number(first[1]) + 10);
  return lines.slice(1, end).some((l) => /^\s*"?Date\b/i.test(l) && /\bVhm1\b/i.test(l));
}

/** Whether a title row has the older firmware's per-index columns (`Vhm1`, `Vhm2`…). */
export function hasWindCubeV1Titles(columns: readonly TColumnHeader[]): boolean {
  return columns.some((c) => V1_TITLE_RE.test(c.name.trim()));
}

/** Per-index quantity: title prefix (lower case) → element, statistic, data-key statistic, unit. */
const V1_QUANTITIES: Record<string, [TChannelElement, TStatistic, string, string]> = {
  vhm: ['ws', 'mean', 'mean', 'm/s'],
  dvh: ['ws', 'sd', 'sd', 'm/s'],
  vhmax: ['ws', 'max', 'max', 'm/s'],
  vhmin: ['ws', 'min', 'min', 'm/s'],
  azim: ['wd', 'mean', 'mean', 'deg'],
  // The horizontal components have no element of their own: kept as 'other' in m/s.
  um: ['other', 'mean', 'u_mean', 'm/s'],
  dum: ['other', 'sd', 'u_sd', 'm/s'],
  vm: ['other', 'mean', 'v_mean', 'm/s'],
  dvm: ['other', 'sd', 'v_sd', 'm/s'],
  wm: ['wsv', 'mean', 'mean', 'm/s'],
  dwm: ['wsv', 'sd', 'sd', 'm/s'],
  cnrm: ['cnr', 'mean', 'mean', 'dB'],
  dcnr: ['cnr', 'sd', 'sd', 'dB'],
  avail: ['avail', 'mean', 'mean', '%'],
};

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
}

/**
 * Channels of an older-firmware title row. A column past the end of `Altitudes(m)=` has no height and
 * is reported (`windCubeHeightsMissing`): the header does not say where it measured.
 */
export function windCubeV1Channels(
  columns: readonly TColumnHeader[],
  heightsM: readonly number[],
  warnings: string[],
): TRecognizedChannel[] {
  // Data wider than the title row (a date and a time column under one `Date` title) would shift every
  // title onto its neighbour's values: refused rather than stored under the wrong names.
  const untitled = columns.filter((c) => c.name.trim() === '' && !c.isEmpty).length;
  if (untitled > 0) {
    throw new UnreadableFileError('data columns without a title', 'columns_without_titles', {
      extra: untitled,
    });
  }
  const channels: TRecognizedChannel[] = [];
  const keys = new Set<string>();
  let highestIndex = 0;
  const push = (
    col: TColumnHeader,
    [element, statistic, unit]: [TChannelElement, TStatistic, string],
    heightM: number | null,
    base: string,
    tag = '',
  ) => {
    let dataKey = base.slice(0, 90);
    for (let n = 2; keys.has(dataKey); n++) dataKey = `${base.slice(0, 90)}_${n}`;
    keys.add(dataKey);
    channels.push({ column: col.column, name: col.name, element, heightM, statistic, unit, dataKey, tag });
  };
  for (const col of columns) {
    const name = col.name.trim();
    if (name === '' || col.isText) continue;
    const indexed = /^([A-Za-z]+)(\d+)$/.exec(name);
    const index = indexed ? Number(indexed[2]) : 0;
    const heightM = indexed ? (heightsM[index - 1] ?? null) : null;
    const quantity = indexed ? V1_QUANTITIES[indexed[1]!.toLowerCase()] : undefined;
    if (quantity) {
      highestIndex = Math.max(highestIndex, index);
      const [element, statistic, statKey, unit] = quantity;
      // A column past the heights list keeps its index in the key, never another height's.
      const where = heightM === null ? `_i${index}` : `_${heightM}`;
      push(col, [element, statistic, unit], heightM, `${element}${where}_${statKey}`);
    } else if (/^tm$/i.test(name)) {
      push(col, ['other', 'mean', 'deg_C'], null, 'other_internal_temp', 'internal');
    } else if (/^wipercount$/i.test(name)) {
      push(col, ['other', 'count', ''], null, 'other_wiper_count');
    } else {
      push(col, ['other', 'other', ''], heightM, `other_${slug(name) || `col${col.column}`}`);
    }
  }
  if (highestIndex > heightsM.length)
    warnings.push(`windCubeHeightsMissing:${heightsM.length}|${highestIndex}`);
  return channels;
}
