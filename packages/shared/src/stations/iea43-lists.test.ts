import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  IEA43_HEIGHT_REFERENCES,
  IEA43_LOGGER_OEMS,
  IEA43_MEASUREMENT_TYPES,
  IEA43_STATION_TYPES,
  IEA43_STATISTIC_TYPES,
  IEA43_UNITS,
  iea43MeasurementTypeOf,
  iea43UnitOf,
} from './iea43-lists.ts';

/** The official schema, read from ../shared (the project keeps no copy of it). */
const SCHEMA = path.resolve(
  import.meta.dirname,
  '../../../../../shared/reference/standards/iea43/iea43_wra_data_model.schema.json',
);
const hasSchema = existsSync(SCHEMA);
if (!hasSchema) console.warn(`IEA Task 43 list tests: ${SCHEMA} not found (../shared is absent) — skipped`);

type TNode = { enum?: (string | null)[]; properties?: Record<string, TNode>; items?: TNode };

function officialEnum(node: TNode | undefined): string[] {
  return (node?.enum ?? []).filter((v): v is string => v !== null);
}

describe('the IEA Task 43 lists MastHub keeps as code', () => {
  it.skipIf(!hasSchema)('equal the official schema’s enums', () => {
    const schema = JSON.parse(readFileSync(SCHEMA, 'utf8'));
    const location = schema.properties.measurement_location.items.properties as Record<string, TNode>;
    const point = location.measurement_point!.items!.properties!;
    const config = point.logger_measurement_config!.items!.properties!;
    expect([...IEA43_MEASUREMENT_TYPES]).toEqual(officialEnum(schema.definitions.measurement_type));
    expect([...IEA43_UNITS]).toEqual(officialEnum(config.measurement_units_id));
    expect([...IEA43_STATISTIC_TYPES]).toEqual(
      officialEnum(config.column_name!.items!.properties!.statistic_type_id),
    );
    expect([...IEA43_HEIGHT_REFERENCES]).toEqual(officialEnum(schema.definitions.height_reference));
    expect([...IEA43_STATION_TYPES]).toEqual(officialEnum(location.measurement_station_type_id));
    expect([...IEA43_LOGGER_OEMS]).toEqual(
      officialEnum(location.logger_main_config!.items!.properties!.logger_oem_id),
    );
  });

  it('maps typed units and measurement types to the list, and knows none for the rest', () => {
    expect(iea43UnitOf('°C')).toBe('deg_C');
    expect(iea43UnitOf('deg_C')).toBe('deg_C');
    expect(iea43UnitOf('HPA')).toBe('hPa');
    expect(iea43UnitOf(' W/m2 ')).toBe('W/m^2');
    expect(iea43UnitOf('')).toBe('');
    expect(iea43UnitOf('furlongs')).toBeUndefined();
    expect(iea43MeasurementTypeOf('icing')).toBe('ice_detection');
    expect(iea43MeasurementTypeOf('Wind Speed')).toBe('wind_speed');
    expect(iea43MeasurementTypeOf('gremlins')).toBeUndefined();
  });
});
