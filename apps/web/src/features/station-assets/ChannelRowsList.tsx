import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TChannelElementOption } from '@masthub/shared';
import {
  Button,
  Flex,
  Form,
  type FormInstance,
  type FormListFieldData,
  Input,
  InputNumber,
  Select,
} from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldRule } from '../../ui/form/RuleItem.tsx';
import type { ConfigValues } from './ChannelConfigModal.tsx';
import { ElementSelect, type useStatisticOptions } from './ElementSelect.tsx';
import { type ChannelDraft, emptyChannel } from './station-assets.utils.ts';

interface GridColumn {
  key: string;
  title?: string;
  /** Fixed width in px; without it the column shares the rest. */
  width?: number;
  render: (row: FormListFieldData, index: number) => ReactNode;
}

/**
 * The channel rows of the form as a plain grid: form items inside an antd Table's cells lose the list's
 * values, so the editable rows are laid out by hand.
 */
function ChannelGrid({ rows, columns }: { rows: FormListFieldData[]; columns: GridColumn[] }) {
  const cell = (column: GridColumn) =>
    column.width ? { flex: `0 0 ${column.width}px`, minWidth: 0 } : { flex: '1 1 0', minWidth: 0 };
  return (
    <div style={{ border: '1px solid rgba(5, 5, 5, 0.06)', borderRadius: 8 }}>
      <Flex gap={8} style={{ padding: '8px 8px', background: 'rgba(0, 0, 0, 0.02)', fontWeight: 600 }}>
        {columns.map((column) => (
          <div key={column.key} style={cell(column)}>
            {column.title}
          </div>
        ))}
      </Flex>
      <div style={{ maxHeight: 360, overflowY: 'auto' }}>
        {rows.map((row, index) => (
          <Flex
            key={row.key}
            gap={8}
            align="flex-start"
            data-channel-row={index}
            style={{ padding: '6px 8px', borderTop: '1px solid rgba(5, 5, 5, 0.06)' }}
          >
            {columns.map((column) => (
              <div key={column.key} style={cell(column)}>
                {column.render(row, index)}
              </div>
            ))}
          </Flex>
        ))}
      </div>
    </div>
  );
}

/** The configuration's channels as editable rows (at least one). */
export function ChannelRowsList({
  form,
  elements,
  statisticOptions,
}: {
  form: FormInstance<ConfigValues>;
  elements: readonly TChannelElementOption[];
  statisticOptions: ReturnType<typeof useStatisticOptions>;
}) {
  const rule = useFieldRule();
  const { t } = useTranslation();
  /** A column editing one field of each channel, its control labelled by the column's title. */
  const field = (
    name: keyof ChannelDraft,
    titleKey: string,
    width: number | undefined,
    control: (label: string, row: FormListFieldData) => ReactNode,
  ): GridColumn => {
    const title = t(`stations.channels.${titleKey}`);
    return {
      key: name === 'boomOrientationDeg' ? 'boom' : name,
      title,
      ...(width === undefined ? {} : { width }),
      render: (row) => (
        <Form.Item
          name={[row.name, name]}
          rules={[rule(`channels.${row.name}.${name}`)]}
          style={{ margin: 0 }}
        >
          {control(title, row)}
        </Form.Item>
      ),
    };
  };
  const text = (label: string) => <Input size="small" aria-label={label} />;
  const number = (max: number) => (label: string) => (
    <InputNumber size="small" min={0} max={max} style={{ width: '100%' }} aria-label={label} />
  );
  return (
    <Form.List
      name="channels"
      rules={[
        {
          validator: async (_, channels: unknown[] | undefined) => {
            if (!channels || channels.length === 0) throw new Error(t('stations.channels.needOne'));
          },
        },
      ]}
    >
      {(rows, { add, remove }, { errors }) => (
        <>
          <ChannelGrid
            rows={rows}
            columns={[
              field('channelName', 'channelName', undefined, text),
              field('element', 'element', 170, (label, row) => (
                <ElementSelect
                  size="small"
                  elements={elements}
                  aria-label={label}
                  onUnit={(unit) => form.setFieldValue(['channels', row.name, 'unit'], unit)}
                />
              )),
              field('heightM', 'height', 100, number(1000)),
              field('tag', 'tag', 110, text),
              field('dataKey', 'dataKey', undefined, text),
              field('unit', 'unit', 90, text),
              field('statistic', 'statistic', 120, (label) => (
                <Select size="small" options={statisticOptions} aria-label={label} />
              )),
              field('boomOrientationDeg', 'boom', 110, number(360)),
              {
                key: 'remove',
                width: 48,
                render: (row) => (
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('stations.channels.removeChannel')}
                    onClick={() => remove(row.name)}
                  />
                ),
              },
            ]}
          />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            block
            style={{ marginTop: 8 }}
            onClick={() => add(emptyChannel())}
          >
            {t('stations.channels.addChannel')}
          </Button>
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  );
}
