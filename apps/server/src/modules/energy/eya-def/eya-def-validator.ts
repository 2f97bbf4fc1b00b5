import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json' with { type: 'json' };
import addFormats from 'ajv-formats';

/** The URL by which the EYA DEF schema refers to the IEC 61400-16 Power Curve Schema. */
const POWER_CURVE_SCHEMA_URL =
  'https://raw.githubusercontent.com/octue/power-curve-schema/main/power-curve-schema/schema.json';

const readSchema = (name: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, name), 'utf8')) as Record<string, unknown>;

/**
 * A validator of EYA DEF documents against the vendored schemas (draft 2020-12, formats checked): the
 * tests judge every document MastHub writes with it. Returns the errors (empty when valid).
 */
export function eyaDefValidator(): (document: unknown) => string[] {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  // The IEA Task 43 data model (draft-07), which the EYA DEF names for its measurement stations.
  ajv.addMetaSchema(draft07);
  ajv.addSchema(readSchema('iea43_wra_data_model.schema.json'));
  ajv.addSchema({ ...readSchema('power-curve.schema.json'), $id: POWER_CURVE_SCHEMA_URL });
  const validate = ajv.compile(readSchema('iec_61400-15-2_eya_def.schema.json'));
  return (document) =>
    validate(document) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}
