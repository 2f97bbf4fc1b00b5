import { Col, Form, type FormRule, Input } from 'antd';
import type { ReactNode } from 'react';
import { useFormRule } from '../form/RuleItem.tsx';

/**
 * A field of a schema-bound form: the item checked by the shared schema through `rule` (default: the
 * form's), a text box unless another control is given, in a grid column when `span` is set.
 */
export function SchemaItem({
  name,
  label,
  rule,
  required,
  span,
  extra,
  placeholder,
  children,
}: {
  name: string;
  label: string;
  rule?: (field: string) => FormRule;
  required?: boolean;
  span?: number;
  extra?: ReactNode;
  placeholder?: string;
  children?: ReactNode;
}) {
  const formRule = useFormRule();
  const schemaRule = rule ?? formRule;
  const item = (
    <Form.Item
      name={name}
      label={label}
      rules={schemaRule ? [schemaRule(name)] : undefined}
      required={required}
      extra={extra}
    >
      {children ?? <Input autoComplete="off" placeholder={placeholder} />}
    </Form.Item>
  );
  return span === undefined ? item : <Col span={span}>{item}</Col>;
}
