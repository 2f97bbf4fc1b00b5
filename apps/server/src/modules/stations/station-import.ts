import { createRequire } from 'node:module';
import {
  type Language,
  parseUtcCode,
  STATION_TYPES,
  type TLocalized,
  type TStationSaveRequest,
  ZStationSaveRequest,
} from '@masthub/shared';
import ExcelJS from 'exceljs';
import { SERVER_TEXTS, say } from '../../i18n/index.ts';
import {
  ArchiveUnreadableError,
  limitsUpTo,
  loadWorkbookWithinLimits,
  type TArchiveLimits,
} from '../../platform/files/archive-limits.ts';
import { writeWorkbook } from '../../platform/xlsx/write-workbook.ts';
import { PROVINCES } from '../lookups/index.ts';

/** Rows one batch import may hold. */
export const STATION_IMPORT_MAX_ROWS = 1000;
/** Bytes of one import workbook. */
export const STATION_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Unpacked bytes of one import workbook (1000 rows are ≈ 1 MB of sheet XML): read on the event loop. */
export const STATION_IMPORT_MAX_UNPACKED_BYTES = 32 * 1024 * 1024;

export const IMPORT_TEMPLATE_NAME: Record<Language, string> = SERVER_TEXTS['stations.importTemplateName'];

/**
 * The template's example row names a made-up Chinese site in either language: sample data, not a message,
 * so it is a data file beside this module rather than catalogue texts (those differ by language).
 */
const IMPORT_EXAMPLE = createRequire(import.meta.url)('./import-example.json') as Record<
  'projectName' | 'stationType' | 'province' | 'location',
  string
>;

type TImportKey =
  | 'stationCode'
  | 'projectName'
  | 'stationType'
  | 'province'
  | 'location'
  | 'longitude'
  | 'latitude'
  | 'altitude'
  | 'pylonHeight'
  | 'loggerUtcOffset'
  | 'owner'
  | 'manufacturer'
  | 'sim';

/** The template's columns: a required one is marked `*` in the header; the example fills the second row. */
export const IMPORT_COLUMNS: readonly {
  key: TImportKey;
  title: TLocalized;
  required: boolean;
  example: string | number;
}[] = [
  {
    key: 'stationCode',
    title: SERVER_TEXTS['stations.importColumn.stationCode'],
    required: true,
    example: '130101',
  },
  {
    key: 'projectName',
    title: SERVER_TEXTS['stations.importColumn.projectName'],
    required: true,
    example: IMPORT_EXAMPLE.projectName,
  },
  {
    key: 'stationType',
    title: SERVER_TEXTS['stations.importColumn.stationType'],
    required: true,
    example: IMPORT_EXAMPLE.stationType,
  },
  {
    key: 'province',
    title: SERVER_TEXTS['stations.importColumn.province'],
    required: false,
    example: IMPORT_EXAMPLE.province,
  },
  {
    key: 'location',
    title: SERVER_TEXTS['stations.importColumn.location'],
    required: false,
    example: IMPORT_EXAMPLE.location,
  },
  {
    key: 'longitude',
    title: SERVER_TEXTS['stations.importColumn.longitude'],
    required: true,
    example: 114.705,
  },
  { key: 'latitude', title: SERVER_TEXTS['stations.importColumn.latitude'], required: true, example: 41.152 },
  { key: 'altitude', title: SERVER_TEXTS['stations.importColumn.altitude'], required: false, example: 1450 },
  {
    key: 'pylonHeight',
    title: SERVER_TEXTS['stations.importColumn.pylonHeight'],
    required: false,
    example: 100,
  },
  {
    key: 'loggerUtcOffset',
    title: SERVER_TEXTS['stations.importColumn.loggerUtcOffset'],
    required: false,
    example: 'UTC+08:00',
  },
  { key: 'owner', title: SERVER_TEXTS['stations.importColumn.owner'], required: false, example: '' },
  {
    key: 'manufacturer',
    title: SERVER_TEXTS['stations.importColumn.manufacturer'],
    required: false,
    example: '',
  },
  { key: 'sim', title: SERVER_TEXTS['stations.importColumn.sim'], required: false, example: '' },
];

/** A cell's text (numbers as written, rich text joined, formulas by their result). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text).trim();
    if (value instanceof Date) return value.toISOString();
    return '';
  }
  return String(value).trim();
}

const normalise = (text: string) => text.replace(/\*/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

/** The import template in the reader's language: headers, an example row, and the allowed values. */
export async function buildImportTemplate(language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'MastHub';
  const sheet = workbook.addWorksheet(say(language, 'stations.importSheet'));
  sheet.addRow(IMPORT_COLUMNS.map((c) => `${c.title[language]}${c.required ? ' *' : ''}`));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(IMPORT_COLUMNS.map((c) => c.example));
  sheet.columns.forEach((column) => {
    column.width = 18;
  });
  const notes = workbook.addWorksheet(say(language, 'stations.importNotesSheet'));
  notes.addRow([say(language, 'stations.importRequiredNote')]);
  notes.addRow([say(language, 'stations.importSiteTypes'), ...STATION_TYPES.map((s) => s.name[language])]);
  notes.addRow([
    say(language, 'stations.importProvinces'),
    ...PROVINCES.map((p) => (language === 'zh' ? p.name : p.nameEn)),
  ]);
  notes.addRow([
    say(language, 'stations.importOwnerManufacturer'),
    say(language, 'stations.importOwnerManufacturerNote'),
  ]);
  return writeWorkbook(workbook);
}

/** One row of the file: its row number in the sheet and its cells by column key. */
export interface TImportRow {
  rowNumber: number;
  cells: Partial<Record<TImportKey, string>>;
}

export class ImportFileError extends Error {
  constructor(
    readonly reason: 'unreadable' | 'noHeader' | 'noRows' | 'tooManyRows',
    readonly details: Record<string, unknown> = {},
  ) {
    super(reason);
    this.name = 'ImportFileError';
  }
}

/**
 * Reads the first sheet: the header row names the columns (either language, `*` ignored). The workbook
 * is opened under the archive limits: a passed limit is the localised AppError.
 */
export async function readImportRows(
  bytes: Buffer,
  fileName: string,
  limits: TArchiveLimits,
): Promise<TImportRow[]> {
  let workbook: ExcelJS.Workbook;
  try {
    workbook = await loadWorkbookWithinLimits(
      bytes,
      fileName,
      limitsUpTo(limits, STATION_IMPORT_MAX_UNPACKED_BYTES),
    );
  } catch (error) {
    if (error instanceof ArchiveUnreadableError) throw new ImportFileError('unreadable');
    throw error;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ImportFileError('noHeader');
  const byTitle = new Map<string, TImportKey>();
  for (const c of IMPORT_COLUMNS) {
    byTitle.set(normalise(c.title.zh), c.key);
    byTitle.set(normalise(c.title.en), c.key);
  }
  const header = sheet.getRow(1);
  const keys = new Map<number, TImportKey>();
  header.eachCell((cell, column) => {
    const key = byTitle.get(normalise(cellText(cell.value)));
    if (key) keys.set(column, key);
  });
  if (!keys.has(1) && ![...keys.values()].includes('stationCode')) throw new ImportFileError('noHeader');
  const rows: TImportRow[] = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells: TImportRow['cells'] = {};
    let hasValue = false;
    row.eachCell((cell, column) => {
      const key = keys.get(column);
      const text = cellText(cell.value);
      if (key && text) {
        cells[key] = text;
        hasValue = true;
      }
    });
    if (hasValue) rows.push({ rowNumber, cells });
  });
  if (rows.length === 0) throw new ImportFileError('noRows');
  if (rows.length > STATION_IMPORT_MAX_ROWS)
    throw new ImportFileError('tooManyRows', { max: STATION_IMPORT_MAX_ROWS });
  return rows;
}

/** Names the file uses, resolved against what is registered. */
export interface TImportLookups {
  owners: readonly { id: number; name: string }[];
  manufacturers: readonly { id: number; name: string; model: string }[];
}

/** A row as a save request, or the messages of what cannot be resolved (before schema validation). */
export function rowToRequest(
  row: TImportRow,
  lookups: TImportLookups,
): { request: Record<string, unknown>; problems: { key: TImportKey; message: string }[] } {
  const c = row.cells;
  const problems: { key: TImportKey; message: string }[] = [];
  const number = (key: TImportKey) => {
    const text = c[key];
    if (text === undefined) return undefined;
    const value = Number(text);
    if (!Number.isFinite(value)) problems.push({ key, message: 'v.number' });
    return value;
  };
  const lower = (s: string) => s.trim().toLowerCase();
  let stationType: string | undefined;
  if (c.stationType) {
    const found = STATION_TYPES.find(
      (t) =>
        lower(t.value) === lower(c.stationType!) ||
        lower(t.name.zh) === lower(c.stationType!) ||
        lower(t.name.en) === lower(c.stationType!),
    );
    if (found) stationType = found.value;
    else problems.push({ key: 'stationType', message: 'v.oneOf' });
  }
  let regionCode: string | null = null;
  if (c.province) {
    const found = PROVINCES.find(
      (p) =>
        p.code === c.province ||
        p.name === c.province ||
        lower(p.nameEn) === lower(c.province!) ||
        p.name.startsWith(c.province!),
    );
    if (found) regionCode = found.code;
    else problems.push({ key: 'province', message: 'v.oneOf' });
  }
  let loggerUtcOffset: number | undefined;
  if (c.loggerUtcOffset) {
    loggerUtcOffset = parseUtcCode(c.loggerUtcOffset);
    if (loggerUtcOffset === undefined) problems.push({ key: 'loggerUtcOffset', message: 'v.oneOf' });
  }
  let ownerPartyId: number | null = null;
  if (c.owner) {
    const found = lookups.owners.find((o) => lower(o.name) === lower(c.owner!));
    if (found) ownerPartyId = found.id;
    else problems.push({ key: 'owner', message: 'v.notRegistered' });
  }
  let manufacturerId: number | null = null;
  if (c.manufacturer) {
    const text = lower(c.manufacturer);
    const found =
      lookups.manufacturers.find((m) => lower(`${m.name} ${m.model}`) === text) ??
      (lookups.manufacturers.filter((m) => lower(m.name) === text).length === 1
        ? lookups.manufacturers.find((m) => lower(m.name) === text)
        : undefined);
    if (found) manufacturerId = found.id;
    else problems.push({ key: 'manufacturer', message: 'v.notRegistered' });
  }
  const request: Record<string, unknown> = {
    stationCode: c.stationCode ?? '',
    projectName: c.projectName ?? '',
    stationType: stationType ?? null,
    // A registered site has no data yet: "not monitored" until its files arrive.
    status: -1,
    regionCode,
    location: c.location ?? '',
    longitude: number('longitude'),
    latitude: number('latitude'),
    altitude: number('altitude') ?? null,
    pylonHeight: number('pylonHeight') ?? null,
    ...(loggerUtcOffset !== undefined ? { loggerUtcOffset } : {}),
    ownerPartyId,
    manufacturerId,
    sim: c.sim ?? '',
  };
  return { request, problems };
}

/** The schema check of a resolved row: the parsed request, or its issues by column key. */
export function validateRow(
  request: Record<string, unknown>,
): { ok: true; value: TStationSaveRequest } | { ok: false; issues: { key: string; message: string }[] } {
  const parsed = ZStationSaveRequest.safeParse(request);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => ({
      key: String(issue.path[0] ?? ''),
      message: issue.message,
    })),
  };
}
