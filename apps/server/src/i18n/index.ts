import type { Language, TLocalized } from '@masthub/shared';
import { interpolate } from '@masthub/shared';
import en_analysisReport from './en-US/analysis-report.json' with { type: 'json' };
import en_apply from './en-US/apply.json' with { type: 'json' };
import en_common from './en-US/common.json' with { type: 'json' };
import en_dataReports from './en-US/data-reports.json' with { type: 'json' };
import en_dataSources from './en-US/data-sources.json' with { type: 'json' };
import en_energyWorkbook from './en-US/energy-workbook.json' with { type: 'json' };
import en_groupReport from './en-US/group-report.json' with { type: 'json' };
import en_groupReports from './en-US/group-reports.json' with { type: 'json' };
import en_http from './en-US/http.json' with { type: 'json' };
import en_hub from './en-US/hub.json' with { type: 'json' };
import en_identity from './en-US/identity.json' with { type: 'json' };
import en_lidarVerify from './en-US/lidar-verify.json' with { type: 'json' };
import en_longterm from './en-US/longterm.json' with { type: 'json' };
import en_manufacturers from './en-US/manufacturers.json' with { type: 'json' };
import en_mesoscale from './en-US/mesoscale.json' with { type: 'json' };
import en_rawFiles from './en-US/raw-files.json' with { type: 'json' };
import en_reference from './en-US/reference.json' with { type: 'json' };
import en_repairs from './en-US/repairs.json' with { type: 'json' };
import en_sensors from './en-US/sensors.json' with { type: 'json' };
import en_startup from './en-US/startup.json' with { type: 'json' };
import en_stationFields from './en-US/station-fields.json' with { type: 'json' };
import en_stationList from './en-US/station-list.json' with { type: 'json' };
import en_stations from './en-US/stations.json' with { type: 'json' };
import en_statistics from './en-US/statistics.json' with { type: 'json' };
import en_suitability from './en-US/suitability.json' with { type: 'json' };
import en_users from './en-US/users.json' with { type: 'json' };
import zh_analysisReport from './zh-CN/analysis-report.json' with { type: 'json' };
import zh_apply from './zh-CN/apply.json' with { type: 'json' };
import zh_common from './zh-CN/common.json' with { type: 'json' };
import zh_dataReports from './zh-CN/data-reports.json' with { type: 'json' };
import zh_dataSources from './zh-CN/data-sources.json' with { type: 'json' };
import zh_energyWorkbook from './zh-CN/energy-workbook.json' with { type: 'json' };
import zh_groupReport from './zh-CN/group-report.json' with { type: 'json' };
import zh_groupReports from './zh-CN/group-reports.json' with { type: 'json' };
import zh_http from './zh-CN/http.json' with { type: 'json' };
import zh_hub from './zh-CN/hub.json' with { type: 'json' };
import zh_identity from './zh-CN/identity.json' with { type: 'json' };
import zh_lidarVerify from './zh-CN/lidar-verify.json' with { type: 'json' };
import zh_longterm from './zh-CN/longterm.json' with { type: 'json' };
import zh_manufacturers from './zh-CN/manufacturers.json' with { type: 'json' };
import zh_mesoscale from './zh-CN/mesoscale.json' with { type: 'json' };
import zh_rawFiles from './zh-CN/raw-files.json' with { type: 'json' };
import zh_reference from './zh-CN/reference.json' with { type: 'json' };
import zh_repairs from './zh-CN/repairs.json' with { type: 'json' };
import zh_sensors from './zh-CN/sensors.json' with { type: 'json' };
import zh_startup from './zh-CN/startup.json' with { type: 'json' };
import zh_stationFields from './zh-CN/station-fields.json' with { type: 'json' };
import zh_stationList from './zh-CN/station-list.json' with { type: 'json' };
import zh_stations from './zh-CN/stations.json' with { type: 'json' };
import zh_statistics from './zh-CN/statistics.json' with { type: 'json' };
import zh_suitability from './zh-CN/suitability.json' with { type: 'json' };
import zh_users from './zh-CN/users.json' with { type: 'json' };

/**
 * The server's message catalogue (issue 27): every text the server writes for people — e-mails, reports,
 * workbooks, the station log, job messages, file names — in zh-CN and en-US, as the web app keeps its
 * own: one JSON file per area and language (zh-CN/<area>.json, en-US/<area>.json), flat keys
 * `<area>.<name>`. Code asks for a key in the reader's language (`say`) or in both (`both`); no inline
 * `language === 'zh' ?` and no Chinese literal outside this folder and the seed data. Texts stored for
 * later reading are keys of packages/shared TEXTS instead.
 *
 * The compiler checks every key (the keys are the zh-CN files' and the en-US files must have the same);
 * catalogue.test.ts checks that both languages carry the same placeholders and that every call with a
 * literal key passes a value for each of them.
 *
 * The areas:
 * - analysis-report: The analysis report (reports/analysis/analysis-report.ts and its chapters): headings, table columns, sentences. The chapter names are packages/shared ANALYSIS_SECTION_NAMES (the web shows them too).
 * - apply: Download applications (issue 17): the e-mails to the applicant, the export's notes, the refusal page.
 * - common: Words many areas use; `common.compass.*` the 16 compass points by their codes (packages/wind sectorLabels(n, 'compass'), compassPointName); `common.ownerParty` is the Chinese term the API documentation glosses "owner party" with, `common.cityInProvince` a city named with its province (offline address search; English takes ASCII brackets).
 * - data-reports: Data reports (SPEC §2 data reports): how an analysis report names the channels it reads.
 * - data-sources: Data sources (SPEC §3 /systemManage/DataFetchManage): connection tests and why a fetched file was not matched.
 * - energy-workbook: The energy yield workbook (energy/energy-workbook.ts, energy.routes.ts): file name, sheet names, column headers.
 * - group-report: The group reports (reports/group/compose.ts, charts.ts): sections, table columns, sentences.
 * - group-reports: Group reports (SPEC §2 /report/groupReport): the e-mail that carries a report.
 * - http: The answer envelope of every API call.
 * - hub: The hub (/hub): alarm ages, report states and deliveries.
 * - identity: Account security (issue 39): the e-mail that tells a user their second factor was locked after wrong codes.
 * - lidar-verify: Lidar versus mast (issue 31): the KPI source, verdicts and reasons, the xlsx sheets.
 * - longterm: The long-term correction workbench (issue 28): row names, why a method is recommended, the verdict, the period words of MCP_NO_CONCURRENT, the candidate ranking's kinds, notes and summary.
 * - manufacturers: The delete confirmations of device types and manufacturers.
 * - mesoscale: Wind source assessment (issue 16): the states of a mesoscale dataset and why one is stored only.
 * - raw-files: Raw logger files: the name part of a ZIP of them (`000123_原始文件.zip`, `raw_files_3.zip`).
 * - reference: Reference lists the server names: themes, the country (GB/T 2260 names are data: reference/provinces.json).
 * - repairs: Repairs (SPEC §2 one-click repair, §3 repair record) and the no-data reminders of /systemManage/TimedTask.
 * - sensors: The sensor register (issue 44 §3): the names of the channel configurations a sensor move writes.
 * - startup: What the API process prints when it starts.
 * - station-fields: Titles of the site query form, edit form and table columns (stations/station-fields.ts, station-columns.ts).
 * - station-list: The site list's batch import: why a file cannot be read, and how a row is named.
 * - stations: The site import template and the coordinate export (stations/station-import.ts, coordinate-export.ts).
 * - statistics: Texts the statistics analysis writes itself: element names in the report rows, the xlsx export's sheet names, headers and file name (statistics-labels.ts reads them by prefix). The web has its own copy of the screen texts (statistics.json).
 * - suitability: Site suitability (issue 29): method names, notes and reasons, the verdict sentence, the xlsx sheets and the analysis report chapter.
 * - users: The user list columns (users/user-fields.ts).
 */
const ZH = {
  ...zh_analysisReport,
  ...zh_apply,
  ...zh_common,
  ...zh_dataReports,
  ...zh_dataSources,
  ...zh_energyWorkbook,
  ...zh_groupReport,
  ...zh_groupReports,
  ...zh_http,
  ...zh_hub,
  ...zh_identity,
  ...zh_lidarVerify,
  ...zh_longterm,
  ...zh_manufacturers,
  ...zh_mesoscale,
  ...zh_rawFiles,
  ...zh_reference,
  ...zh_repairs,
  ...zh_sensors,
  ...zh_startup,
  ...zh_stationFields,
  ...zh_stationList,
  ...zh_stations,
  ...zh_statistics,
  ...zh_suitability,
  ...zh_users,
};

export type TServerTextKey = keyof typeof ZH;

/** The English texts: the compiler refuses a key the Chinese files have and these lack. */
const EN: Record<TServerTextKey, string> = {
  ...en_analysisReport,
  ...en_apply,
  ...en_common,
  ...en_dataReports,
  ...en_dataSources,
  ...en_energyWorkbook,
  ...en_groupReport,
  ...en_groupReports,
  ...en_http,
  ...en_hub,
  ...en_identity,
  ...en_lidarVerify,
  ...en_longterm,
  ...en_manufacturers,
  ...en_mesoscale,
  ...en_rawFiles,
  ...en_reference,
  ...en_repairs,
  ...en_sensors,
  ...en_startup,
  ...en_stationFields,
  ...en_stationList,
  ...en_stations,
  ...en_statistics,
  ...en_suitability,
  ...en_users,
};

/** Every text in both languages, by key. */
export const SERVER_TEXTS: Readonly<Record<TServerTextKey, TLocalized>> = Object.fromEntries(
  (Object.keys(ZH) as TServerTextKey[]).map((key) => [key, { zh: ZH[key], en: EN[key] }]),
) as Record<TServerTextKey, TLocalized>;

/** The values for a text's `{placeholders}` (catalogue.test.ts checks each call names all of them). */
export type TServerTextParams = Readonly<Record<string, NonNullable<unknown>>>;

/** The text of `key` in `language`, its placeholders filled. */
export function say(language: Language, key: TServerTextKey, params?: TServerTextParams): string {
  return interpolate(SERVER_TEXTS[key][language], params);
}

/** The text of `key` in both languages (for a value stored or sent in both). */
export function both(key: TServerTextKey, params?: TServerTextParams): TLocalized {
  return { zh: say('zh', key, params), en: say('en', key, params) };
}
