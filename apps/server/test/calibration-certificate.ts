import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';

/** The official Task 43 digital calibration certificate schema and its demo, read from ../shared. */
const FOLDER = path.resolve(
  import.meta.dirname,
  '../../../../shared/reference/standards/iea43/calibration_certificate',
);
const SCHEMA = path.join(FOLDER, 'iea43_digital_calibration_certificate.schema.json');
const DEMO = path.join(FOLDER, 'anemometer_calibration_certificate.json');

/** False in a clone without ../shared: the certificate tests say they are skipped. */
export const hasCalibrationCertificate = existsSync(SCHEMA) && existsSync(DEMO);
if (!hasCalibrationCertificate)
  console.warn(`calibration certificate tests: ${FOLDER} not found (../shared is absent) — skipped`);

/** The demo certificate of the Task 43 repository (a fresh copy per call). */
export function demoCertificate(): Record<string, any> {
  return JSON.parse(readFileSync(DEMO, 'utf8'));
}

/** A validator against the official schema (draft-07, formats checked); returns the errors, empty when valid. */
export function certificateValidator(): (document: unknown) => string[] {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA, 'utf8')));
  return (document) =>
    validate(document) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}
