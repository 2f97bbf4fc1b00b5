import type { Language, TLocalized, TStatisticsTab } from '@masthub/shared';
import { SERVER_TEXTS } from '../../../i18n/index.ts';
import { type TKeysUnder, textsUnder } from '../../../i18n/pick.ts';

/**
 * Texts the statistics analysis writes itself (element names in the report rows, the xlsx export's
 * sheets and headers), in both languages, read from the catalogue area i18n (the area statistics). The web has
 * its own copy of the screen texts (statistics.json).
 */

const ELEMENT_NAMES: Record<string, TLocalized> = textsUnder('statistics.element.');

/** The mean takes no suffix ("风速"); the others do. */
const STATISTIC_SUFFIX: Record<string, TLocalized> = {
  avg: { zh: '', en: '' },
  ...textsUnder('statistics.suffix.'),
};

/** "风速", "风速标准差" / "Wind speed", "Wind speed SD". */
export function elementName(element: string, statistic: string, language: Language): string {
  const name = (ELEMENT_NAMES[element] ?? ELEMENT_NAMES.other!)[language];
  return name + (STATISTIC_SUFFIX[statistic]?.[language] ?? '');
}

/** "80m", or '' without a height. */
export function heightTagOf(heightM: number | null | undefined): string {
  return heightM === null || heightM === undefined ? '' : `${heightM}m`;
}

/** The "all records" turbulence row name. */
export const ALL_RECORDS: TLocalized = SERVER_TEXTS['statistics.allRecords'];

/** GB/T 18710 turbulence grades at 15 m/s. */
export const GB_TURBULENCE_GRADES: Record<string, TLocalized> = textsUnder('statistics.gbGrade.');

export const AIR_DENSITY_SOURCES: Record<'measured' | 'constant', TLocalized> = textsUnder(
  'statistics.airDensitySource.',
);

/** Sheet names of the export (≤ 31 characters, none of : \ / ? * [ ]). */
export const SHEET_NAMES: Record<TStatisticsTab, TLocalized> = textsUnder('statistics.sheet.');

export const EXPORT_FILE_NAME: TLocalized = SERVER_TEXTS['statistics.exportFileName'];

/** Column headers and captions of the export, units in the headers. */
const HEADERS = textsUnder('statistics.header.');

export type THeaderKey = TKeysUnder<'statistics.header.'>;

export function header(key: THeaderKey, language: Language): string {
  return HEADERS[key][language];
}

/** The turbulence tab's note on a lidar or sodar site (issue 31). */
export const LIDAR_TI_NOTE: TLocalized = SERVER_TEXTS['statistics.lidarTiNote'];
