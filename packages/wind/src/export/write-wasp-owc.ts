import { utf8 } from './byte-chunks.ts';
import { climatePeriod, singleLine, utcOffsetText } from './climate-period.ts';
import type { ObservedWindClimate } from './observed-wind-climate.ts';

/** Text for an XML attribute value or comment: markup characters escaped, no control characters. */
function xmlText(text: string): string {
  return singleLine(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A number as a plain decimal with `decimals` places, without a trailing ".0…" run ("30", "22.5"). */
function trimmed(value: number, decimals: number): string {
  const fixed = value.toFixed(decimals);
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

/**
 * Streams a WAsP observed wind climate `.owc` (XML, the histogram WAsP's OWC holds; FLOW-CLIMATES.md §1) of an
 * {@link observedWindClimate}:
 *
 * - root `RveaObservedWindClimate` with `CountOfSectors` and `Description`;
 * - `RveaAnemometerSiteDetails` with `HeightAGL` (m, 1 decimal), `LatitudeDegrees` / `LongitudeDegrees`
 *   (WGS84, 6 decimals) and `Description`;
 * - per sector an `ObservedWind` (`Index` 1…n, `CentreAngleDegrees`, `SectorWidthDegrees`,
 *   `SectorFrequency` as a fraction 0–1 with 6 decimals) holding one `SpeedFrequencyDistribution`
 *   (`NumberOfBins`) of `SpeedBin` elements (`Index`, `UpperSpeedBound` m/s, `Frequency` — the share of
 *   the sector's records in the bin, 0–1, 6 decimals; each sector sums to 1, an empty sector is all 0).
 *
 * The OWC holds no Weibull parameters (WAsP fits its own to the histogram): MastHub's A/k per sector and
 * over all sectors (WIND-ANALYSIS §8.2, WAsP method) and the period go in XML comments before the root
 * element, one line each (`Sector 1 (0 deg): A=… m/s k=… n=…`), where every XML reader skips them and
 * none sits between an `ObservedWind` and its distribution (windkit reads the first child). UTF-8 with
 * CRLF line ends; the description is the caller's (keep it ASCII for WAsP).
 *
 * @example Buffer.concat([...writeWaspOwc({ climate, description: 'M1 80 m', latitudeDeg: 53.3, longitudeDeg: -6.2, heightM: 80, utcOffsetHours: 8 })])
 */
export function* writeWaspOwc(input: {
  climate: ObservedWindClimate;
  description: string;
  latitudeDeg: number;
  longitudeDeg: number;
  heightM: number;
  utcOffsetHours: number;
}): Generator<Uint8Array, void, undefined> {
  const { climate } = input;
  const { table, sectors } = climate;
  if (sectors > 36) throw new Error('writeWaspOwc requires at most 36 sectors');
  const width = 360 / sectors;
  const period = climatePeriod(climate, input.utcOffsetHours);
  const description = xmlText(input.description);
  const fit = (w: { scaleMps: number; shape: number; count: number; ownFit: boolean }) =>
    `A=${w.scaleMps.toFixed(3)} m/s k=${w.shape.toFixed(3)} n=${w.count}${w.ownFit ? '' : ' (all-sector fit: too few records)'}`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<!-- Observed wind climate written by MastHub. Period ${period.from} to ${period.to} (period-beginning stamps, UTC${utcOffsetText(input.utcOffsetHours)}), ${climate.count} records of ${climate.intervalMinutes} min. -->`,
    '<!-- Weibull fits, WAsP method (third moment and share above the mean kept), not part of the OWC: -->',
    `<!-- All sectors: ${fit(climate.allSectors)} -->`,
    ...climate.sectorWeibull.map(
      (w, s) => `<!-- Sector ${s + 1} (${trimmed(s * width, 2)} deg): ${fit(w)} -->`,
    ),
    `<RveaObservedWindClimate CountOfSectors="${sectors}" Description="${description}">`,
    `  <RveaAnemometerSiteDetails HeightAGL="${input.heightM.toFixed(1)}" LatitudeDegrees="${input.latitudeDeg.toFixed(6)}" LongitudeDegrees="${input.longitudeDeg.toFixed(6)}" Description="${description}"/>`,
  ];
  yield utf8(`${lines.join('\r\n')}\r\n`);
  const bins = table.upperEdgesMps.length;
  for (let s = 0; s < sectors; s++) {
    const n = table.sectorCounts[s]!;
    let text = `  <ObservedWind Index="${s + 1}" CentreAngleDegrees="${trimmed(s * width, 2)}" SectorWidthDegrees="${trimmed(width, 2)}" SectorFrequency="${climate.sectorFrequencies[s]!.toFixed(6)}">\r\n`;
    text += `    <SpeedFrequencyDistribution NumberOfBins="${bins}">\r\n`;
    for (let b = 0; b < bins; b++) {
      const share = n > 0 ? table.counts[b]![s]! / n : 0;
      text += `      <SpeedBin Index="${b + 1}" UpperSpeedBound="${trimmed(table.upperEdgesMps[b]!, 2)}" Frequency="${share.toFixed(6)}"/>\r\n`;
    }
    text += '    </SpeedFrequencyDistribution>\r\n  </ObservedWind>\r\n';
    yield utf8(text);
  }
  yield utf8('</RveaObservedWindClimate>\r\n');
}
