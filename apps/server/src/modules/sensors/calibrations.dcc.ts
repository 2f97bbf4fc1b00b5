import type { TDigitalCalibrationCertificate } from '@masthub/shared';
import type { TCalibrationValues, TSensorIdentity } from './sensors.repository.ts';

/**
 * A Task 43 digital calibration certificate (schema 1.1.0-2022.06) read as a calibration as Task 43 keeps it
 * (sensor[*].calibration[*]), and the sensor it is for. What is read where:
 * - slope, offset: result.linear_regression.slope.value / .offset.value (value = slope × raw + offset);
 * - the lab: calibration_lab.company_name; the place of calibration: the lab's address;
 * - date_of_calibration: setup.date_of_calibration (else the date of issue); calibration_id; revision;
 * - the uncertainty table: result.table — per row the reference bin and unit and the deviation's
 *   uncertainty (the combined uncertainty of the bin), its coverage factor as the k factor;
 * - the sensor: test_item.oem.company_name, test_item.model, test_item.serial_number;
 * - the measurement type: wind_speed (the schema is for anemometers, IEC 61400-12-1);
 * - the certificate itself is kept as it came.
 */
export function readCertificate(dcc: TDigitalCalibrationCertificate): {
  identity: TSensorIdentity;
  sensorTypeId: string;
  calibration: TCalibrationValues;
} {
  const { linear_regression: fit, table } = dcc.result;
  const coverage = table.find((row) => row.deviation?.uncertainty?.coverage_factor !== undefined)?.deviation
    ?.uncertainty?.coverage_factor;
  const setupDate = dcc.setup.date_of_calibration;
  const issueDate = /^\d{4}-\d{2}-\d{2}/.exec(dcc.date_of_issue)?.[0];
  const description = dcc.test_item.description.toLowerCase();
  return {
    identity: {
      oem: dcc.test_item.oem.company_name ?? '',
      model: dcc.test_item.model,
      serialNumber: dcc.test_item.serial_number,
    },
    sensorTypeId: description.includes('anemometer') ? 'anemometer' : '',
    calibration: {
      measurementTypeId: 'wind_speed',
      slope: fit.slope.value,
      offset: fit.offset.value,
      calibrationId: dcc.calibration_id,
      dateOfCalibration: setupDate ?? issueDate ?? null,
      revision: dcc.revision,
      calibrationOrganisation: dcc.calibration_lab.company_name ?? '',
      placeOfCalibration: dcc.calibration_lab.address ?? '',
      uncertaintyKFactor: coverage ?? null,
      calibrationUncertainty: table.map((row) => ({
        reference_bin: row.reference?.value ?? null,
        reference_unit: row.reference?.unit ?? null,
        combined_uncertainty: row.deviation?.uncertainty?.value ?? null,
      })),
      properties: { dcc_version: dcc.version, date_of_issue: dcc.date_of_issue },
      source: 'certificate',
      certificate: dcc as Record<string, unknown>,
    },
  };
}
