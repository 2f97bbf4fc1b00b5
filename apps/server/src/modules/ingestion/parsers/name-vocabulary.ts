import type { TChannelElement } from '@masthub/shared';

/**
 * The vocabulary channel-names.ts and build-channels.ts read real logger files with (issue 40): sensor
 * model names that are neither a height nor an element, derived quantities that look like an element
 * but are not one, interval words that look like a statistic, and the words of an NRG sensor description.
 */

/**
 * Sensor models as column names carry them (`WS500_air_temperature`, `HMP155_RH`, `CMP3_SlrW`): read as
 * nothing, so that `WS500` is not wind speed at 500 m. Upper-case models count only where a capital or a
 * digit does not run into them (`ResultCodeWS500` holds WS500); the NRG models with a short name that a
 * height pattern also reads (`T60` is temperature at 60 m in a windkit name) count only after `NRG`.
 */
const SENSOR_MODEL_RE = new RegExp(
  [
    // Lufft compact weather sensors, Vaisala weather transmitters and probes.
    'WS[1-8]00(?:-UMB)?',
    String.raw`WXT5\d\d`,
    String.raw`WMT\d{3}`,
    String.raw`HMP\d{2,3}[A-Z]?`,
    String.raw`PTB\d{3}[A-Z]?`,
    String.raw`PTU\d{3}`,
    String.raw`HMT\d{3}`,
    // Campbell probes (CS215, CS106, CS100), loggers (CR1000X) and the HygroClip.
    String.raw`CS\d{3}[A-Z]?`,
    String.raw`CR\d{3,4}X?`,
    'HC2S?3?',
    // RM Young wind monitors and sonics (05103, 05106, 81000), Met One, Texas Electronics.
    String.raw`0[0-9]{4}(?:-\d{1,2})?[A-Z]?`,
    String.raw`8\d{4}[A-Z]?`,
    'TE525[A-Z]*',
    // Kipp & Zonen, Hukseflux, Apogee, LI-COR radiometers.
    String.raw`CMP\d{1,2}`,
    String.raw`SMP\d{1,2}`,
    String.raw`CNR\d`,
    String.raw`SR\d{2}`,
    String.raw`SP-?\d{3}`,
    String.raw`LI-?\d{3}R?`,
    // NRG sensors, only after the maker's name.
    'NRG[ _-]?(?:40C|40H|S1|200P|200M|T60|RH5X?|BP20|BP60|110S|PVT1)',
  ]
    .map((p) => `(?<![A-Z0-9])${p}(?![A-Za-z0-9])`)
    .join('|'),
  'g',
);
/** Maker and model words in any case: Gill WindSonic / WindMaster, Thies, Young. */
const SENSOR_WORD_RE =
  /(?<![a-z])(windsonic|windmaster|windobserver|thies|young|lufft|vaisala|gill)(?![a-z])/gi;

/** The name with the sensor models it names taken out, and the models. */
export function withoutSensorModels(name: string): { rest: string; models: string[] } {
  const models: string[] = [];
  const rest = name
    .replace(SENSOR_MODEL_RE, (m) => {
      models.push(m);
      return ' ';
    })
    .replace(SENSOR_WORD_RE, (m) => {
      models.push(m);
      return ' ';
    });
  return { rest, models };
}

/**
 * An averaging interval written into a name (`Wind speed 10min`, `max/3h`, `Spd_1hr`): not a height and
 * not the statistic "min".
 */
export const INTERVAL_IN_NAME_RE =
  /(?<![\d.])\d{1,3}\s?(?:min|mins|minute|minutes|h|hr|hrs|hour|hours|sec|secs|second|seconds)(?![A-Za-z])/gi;

/**
 * A pressure reduced to sea level (Krova `Pressure s.l.`, Campbell BaroVue `BV_BP_SL`, MSLP, QNH, QFF, and
 * what Lufft's WS sensors call the `relative air pressure`): a figure for weather maps, not the air pressure
 * at the mast that air density is computed from.
 */
const SEA_LEVEL_PRESSURE =
  /\b(p|press|pres|prs|pressure|bp|baro)\b.*\b(sea ?level|s l|sl|msl)\b|\b(sea ?level|msl)\b.*\b(p|press|pres|pressure|bp|baro)\b|\bmslp\b|\bqnh\b|\bqff\b|\brel(ative)? air ?press(ure)?\b/;

/**
 * Quantities whose names hold an element word but which are not that element (issue 40): read as
 * 'other' with their own unit. Dew point, wind chill and wet bulb are temperatures derived from the air's
 * humidity, not the air temperature every analysis takes element T for; absolute humidity and the mixing
 * ratio are not relative humidity; a compass heading is the sensor's orientation, not the wind's
 * direction; insolation (an energy per area) is not irradiance; extraterrestrial, diffuse and direct
 * radiation are not the global horizontal irradiance; uncertainty and source columns of a data set
 * (TMY3 `Wspd uncert`, `Wspd source`) describe another column; a pressure reduced to sea level is not
 * the air pressure at the site. Matched against the name's lower-case words joined by spaces.
 */
export const NOT_AN_ELEMENT: [RegExp, string][] = [
  [/\b(uncert|uncertainty|source|src)\b/, 'data set column'],
  [/\bdew ?p(oin)?t\b|\bdewpt\b|\bdp\b|\bdew\b|\btd\b/, 'dew point'],
  [/\bwind ?chill\b|\bchill\b|\bfeels like\b|\bapparent ?temp/, 'wind chill'],
  [/\bwet ?bulb\b|\bwetbulb\b/, 'wet bulb'],
  [/\babs(olute)? ?hum/, 'absolute humidity'],
  [/\bmix(ing)? ?ratio\b|\bspecific ?hum/, 'mixing ratio'],
  [/\benthalpy\b/, 'enthalpy'],
  [/\bcompass\b|\bheading\b/, 'compass'],
  [/\bslr ?mj\b|\binsolation\b|\bsun ?hours?\b/, 'insolation'],
  [/\bwater ?level\b|\blvl\b|\bwaterlevel\b/, 'water level'],
  [/\betrn?\b|\bdhi\b|\bdiffuse\b|\bdirect\b|\billum\b/, 'other radiation'],
  [SEA_LEVEL_PRESSURE, 'sea-level pressure'],
  // An instrument's own temperature, humidity or pressure (WindCube `Int Temp`, `Logger temp`, `Body_RH`):
  // the inside of a housing, not the air.
  [
    /\b(int|internal|inside|body|housing|case|enclosure|board|cpu|logger)\b.*\b(t|temp|temperature|tmp|rh|hum|humidity|p|press|pressure)\b/,
    'instrument',
  ],
  // A barometer's own temperature or humidity (Campbell BaroVue `BV_Temp`, `Baro_T`): its pressure is the air's.
  [/\b(bv|baro|barometer)\b.*\b(t|temp|temperature|tmp|rh|hum|humidity)\b/, 'barometer'],
  // In the soil: a soil temperature or moisture is not the air's (`Soil T`, `Ground temp`).
  [/\b(soil|subsoil|ground)\b/, 'soil'],
];

/**
 * A depth below the ground written as a negative height (Krova `Temp -5cm (C)`, `T_-0.5m`): a soil
 * quantity, and no mast height.
 */
export const BELOW_GROUND_RE = /(?<![A-Za-z0-9.])-\s?\d{1,3}(?:\.\d+)?\s?(?:cm|mm|m)(?![a-z])/i;

/**
 * A length quantity (`Cloud base height (10m)`, `Visibility (10m)`, `Snow depth`): a bracket holding only
 * a length there is the unit its values count in (tens of metres), not the height of a sensor.
 */
export const LENGTH_QUANTITY_RE = /\b(height|depth|altitude|visibility|ceiling|cloud|base|level)\b/i;
/** A bracket at the end of a name holding only a length: `(10m)`, `(100 ft)`. */
export const LENGTH_IN_BRACKET_RE = /[([（【]\s*\d{1,4}(?:\.\d+)?\s?(?:m|cm|km|ft)\s*[)\]）】]\s*$/i;

/** The words of a derived quantity in a name's words, as written there (`GHI uncert` is an uncertainty). */
export function notAnElement(words: readonly string[]): string | null {
  const joined = words.join(' ');
  for (const [re] of NOT_AN_ELEMENT) {
    const m = re.exec(joined);
    if (m) return m[0];
  }
  return null;
}

/**
 * The element an NRG sensor description or measurand states (`Description: Azimuth Angle`, `Measurand:
 * Wind Speed Fast`, `NRG 200M Vane`), first match wins: the sensor's own parts (body, heater, fan, tilt),
 * the sun's angles and a precipitation type (a code, not a depth) are 'other' before any element word; null when the description names no element
 * (`Lufft WS500`, `OP1 loopback`), and the unit decides.
 */
export const SENSOR_ELEMENT_WORDS: [TChannelElement, RegExp][] = [
  [
    'other',
    /azimuth|zenith|elevation|angle|tilt|roll|pitch|heater|fan\b|body|internal|\bpv\b|pvt\d*|\bpoa\b|module|panel|quality|\bisc\b|circuit|soiling|insolation|current|dew ?point|chill|wet ?bulb|compass|precip(itation)? ?type|(?<![a-z])(dni|dhi|poa)(?![a-z])|diffuse|direct(?![a-z])|albedo/i,
  ],
  ['wd', /vane|direction|\b200[MP]\b/i],
  ['ws', /anem|speed|\bcup\b|\b40[CH]\b|\bS1\b/i],
  ['RH', /\bRH|humi/i],
  ['p', /baro|\bBP\d*\b|pressure/i],
  ['T', /temp|\bT60\b|thermo/i],
  [
    'ghi',
    /pyra|irradiance|solar|radiation|(?<![a-z])GHI(?![a-z])|\bSR\d{2}\b|\bCMP\d+\b|\bSMP\d+\b|\bMS-?\d{2}[A-Z]?\b|\bEKO\b|hukseflux|kipp|reference cell|\bRC\d{2}\b/i,
  ],
  ['prcp', /rain|precip|\bTBRG\b/i],
  ['voltage', /batt|volt/i],
];

/** The element of a sensor's description words, and the words it was read from; null when none is named. */
export function sensorElementOf(text: string): [TChannelElement, string] | null {
  for (const [element, re] of SENSOR_ELEMENT_WORDS) {
    const m = re.exec(text);
    if (m) return [element, m[0]];
  }
  return null;
}

/**
 * The element of an NRG channel from its sensor history (issue 40): the measurand of a multi-quantity
 * sensor first, else its type and description. A measurand names the quantity, not where it is measured,
 * so the description still decides two cases: a qualifier that makes it another quantity (`Measurand:
 * Solar Irradiance` of an `MS-40M POA` is plane-of-array irradiance, not global horizontal; a `DNI`
 * description), and a radiometer's own humidity, pressure or temperature (`Hukseflux SR30`, `Measurand:
 * Humidity`: the inside of its housing, not the air's). Returns the element and the sensor-history text it
 * was read from (the evidence).
 */
export function sensorChannelElementOf(sensor: {
  measurand: string;
  type: string;
  description: string;
}): [TChannelElement, string] | null {
  const device = `${sensor.type} ${sensor.description}`.trim();
  const fromMeasurand = sensorElementOf(sensor.measurand);
  const fromDevice = sensorElementOf(device);
  if (!fromMeasurand) return fromDevice ? [fromDevice[0], sensor.measurand || device] : null;
  const both = `${sensor.description || sensor.type}: ${sensor.measurand}`;
  if (fromMeasurand[0] !== 'other' && fromDevice?.[0] === 'other') return ['other', both];
  const own: TChannelElement[] = ['RH', 'p', 'T'];
  if (fromDevice?.[0] === 'ghi' && own.includes(fromMeasurand[0])) return ['other', both];
  return [fromMeasurand[0], sensor.measurand];
}
