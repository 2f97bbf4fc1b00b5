import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json' with { type: 'json' };
import addFormats from 'ajv-formats';

/** The URL by which the EYA DEF schema refers to the IEC 61400-16 Power Curve Schema. */
const POWER_CURVE_SCHEMA_URL =
  'https://raw.githubusercontent.com/octue/power-curve-schema/main/power-curve-schema/schema.json';

/** The official schemas, read from ../shared (the project keeps no copies of other projects' files). */
const STANDARDS = path.resolve(import.meta.dirname, '../../../../shared/reference/standards');
const SCHEMAS = {
  eyaDef: path.join(STANDARDS, 'eya-def/iec_61400-15-2_eya_def.schema.json'),
  powerCurve: path.join(STANDARDS, 'eya-def/power-curve.schema.json'),
  iea43: path.join(STANDARDS, 'iea43/iea43_wra_data_model.schema.json'),
};

/** False in a clone without ../shared: the tests that validate against the schemas say they are skipped. */
export const hasEyaDefSchemas = Object.values(SCHEMAS).every((file) => existsSync(file));
if (!hasEyaDefSchemas)
  console.warn(`EYA DEF schema tests: ${STANDARDS} not found (../shared is absent) — skipped`);

const readSchema = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

/**
 * A validator of EYA DEF documents against the official schemas in ../shared (draft 2020-12, formats checked): the
 * tests judge every document MastHub writes with it. Returns the errors (empty when valid).
 */
export function eyaDefValidator(): (document: unknown) => string[] {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  // The IEA Task 43 data model (draft-07), which the EYA DEF names for its measurement stations.
  ajv.addMetaSchema(draft07);
  ajv.addSchema(readSchema(SCHEMAS.iea43));
  ajv.addSchema({ ...readSchema(SCHEMAS.powerCurve), $id: POWER_CURVE_SCHEMA_URL });
  const validate = ajv.compile(readSchema(SCHEMAS.eyaDef));
  return (document) =>
    validate(document) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}
