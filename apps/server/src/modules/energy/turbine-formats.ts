import type { TCurvePoint, TTurbineRegulation } from '@masthub/shared';
import { DOMParser } from '@xmldom/xmldom';
import {
  ArchiveUnreadableError,
  limitsUpTo,
  loadWorkbookWithinLimits,
  type TArchiveLimits,
} from '../../platform/files/archive-limits.ts';

/** Unpacked bytes of a curve workbook (≤ 400 points, perhaps a few sheets more): read on the event loop. */
export const TURBINE_XLSX_MAX_UNPACKED_BYTES = 32 * 2 ** 20;

/** A turbine read from a file, before the user saves it to the library. */
export interface TParsedTurbine {
  model: string;
  manufacturer: string;
  ratedKw: number;
  rotorDiameterM: number;
  hubHeightsM: number[];
  referenceDensity: number;
  regulation: TTurbineRegulation;
  curve: TCurvePoint[];
}

/** Why a turbine file cannot be read: a key the caller turns into a localised error. */
export class TurbineFileError extends Error {
  constructor(readonly reason: 'format' | 'no_curve' | 'encoding') {
    super(`turbine file: ${reason}`);
    this.name = 'TurbineFileError';
  }
}

const STANDARD_DENSITY = 1.225;

function num(value: string | null | undefined): number {
  return value === null || value === undefined || value.trim() === '' ? Number.NaN : Number(value.trim());
}

function finishCurve(points: TCurvePoint[]): TCurvePoint[] {
  const sorted = points
    .filter((p) => Number.isFinite(p.speed) && Number.isFinite(p.power))
    .sort((a, b) => a.speed - b.speed);
  const unique: TCurvePoint[] = [];
  for (const p of sorted) if (unique.length === 0 || p.speed > unique.at(-1)!.speed) unique.push(p);
  if (unique.length < 2) throw new TurbineFileError('no_curve');
  return unique;
}

/**
 * A WAsP turbine generator file (.wtg, XML): `WindTurbineGenerator` with Description, ManufacturerName,
 * RotorDiameter, SuggestedHeights/Height and one or more PerformanceTable (AirDensity) of DataPoint
 * (WindSpeed m/s, PowerOutput W, ThrustCoEfficient). The table at the density nearest 1.225 is taken.
 * Regulation is not in the file: a curve that falls after its maximum before cut-out reads as stall.
 */
export function parseWtg(text: string, fileName: string): TParsedTurbine {
  let doc: Document;
  try {
    doc = new DOMParser({
      errorHandler: {
        warning: () => undefined,
        error: () => {
          throw new TurbineFileError('format');
        },
        fatalError: () => {
          throw new TurbineFileError('format');
        },
      },
    }).parseFromString(text.replace(/^\uFEFF/, ''), 'text/xml') as unknown as Document;
  } catch {
    throw new TurbineFileError('format');
  }
  const root = doc.documentElement;
  if (root?.nodeName !== 'WindTurbineGenerator') throw new TurbineFileError('format');
  const tables = Array.from(root.getElementsByTagName('PerformanceTable'));
  if (tables.length === 0) throw new TurbineFileError('no_curve');
  const density = (t: Element) => {
    const d = num(t.getAttribute('AirDensity'));
    return Number.isFinite(d) ? d : STANDARD_DENSITY;
  };
  const table = tables.reduce((best, t) =>
    Math.abs(density(t) - STANDARD_DENSITY) < Math.abs(density(best) - STANDARD_DENSITY) ? t : best,
  );
  const points = Array.from(table.getElementsByTagName('DataPoint')).map((p) => {
    const ct = num(p.getAttribute('ThrustCoEfficient') ?? p.getAttribute('ThrustCoefficient'));
    return {
      speed: num(p.getAttribute('WindSpeed')),
      power: num(p.getAttribute('PowerOutput')) / 1000,
      ct: Number.isFinite(ct) ? ct : null,
    };
  });
  const curve = finishCurve(points);
  const heights = Array.from(root.getElementsByTagName('Height'))
    .map((h) => num(h.textContent))
    .filter((h) => Number.isFinite(h) && h > 0);
  const rated = Math.max(...curve.map((p) => p.power));
  return {
    model: root.getAttribute('Description')?.trim() || fileName.replace(/\.wtg$/i, ''),
    manufacturer: root.getAttribute('ManufacturerName')?.trim() ?? '',
    ratedKw: rated,
    rotorDiameterM: num(root.getAttribute('RotorDiameter')),
    hubHeightsM: heights,
    referenceDensity: density(table),
    regulation: looksStallRegulated(curve) ? 'stall' : 'pitch',
    curve,
  };
}

/** A stall curve peaks and falls back before cut-out; a pitch curve stays at rated power. */
function looksStallRegulated(curve: readonly TCurvePoint[]): boolean {
  const max = Math.max(...curve.map((p) => p.power));
  const peak = curve.findIndex((p) => p.power === max);
  const after = curve.slice(peak + 1).filter((p) => p.power > 0);
  return after.some((p) => p.power < 0.95 * max);
}

/**
 * A WAsP power curve file (.pow, text): line 1 the name; line 2 hub height and rotor diameter (m);
 * line 3 the factors that turn the table's speed into m/s and its power into kW; then `speed power [Ct]`
 * per line. (Older files give power in W with factor 0.001; a table whose top power exceeds 50 000 after
 * the factor is read as W.)
 */
export function parsePow(text: string, fileName: string): TParsedTurbine {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim());
  if (lines.length < 5) throw new TurbineFileError('format');
  const [hub, diameter] = lines[1]!.split(/[\s,;]+/).map(num);
  const [speedFactor, powerFactor] = lines[2]!.split(/[\s,;]+/).map(num);
  if (!Number.isFinite(hub) || !Number.isFinite(diameter)) throw new TurbineFileError('format');
  const fs = Number.isFinite(speedFactor) && speedFactor! > 0 ? speedFactor! : 1;
  const fp = Number.isFinite(powerFactor) && powerFactor! > 0 ? powerFactor! : 1;
  const points: TCurvePoint[] = [];
  for (const line of lines.slice(3)) {
    if (!line) continue;
    const [v, p, ct] = line.split(/[\s,;]+/).map(num);
    if (!Number.isFinite(v) || !Number.isFinite(p)) continue;
    points.push({ speed: v! * fs, power: p! * fp, ct: Number.isFinite(ct) ? ct! : null });
  }
  let curve = finishCurve(points);
  if (Math.max(...curve.map((p) => p.power)) > 50_000)
    curve = curve.map((p) => ({ ...p, power: p.power / 1000 }));
  return {
    model: lines[0] || fileName.replace(/\.pow$/i, ''),
    manufacturer: '',
    ratedKw: Math.max(...curve.map((p) => p.power)),
    rotorDiameterM: diameter!,
    hubHeightsM: hub! > 0 ? [hub!] : [],
    referenceDensity: STANDARD_DENSITY,
    regulation: looksStallRegulated(curve) ? 'stall' : 'pitch',
    curve,
  };
}

/** Rows of numbers → a curve: speed (m/s), power (kW), optional Ct; header rows and blank cells skipped. */
function curveFromRows(rows: readonly (readonly unknown[])[]): TCurvePoint[] {
  const points: TCurvePoint[] = [];
  for (const row of rows) {
    const v = Number(row[0]);
    const p = Number(row[1]);
    const ct = row[2] === undefined || row[2] === null || row[2] === '' ? Number.NaN : Number(row[2]);
    if (row[0] === null || row[0] === '' || !Number.isFinite(v) || !Number.isFinite(p)) continue;
    points.push({ speed: v, power: p, ct: Number.isFinite(ct) ? ct : null });
  }
  return finishCurve(points);
}

function fromCurve(curve: TCurvePoint[], fileName: string): TParsedTurbine {
  return {
    model: fileName.replace(/\.(csv|txt|xlsx)$/i, ''),
    manufacturer: '',
    ratedKw: Math.max(...curve.map((p) => p.power)),
    rotorDiameterM: Number.NaN,
    hubHeightsM: [],
    referenceDensity: STANDARD_DENSITY,
    regulation: looksStallRegulated(curve) ? 'stall' : 'pitch',
    curve,
  };
}

/** A two- or three-column CSV (speed m/s, power kW, Ct), comma, semicolon or tab separated. */
export function parseCurveCsv(text: string, fileName: string): TParsedTurbine {
  const rows = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .map((l) => l.split(/[,;\t]/).map((c) => c.trim()));
  return fromCurve(curveFromRows(rows), fileName);
}

/**
 * What an exceljs cell holds, as a number or text: a formula's cached result, the runs of rich text,
 * a hyperlink's text; an error value is empty.
 */
function plainCellValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  if ('result' in value) return plainCellValue(value.result);
  if ('richText' in value && Array.isArray(value.richText)) {
    return value.richText.map((run: { text?: unknown }) => String(run.text ?? '')).join('');
  }
  if ('text' in value) return plainCellValue(value.text);
  return null;
}

/**
 * The first sheet of an xlsx: columns A speed (m/s), B power (kW), C Ct (optional). Opened under the
 * archive limits: a passed limit is the localised AppError.
 */
export async function parseCurveXlsx(
  content: Buffer,
  fileName: string,
  limits: TArchiveLimits,
): Promise<TParsedTurbine> {
  let book: Awaited<ReturnType<typeof loadWorkbookWithinLimits>>;
  try {
    book = await loadWorkbookWithinLimits(
      content,
      fileName,
      limitsUpTo(limits, TURBINE_XLSX_MAX_UNPACKED_BYTES),
    );
  } catch (error) {
    if (error instanceof ArchiveUnreadableError) throw new TurbineFileError('format');
    throw error;
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new TurbineFileError('no_curve');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push([1, 2, 3].map((c) => plainCellValue(row.getCell(c).value)));
  });
  return fromCurve(curveFromRows(rows), fileName);
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A turbine as a WAsP .wtg (power in W, as WAsP writes it). */
export function writeWtg(t: TParsedTurbine): string {
  const cutIn = t.curve.find((p) => p.power > 0)?.speed ?? t.curve[0]!.speed;
  const cutOut = t.curve.at(-1)!.speed;
  const points = t.curve
    .map(
      (p) =>
        `      <DataPoint WindSpeed="${p.speed}" PowerOutput="${Math.round(p.power * 1000 * 1000) / 1000}" ThrustCoEfficient="${p.ct ?? 0}"/>`,
    )
    .join('\n');
  const heights = t.hubHeightsM.map((h) => `    <Height>${h}</Height>`).join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<WindTurbineGenerator Description="${escapeXml(t.model)}" ManufacturerName="${escapeXml(t.manufacturer)}" FormatVersion="1.0" RotorDiameter="${t.rotorDiameterM}">
  <SuggestedHeights>
${heights}
  </SuggestedHeights>
  <PerformanceTable AirDensity="${t.referenceDensity}">
    <StartStopStrategy LowSpeedCutIn="${cutIn}" HighSpeedCutOut="${cutOut}"/>
    <DataTable>
${points}
    </DataTable>
  </PerformanceTable>
</WindTurbineGenerator>
`;
}

/** Reads a turbine file by its extension: .wtg, .pow, .csv/.txt, .xlsx (under the archive limits). */
export async function parseTurbineFile(
  fileName: string,
  content: Buffer,
  limits: TArchiveLimits,
): Promise<TParsedTurbine> {
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'xlsx') return parseCurveXlsx(content, fileName, limits);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    text = new TextDecoder('gb18030').decode(content);
  }
  if (ext === 'wtg') return parseWtg(text, fileName);
  if (ext === 'pow') return parsePow(text, fileName);
  if (ext === 'csv' || ext === 'txt') return parseCurveCsv(text, fileName);
  throw new TurbineFileError('format');
}
