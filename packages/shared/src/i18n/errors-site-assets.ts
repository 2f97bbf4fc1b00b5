import type { TLocalized } from './language.ts';

/**
 * The messages of the site assets' error codes (channel configurations, IEA Task 43, the sensor register and
 * calibration certificates — issue 44), spread into ERROR_MESSAGES (errors.ts), which checks every code has one.
 */
export const SITE_ASSET_ERROR_MESSAGES = {
  CHANNEL_CONFIG_DATE_TAKEN: {
    zh: '该站点已有生效时间为 {effectiveFrom} 的通道配置',
    en: 'This site already has a channel configuration effective from {effectiveFrom}',
  },
  SENSOR_NOT_MOUNTED: {
    zh: '该传感器在 {date} 未安装在站点 {code} 上',
    en: 'The sensor is not mounted on site {code} at {date}',
  },
  SENSOR_MOVE_LATER_CONFIG: {
    zh: '站点 {code} 已有晚于 {date} 的通道配置：请选择更晚的日期',
    en: 'Site {code} has a channel configuration later than {date}: choose a later date',
  },
  REPAIR_SENSOR_NOT_ON_SITE: {
    zh: '所选传感器不在该站点的通道配置中',
    en: 'A chosen sensor is not named in this site’s channel configurations',
  },
  IEA43_INVALID: {
    zh: '文件不是有效的 IEA Task 43 WRA 数据模型 JSON，站点未做任何修改',
    en: 'The file is not a valid IEA Task 43 WRA data model JSON; nothing was changed',
  },
  IEA43_NOTHING_TO_IMPORT: {
    zh: '文件的测量位置中没有可作为通道导入的数据列，站点未做任何修改',
    en: 'The file’s measurement location has no data column to import as a channel; nothing was changed',
  },
  CALIBRATION_CERTIFICATE_INVALID: {
    zh: '文件不是有效的 IEA Task 43 数字校准证书 JSON（1.1.0-2022.06），未做任何修改',
    en: 'The file is not a valid IEA Task 43 digital calibration certificate JSON (1.1.0-2022.06); nothing was changed',
  },
  CALIBRATION_SERIAL_MISMATCH: {
    zh: '证书所校准的传感器序列号为“{certificateSerial}”，不是该传感器（“{sensorSerial}”），未做任何修改',
    en: 'The certificate is for the sensor with serial number “{certificateSerial}”, not for this sensor (“{sensorSerial}”); nothing was changed',
  },
  CALIBRATION_PDF_INVALID: { zh: '“{fileName}”不是 PDF 文件', en: '“{fileName}” is not a PDF file' },
  CALIBRATION_NOT_MANUAL: {
    zh: '从文件导入的校准记录只能通过重新导入该文件来修改',
    en: 'A calibration imported from a file changes only by importing the file again',
  },
  CALIBRATION_CORRECTION_NOT_APPLIED: {
    zh: '该修正尚未应用或已被撤销',
    en: 'This correction is not applied, or it has been undone',
  },
} as const satisfies Record<string, TLocalized>;
