// Test support only (not exported from index.ts): windIO's schemas, read from ../shared (never copied
// into the project), and a validator of windIO energy-resource documents.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { parse as parseYaml } from 'yaml';
import { SHARED_DIR } from './shared-fixtures.ts';

/** ../shared/reference/standards/windio: windIO's schemas and examples (IEA Wind Task 37). */
export const WINDIO_DIR = path.join(SHARED_DIR, 'reference/standards/windio');
/** False in a clone without ../shared: the tests that validate against windIO say they are skipped. */
export const hasWindio = existsSync(path.join(WINDIO_DIR, 'schemas/energy_resource.yaml'));
if (!hasWindio) console.warn(`windIO schema tests: ${WINDIO_DIR} not found (../shared is absent) — skipped`);

/**
 * A validator of windIO energy-resource documents against windIO's own YAML schemas (ajv, draft-07,
 * formats checked): returns the errors (empty when valid).
 */
export function windioValidator(): (document: unknown) => string[] {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const schema = (name: string) =>
    ({ ...parseYaml(readFileSync(path.join(WINDIO_DIR, 'schemas', name), 'utf8')), $id: name }) as {
      definitions: Record<string, unknown>;
    };
  // energy_resource.yaml refers to common.yaml#/definitions/shear, which windIO's common.yaml lacks (the
  // shear is defined in energy_resource.yaml's own definitions): the validator lends it to common.yaml.
  const common = schema('common.yaml');
  const energy = schema('energy_resource.yaml');
  ajv.addSchema({ ...common, definitions: { ...common.definitions, shear: energy.definitions['shear'] } });
  const validate = ajv.compile(energy);
  return (document) =>
    validate(document) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}
