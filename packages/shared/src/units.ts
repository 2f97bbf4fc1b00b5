/**
 * How the unit codes MastHub stores (the spellings of the ingestion's unit table: `m/s`, `deg`, `deg_C`,
 * `W/m^2`…) are written for people: `deg_C` → `°C`, `deg` → `°`, `W/m^2` → `W/m²`. Every screen, workbook
 * and report that shows a unit writes it through this one function; codes it does not know are shown as
 * stored, with `^2`/`^3` as superscripts.
 */
const UNIT_SYMBOLS: Readonly<Record<string, string>> = {
  deg_C: '°C',
  deg_F: '°F',
  deg: '°',
  degree: '°',
  degrees: '°',
  'W/m^2': 'W/m²',
  'kg/m^3': 'kg/m³',
  knots: 'kn',
};

const SUPERSCRIPTS: Readonly<Record<string, string>> = { '2': '²', '3': '³' };

/**
 * A stored unit code as people read it; '' for no unit.
 * @example formatUnit('deg_C') // '°C'
 */
export function formatUnit(code: string | null | undefined): string {
  if (!code) return '';
  const known = UNIT_SYMBOLS[code];
  if (known !== undefined) return known;
  return code.replace(/\^([23])/g, (_, power: string) => SUPERSCRIPTS[power] ?? power);
}

/** Whether a stored unit code is an angle in degrees (direction axes run 0–360). */
export function isDegreeUnit(code: string | null | undefined): boolean {
  return formatUnit(code) === '°';
}
