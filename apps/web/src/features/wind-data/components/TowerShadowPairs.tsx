import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TVersionChannel } from '@masthub/shared';
import { Button, Card, Col, Form, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { RuleCol } from '../../../ui/form/RuleItem.tsx';
import { channelsOf } from '../wind-data.utils.ts';
import { ChannelSelect } from './ChannelSelect.tsx';

const MAX_PAIRS = 20;

interface PairProps {
  /** The tower-shadow method: the GB method needs each cup's boom bearing. */
  method: string;
  channels: readonly TVersionChannel[];
}

/** One cup of a pair: its average (required), boom bearing, standard deviation and maximum. */
function PairSide({ method, channels, row, side }: PairProps & { row: number; side: 'A' | 'B' }) {
  const { t } = useTranslation();
  return (
    <Row gutter={8}>
      <RuleCol
        span={14}
        name={[row, `avg${side}`]}
        field={`pairs.${row}.avg${side}`}
        label={t('measure-wind.towerShadow.avg', { side })}
        required
      >
        <ChannelSelect channels={channelsOf(channels, 'ws', 'avg')} />
      </RuleCol>
      <RuleCol
        span={10}
        name={[row, `boom${side}`]}
        field={`pairs.${row}.boom${side}`}
        label={t('measure-wind.towerShadow.boom', { side })}
        tooltip={t('measure-wind.towerShadow.boomHint')}
        dependencies={['method']}
        required={method === 'gb'}
      >
        <InputNumber min={0} max={360} step={1} suffix="°" style={{ width: '100%' }} />
      </RuleCol>
      <RuleCol
        rule={false}
        span={12}
        name={[row, `sd${side}`]}
        label={t('measure-wind.towerShadow.sd', { side })}
      >
        <ChannelSelect channels={channelsOf(channels, 'ws', 'sd')} allowClear />
      </RuleCol>
      <RuleCol
        rule={false}
        span={12}
        name={[row, `max${side}`]}
        label={t('measure-wind.towerShadow.max', { side })}
      >
        <ChannelSelect channels={channelsOf(channels, 'ws', 'max')} allowClear />
      </RuleCol>
    </Row>
  );
}

/** The anemometer pairs merged per height, one card each (one to twenty). */
export function TowerShadowPairs(props: PairProps) {
  const { t } = useTranslation();
  return (
    <Form.List name="pairs">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              style={{ marginBottom: 8 }}
              title={t('measure-wind.towerShadow.pairTitle', { index: index + 1 })}
              extra={
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={fields.length <= 1}
                  onClick={() => remove(field.name)}
                  aria-label={t('measure-wind.towerShadow.removePair')}
                />
              }
            >
              <Row gutter={8}>
                {(['A', 'B'] as const).map((side) => (
                  <Col key={side} xs={24} md={12}>
                    <PairSide {...props} row={field.name} side={side} />
                  </Col>
                ))}
              </Row>
            </Card>
          ))}
          <Button
            type="dashed"
            block
            icon={<PlusOutlined />}
            disabled={fields.length >= MAX_PAIRS}
            onClick={() => add({})}
          >
            {t('measure-wind.towerShadow.addPair')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
