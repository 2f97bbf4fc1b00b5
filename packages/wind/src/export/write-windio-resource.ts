import { wgs84ToUtm } from '../geo/wgs84-to-utm.ts';
import { utf8 } from './byte-chunks.ts';
import { climatePeriod, singleLine, utcOffsetText } from './climate-period.ts';
import type { ObservedWindClimate } from './observed-wind-climate.ts';

/** A YAML flow sequence of numbers with `decimals` places. */
function numbers(values: readonly number[], decimals: number): string {
  return `[${values.map((v) => v.toFixed(decimals)).join(', ')}]`;
}

/**
 * Streams the IEA Wind Task 37 windIO energy-resource document (YAML; schema
 * `energy_resource.yaml` of windIO: `name` and a `wind_resource` of the Weibull kind) of an
 * {@link observedWindClimate} (FLOW-CLIMATES.md §2):
 *
 * - `wind_direction`: the sector centres, degrees (sector 1 centred on north);
 * - `sector_probability`, `weibull_a` (m/s), `weibull_k`, each `{ data: […], dims: [wind_direction] }`
 *   (probabilities 0–1 with 6 decimals, A and k with 3), A/k by the WAsP method of WIND-ANALYSIS §8.2;
 * - `height` and `reference_height`: the measurement height, m;
 * - `x` / `y`: the mast's UTM easting / northing in m (windIO positions are metres West–East and
 *   South–North; the zone and EPSG code are in the header), left out where UTM is undefined (polar);
 * - a header of `#` comments with the WGS84 latitude/longitude (`# latitude_deg: …`, `# longitude_deg: …`,
 *   6 decimals), the period (`# period: <from> / <to>`, local ISO 8601 with offset, period-beginning
 *   stamps), the record count and the all-sector A/k — the schema has no field for them (its objects
 *   allow no other properties), and `time` would make the document a time series as well.
 *
 * UTF-8, LF line ends (YAML), strings double-quoted (JSON escapes are YAML escapes).
 *
 * @example Buffer.concat([...writeWindioResource({ climate, name: 'M1 80 m', latitudeDeg: 53.3, longitudeDeg: -6.2, heightM: 80, utcOffsetHours: 8 })])
 */
export function* writeWindioResource(input: {
  climate: ObservedWindClimate;
  name: string;
  latitudeDeg: number;
  longitudeDeg: number;
  heightM: number;
  utcOffsetHours: number;
}): Generator<Uint8Array, void, undefined> {
  const { climate } = input;
  const width = 360 / climate.sectors;
  const period = climatePeriod(climate, input.utcOffsetHours);
  let utm: ReturnType<typeof wgs84ToUtm> | undefined;
  try {
    utm = wgs84ToUtm(input.latitudeDeg, input.longitudeDeg);
  } catch {
    utm = undefined;
  }
  const own = climate.sectorWeibull.map((w, s) => (w.ownFit ? '' : String(s + 1))).filter((s) => s !== '');
  const lines = [
    '# IEA Wind Task 37 windIO energy resource: observed wind climate written by MastHub',
    `# site: ${singleLine(input.name)}`,
    `# latitude_deg: ${input.latitudeDeg.toFixed(6)}`,
    `# longitude_deg: ${input.longitudeDeg.toFixed(6)}`,
    utm
      ? `# x, y: UTM zone ${utm.zone}${utm.hemisphere} (EPSG:${utm.epsg}) easting, northing in m, WGS84`
      : '# x, y: left out (no UTM zone at this latitude)',
    `# period: ${period.from} / ${period.to} (period-beginning stamps, UTC${utcOffsetText(input.utcOffsetHours)})`,
    `# records: ${climate.count} of ${climate.intervalMinutes} min, speed and direction both present`,
    '# Weibull: WAsP method (third moment and share above the mean kept), MastHub WIND-ANALYSIS 8.2',
    `# all sectors: weibull_a ${climate.allSectors.scaleMps.toFixed(3)} m/s, weibull_k ${climate.allSectors.shape.toFixed(3)}`,
    ...(own.length > 0
      ? [`# sectors with the all-sector A/k (fewer than 100 records): ${own.join(', ')}`]
      : []),
    `name: ${JSON.stringify(input.name)}`,
    'wind_resource:',
    `  wind_direction: ${numbers(
      Array.from({ length: climate.sectors }, (_, s) => s * width),
      2,
    )}`,
    '  sector_probability:',
    `    data: ${numbers(climate.sectorFrequencies, 6)}`,
    '    dims: [wind_direction]',
    '  weibull_a:',
    `    data: ${numbers(
      climate.sectorWeibull.map((w) => w.scaleMps),
      3,
    )}`,
    '    dims: [wind_direction]',
    '  weibull_k:',
    `    data: ${numbers(
      climate.sectorWeibull.map((w) => w.shape),
      3,
    )}`,
    '    dims: [wind_direction]',
    `  height: ${input.heightM.toFixed(1)}`,
    `  reference_height: ${input.heightM.toFixed(1)}`,
    ...(utm ? [`  x: ${utm.eastingM.toFixed(1)}`, `  y: ${utm.northingM.toFixed(1)}`] : []),
  ];
  yield utf8(`${lines.join('\n')}\n`);
}
