import type { TChannelElement, TRecognizedChannel, TRemoteSensingFacts, TStatistic } from '@masthub/shared';
import type { TColumnHeader } from './build-channels.ts';
import { defaultUnit } from './channel-names.ts';
import { offsetMinutesOf } from './header-facts.ts';
import { hasWindCubeV1Titles, isWindCubeV1Sta, windCubeV1Channels } from './windcube-v1-sta.ts';

/**
 * Leosphere/Vaisala WindCube statistics files (`.sta`, ground and buoy-mounted; samples/LIDAR.md):
 * line 1 `HeaderSize=N`, N `key=value` lines (the heights on `Altitudes (m)=` or `Altitudes AGL (m)=`),
 * a `****` line, one tab-separated title row, then the data. Columns are read by their titles, never by
 * position: older firmware writes 11 columns per height, newer 18. The oldest v1 firmware (`HeaderLength=`,
 * `Vhm1 dVh1 …` titles per altitude index) is read by windcube-v1-sta.ts.
 */

/** Whether the first lines are a WindCube `.sta` header. */
export function isWindCubeSta(lines: readonly string[]): boolean {
  return /^HeaderSize=\d+\s*$/.test(lines[0]?.trim() ?? '') || isWindCubeV1Sta(lines);
}

/** What the header block states, and how its stamps are read. */
export interface TWindCubeFacts {
  device: TRemoteSensingFacts;
  /** The offset of `timezone=UTC+0`; null when the header names no zone (the format writes UTC). */
  utcOffsetMinutes: number | null;
  zoneText: string;
}

function headerValue(headerBlock: readonly string[], key: RegExp): string {
  for (const line of headerBlock) {
    const eq = line.indexOf('=');
    if (eq > 0 && key.test(line.slice(0, eq).trim())) return line.slice(eq + 1).trim();
  }
  return '';
}

/** Heights, device, time zone and CNR threshold of a WindCube header block. */
export function windCubeFacts(headerBlock: readonly string[]): TWindCubeFacts {
  const heightsM = headerValue(headerBlock, /^Altitudes( AGL)? ?\(m\)$/i)
    .split(/[\t ;,]+/)
    .map(Number)
    .filter((h) => Number.isFinite(h) && h > 0);
  const zoneText = headerValue(headerBlock, /^time ?zone$/i);
  const cnr = Number.parseFloat(headerValue(headerBlock, /^CNRThreshold$/i));
  const floating = headerBlock.some((l) => /buoy|floating/i.test(l));
  const serial = headerValue(headerBlock, /^ID System$/i);
  return {
    device: {
      stationType: floating ? 'floating_lidar' : 'lidar',
      make: 'Leosphere/Vaisala',
      model: /^WLS866/i.test(serial)
        ? 'WindCube v2.1 Offshore'
        : /^WLS7-/i.test(serial)
          ? 'WindCube v1'
          : 'WindCube',
      serial,
      firmware: headerValue(headerBlock, /^Version$/i),
      heightsM: [...new Set(heightsM)].sort((a, b) => a - b),
      cnrThresholdDb: Number.isFinite(cnr) ? cnr : null,
    },
    utcOffsetMinutes: zoneText === '' ? null : offsetMinutesOf(zoneText),
    zoneText,
  };
}

/** A per-height quantity: title pattern (after the height) → element, statistic and data-key statistic. */
const QUANTITIES: [RegExp, TChannelElement, TStatistic, string][] = [
  [/^wind speed (dispersion|std|sd|standard deviation)\b/i, 'ws', 'sd', 'sd'],
  [/^wind speed min\b/i, 'ws', 'min', 'min'],
  [/^wind speed max\b/i, 'ws', 'max', 'max'],
  [/^(horizontal )?wind speed\b/i, 'ws', 'mean', 'mean'],
  [/^wind direction (dispersion|std|sd)\b/i, 'wd', 'sd', 'sd'],
  [/^wind direction\b/i, 'wd', 'mean', 'mean'],
  [/^(z-wind|vertical wind speed)( speed)? (dispersion|std|sd)\b/i, 'wsv', 'sd', 'sd'],
  [/^(z-wind|vertical wind speed)( speed)? min\b/i, 'wsv', 'min', 'min'],
  [/^(z-wind|vertical wind speed)( speed)? max\b/i, 'wsv', 'max', 'max'],
  [/^(z-wind|vertical wind speed)\b/i, 'wsv', 'mean', 'mean'],
  [/^cnr min\b/i, 'cnr', 'min', 'min'],
  [/^cnr max\b/i, 'cnr', 'max', 'max'],
  [/^cnr\b/i, 'cnr', 'mean', 'mean'],
  [/^dopp(ler)? spect(ral)? broad(ening)? min\b/i, 'dsb', 'min', 'min'],
  [/^dopp(ler)? spect(ral)? broad(ening)? max\b/i, 'dsb', 'max', 'max'],
  [/^dopp(ler)? spect(ral)? broad(ening)?\b/i, 'dsb', 'mean', 'mean'],
  [/^(data )?availability\b/i, 'avail', 'mean', 'mean'],
];

/**
 * Columns without a height: the device's own sensors. The internal temperature is the lidar's housing,
 * not the air (issue 40): kept as 'other' in °C, tagged `internal`.
 */
const SITE_COLUMNS: [RegExp, TChannelElement, string, string?][] = [
  [/^int(ernal)? temp/i, 'other', 'internal', 'deg_C'],
  [/^ext(ernal)? temp/i, 'T', ''],
  [/^pressure\b/i, 'p', ''],
  [/^rel(ative)? humidity\b/i, 'RH', ''],
  [/^vbatt\b|^battery/i, 'voltage', ''],
];

const HEIGHT_PREFIX_RE = /^(\d{1,4}(?:\.\d+)?)\s?m\s+(.+)$/i;

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/\([^)]*\)/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
}

/**
 * Channels of a WindCube title row: per height speed (mean, dispersion as SD, min, max), direction,
 * vertical speed, CNR, Doppler spectral broadening and availability; the device's temperature, pressure,
 * humidity and battery. A title without a height prefix takes the header's k-th height for its k-th
 * occurrence. Empty separator columns are skipped.
 */
export function windCubeChannels(
  columns: readonly TColumnHeader[],
  heightsM: readonly number[],
): TRecognizedChannel[] {
  const channels: TRecognizedChannel[] = [];
  const seen = new Map<string, number>();
  const keys = new Set<string>();
  const push = (
    col: TColumnHeader,
    element: TChannelElement,
    heightM: number | null,
    stat: TStatistic,
    base: string,
    tag = '',
    ownUnit?: string,
  ) => {
    let dataKey = base.slice(0, 90);
    for (let n = 2; keys.has(dataKey); n++) dataKey = `${base.slice(0, 90)}_${n}`;
    keys.add(dataKey);
    const unit = ownUnit ?? (element === 'other' ? '' : defaultUnit(element));
    channels.push({
      column: col.column,
      name: col.name,
      element,
      heightM,
      statistic: stat,
      unit,
      dataKey,
      tag,
    });
  };
  for (const col of columns) {
    const name = col.name.trim();
    if (name === '' || col.isText) continue;
    const prefixed = HEIGHT_PREFIX_RE.exec(name);
    const rest = prefixed ? prefixed[2]!.trim() : name;
    const quantity = QUANTITIES.find(([re]) => re.test(rest));
    if (quantity) {
      const [, element, statistic, statKey] = quantity;
      const occurrence = seen.get(`${element}_${statKey}`) ?? 0;
      seen.set(`${element}_${statKey}`, occurrence + 1);
      const heightM = prefixed ? Number(prefixed[1]) : (heightsM[occurrence] ?? null);
      push(col, element, heightM, statistic, `${element}${heightM === null ? '' : `_${heightM}`}_${statKey}`);
      continue;
    }
    const site = prefixed ? undefined : SITE_COLUMNS.find(([re]) => re.test(name));
    if (site) {
      const [, element, tag, unit] = site;
      const base = element === 'other' ? `other_${tag}_temp` : `${element}${tag ? `_${tag}` : ''}_mean`;
      push(col, element, null, 'mean', base, tag, unit);
      continue;
    }
    const heightM = prefixed ? Number(prefixed[1]) : null;
    const statistic: TStatistic = /\bcount\b/i.test(rest) ? 'count' : 'other';
    push(
      col,
      'other',
      heightM,
      statistic,
      `other${heightM === null ? '' : `_${heightM}`}_${slug(rest) || `col${col.column}`}`,
    );
  }
  return channels;
}

/** What recognition takes from a WindCube file: kind, channels, the stamps' zone and meaning, the device. */
export function readWindCube(
  headerBlock: readonly string[],
  timeTitle: string,
  columns: readonly TColumnHeader[],
  warnings: string[],
): {
  kind: 'windcube_sta' | 'windcube_sta_floating';
  channels: TRecognizedChannel[];
  utcOffsetMinutes: number;
  timestampIsPeriodEnd: boolean;
  device: TRemoteSensingFacts;
} {
  const facts = windCubeFacts(headerBlock);
  if (facts.utcOffsetMinutes !== null) warnings.push(`timeZoneFromFile:${facts.zoneText}`);
  else warnings.push('timeZoneOfFormat:UTC');
  const isV1 = hasWindCubeV1Titles(columns);
  return {
    kind: facts.device.stationType === 'floating_lidar' ? 'windcube_sta_floating' : 'windcube_sta',
    channels: isV1
      ? windCubeV1Channels(columns, facts.device.heightsM, warnings)
      : windCubeChannels(columns, facts.device.heightsM),
    utcOffsetMinutes: facts.utcOffsetMinutes ?? 0,
    // `Timestamp (end of interval)`; the format stamps period ends unless the title says otherwise. The
    // older firmware's bare `Date` title states nothing: its stamps are period ends too (windcube-v1-sta.ts).
    timestampIsPeriodEnd: isV1 || !/\b(start|beginning)\b/i.test(timeTitle),
    device: facts.device,
  };
}
