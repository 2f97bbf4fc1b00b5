const COMPASS_16 = [
  'N',
  'NNE',
  'NE',
  'ENE',
  'E',
  'ESE',
  'SE',
  'SSE',
  'S',
  'SSW',
  'SW',
  'WSW',
  'W',
  'WNW',
  'NW',
  'NNW',
];

/** Label style of {@link sectorLabels}. */
export type SectorLabelStyle = 'compass' | 'centre' | 'wasp' | 'letter' | 'range';

/**
 * Labels of `sectors` equal sectors centred on 0° (WIND-ANALYSIS §0, SPEC §9):
 * - `compass`: the compass point codes N, NNE … — 4, 8 or 16 sectors only (their names in a language
 *   are the caller's catalogue's);
 * - `centre`: centre angle ("0", "30", … for 12 sectors);
 * - `wasp`: WAsP sector numbers "1" … "n";
 * - `letter`: the platform's letter sectors, spreadsheet style A … Z, AA … AD (SPEC §9 "A-Z and A-D";
 *   no standard defines them, WIND-ANALYSIS §0);
 * - `range`: "345-15" edges as in the correlation report (SPEC §3 sectorRange).
 *
 * @example sectorLabels(16, 'compass')[1] // 'NNE'
 * @example sectorLabels(12, 'range')[0] // '345-15'
 */
export function sectorLabels(sectors: number, style: SectorLabelStyle = 'centre'): string[] {
  if (!Number.isInteger(sectors) || sectors < 1)
    throw new Error('sectorLabels requires sectors to be a positive integer');
  const width = 360 / sectors;
  const out: string[] = [];
  for (let s = 0; s < sectors; s++) {
    switch (style) {
      case 'compass': {
        if (16 % sectors !== 0)
          throw new Error('sectorLabels requires 4, 8 or 16 sectors for compass labels');
        out.push(COMPASS_16[s * (16 / sectors)]!);
        break;
      }
      case 'centre':
        out.push(formatDegrees(s * width));
        break;
      case 'wasp':
        out.push(String(s + 1));
        break;
      case 'letter':
        out.push(letterLabel(s));
        break;
      case 'range': {
        const start = s * width - width / 2;
        out.push(`${formatDegrees(start < 0 ? start + 360 : start)}-${formatDegrees(s * width + width / 2)}`);
        break;
      }
    }
  }
  return out;
}

function formatDegrees(value: number): string {
  return String(Math.round(value * 100) / 100);
}

function letterLabel(index: number): string {
  let label = '';
  let i = index + 1;
  while (i > 0) {
    const r = (i - 1) % 26;
    label = String.fromCharCode(65 + r) + label;
    i = Math.floor((i - 1) / 26);
  }
  return label;
}
