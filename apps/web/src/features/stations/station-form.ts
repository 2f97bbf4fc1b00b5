import type { TFormField, TStationRecord, TStationSaveInput } from '@masthub/shared';
import { formatDate, wallTimeToIso } from '../../ui/date-time.ts';

/**
 * The server-driven forms keep plain JSON values (the date pickers convert at the form item), so the
 * same values can be stored in the list state, sent, and restored. Shapes by field type:
 * input/textarea string; number number | null; select scalar | null; multiSelect, tags, emails arrays;
 * cascader a path (edit: [typeId, manufacturerId]) or paths (query, multiple); date 'YYYY-MM-DD';
 * dateRange ['YYYY-MM-DD', 'YYYY-MM-DD']; dateTimeRange ['YYYY-MM-DD HH:mm:ss', …] in the user's zone.
 */
export type PlainValues = Record<string, unknown>;

const ARRAY_TYPES = new Set<TFormField['type']>(['multiSelect', 'tags', 'emails']);

/** Whether a form value counts as "not filled in" for a required field or a filter. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** The server's default of each field, in the plain shape of its type. */
export function defaultValues(fields: readonly TFormField[]): PlainValues {
  const values: PlainValues = {};
  for (const field of fields) {
    const value = field.defaultValue;
    if (value === undefined || value === null) {
      values[field.key] = ARRAY_TYPES.has(field.type) ? [] : null;
    } else {
      values[field.key] = value;
    }
  }
  return values;
}

function isPath(value: unknown): value is (string | number)[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'number' || typeof item === 'string');
}

/**
 * The applied filters of the query form as the body of page / quantity_stat / coordinate export: empty
 * values left out, text trimmed, the manufacturer cascader split into device types and manufacturers,
 * date-time ranges sent as instants in the user's zone.
 */
export function queryToFilter(
  fields: readonly TFormField[],
  values: PlainValues,
  utcCode: string,
): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (isEmptyValue(value)) continue;
    switch (field.type) {
      case 'input':
      case 'textarea':
        filter[field.key] = String(value).trim();
        break;
      case 'cascader': {
        const paths = Array.isArray(value) && value.every(isPath) ? value : isPath(value) ? [value] : [];
        const typeIds = paths.filter((path) => path.length === 1).map((path) => Number(path[0]));
        const leafIds = paths.filter((path) => path.length > 1).map((path) => Number(path[path.length - 1]));
        if (typeIds.length > 0) filter['deviceTypeId'] = typeIds;
        if (leafIds.length > 0) filter[field.key] = leafIds;
        break;
      }
      case 'dateTimeRange': {
        const [start, end] = value as [string, string];
        filter[field.key] = [wallTimeToIso(start, utcCode), wallTimeToIso(end, utcCode)];
        break;
      }
      default:
        filter[field.key] = value;
    }
  }
  return filter;
}

/** How many filters are applied (shown on the search panel). */
export function countApplied(fields: readonly TFormField[], values: PlainValues): number {
  return fields.filter((field) => !isEmptyValue(values[field.key])).length;
}

/** A site as the edit form's plain values (every key of the record the form knows). */
export function recordToValues(
  fields: readonly TFormField[],
  record: TStationRecord,
  utcCode: string,
): PlainValues {
  const source = record as unknown as Record<string, unknown>;
  const values: PlainValues = {};
  for (const field of fields) {
    switch (field.key) {
      case 'manufacturerId':
        values[field.key] =
          record.deviceTypeId !== null && record.manufacturerId !== null
            ? [record.deviceTypeId, record.manufacturerId]
            : null;
        break;
      case 'tagIds':
        values[field.key] = record.tags.map((tag) => tag.id);
        break;
      default:
        if (field.type === 'date') {
          values[field.key] = formatDate(source[field.key] as string | null, utcCode) || null;
        } else {
          values[field.key] = source[field.key] ?? (ARRAY_TYPES.has(field.type) ? [] : null);
        }
    }
  }
  return values;
}

/** A copy of a site for "save as": everything but its identity (the code must be new). */
export function copyValues(values: PlainValues): PlainValues {
  return { ...values, stationCode: '' };
}

/** The edit form's plain values as the save_or_update body. */
export function valuesToSaveRequest(
  fields: readonly TFormField[],
  values: PlainValues,
  id: number | undefined,
  utcCode: string,
): TStationSaveInput {
  const body: Record<string, unknown> = id === undefined ? {} : { id };
  for (const field of fields) {
    const value = values[field.key];
    switch (field.type) {
      case 'cascader':
        // A path is [device type, manufacturer]; a bare type is no manufacturer.
        body[field.key] = isPath(value) && value.length > 1 ? Number(value[value.length - 1]) : null;
        break;
      case 'date':
        body[field.key] =
          typeof value === 'string' && value ? wallTimeToIso(`${value} 00:00:00`, utcCode) : null;
        break;
      case 'input':
      case 'textarea':
        body[field.key] =
          typeof value === 'string' ? value.trim() : value === null ? '' : String(value ?? '');
        break;
      default:
        body[field.key] = value === undefined ? null : value;
    }
  }
  return body as TStationSaveInput;
}
