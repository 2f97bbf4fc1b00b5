import { Col, Form, type FormItemProps, type FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** The rule of a schema-bound form: checks one field with the shared zod schema over the whole form. */
export type TFieldRule = (field: string) => FormRule;

export interface RuleItemProps extends Omit<FormItemProps, 'rules'> {
  /** The schema's rule; the item is checked by it for `field`. */
  rule?: TFieldRule;
  /** The schema field checked, when it is not the item's name (`reference.versionId`, a list row's path). */
  field?: string;
  /** Rules checked before the schema's. */
  rules?: FormRule[];
}

function fieldOf(name: FormItemProps['name']) {
  return Array.isArray(name) ? name.join('.') : String(name);
}

/** A form item checked by the shared schema's rule for its field (and any rules given before it). */
export function RuleItem({ rule, field, rules, name, ...item }: RuleItemProps) {
  const checked = rule ? [...(rules ?? []), rule(field ?? fieldOf(name))] : rules;
  return <Form.Item name={name} rules={checked} {...item} />;
}

/** A `RuleItem` in a grid column (`span`, or `xs`/`md` for a responsive width). */
export function RuleCol({
  span,
  xs,
  md,
  ...item
}: RuleItemProps & { span?: number; xs?: number; md?: number }) {
  return (
    <Col span={span} xs={xs} md={md}>
      <RuleItem {...item} />
    </Col>
  );
}

/** Select or radio options whose labels are the translations `<prefix>.<value>`. */
export function translatedOptions<V extends string | number>(
  values: readonly V[],
  t: TFunction,
  prefix: string,
) {
  return values.map((value) => {
    const key: string = `${prefix}.${value}`;
    return { value, label: t(key) };
  });
}
