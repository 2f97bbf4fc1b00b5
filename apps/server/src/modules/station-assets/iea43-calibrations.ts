import type { TIea43MeasurementLocation } from '@masthub/shared';
import { calibrationDifferences, calibrationInForce, type TCalibrationValues } from '../sensors/index.ts';
import { CALIBRATION_MODELLED, type TMismatch } from './iea43.mapper.ts';
import { readIea43Date, type TFileClock } from './iea43-dates.ts';
import { keep, overlay, type TJsonObject } from './iea43-kept.ts';

/**
 * Sensors' calibrations between a Task 43 file and the sensor register (issue 44): a file's
 * calibration[] entries become sensor_calibration rows (source 'iea43', the properties without a column
 * kept as they came) and come back from them; each logger config's programmed slope and offset is checked
 * against the certificate in force for its sensor at the config's start (the met-mast demo's 0.2491
 * against 0.2419).
 */

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const day = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);

/** A file's calibration as the register stores it. */
export function calibrationValuesOf(calibration: TJsonObject): TCalibrationValues {
  return {
    measurementTypeId: str(calibration.measurement_type_id),
    slope: num(calibration.slope),
    offset: num(calibration.offset),
    sensitivity: num(calibration.sensitivity),
    calibrationId: str(calibration.calibration_id),
    dateOfCalibration: day(calibration.date_of_calibration),
    revision: str(calibration.revision),
    calibrationOrganisation: str(calibration.calibration_organisation),
    placeOfCalibration: str(calibration.place_of_calibration),
    reportFileName: str(calibration.report_file_name),
    reportLink: str(calibration.report_link),
    uncertaintyKFactor: num(calibration.uncertainty_k_factor),
    calibrationUncertainty: Array.isArray(calibration.calibration_uncertainty)
      ? (calibration.calibration_uncertainty as TCalibrationValues['calibrationUncertainty'])
      : null,
    notes: str(calibration.notes),
    properties: keep(calibration, CALIBRATION_MODELLED),
    source: 'iea43',
  };
}

/** A register row of sensor_calibration. */
export interface TCalibrationRow {
  measurement_type_id: string;
  slope: number | null;
  offset: number | null;
  sensitivity: number | null;
  calibration_id: string;
  date_of_calibration: Date | string | null;
  revision: string;
  calibration_organisation: string;
  place_of_calibration: string;
  report_file_name: string;
  report_link: string;
  uncertainty_k_factor: number | null;
  calibration_uncertainty: unknown;
  notes: string;
  properties: TJsonObject;
}

/** A register row as a Task 43 calibration object. */
export function iea43CalibrationOf(row: TCalibrationRow): TJsonObject {
  const date =
    row.date_of_calibration instanceof Date
      ? row.date_of_calibration.toISOString().slice(0, 10)
      : row.date_of_calibration;
  return overlay(row.properties, {
    measurement_type_id: row.measurement_type_id,
    slope: row.slope,
    offset: row.offset,
    sensitivity: row.sensitivity,
    calibration_id: row.calibration_id,
    date_of_calibration: date,
    revision: row.revision,
    calibration_organisation: row.calibration_organisation,
    place_of_calibration: row.place_of_calibration,
    report_file_name: row.report_file_name,
    report_link: row.report_link,
    uncertainty_k_factor: row.uncertainty_k_factor,
    calibration_uncertainty: row.calibration_uncertainty,
    notes: row.notes,
  });
}

/**
 * Every logger config whose programmed slope or offset differs from its sensor's certificate in force at
 * the config's start (the sensor in force then; its newest calibration on or before that day).
 */
export function calibrationMismatches(
  location: TIea43MeasurementLocation,
  locationIndex: number,
  clocks: readonly TFileClock[],
): TMismatch[] {
  const read = (text: string) => readIea43Date(text, clocks).getTime();
  const out: TMismatch[] = [];
  location.measurement_point.forEach((point, p) => {
    point.logger_measurement_config.forEach((config, k) => {
      const at = read(config.date_from);
      const sensor = (point.sensor ?? []).find(
        (s) => read(s.date_from) <= at && (!s.date_to || at < read(s.date_to)),
      );
      const calibrations = (sensor?.calibration ?? []).map((c) => ({
        slope: num(c.slope),
        offset: num(c.offset),
        dateOfCalibration: day(c.date_of_calibration),
      }));
      const reference = calibrationInForce(calibrations, new Date(at));
      if (!sensor || !reference) return;
      for (const d of calibrationDifferences(
        { slope: config.slope ?? null, offset: config.offset ?? null },
        reference,
      )) {
        out.push({
          measurementPoint: point.name,
          path: `measurement_location.${locationIndex}.measurement_point.${p}.logger_measurement_config.${k}.${d.field}`,
          serialNumber: str(sensor.serial_number),
          dateFrom: config.date_from,
          field: d.field,
          programmed: d.programmed,
          certified: d.certified,
          dateOfCalibration: reference.dateOfCalibration,
        });
      }
    });
  });
  return out;
}
