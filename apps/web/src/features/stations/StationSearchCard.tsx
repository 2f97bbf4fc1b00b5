import { SearchOutlined } from '@ant-design/icons';
import type { TFormField } from '@masthub/shared';
import { Button, Card, Col, Flex, Form, type FormInstance, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateItemProps, FieldControl } from './FieldControl.tsx';
import type { PlainValues } from './station-form.ts';

interface StationSearchCardProps {
  form: FormInstance<PlainValues>;
  searchFields: readonly TFormField[];
  /** How many filters are applied now. */
  applied: number;
  onSearch: (values: PlainValues) => void;
  onReset: () => void;
}

/** The site list's search form: the fields the user chose, with the count of applied filters. */
export function StationSearchCard({
  form,
  searchFields,
  applied,
  onSearch,
  onReset,
}: StationSearchCardProps) {
  const { t } = useTranslation();
  return (
    <Card size="small">
      <Form<PlainValues> form={form} name="stationSearch" layout="vertical" onFinish={onSearch}>
        <Row gutter={16}>
          {searchFields.map((field) => (
            <Col key={field.key} xs={24} sm={12} lg={8} xxl={6}>
              <Form.Item
                name={field.key}
                label={field.title}
                style={{ marginBottom: 12 }}
                {...dateItemProps(field)}
              >
                <FieldControl field={field} mode="query" />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary">
            {applied > 0
              ? t('stations.list.appliedFilters', { count: applied })
              : t('stations.list.noFilters')}
          </Typography.Text>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('stations.actions.search')}
            </Button>
            <Button onClick={onReset}>{t('stations.actions.reset')}</Button>
          </Space>
        </Flex>
      </Form>
    </Card>
  );
}
