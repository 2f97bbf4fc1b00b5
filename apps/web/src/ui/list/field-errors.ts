import type { FormInstance } from 'antd';
import { RequestError } from '../../request/request.ts';

/** A server field path (`params.conditions.0.threshold`) as an antd name path (list indices as numbers). */
export function toNamePath(field: string): (string | number)[] {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * Puts the server's field errors (SPEC §7 data.fields) next to their fields; `mapField` names the form
 * field of a server field when they differ. Anything else was already shown by the request layer.
 */
export function showFieldErrors(
  form: FormInstance,
  error: unknown,
  mapField: (serverField: string) => string = (field) => field,
): void {
  if (error instanceof RequestError && error.fields.length > 0) {
    form.setFields(
      error.fields.map((field) => ({
        name: toNamePath(mapField(field.field)) as never,
        errors: [field.message],
      })),
    );
  }
}
