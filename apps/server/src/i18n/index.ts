import { interpolate, type Language, type TLocalized, type TMessageParams } from '@masthub/shared';
import { ANALYSIS_REPORT } from './analysis-report.ts';
import { APPLY } from './apply.ts';
import { COMMON } from './common.ts';
import { DATA_REPORTS } from './data-reports.ts';
import { DATA_SOURCES } from './data-sources.ts';
import { ENERGY_WORKBOOK } from './energy-workbook.ts';
import { GROUP_REPORT } from './group-report.ts';
import { GROUP_REPORTS } from './group-reports.ts';
import { HTTP } from './http.ts';
import { HUB } from './hub.ts';
import { MANUFACTURERS } from './manufacturers.ts';
import { MESOSCALE } from './mesoscale.ts';
import { RAW_FILES } from './raw-files.ts';
import { REFERENCE } from './reference.ts';
import { REPAIRS } from './repairs.ts';
import { STARTUP } from './startup.ts';
import { STATION_FIELDS } from './station-fields.ts';
import { STATION_LIST } from './station-list.ts';
import { STATIONS } from './stations.ts';
import { STATISTICS } from './statistics.ts';
import { USERS } from './users.ts';

/**
 * The server's message catalogue (issue 27): every text the server writes for people — e-mails, reports,
 * workbooks, the station log, job messages, file names — in zh-CN and en-US, one file per area. Code
 * asks for a key in the reader's language (`say`) or for both languages (`both`); no inline
 * `language === 'zh' ?` and no Chinese literal outside this folder and the seed data (see
 * catalogue.test.ts). Texts stored for later reading are keys of packages/shared TEXTS instead.
 *
 * An area is a `Record<key, { zh, en }>` declared `as const`, so a call that leaves a `{placeholder}` out
 * does not compile. Keys are `<area>.<name>`; areas are spread in here.
 */
export const SERVER_TEXTS = {
  ...COMMON,
  ...STATIONS,
  ...HTTP,
  ...MANUFACTURERS,
  ...REFERENCE,
  ...USERS,
  ...ENERGY_WORKBOOK,
  ...ANALYSIS_REPORT,
  ...STATISTICS,
  ...STATION_FIELDS,
  ...GROUP_REPORT,
  ...APPLY,
  ...GROUP_REPORTS,
  ...DATA_REPORTS,
  ...DATA_SOURCES,
  ...HUB,
  ...MESOSCALE,
  ...RAW_FILES,
  ...REPAIRS,
  ...STARTUP,
  ...STATION_LIST,
} as const satisfies Record<string, TLocalized>;

export type TServerTextKey = keyof typeof SERVER_TEXTS;

type TParamsOf<K extends TServerTextKey> = TMessageParams<(typeof SERVER_TEXTS)[K]>;
type TArgs<K extends TServerTextKey> = keyof TParamsOf<K> extends never
  ? [params?: undefined]
  : [params: TParamsOf<K>];

/** The text of `key` in `language`, its placeholders filled. */
export function say<K extends TServerTextKey>(language: Language, key: K, ...[params]: TArgs<K>): string {
  return interpolate(SERVER_TEXTS[key][language], params as Record<string, unknown> | undefined);
}

/** The text of `key` in both languages (for a value stored or sent in both). */
export function both<K extends TServerTextKey>(key: K, ...[params]: TArgs<K>): TLocalized {
  return {
    zh: interpolate(SERVER_TEXTS[key].zh, params as Record<string, unknown> | undefined),
    en: interpolate(SERVER_TEXTS[key].en, params as Record<string, unknown> | undefined),
  };
}
