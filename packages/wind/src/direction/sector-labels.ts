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
const COMPASS_16_ZH = [
  '北',
  '北东北',
  '东北',
  '东东北',
  '东',
  '东东南',
  '东南',
  '南东南',
  '南',
  '南西南',
  '西南',
  '西西南',
  '西',
  '西西北',
  '西北',
  '北西北',
];

/** Label style of {@link sectorLabels}. */
export type SectorLabelStyle = 'compass' | 'compass-zh' | 'centre' | 'wasp' | 'letter' | 'range';

/**
 * Labels of `sectors` equal sectors centred on 0° (WIND-ANALYSIS §0, SPEC §9):
 * - `compass` / `compass-zh`: N, NNE … (北, 北东北 …) — 4, 8 or 16 sectors only;
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
      case 'compass':
      case 'compass-zh': {
        if (16 % sectors !== 0)
          throw new Error('sectorLabels requires 4, 8 or 16 sectors for compass labels');
        const names = style === 'compass' ? COMPASS_16 : COMPASS_16_ZH;
        out.push(names[s * (16 / sectors)]!);
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
