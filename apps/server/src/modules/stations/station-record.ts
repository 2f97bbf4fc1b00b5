import {
  displayPersonName,
  formatMeasurementHeights,
  type Language,
  STATION_STATUSES,
  STATION_TYPES,
  stationStatusColor,
  type TStationRecord,
  type TStationSaveRequest,
  WARN_STATUSES,
  WARN_TYPES,
  WARRANTY_STATUSES,
} from '@masthub/shared';
import { provinceOf } from '../lookups/index.ts';
import type { StationRepository } from './stations.repository.ts';

type TRecordRow = NonNullable<Awaited<ReturnType<StationRepository['findRecord']>>>;
type TTagRow = Awaited<ReturnType<StationRepository['tagsOf']>>[number];

export function nameOf<V>(
  list: readonly { value: V; name: Record<Language, string> }[],
  value: V,
  language: Language,
) {
  return list.find((o) => o.value === value)?.name[language] ?? String(value);
}

/** A `date` column (local midnight from node-postgres) as `YYYY-MM-DD`. */
export function dateOnly(d: Date | null): string | null {
  if (!d) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function range(start: Date | null, end: Date | null): [string, string] | null {
  const a = dateOnly(start);
  const b = dateOnly(end);
  return a && b ? [a, b] : null;
}

/** A site as the list and the detail show it, with its own tags. */
export function presentStation(row: TRecordRow, tags: TTagRow[], language: Language): TStationRecord {
  const own = tags
    .filter((t) => t.station_id === row.id)
    .map((t) => ({ id: t.id, name: t.name, color: t.color }));
  const warranty = row.warranty_status === null ? null : Number(row.warranty_status);
  return {
    id: row.id,
    stationCode: row.station_code,
    parseRuleId: row.parse_rule_id,
    projectName: row.project_name,
    stationType: row.station_type,
    stationTypeName: nameOf(STATION_TYPES, row.station_type as never, language),
    regionCode: row.region_code,
    province:
      language === 'en' && row.region_code
        ? (provinceOf(row.region_code)?.nameEn ?? row.province)
        : row.province,
    location: row.location ?? '',
    longitude: row.longitude,
    latitude: row.latitude,
    altitude: row.altitude_m,
    pylonHeight: row.pylon_height_m,
    loggerUtcOffset: row.logger_utc_offset_minutes,
    status: row.status,
    statusName: nameOf(STATION_STATUSES, row.status as never, language),
    statusColor: stationStatusColor(row.status),
    warnType: row.warn_type,
    warnTypeName: nameOf(WARN_TYPES, row.warn_type as never, language),
    warnStatus: row.warn_status,
    warnStatusName: nameOf(WARN_STATUSES, row.warn_status as never, language),
    warrantyStatus: warranty,
    warrantyStatusName: warranty === null ? null : nameOf(WARRANTY_STATUSES, warranty as never, language),
    startTime: row.start_time?.toISOString() ?? null,
    dataTime: row.data_time?.toISOString() ?? null,
    createTime: row.created_at.toISOString(),
    ownerId: row.owner_id,
    ownerName: displayPersonName(row.owner_name, language),
    creatorId: row.creator_id,
    creatorName: displayPersonName(row.creator_name, language),
    ownerPartyId: row.owner_party_id,
    ownerPartyName: row.owner_party_name,
    dataAdminId: row.data_admin_id,
    dataAdminName: displayPersonName(row.data_admin_name, language),
    deviceTypeId: row.device_type_id,
    deviceTypeName: row.device_type_name,
    manufacturerId: row.manufacturer_id,
    manufacturerName: row.manufacturer_name,
    manufacturerIdName:
      row.manufacturer_name === null
        ? null
        : [row.manufacturer_name, row.manufacturer_model].filter(Boolean).join(' '),
    sim: row.sim,
    notes: row.notes,
    warrantyDateRange: range(row.warranty_start, row.warranty_end),
    installDateRange: range(row.install_start, row.install_end),
    repairEmails: row.repair_emails,
    ccEmails: row.cc_emails,
    tags: own,
    tagNames: own.map((t) => t.name).join(', '),
    deviceModel: row.device_model,
    deviceSerial: row.device_serial,
    deviceFirmware: row.device_firmware,
    measurementHeights: formatMeasurementHeights(row.measurement_heights_m),
    measurementHeightsM: row.measurement_heights_m,
  };
}

/** The remote-sensing columns of a save (issue 31): device, serial, firmware, heights. */
export function remoteSensingValues(input: TStationSaveRequest) {
  return {
    device_model: input.deviceModel,
    device_serial: input.deviceSerial,
    device_firmware: input.deviceFirmware,
    measurement_heights_m: input.measurementHeights,
  };
}
