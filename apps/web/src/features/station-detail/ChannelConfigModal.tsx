import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type TChannelConfigDetail, ZChannelConfigSaveRequest } from '@masthub/shared';
import { CHANNEL_STATISTICS } from '@masthub/shared/stations/channel-config.schema.ts';
import {
  Button,
  Col,
  DatePicker,
  Flex,
  Form,
  type FormInstance,
  type FormListFieldData,
  type FormRule,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT, formatDateTime, wallTimeToIso } from '../../app/date-time.ts';
import { feedback } from '../../app/feedback.ts';
import { useZodRule } from '../../app/use-zod-rule.ts';
import { RequestError, readUtcCode } from '../../request/request.ts';
import { type ChannelConfigBody, useChannelElements, useSaveChannelConfig } from './api.ts';
import { type ChannelDraft, cleanChannel, emptyChannel, toChannelDraft } from './station-detail.utils.ts';

interface ConfigValues {
  name?: string;
  effectiveFrom?: Dayjs | null;
  notes?: string;
  channels?: Partial<ChannelDraft>[];
}

export function toConfigBody(
  stationId: number,
  values: ConfigValues,
  id: number | undefined,
): ChannelConfigBody {
  return {
    ...(id === undefined ? {} : { id }),
    stationId,
    name: values.name?.trim() ?? '',
    effectiveFrom: values.effectiveFrom
      ? wallTimeToIso(values.effectiveFrom.format(DATE_TIME_FORMAT), readUtcCode())
      : '',
    notes: values.notes?.trim() ?? '',
    channels: (values.channels ?? []).map((channel) => ({ ...cleanChannel(channel) })),
  };
}

/** Options of the element select: the localised name and the key. */
export function useElementOptions() {
  const { data: elements = [] } = useChannelElements();
  return {
    elements,
    options: elements.map((element) => ({ value: element.key, label: `${element.name} (${element.key})` })),
  };
}

export function useStatisticOptions() {
  const { t } = useTranslation();
  return CHANNEL_STATISTICS.map((statistic) => ({
    value: statistic,
    label: t(`stations.channels.statistics.${statistic}`),
  }));
}

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

/**
 * Puts the starting values into the form once its items are mounted: the form lives in a modal that
 * mounts its content late, and the channel list's nested items lost values given only as initialValues.
 */
function ApplyValues({ values }: { values: ConfigValues | undefined }) {
  const form = Form.useFormInstance<ConfigValues>();
  useEffect(() => {
    if (values) form.setFieldsValue(values);
  }, [form, values]);
  return null;
}

interface ChannelConfigModalProps {
  stationId: number;
  open: boolean;
  /** 'create' starts from `source` (a copy of the configuration in force) with a new effective date. */
  mode: 'create' | 'edit';
  source: TChannelConfigDetail | undefined;
  onClose: () => void;
  onSaved: (id: number) => void;
}

/** Adds a configuration (copying the one in force as a start) or edits one as a whole. */
export function ChannelConfigModal({
  stationId,
  open,
  mode,
  source,
  onClose,
  onSaved,
}: ChannelConfigModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ConfigValues>();
  const save = useSaveChannelConfig(stationId);
  const id = mode === 'edit' ? source?.id : undefined;
  const rule = useZodRule({
    safeParse: (values: unknown) =>
      ZChannelConfigSaveRequest.safeParse(toConfigBody(stationId, values as ConfigValues, id)),
  });
  const { elements, options: elementOptions } = useElementOptions();
  const statisticOptions = useStatisticOptions();

  // The form mounts on each opening (destroyOnHidden): its initial values are computed per opening.
  const initialValues = useMemo<ConfigValues | undefined>(() => {
    if (!open) return undefined;
    const channels = source ? source.channels.map(toChannelDraft) : [emptyChannel()];
    if (mode === 'edit' && source) {
      return {
        name: source.name,
        effectiveFrom: dayjs(formatDateTime(source.effectiveFrom, readUtcCode())),
        notes: source.notes,
        channels,
      };
    }
    return {
      name: '',
      effectiveFrom: dayjs().startOf('day'),
      notes: source ? t('stations.channels.copiedFrom', { name: source.name }) : '',
      channels,
    };
  }, [open, mode, source, t]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      const reply = await save.mutateAsync(toConfigBody(stationId, values, id));
      feedback.success(
        t(mode === 'edit' ? 'stations.channels.configSaved' : 'stations.channels.configAdded'),
      );
      onSaved(reply.id);
      onClose();
    } catch (error) {
      if (error instanceof RequestError && error.fields.length > 0) {
        form.setFields(
          error.fields.map((item) => ({
            name: item.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)) as never,
            errors: [item.message],
          })),
        );
      }
    }
  };

  return (
    <Modal
      open={open}
      title={t(mode === 'edit' ? 'stations.channels.editConfigTitle' : 'stations.channels.addConfigTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('stations.actions.save')}
      confirmLoading={save.isPending}
      width={1280}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<ConfigValues>
        form={form}
        layout="vertical"
        name="channelConfig"
        preserve={false}
        initialValues={initialValues}
      >
        <ApplyValues values={initialValues} />
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="name" label={t('stations.channels.configName')} rules={[rule('name')]} required>
              <Input autoComplete="off" maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              name="effectiveFrom"
              label={t('stations.channels.effectiveFrom')}
              rules={[rule('effectiveFrom')]}
              required
            >
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="notes" label={t('stations.channels.notes')} rules={[rule('notes')]}>
              <Input autoComplete="off" maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
        {mode === 'create' ? (
          <Typography.Paragraph type="secondary">
            {source
              ? t('stations.channels.copyHint', { name: source.name })
              : t('stations.channels.firstHint')}
          </Typography.Paragraph>
        ) : null}
        <ChannelRowsList
          form={form}
          rule={rule}
          elements={elements}
          elementOptions={elementOptions}
          statisticOptions={statisticOptions}
        />
      </Form>
    </Modal>
  );
}

/** The configuration's channels as editable rows (at least one). */
function ChannelRowsList({
  form,
  rule,
  elements,
  elementOptions,
  statisticOptions,
}: {
  form: FormInstance<ConfigValues>;
  rule: (field: string) => FormRule;
  elements: ReturnType<typeof useElementOptions>['elements'];
  elementOptions: ReturnType<typeof useElementOptions>['options'];
  statisticOptions: ReturnType<typeof useStatisticOptions>;
}) {
  const { t } = useTranslation();
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
              {
                key: 'channelName',
                title: t('stations.channels.channelName'),
                render: (row) => (
                  <Form.Item
                    name={[row.name, 'channelName']}
                    rules={[rule(`channels.${row.name}.channelName`)]}
                    style={{ margin: 0 }}
                  >
                    <Input size="small" aria-label={t('stations.channels.channelName')} />
                  </Form.Item>
                ),
              },
              {
                key: 'element',
                title: t('stations.channels.element'),
                width: 170,
                render: (row) => (
                  <Form.Item
                    name={[row.name, 'element']}
                    rules={[rule(`channels.${row.name}.element`)]}
                    style={{ margin: 0 }}
                  >
                    <Select
                      size="small"
                      options={elementOptions}
                      aria-label={t('stations.channels.element')}
                      onChange={(key) => {
                        const unit = elements.find((element) => element.key === key)?.unit;
                        if (unit !== undefined) form.setFieldValue(['channels', row.name, 'unit'], unit);
                      }}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'heightM',
                title: t('stations.channels.height'),
                width: 100,
                render: (row) => (
                  <Form.Item
                    name={[row.name, 'heightM']}
                    rules={[rule(`channels.${row.name}.heightM`)]}
                    style={{ margin: 0 }}
                  >
                    <InputNumber
                      size="small"
                      min={0}
                      max={1000}
                      style={{ width: '100%' }}
                      aria-label={t('stations.channels.height')}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'tag',
                title: t('stations.channels.tag'),
                width: 110,
                render: (row) => (
                  <Form.Item
                    name={[row.name, 'tag']}
                    rules={[rule(`channels.${row.name}.tag`)]}
                    style={{ margin: 0 }}
                  >
                    <Input size="small" aria-label={t('stations.channels.tag')} />
                  </Form.Item>
                ),
              },
              {
                key: 'dataKey',
                title: t('stations.channels.dataKey'),
                render: (row) => (
                  <Form.Item
                    name={[row.name, 'dataKey']}
                    rules={[rule(`channels.${row.name}.dataKey`)]}
                    style={{ margin: 0 }}
                  >
                    <Input size="small" aria-label={t('stations.channels.dataKey')} />
                  </Form.Item>
                ),
              },
              {
                key: 'unit',
                title: t('stations.channels.unit'),
                width: 90,
                render: (row) => (
                  <Form.Item
                    name={[row.name, 'unit']}
                    rules={[rule(`channels.${row.name}.unit`)]}
                    style={{ margin: 0 }}
                  >
                    <Input size="small" aria-label={t('stations.channels.unit')} />
                  </Form.Item>
                ),
              },
              {
                key: 'statistic',
                title: t('stations.channels.statistic'),
                width: 120,
                render: (row) => (
                  <Form.Item
                    name={[row.name, 'statistic']}
                    rules={[rule(`channels.${row.name}.statistic`)]}
                    style={{ margin: 0 }}
                  >
                    <Select
                      size="small"
                      options={statisticOptions}
                      aria-label={t('stations.channels.statistic')}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'boom',
                title: t('stations.channels.boom'),
                width: 110,
                render: (row) => (
                  <Form.Item
                    name={[row.name, 'boomOrientationDeg']}
                    rules={[rule(`channels.${row.name}.boomOrientationDeg`)]}
                    style={{ margin: 0 }}
                  >
                    <InputNumber
                      size="small"
                      min={0}
                      max={360}
                      style={{ width: '100%' }}
                      aria-label={t('stations.channels.boom')}
                    />
                  </Form.Item>
                ),
              },
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
