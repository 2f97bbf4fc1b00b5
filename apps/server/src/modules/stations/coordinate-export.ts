import type { Language, TStationRecord } from '@masthub/shared';
import ExcelJS from 'exceljs';

const HEADERS: Record<Language, string[]> = {
  zh: ['站点编号', '项目名称', '省份', '经度', '纬度', '海拔 (m)', '塔高 (m)', '站点类型', '站点状态'],
  en: [
    'Site code',
    'Project name',
    'Province',
    'Longitude',
    'Latitude',
    'Altitude (m)',
    'Mast height (m)',
    'Site type',
    'Status',
  ],
};

export const COORDINATE_EXPORT_NAME: Record<Language, string> = { zh: '站点坐标', en: 'site-coordinates' };

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
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
