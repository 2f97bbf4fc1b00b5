import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';

/** The official IEA Task 43 schema and demos, read from ../shared (the project keeps no copies). */
export const IEA43_DIR = path.resolve(import.meta.dirname, '../../../../shared/reference/standards/iea43');
const SCHEMA = path.join(IEA43_DIR, 'iea43_wra_data_model.schema.json');

/** The four demos of the Task 43 repository (the README beside them says what each is). */
export const IEA43_DEMOS = [
  'iea43_wra_data_model.json',
  'floating_lidar_demo_iea43_wra_data_model.json',
  'E06_wraMetaData.json',
  'iea43_wra_data_model_reanalysis.json',
] as const;

/** False in a clone without ../shared: the tests that need the schema or the demos say they are skipped. */
export const hasIea43Standard =
  existsSync(SCHEMA) && IEA43_DEMOS.every((f) => existsSync(path.join(IEA43_DIR, 'demo_data', f)));
if (!hasIea43Standard)
  console.warn(`IEA Task 43 schema tests: ${IEA43_DIR} not found (../shared is absent) — skipped`);

export function readIea43Demo(file: (typeof IEA43_DEMOS)[number]): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(IEA43_DIR, 'demo_data', file), 'utf8'));
}

/**
 * A validator of WRA data-model documents against the official schema, with the draft it declares
 * (draft-07) and formats checked. `date-time` is read by the model's own rule (ISO 8601 with the 'T'; a time
 * zone allowed, not required — the demos write none, the logger's offset_from_utc_hrs says it): ajv-formats'
 * `iso-date-time`, where its strict `date-time` would refuse every demo. Returns the errors (empty when valid).
 */
export function iea43Validator(): (document: unknown) => string[] {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const isoDateTime = (ajv.formats as Record<string, unknown>)['iso-date-time'];
  ajv.addFormat('date-time', isoDateTime as Parameters<typeof ajv.addFormat>[1]);
  const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA, 'utf8')));
  return (document) =>
    validate(document)
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`.trim());
}
