import type { Language, TStationRecord } from '@masthub/shared';
import ExcelJS from 'exceljs';
import { SERVER_TEXTS } from '../../i18n/index.ts';
import type { TKeysUnder } from '../../i18n/pick.ts';
import { writeWorkbook } from '../../platform/xlsx/write-workbook.ts';

/** The headers are the site table's titles (i18n (the area station-fields)). */
const HEADER_KEYS = [
  'siteCode',
  'projectName',
  'province',
  'longitude',
  'latitude',
  'altitudeM',
  'mastHeightM',
  'siteType',
  'status',
] as const satisfies readonly TKeysUnder<'stationFields.'>[];
const HEADERS: Record<Language, string[]> = {
  zh: HEADER_KEYS.map((key) => SERVER_TEXTS[`stationFields.${key}`].zh),
  en: HEADER_KEYS.map((key) => SERVER_TEXTS[`stationFields.${key}`].en),
};

export const COORDINATE_EXPORT_NAME: Record<Language, string> = SERVER_TEXTS['stations.coordinateExportName'];

/** The coordinate export workbook: one sheet, one row per site, headers in the caller's language. */
export async function buildCoordinateWorkbook(
  rows: readonly TStationRecord[],
  language: Language,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'MastHub';
  const sheet = workbook.addWorksheet(COORDINATE_EXPORT_NAME[language]);
  sheet.addRow(HEADERS[language]);
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    sheet.addRow([
      r.stationCode,
      r.projectName,
      r.province ?? '',
      r.longitude,
      r.latitude,
      r.altitude,
      r.pylonHeight,
      r.stationTypeName,
      r.statusName,
    ]);
  }
  sheet.columns.forEach((column, i) => {
    column.width = [12, 28, 16, 14, 14, 12, 14, 14, 12][i];
  });
  // Codes stay text so leading zeros survive in Excel.
  sheet.getColumn(1).numFmt = '@';
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return writeWorkbook(workbook);
}
