import type { TRecognizedChannel } from '@masthub/shared';

/** A parsed value column (the shape parseFile and the parser port hand out). */
export interface TColumn {
  channel: TRecognizedChannel;
  values: Float32Array;
}

/** ERA5-style names of a wind component and its height: `u100`, `v10`, `u_100m`, `100m_u_component_of_wind`. */
const COMPONENT_PATTERNS: RegExp[] = [
  /^(?<part>[uv])_?(?<height>\d{1,3})m?$/i,
  /^(?<height>\d{1,3})m?_(?<part>[uv])_component_of_wind$/i,
  /^(?<part>[uv])_component_of_wind_(?<height>\d{1,3})m?$/i,
];

function componentOf(name: string): { part: 'u' | 'v'; heightM: number } | null {
  const clean = name.trim().replace(/^"|"$/g, '');
  for (const re of COMPONENT_PATTERNS) {
    const m = re.exec(clean);
    if (m?.groups) {
      const heightM = Number(m.groups.height);
      if (heightM > 0) return { part: m.groups.part!.toLowerCase() as 'u' | 'v', heightM };
    }
  }
  return null;
}

const TO_DEG = 180 / Math.PI;

/**
 * Speed and meteorological direction from eastward (u) and northward (v) wind components, as ERA5 exports
 * give them (`u100`, `v100`): speed = √(u² + v²), direction the wind comes FROM = atan2(−u, −v) in degrees,
 * 0–360 (ECMWF's convention). Each u/v pair at one height with no speed column of that height already
 * becomes two more columns (`ws_100_mean`, `wd_100_mean`), the components staying as they were. ERA5's
 * `t2m` is marked as kelvin (the parser port converts it to °C). Columns without components come back unchanged.
 *
 * @example windFromComponents([u100, v100]) // [u100, v100, ws_100_mean, wd_100_mean]; u = 3, v = −4 → 5 m/s from 323.13°
 */
export function windFromComponents(columns: readonly TColumn[]): TColumn[] {
  const out: TColumn[] = columns.map((c) => (isKelvinT2m(c) ? asKelvin(c) : c));
  const pairs = new Map<number, { u?: TColumn; v?: TColumn }>();
  for (const column of columns) {
    const component = componentOf(column.channel.name);
    if (!component) continue;
    const pair = pairs.get(component.heightM) ?? {};
    pair[component.part] ??= column;
    pairs.set(component.heightM, pair);
  }
  const keys = new Set(columns.map((c) => c.channel.dataKey));
  for (const [heightM, { u, v }] of [...pairs].sort((a, b) => a[0] - b[0])) {
    const speedKey = `ws_${heightM}_mean`;
    const directionKey = `wd_${heightM}_mean`;
    if (!u || !v || keys.has(speedKey)) continue;
    const n = Math.min(u.values.length, v.values.length);
    const speed = new Float32Array(n);
    const direction = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const east = u.values[i]!;
      const north = v.values[i]!;
      speed[i] = Math.hypot(east, north);
      direction[i] = east === 0 && north === 0 ? 0 : (Math.atan2(-east, -north) * TO_DEG + 360) % 360;
    }
    const label = `${u.channel.name.trim()}, ${v.channel.name.trim()}`;
    const base = { column: u.channel.column, heightM, statistic: 'mean' as const, tag: '' };
    out.push({
      channel: { ...base, name: `WS${heightM} (${label})`, element: 'ws', unit: 'm/s', dataKey: speedKey },
      values: speed,
    });
    if (!keys.has(directionKey)) {
      out.push({
        channel: {
          ...base,
          name: `WD${heightM} (${label})`,
          element: 'wd',
          unit: 'deg',
          dataKey: directionKey,
        },
        values: direction,
      });
    }
    keys.add(speedKey);
    keys.add(directionKey);
  }
  return out;
}

/** ERA5's 2 m temperature is in kelvin whatever the header suggests: every value above 150 says so. */
function isKelvinT2m(column: TColumn): boolean {
  if (!/^"?t2m"?$/i.test(column.channel.name.trim()) || column.channel.element !== 'T') return false;
  let seen = 0;
  for (const v of column.values) {
    if (Number.isNaN(v)) continue;
    if (v < 150) return false;
    seen++;
  }
  return seen > 0;
}

/** Marked as kelvin: the parser port converts it to °C like any kelvin column (units.ts). */
function asKelvin(column: TColumn): TColumn {
  return { channel: { ...column.channel, unit: 'K' }, values: column.values };
}
