import type { FormRule } from 'antd';
import { useAppLanguage } from '../../i18n/i18n.ts';
import { toShortLanguage } from '../../i18n/languages.ts';
import { firstFieldError, type TSafeParser } from '../../i18n/validation.ts';

/**
 * antd form rules backed by a shared zod schema: the whole form is parsed so cross-field rules stay in the
 * schema, and the `v.<key>` messages are translated into the current language.
 */
export function useZodRule(schema: TSafeParser): (field: string) => FormRule {
  const language = toShortLanguage(useAppLanguage());
  return (field) =>
    ({ getFieldsValue }) => ({
      validator: async () => {
        const message = firstFieldError(schema, getFieldsValue(), field, language);
        if (message) throw new Error(message);
      },
    });
}

/**
 * The rule of a form whose values become a request: each field is checked by `schema` over the request
 * `toRequest` makes of the whole form.
 */
export function useRequestRule<V>(
  schema: TSafeParser,
  toRequest: (values: V) => unknown,
): (field: string) => FormRule {
  return useZodRule({ safeParse: (values: unknown) => schema.safeParse(toRequest(values as V)) });
}
