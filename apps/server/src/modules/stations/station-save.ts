import {
  AppError,
  fieldIssue,
  STATION_TAGS_MAX,
  type TFieldError,
  type TStationField,
  type TStationSaveRequest,
  type TText,
  text,
  type ValidationMessageKey,
} from '@masthub/shared';
import { provinceOf } from '../lookups/index.ts';
import { REQUIRED_EDIT_KEYS } from './station-fields.ts';
import { dateOnly, remoteSensingValues } from './station-record.ts';
import type { StationRepository, TStationValues } from './stations.repository.ts';

// What saving a site checks, writes and logs (create, edit, batch import): the service runs these in its
// transaction.

const REQUIRED_KEYS: Record<string, ValidationMessageKey> = {
  stationCode: 'stationCodeRequired',
  projectName: 'projectNameRequired',
  stationType: 'stationTypeRequired',
};

function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** Fields whose change is logged, in the order the log names them (STATION_FIELD_NAMES). */
const LOGGED_FIELDS: TStationField[] = [
  'station_code',
  'project_name',
  'station_type',
  'device_model',
  'device_serial',
  'device_firmware',
  'measurement_heights_m',
  'region_code',
  'location',
  'longitude',
  'latitude',
  'altitude_m',
  'pylon_height_m',
  'logger_utc_offset_minutes',
  'status',
  'start_time',
  'manufacturer_id',
  'owner_party_id',
  'data_admin_id',
  'warn_type',
  'warn_status',
  'warranty_start',
  'warranty_end',
  'install_start',
  'install_end',
  'sim',
  'repair_emails',
  'cc_emails',
  'notes',
  'tags',
];

/** Checks required fields (from the edit form) and references; throws one VALIDATION_FAILED with every field. */
export async function checkStationInput(
  stations: StationRepository,
  input: TStationSaveRequest,
  currentTagIds: number[],
): Promise<void> {
  const fields: TFieldError[] = [];
  for (const key of REQUIRED_EDIT_KEYS) {
    if (isBlank((input as Record<string, unknown>)[key]))
      fields.push(fieldIssue(key, REQUIRED_KEYS[key] ?? 'required'));
  }
  if (input.regionCode && !provinceOf(input.regionCode))
    fields.push(fieldIssue('regionCode', 'unknownOption'));
  if (input.ownerPartyId !== null && !(await stations.ownerPartyExists(input.ownerPartyId))) {
    fields.push(fieldIssue('ownerPartyId', 'unknownOption'));
  }
  if (input.manufacturerId !== null && !(await stations.manufacturerExists(input.manufacturerId))) {
    fields.push(fieldIssue('manufacturerId', 'unknownOption'));
  }
  if (input.dataAdminId !== null && !(await stations.liveUserExists(input.dataAdminId))) {
    fields.push(fieldIssue('dataAdminId', 'unknownOption'));
  }
  if (input.tagIds !== null) fields.push(...(await checkStationTags(stations, input.tagIds, currentTagIds)));
  if (fields.length > 0) throw new AppError('VALIDATION_FAILED', {}, fields);
}

/** Tags must exist; newly given ones must be enabled; at most STATION_TAGS_MAX (STATION_TAG_LIMIT). */
export async function checkStationTags(
  stations: StationRepository,
  tagIds: number[],
  currentTagIds: number[],
): Promise<TFieldError[]> {
  if (tagIds.length > STATION_TAGS_MAX) throw new AppError('STATION_TAG_LIMIT', { max: STATION_TAGS_MAX });
  const found = await stations.findTags(tagIds);
  if (found.length !== tagIds.length) return [fieldIssue('tagIds', 'unknownOption')];
  if (found.some((t) => !t.is_enabled && !currentTagIds.includes(t.id)))
    return [fieldIssue('tagIds', 'tagDisabled')];
  return [];
}

/** The row values of a save request (`current`: the site's own where the form leaves them out). */
export function stationValues(
  input: TStationSaveRequest,
  current?: { warn_type: string; warn_status: number; logger_utc_offset_minutes: number },
): TStationValues {
  const province = input.regionCode ? provinceOf(input.regionCode) : undefined;
  return {
    station_code: input.stationCode,
    project_name: input.projectName,
    station_type: input.stationType ?? 'met_mast',
    region_code: input.regionCode,
    province: province?.name ?? null,
    location: input.location,
    longitude: input.longitude ?? 0,
    latitude: input.latitude ?? 0,
    altitude_m: input.altitude,
    pylon_height_m: input.pylonHeight,
    logger_utc_offset_minutes: input.loggerUtcOffset ?? current?.logger_utc_offset_minutes ?? 480,
    status: input.status ?? 0,
    start_time: input.startTime ?? null,
    manufacturer_id: input.manufacturerId,
    owner_party_id: input.ownerPartyId,
    data_admin_id: input.dataAdminId,
    warn_type: input.warnType ?? current?.warn_type ?? 'none',
    warn_status: input.warnStatus ?? current?.warn_status ?? 0,
    warranty_start: input.warrantyDateRange?.[0] ?? null,
    warranty_end: input.warrantyDateRange?.[1] ?? null,
    install_start: input.installDateRange?.[0] ?? null,
    install_end: input.installDateRange?.[1] ?? null,
    sim: input.sim,
    repair_emails: input.repairEmails,
    cc_emails: input.ccEmails,
    notes: input.notes,
    ...remoteSensingValues(input),
  };
}

/** Refuses a site code another live site holds (STATION_CODE_TAKEN). */
export async function assertCodeFree(
  stations: StationRepository,
  code: string,
  id: number | undefined,
): Promise<void> {
  const holder = await stations.findLiveByCode(code);
  if (holder && holder.id !== id) throw new AppError('STATION_CODE_TAKEN', { stationCode: code });
}

/** The site row as the edit reads it before the change. */
type TStationBefore = NonNullable<Awaited<ReturnType<StationRepository['findForUpdate']>>>;

/**
 * The logged fields an edit changed, as [before, after] pairs and their names for the station log, in
 * LOGGED_FIELDS order (dates compared as the form sends them, tags as sorted ids).
 */
export function loggedChanges(
  current: TStationBefore & { tags: readonly number[] },
  values: TStationValues & { tags: readonly number[] },
): { changes: Record<string, [unknown, unknown]>; names: TText[] } {
  const before: Record<string, unknown> = {
    ...current,
    location: current.location ?? '',
    start_time: current.start_time?.toISOString() ?? null,
    warranty_start: dateOnly(current.warranty_start),
    warranty_end: dateOnly(current.warranty_end),
    install_start: dateOnly(current.install_start),
    install_end: dateOnly(current.install_end),
    tags: [...current.tags].sort((a, b) => a - b),
  };
  const after: Record<string, unknown> = {
    ...values,
    start_time: values.start_time?.toISOString() ?? null,
    tags: [...values.tags].sort((a, b) => a - b),
  };
  const changes: Record<string, [unknown, unknown]> = {};
  const names: TText[] = [];
  for (const key of LOGGED_FIELDS) {
    const a = before[key] ?? null;
    const b = after[key] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      changes[key] = [a, b];
      names.push(text(`stationField.${key}`));
    }
  }
  return { changes, names };
}
