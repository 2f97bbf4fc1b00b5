import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { RuleCol, RuleItem } from '../../ui/form/RuleItem.tsx';
import type { useMatchComponents } from './api.ts';

const CONDITION_PARTS = ['component', 'operator', 'value'] as const;

type TMatchComponents = ReturnType<typeof useMatchComponents>['data'];

/** Options of a named list the server gives (components, operators, station modes). */
function namedOptions<V>(items: readonly { value: V; name: string }[] | undefined) {
  return (items ?? []).map((item) => ({ value: item.value, label: item.name }));
}

/** The rule's conditions on the file: component, operator and value per row. */
export function MatchConditionsList({ components }: { components: TMatchComponents }) {
  const { t } = useTranslation();
  const controls = {
    component: (
      <Select
        style={{ width: 190 }}
        aria-label={t('ingestion.match.component')}
        options={namedOptions(components?.components)}
      />
    ),
    operator: (
      <Select
        style={{ width: 150 }}
        aria-label={t('ingestion.match.operator')}
        options={namedOptions(components?.operators)}
      />
    ),
    value: <Input style={{ width: 260 }} placeholder={t('ingestion.match.value')} />,
  };
  return (
    <Form.List name="conditions">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field) => (
            <Space key={field.key} align="start" style={{ display: 'flex' }}>
              {CONDITION_PARTS.map((part) => (
                <RuleItem key={part} name={[field.name, part]} field={`conditions.${field.name}.${part}`}>
                  {controls[part]}
                </RuleItem>
              ))}
              <Button
                type="text"
                icon={<MinusCircleOutlined />}
                aria-label={t('system.common.delete')}
                onClick={() => remove(field.name)}
              />
            </Space>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ component: 'fileName', operator: 'contains', value: '' })}
          >
            {t('ingestion.match.addCondition')}
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** How the rule finds the site: a chosen site, or a code read from the file's name. */
export function StationMatchFields({
  components,
  stationMode,
  stations,
  onSearch,
}: {
  components: TMatchComponents;
  stationMode: string | undefined;
  stations: readonly { id: number; stationCode: string; projectName: string }[];
  onSearch: (keywords: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <RuleCol xs={24} md={8} name="stationMode" label={t('ingestion.match.stationMode')} required>
        <Select options={namedOptions(components?.stationModes)} />
      </RuleCol>
      {stationMode === 'fromName' ? (
        <>
          {(['stationCodeStart', 'stationCodeLength'] as const).map((name) => (
            <RuleCol key={name} xs={24} md={8} name={name} label={t(`ingestion.match.${name}`)}>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </RuleCol>
          ))}
          <RuleCol span={24} name="stationCodeRegex" label={t('ingestion.match.stationCodeRegex')}>
            <Input autoComplete="off" />
          </RuleCol>
        </>
      ) : (
        <Col xs={24} md={16}>
          <RuleItem name="stationId" label={t('ingestion.match.station')} required>
            <Select
              showSearch={{ filterOption: false, onSearch }}
              options={stations.map((station) => ({
                value: station.id,
                label: `${station.stationCode} ${station.projectName}`,
              }))}
            />
          </RuleItem>
        </Col>
      )}
    </>
  );
}
