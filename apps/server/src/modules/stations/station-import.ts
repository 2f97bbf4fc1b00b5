import {
  type Language,
  parseUtcCode,
  STATION_TYPES,
  type TLocalized,
  type TStationSaveRequest,
  ZStationSaveRequest,
} from '@masthub/shared';
import ExcelJS from 'exceljs';
import {
  ArchiveUnreadableError,
  limitsUpTo,
  loadWorkbookWithinLimits,
  type TArchiveLimits,
} from '../../platform/files/archive-limits.ts';
import { PROVINCES } from '../reference/index.ts';

/** Rows one batch import may hold. */
export const STATION_IMPORT_MAX_ROWS = 1000;
/** Bytes of one import workbook. */
export const STATION_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Unpacked bytes of one import workbook (1000 rows are ≈ 1 MB of sheet XML): read on the event loop. */
export const STATION_IMPORT_MAX_UNPACKED_BYTES = 32 * 1024 * 1024;

export const IMPORT_TEMPLATE_NAME: Record<Language, string> = {
  zh: '站点批量导入模板',
  en: 'site-import-template',
};

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
  { key: 'stationCode', title: { zh: '站点编号', en: 'Site code' }, required: true, example: '130101' },
  {
    key: 'projectName',
    title: { zh: '项目名称', en: 'Project name' },
    required: true,
    example: '张北风电场一期',
  },
  { key: 'stationType', title: { zh: '站点类型', en: 'Site type' }, required: true, example: '测风塔' },
  { key: 'province', title: { zh: '省份', en: 'Province' }, required: false, example: '河北省' },
  { key: 'location', title: { zh: '位置', en: 'Location' }, required: false, example: '张北县 1 号塔' },
  { key: 'longitude', title: { zh: '经度', en: 'Longitude' }, required: true, example: 114.705 },
  { key: 'latitude', title: { zh: '纬度', en: 'Latitude' }, required: true, example: 41.152 },
  { key: 'altitude', title: { zh: '海拔 (m)', en: 'Altitude (m)' }, required: false, example: 1450 },
  { key: 'pylonHeight', title: { zh: '塔高 (m)', en: 'Mast height (m)' }, required: false, example: 100 },
  {
    key: 'loggerUtcOffset',
    title: { zh: '采集器时区', en: 'Logger time zone' },
    required: false,
    example: 'UTC+08:00',
  },
  { key: 'owner', title: { zh: '业主', en: 'Owner' }, required: false, example: '' },
  { key: 'manufacturer', title: { zh: '设备厂家', en: 'Manufacturer' }, required: false, example: '' },
  { key: 'sim', title: { zh: 'SIM 卡号', en: 'SIM number' }, required: false, example: '' },
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
  const sheet = workbook.addWorksheet(language === 'zh' ? '站点' : 'Sites');
  sheet.addRow(IMPORT_COLUMNS.map((c) => `${c.title[language]}${c.required ? ' *' : ''}`));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(IMPORT_COLUMNS.map((c) => c.example));
  sheet.columns.forEach((column) => {
    column.width = 18;
  });
  const notes = workbook.addWorksheet(language === 'zh' ? '说明' : 'Notes');
  notes.addRow([
    language === 'zh'
      ? '带 * 的列必填；示例行请替换或删除。'
      : 'Columns marked * are required; replace or delete the example row.',
  ]);
  notes.addRow([
    language === 'zh' ? '站点类型' : 'Site types',
    ...STATION_TYPES.map((s) => s.name[language]),
  ]);
  notes.addRow([
    language === 'zh' ? '省份' : 'Provinces',
    ...PROVINCES.map((p) => (language === 'zh' ? p.name : p.nameEn)),
  ]);
  notes.addRow([
    language === 'zh' ? '业主、设备厂家' : 'Owner, manufacturer',
    language === 'zh'
      ? '按名称填写（设备厂家可写“厂家 型号”），须已在系统中登记'
      : 'By name (a manufacturer may be “name model”); they must already be registered',
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
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
