import { CHANNEL_ELEMENTS, type TChannelElement, type TStatistic } from '@masthub/shared';
import { CHINESE_WORDS } from './chinese-words.ts';
import {
  BELOW_GROUND_RE,
  INTERVAL_IN_NAME_RE,
  LENGTH_IN_BRACKET_RE,
  LENGTH_QUANTITY_RE,
  notAnElement,
  withoutSensorModels,
} from './name-vocabulary.ts';

/**
 * Channel-name grammar (IMPORTS.md §5): element, height, boom orientation, statistic and unit from a
 * column header — NRG `Ch2_Anem_85.00m_S_Avg_m/s` and `Ch1_Avg_deg`, Campbell `WS_80m_Avg`,
 * brightwind `Spd80mNStd`, windkit `ws_80`, descriptive `Speed (cup_ 130 m)` and Chinese
 * `测风塔80米平均风速(m/s)`.
 */
export interface TChannelNameInfo {
  element: TChannelElement;
  heightM: number | null;
  statistic: TStatistic;
  /** Statistic word of the data key: mean, sd, max, min, sum, count, gust, gustdir, ti, … */
  statKey: string;
  unit: string;
  /** Boom orientation or sensor tag carried by the name ('N', 'S', 'A', 'sonic'), '' when none. */
  tag: string;
  /** The name itself named an element (not guessed from the unit or a neighbour). */
  hasElementWord: boolean;
  /** The name named a statistic. */
  hasStatisticWord: boolean;
  /** The name says the column is not a measurement (diagnostics, record numbers, derived indices). */
  isIgnored: boolean;
  /**
   * The text of the name each part was read from (issue 40's evidence), '' where the name said nothing:
   * the element word (or the unit that implied it), the height, the statistic word and the unit.
   */
  said: { element: string; elementFromUnit: boolean; height: string; statistic: string; unit: string };
}

const ELEMENT_WORDS: [TChannelElement | 'ignore', string[]][] = [
  [
    'ignore',
    [
      'diag',
      'qual',
      'quality',
      'flag',
      'record',
      'rn',
      'richardson',
      'shear',
      'veer',
      'tke',
      'kinetic',
      'coherent',
      'monin',
      'obukhov',
      'stability',
      'ratio',
      'albedo',
      'zenith',
      'azimuth',
      'insolation',
      'isc',
      'status',
      'logger',
      'loggerid',
      'site',
      'id',
      'ptemp',
      'panel',
      'notused',
      'dni',
      'signal',
      'code',
      'result',
    ],
  ],
  ['wsv', ['wz', 'vert', 'vertical', 'wsv']],
  ['wd', ['dir', 'direction', 'wd', 'wdir', 'vane', 'winddir', 'winddirection', 'gustdir']],
  ['ws', ['spd', 'speed', 'ws', 'wspd', 'anem', 'anemometer', 'wind', 'cup', 'velocity', 'windspeed', 'ti']],
  ['RH', ['rh', 'hum', 'humidity', 'humi', 'relhum', 'relativehumidity', 'rhum']],
  ['rho', ['rho', 'density']],
  ['T', ['t', 'temp', 'temperature', 'airt', 'airtc', 'tmp', 'tc', 'ta', 'airtemp', 'drybulb', 'bulb']],
  ['p', ['p', 'press', 'pres', 'prs', 'pressure', 'baro', 'bp', 'barometer']],
  ['prcp', ['prcp', 'rain', 'precip', 'precipitation', 'rainfall']],
  [
    'ghi',
    [
      'ghi',
      'irradiance',
      'pyra',
      'pyranometer',
      'radiation',
      'solar',
      'irr',
      'slr',
      'slrw',
      'slrkw',
      'shortwave',
    ],
  ],
  ['voltage', ['batt', 'battv', 'battery', 'voltage', 'volt', 'volts', 'vbat']],
];
const CJK_ELEMENT_WORDS = CHINESE_WORDS.elements;
const ELEMENT_BY_WORD = new Map<string, TChannelElement | 'ignore'>();
for (const [element, words] of ELEMENT_WORDS) for (const w of words) ELEMENT_BY_WORD.set(w, element);

const STAT_WORDS: [TStatistic, string, string[]][] = [
  ['sd', 'sd', ['sd', 'std', 'stdev', 'stddev', 'sigma', 'deviation', 'sd1', 'stdv']],
  ['max', 'max', ['max', 'maximum']],
  ['min', 'min', ['min', 'minimum']],
  ['other', 'gustdir', ['gustdir']],
  ['other', 'gust', ['gust']],
  ['other', 'ti', ['ti', 'turbulence']],
  ['other', 'tmx', ['tmx']],
  ['other', 'tmn', ['tmn']],
  ['sum', 'sum', ['tot', 'total', 'sum']],
  ['count', 'count', ['count', 'cnt']],
  ['mean', 'mean', ['avg', 'mean', 'ave', 'average', 'smp', 'wvt', 'sample', 'samples']],
];
const STAT_BY_WORD = new Map<string, [TStatistic, string]>();
for (const [statistic, key, words] of STAT_WORDS)
  for (const w of words) STAT_BY_WORD.set(w, [statistic, key]);
const CJK_STAT_WORDS = CHINESE_WORDS.statistics;

/** Campbell processing row (TOA5 line 4) → statistic. */
export function statisticOfProcessing(processing: string): [TStatistic, string] | null {
  switch (processing.trim().toLowerCase()) {
    case 'avg':
    case 'smp':
      return ['mean', 'mean'];
    case 'max':
      return ['max', 'max'];
    case 'min':
      return ['min', 'min'];
    case 'std':
      return ['sd', 'sd'];
    case 'tot':
      return ['sum', 'sum'];
    case 'tmx':
      return ['other', 'tmx'];
    case 'tmn':
      return ['other', 'tmn'];
    default:
      return null;
  }
}

const UNIT_ALIASES: [RegExp, string][] = [
  [
    new RegExp(
      String.raw`^(m\/s|ms|mps|m s-1|m s\^-1|m\/sec|metres\/second|meters\/second|metres per second|meters per second|${CHINESE_WORDS.unitWords.speed})$`,
      'i',
    ),
    'm/s',
  ],
  [/^(deg[ _]?c|degc|°c|℃|c|celcius|celsius|degrees c|degrees celsius|deg celsius)$/i, 'deg_C'],
  [new RegExp(`^(deg|degs|degree|degrees|°|${CHINESE_WORDS.unitWords.degree})$`, 'i'), 'deg'],
  // NRG sensor histories write a hygrometer's unit as `RH` (`Units: RH`, `Ch11_Avg_RH`): percent.
  [/^(%|%rh|percent|rh%|% rh|rh)$/i, '%'],
  [/^(hpa|mbar|mb|millibars?)$/i, 'hPa'],
  [/^kpa$/i, 'kPa'],
  [/^(v|volts?|vdc)$/i, 'V'],
  [/^mm$/i, 'mm'],
  [/^(w\/m\^?2|w\/m²|w m-2|w m\^-2|w\/sqm|watts?\/m\^?2)$/i, 'W/m^2'],
  [/^(kw\/m\^?2|kw\/m²|kw m-2)$/i, 'kW/m^2'],
  [/^(mj\/m\^?2|mj\/m²|mj m-2)$/i, 'MJ/m^2'],
  [/^(kwh\/m\^?2|kwh\/m²|kwh m-2)$/i, 'kWh/m^2'],
  [/^(g\/m\^?3|g\/m³|g m-3)$/i, 'g/m^3'],
  [/^(g\/kg|g kg-1)$/i, 'g/kg'],
  [/^(kj\/kg|kj kg-1)$/i, 'kJ/kg'],
  [/^(mm\/h|mm\/hr|mm\/hour|mm h-1)$/i, 'mm/h'],
  [/^(mA|milliamps?)$/, 'mA'],
  [/^(mv|millivolts?)$/i, 'mV'],
  [/^(amps?|amperes?)$/i, 'A'],
  [/^rpm$/i, 'rpm'],
  [/^(lx|lux)$/i, 'lx'],
  [/^(cm|centimet(er|re)s?)$/i, 'cm'],
  [/^(unitless|-|none)$/i, ''],
  [/^(kg\/m\^?3|kg\/m³|kg m-3)$/i, 'kg/m^3'],
  [/^(mph|miles\/hour|miles per hour|mi\/h)$/i, 'mph'],
  [/^(knots?|kn|kts?)$/i, 'knots'],
  [/^(km\/h|km\/hr|kmh|kph|km h-1)$/i, 'km/h'],
  [/^(ft\/s|fps)$/i, 'ft/s'],
  [/^(pa|pascals?)$/i, 'Pa'],
  [/^(dapa|0\.1 ?hpa)$/i, 'daPa'],
  [/^(inhg|in hg)$/i, 'inHg'],
  [/^mmhg$/i, 'mmHg'],
  [/^(degrees f|deg[ _]?f|°f|f)$/i, 'deg_F'],
  [/^(k|kelvin)$/i, 'K'],
];
/** A unit text normalised to MastHub's spelling ('Metres/Second' → 'm/s', '°C' → 'deg_C'); null if unknown. */
export function normalizeUnit(unit: string): string | null {
  const u = unit.trim();
  if (u === '') return null;
  for (const [re, value] of UNIT_ALIASES) if (re.test(u)) return value;
  return null;
}
export const ELEMENT_BY_UNIT: Readonly<Record<string, TChannelElement>> = {
  'm/s': 'ws',
  mph: 'ws',
  knots: 'ws',
  'km/h': 'ws',
  'ft/s': 'ws',
  deg: 'wd',
  deg_C: 'T',
  deg_F: 'T',
  K: 'T',
  '%': 'RH',
  hPa: 'p',
  kPa: 'p',
  Pa: 'p',
  daPa: 'p',
  inHg: 'p',
  mmHg: 'p',
  'W/m^2': 'ghi',
  'kW/m^2': 'ghi',
  V: 'voltage',
  mm: 'prcp',
  'kg/m^3': 'rho',
};

/** NRG SymphoniePRO sensor types in the second slot of a column name. */
const NRG_TYPES: Record<string, TChannelElement | null> = {
  anem: 'ws',
  vane: 'wd',
  total: 'prcp',
  therm: 'T',
  analog: null,
  modbusrtu: null,
  calculated: null,
  counter: null,
  digital: null,
};

const ORIENTATION_RE = /^[\s_]?(NNE|NNW|ENE|ESE|SSE|SSW|WSW|WNW|NE|NW|SE|SW|N|E|S|W|A|B)(?=[A-Z_\s(（[]|$)/;
const HEIGHT_RE = new RegExp(
  String.raw`(?<![\d.])(\d{1,4}(?:\.\d+)?)\s?(?:m|M|${CHINESE_WORDS.heightUnit})(?![a-z/^²³])`,
);
const FEET_RE = /(?<![\d.])(\d{1,4}(?:\.\d+)?)\s?ft\b/i;
const STATISTIC_AHEAD_RE = /^[\s_]?(sd|std|stdev|stddev|avg|mean|max|min)(?![a-z])/i;
const MULTI_HEIGHT_RE = /\d\s*_\s*\d+(?:\.\d+)?\s*m\b/;
const WINDKIT_RE = /^(ws|wd|wspd|wdir|spd|dir|windagl|wdiragl|t|rh|p)_?(\d{1,4}(?:\.\d+)?)(?=_|$)/i;
const UNIT_SUFFIX_RE = /_([A-Za-z°℃%][A-Za-z/°℃%^0-9-]*)$/;
const BRACKET_RE = /[([（【]([^()[\]（）【】]*)[)\]）】]\s*$/;
/** A unit in brackets inside a name, as ZephIR writes it: `Horizontal Wind Speed (m/s) at 38m`. */
const INNER_BRACKET_RE = /[([（【]([^()[\]（）【】]*)[)\]）】]/g;

function roundHeight(h: number): number {
  return Math.round(h * 100) / 100;
}

/** Words of a name: split on separators, then camel-case pieces unless the whole part is known. */
function wordsOf(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(/[^A-Za-z0-9]+/)) {
    if (part === '') continue;
    const lower = part.toLowerCase();
    if (ELEMENT_BY_WORD.has(lower) || STAT_BY_WORD.has(lower)) {
      out.push(lower);
      continue;
    }
    for (const piece of part.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []) out.push(piece.toLowerCase());
  }
  return out;
}

function nrgName(name: string): TChannelNameInfo | null {
  const m = /^Ch(\d+)_(.+)$/i.exec(name);
  if (!m) return null;
  const parts = m[2]!.split('_');
  const type = parts[0]!.toLowerCase();
  const isSymphonie = parts.length >= 5 && (parts[1] === '' || /^\d+(\.\d+)?m$/i.test(parts[1]!));
  if (isSymphonie) {
    // SymphoniePRO: Type_Height_Bearing_Stat_Unit (height and bearing may be empty).
    const heightText = parts[1]!;
    const bearing = parts[2]!;
    const stat = parts[3]!.toLowerCase();
    const unitText = parts.slice(4).join('_');
    const unit = normalizeUnit(unitText) ?? unitText;
    const hm = /^(\d+(?:\.\d+)?)m$/i.exec(heightText);
    const [statistic, statKey] = STAT_BY_WORD.get(stat) ?? ['other', stat || 'other'];
    const element = NRG_TYPES[type] ?? ELEMENT_BY_UNIT[unit] ?? 'other';
    const typeNamesElement = typeof NRG_TYPES[type] === 'string';
    return {
      element: statKey === 'gustdir' ? 'wd' : element,
      // NRG writes 0.00m for "not set".
      heightM: hm && Number(hm[1]) > 0 ? roundHeight(Number(hm[1])) : null,
      statistic,
      statKey,
      unit,
      tag: bearing,
      hasElementWord: typeNamesElement,
      hasStatisticWord: STAT_BY_WORD.has(stat),
      isIgnored: false,
      said: {
        element: typeNamesElement
          ? parts[0]!
          : NRG_TYPES[type] === undefined && ELEMENT_BY_UNIT[unit]
            ? unitText
            : '',
        elementFromUnit: !typeNamesElement && Boolean(ELEMENT_BY_UNIT[unit]),
        height: hm && Number(hm[1]) > 0 ? heightText : '',
        statistic: STAT_BY_WORD.has(stat) ? parts[3]! : '',
        unit: unitText,
      },
    };
  }
  // LOGR: Stat_Unit, `Gust_Dir_deg`, `NotUsed`.
  if (type === 'notused') {
    return {
      element: 'other',
      heightM: null,
      statistic: 'other',
      statKey: 'notused',
      unit: '',
      tag: '',
      hasElementWord: false,
      hasStatisticWord: false,
      isIgnored: true,
      said: { element: '', elementFromUnit: false, height: '', statistic: '', unit: '' },
    };
  }
  const isGustDir = type === 'gust' && parts[1]?.toLowerCase() === 'dir';
  const unitText = parts.slice(isGustDir ? 2 : 1).join('_');
  const unit = normalizeUnit(unitText) ?? unitText;
  const stat: [TStatistic, string] | undefined = isGustDir ? ['other', 'gustdir'] : STAT_BY_WORD.get(type);
  if (!stat) return null;
  const [statistic, statKey] = stat;
  return {
    element: isGustDir ? 'wd' : (ELEMENT_BY_UNIT[unit] ?? 'other'),
    heightM: null,
    statistic,
    statKey,
    unit,
    tag: '',
    hasElementWord: false,
    hasStatisticWord: true,
    isIgnored: false,
    said: {
      element: isGustDir ? 'Gust_Dir' : ELEMENT_BY_UNIT[unit] ? unitText : '',
      elementFromUnit: !isGustDir && Boolean(ELEMENT_BY_UNIT[unit]),
      height: '',
      statistic: parts[0]!,
      unit: unitText,
    },
  };
}

/**
 * Everything a channel name tells: element, height (m; feet converted), statistic, unit, orientation tag.
 * Unknown names give element 'other'; a missing statistic word means the mean.
 */
export function parseChannelName(rawName: string): TChannelNameInfo {
  const name = rawName.trim().replace(/^"|"$/g, '');
  const nrg = nrgName(name);
  if (nrg) return nrg;

  let rest = name;
  let unit: string | null = null;
  let unitText = '';
  let heightText = '';
  const bracket = BRACKET_RE.exec(rest);
  if (bracket) {
    const u = normalizeUnit(bracket[1]!);
    if (u) {
      unit = u;
      unitText = bracket[1]!;
      rest = rest.slice(0, bracket.index);
    }
  }
  if (unit === null) {
    for (const inner of rest.matchAll(INNER_BRACKET_RE)) {
      const u = normalizeUnit(inner[1]!);
      if (u === null) continue;
      unit = u;
      unitText = inner[1]!;
      rest = `${rest.slice(0, inner.index)} ${rest.slice(inner.index + inner[0].length)}`;
      break;
    }
  }
  // A unit after the last underscore, as reanalysis exports write it: MERRA-2 `PS_hPa`, `WS50m_m/s`.
  const suffix = unit === null ? UNIT_SUFFIX_RE.exec(rest) : null;
  if (suffix) {
    const u = normalizeUnit(suffix[1]!);
    if (u) {
      unit = u;
      unitText = suffix[1]!;
      rest = rest.slice(0, suffix.index);
    }
  }
  // Sensor models (`WS500_air_temperature`) name neither a height nor an element; an averaging interval
  // (`Wind speed 10min`) is not the statistic "min".
  rest = withoutSensorModels(rest).rest.replace(INTERVAL_IN_NAME_RE, ' ');
  // A depth below the ground (`Temp -5cm`) is a soil quantity at no mast height; a length in brackets after
  // a length quantity (`Cloud base height (10m)`) is the unit its values count in, not a height.
  const belowGround = BELOW_GROUND_RE.exec(rest);
  if (belowGround)
    rest = `${rest.slice(0, belowGround.index)} ${rest.slice(belowGround.index + belowGround[0].length)}`;
  const lengthUnit = unit === null ? LENGTH_IN_BRACKET_RE.exec(rest) : null;
  if (lengthUnit && LENGTH_QUANTITY_RE.test(rest.slice(0, lengthUnit.index)))
    rest = rest.slice(0, lengthUnit.index);

  let heightM: number | null = null;
  let tag = '';
  if (!MULTI_HEIGHT_RE.test(rest)) {
    const h = HEIGHT_RE.exec(rest);
    const ft = h ? null : FEET_RE.exec(rest);
    const wk = h || ft ? null : WINDKIT_RE.exec(rest);
    if (h) {
      heightM = roundHeight(Number(h[1]));
      heightText = h[0].trim();
      const after = rest.slice(h.index + h[0].length);
      // `Spd80mSD`: a statistic word right after the height is not a boom letter followed by junk.
      const o = STATISTIC_AHEAD_RE.test(after) ? null : ORIENTATION_RE.exec(after);
      if (o) tag = o[1]!;
      rest = `${rest.slice(0, h.index)} ${after.slice(o ? o[0].length : 0)}`;
    } else if (ft) {
      heightM = roundHeight(Number(ft[1]) * 0.3048);
      heightText = ft[0].trim();
      rest = `${rest.slice(0, ft.index)} ${rest.slice(ft.index + ft[0].length)}`;
    } else if (wk) {
      heightM = roundHeight(Number(wk[2]));
      heightText = wk[0];
      rest = `${wk[1]} ${rest.slice(wk[0].length)}`;
    }
  }

  const words = wordsOf(rest);
  if (words.includes('sonic')) tag = tag ? `${tag}_sonic` : 'sonic';

  let element: TChannelElement | 'ignore' | null = null;
  let elementText = '';
  for (const [el, list] of CJK_ELEMENT_WORDS) {
    const word = list.find((w) => rest.includes(w));
    if (word) {
      element = el;
      elementText = word;
      break;
    }
  }
  // Derived quantities named with an element word (dew point temperature, absolute humidity) are other.
  const derived = element === null ? (belowGround ? belowGround[0].trim() : notAnElement(words)) : null;
  if (derived !== null) {
    element = 'other';
    elementText = derived;
  }
  if (element === null) {
    for (const [el, list] of ELEMENT_WORDS) {
      const word = words.find((w) => list.includes(w));
      if (word) {
        element = el;
        elementText = word;
        break;
      }
    }
  }
  let statistic: TStatistic = 'mean';
  let statKey = 'mean';
  let hasStatisticWord = false;
  let statisticText = '';
  const cjkStat = CJK_STAT_WORDS.find(([, , w]) => rest.includes(w));
  if (cjkStat) {
    [statistic, statKey] = [cjkStat[0], cjkStat[1]];
    hasStatisticWord = true;
    statisticText = cjkStat[2];
  } else {
    for (const [st, key, list] of STAT_WORDS) {
      const word = words.find((w) => list.includes(w));
      if (word) {
        [statistic, statKey] = [st, key];
        hasStatisticWord = true;
        statisticText = word;
        break;
      }
    }
  }
  // Campbell WVc: `_SD1_WVT` is the direction SD.
  if (/_SD1_WVT$/i.test(name)) [statistic, statKey] = ['sd', 'sd'];
  const hasElementWord = derived !== null || (element !== null && element !== 'ignore');
  let resolved: TChannelElement = element === null || element === 'ignore' ? 'other' : element;
  const elementFromUnit = element === null && Boolean(unit && ELEMENT_BY_UNIT[unit]);
  if (elementFromUnit) resolved = ELEMENT_BY_UNIT[unit!]!;
  if (statKey === 'ti') unit = '%';
  // '温度(°)' means degrees Celsius.
  if (resolved === 'T' && unit === 'deg') unit = 'deg_C';
  return {
    element: resolved,
    heightM,
    statistic,
    statKey,
    unit: unit ?? '',
    tag,
    hasElementWord,
    hasStatisticWord,
    isIgnored: element === 'ignore',
    said: {
      element: elementFromUnit ? unitText : elementText,
      elementFromUnit,
      height: heightText,
      statistic: statisticText,
      unit: unitText,
    },
  };
}

/** The usual unit of an element ('' for other). */
export function defaultUnit(element: TChannelElement): string {
  return CHANNEL_ELEMENTS[element].unit;
}

/**
 * Element, height, statistic and unit of one channel name (the `recognize/height_statistics` call).
 * The unit is the name's own, else the element's usual unit.
 */
export function heightStatistics(channelName: string): {
  element: string;
  heightM: number | null;
  statistic: TStatistic;
  unit: string;
} {
  const info = parseChannelName(channelName);
  return {
    element: info.element,
    heightM: info.heightM,
    statistic: info.statistic,
    unit: info.unit || defaultUnit(info.element),
  };
}
