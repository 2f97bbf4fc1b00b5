import { Col, Form, type FormItemProps, type FormProps, type FormRule, Switch } from 'antd';
import type { TFunction } from 'i18next';
import { createContext, type ReactNode, useContext } from 'react';

/** The rule of a schema-bound form: checks one field with the shared zod schema over the whole form. */
export type TFieldRule = (field: string) => FormRule;

const FormRuleContext = createContext<TFieldRule | undefined>(undefined);

/** Hands the form's schema rule to every `RuleItem`, `RuleCol` and `SchemaItem` below that is given none. */
export function FormRuleProvider({ rule, children }: { rule: TFieldRule; children: ReactNode }) {
  return <FormRuleContext value={rule}>{children}</FormRuleContext>;
}

/** The schema rule of the form around (`RuleForm`, `SchemaFormModal`, `FormRuleProvider`), if any. */
export function useFormRule(): TFieldRule | undefined {
  return useContext(FormRuleContext);
}

/** The rule a field is checked by: the one given, else the form's (a schema-checked field needs one). */
export function useFieldRule(given?: TFieldRule): TFieldRule {
  const rule = useFormRule();
  const checked = given ?? rule;
  if (!checked) throw new Error('a schema-checked field outside a schema-checked form');
  return checked;
}

/** An antd form whose fields are checked by the shared schema's `rule` (each field reads it from the form). */
export function RuleForm<V>({
  rule,
  children,
  ...form
}: FormProps<V> & { rule: TFieldRule; children: ReactNode }) {
  return (
    <Form<V> {...form}>
      <FormRuleProvider rule={rule}>{children}</FormRuleProvider>
    </Form>
  );
}

export interface RuleItemProps extends Omit<FormItemProps, 'rules'> {
  /**
   * The schema's rule; the item is checked by it for `field`. Default: the rule of the form around;
   * `false`: not checked by the schema.
   */
  rule?: TFieldRule | false;
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
  const formRule = useFormRule();
  const schemaRule = rule === false ? undefined : (rule ?? formRule);
  const checked = schemaRule ? [...(rules ?? []), schemaRule(field ?? fieldOf(name))] : rules;
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

/** An on/off field in a grid column, not checked by the schema (a switch always holds a boolean). */
export function SwitchCol(
  props: Omit<RuleItemProps, 'rule' | 'valuePropName' | 'children'> & {
    span?: number;
    xs?: number;
    md?: number;
  },
) {
  return (
    <RuleCol {...props} rule={false} valuePropName="checked">
      <Switch />
    </RuleCol>
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
