import {
  CopyOutlined,
  DeleteOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { type TPasswordRecord, ZPasswordRecordAddRequest } from '@masthub/shared';
import {
  App,
  Button,
  DatePicker,
  Form,
  Input,
  Modal,
  Select,
  Space,
  type TableColumnsType,
  Tooltip,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { RequestError, readUtcCode } from '../../request/request.ts';
import { copyWithFeedback } from '../../ui/clipboard.ts';
import { DATE_TIME_FORMAT, wallTimeToIso } from '../../ui/date-time.ts';
import type { StationDialogProps } from '../../ui/form/record-form.ts';
import { useRequestRule } from '../../ui/form/use-zod-rule.ts';
import { dateTimeColumn } from '../../ui/table/table-parts.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { AssetTableCard } from './AssetTableCard.tsx';
import {
  type PasswordRecordInput,
  useAddPasswordRecord,
  useDeletePasswordRecord,
  usePasswordRecords,
} from './api.ts';

const KINDS = ['logger', 'sim', 'other'] as const;

interface AddValues {
  kind?: string;
  target?: string;
  password?: string;
  effectiveTime?: Dayjs | null;
  notes?: string;
}

function toBody(stationId: number, values: AddValues): PasswordRecordInput {
  return {
    stationId,
    kind: values.kind ?? '',
    target: values.target?.trim() ?? '',
    password: values.password ?? '',
    ...(values.effectiveTime
      ? { effectiveTime: wallTimeToIso(values.effectiveTime.format(DATE_TIME_FORMAT), readUtcCode()) }
      : {}),
    notes: values.notes?.trim() ?? '',
  };
}

function AddPasswordModal({ stationId, open, onClose }: StationDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddValues>();
  const add = useAddPasswordRecord(stationId);
  const rule = useRequestRule(ZPasswordRecordAddRequest, (values: AddValues) => toBody(stationId, values));
  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      await add.mutateAsync(toBody(stationId, values));
      feedback.success(t('stations.passwords.added'));
      onClose();
    } catch (error) {
      if (error instanceof RequestError && error.fields.length > 0) {
        form.setFields(
          error.fields.map((item) => ({ name: item.field as keyof AddValues, errors: [item.message] })),
        );
      }
    }
  };
  return (
    <Modal
      open={open}
      title={t('stations.passwords.addTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('stations.actions.save')}
      confirmLoading={add.isPending}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<AddValues>
        form={form}
        layout="vertical"
        name="passwordRecord"
        preserve={false}
        initialValues={{ kind: 'logger' }}
      >
        <Form.Item name="kind" label={t('stations.passwords.kind')} rules={[rule('kind')]} required>
          <Select
            options={KINDS.map((kind) => ({ value: kind, label: t(`stations.passwords.kinds.${kind}`) }))}
          />
        </Form.Item>
        <Form.Item name="target" label={t('stations.passwords.target')} rules={[rule('target')]}>
          <Input autoComplete="off" placeholder={t('stations.passwords.targetPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('stations.passwords.password')}
          rules={[rule('password')]}
          required
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="effectiveTime"
          label={t('stations.passwords.effectiveTime')}
          extra={t('stations.passwords.effectiveHint')}
        >
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="notes" label={t('stations.passwords.notes')} rules={[rule('notes')]}>
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Logger and SIM password history (SPEC §2 site info). Only for users allowed to edit the site: the server
 * enforces it, and the card disappears when it says 403.
 */
export function PasswordRecordsCard({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const formatDateTime = useFormatDateTime();
  const { data: records = [], isFetching, error } = usePasswordRecords(stationId, true);
  const remove = useDeletePasswordRecord(stationId);
  const [revealed, setRevealed] = useState<ReadonlySet<number>>(new Set());
  const [isAdding, setAdding] = useState(false);

  if (error instanceof RequestError && (error.code === 403 || error.errorCode === 'FORBIDDEN')) return null;

  const toggle = (id: number) =>
    setRevealed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const askDelete = (record: TPasswordRecord) => {
    modal.confirm({
      title: t('stations.passwords.deleteTitle'),
      content: t('stations.passwords.deleteConfirm', { kind: record.kindName, target: record.target || '—' }),
      okType: 'danger',
      okText: t('stations.actions.delete'),
      onOk: async () => {
        await remove.mutateAsync(record.id);
        feedback.success(t('stations.passwords.deleted'));
      },
    });
  };

  const columns: TableColumnsType<TPasswordRecord> = [
    { key: 'kind', dataIndex: 'kindName', title: t('stations.passwords.kind'), width: 120 },
    { key: 'target', dataIndex: 'target', title: t('stations.passwords.target'), width: 180, ellipsis: true },
    {
      key: 'password',
      title: t('stations.passwords.password'),
      width: 240,
      render: (_, record) =>
        record.isDecryptable ? (
          <Space size={4}>
            <Typography.Text code data-testid="password-value">
              {revealed.has(record.id) ? record.password : '••••••••'}
            </Typography.Text>
            <Tooltip
              title={t(revealed.has(record.id) ? 'stations.passwords.hide' : 'stations.passwords.reveal')}
            >
              <Button
                type="text"
                size="small"
                aria-label={t(
                  revealed.has(record.id) ? 'stations.passwords.hide' : 'stations.passwords.reveal',
                )}
                icon={revealed.has(record.id) ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                onClick={() => toggle(record.id)}
              />
            </Tooltip>
            <Tooltip title={t('stations.passwords.copy')}>
              <Button
                type="text"
                size="small"
                aria-label={t('stations.passwords.copy')}
                icon={<CopyOutlined />}
                onClick={() => void copyWithFeedback(record.password)}
              />
            </Tooltip>
          </Space>
        ) : (
          <Typography.Text type="warning">{t('stations.passwords.undecryptable')}</Typography.Text>
        ),
    },
    dateTimeColumn('effectiveTime', t('stations.passwords.effectiveTime'), formatDateTime),
    { key: 'notes', dataIndex: 'notes', title: t('stations.passwords.notes'), ellipsis: true },
    { key: 'creator', dataIndex: 'creatorName', title: t('stations.passwords.creator'), width: 120 },
    {
      key: 'actions',
      title: t('stations.list.actions'),
      width: 90,
      render: (_, record) => (
        <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => askDelete(record)}>
          {t('stations.actions.delete')}
        </Button>
      ),
    },
  ];

  return (
    <AssetTableCard<TPasswordRecord>
      title={t('stations.passwords.title')}
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('stations.passwords.add')}
        </Button>
      }
      isLoading={isFetching}
      columns={columns}
      records={records}
      emptyText={t('stations.passwords.empty')}
    >
      <AddPasswordModal stationId={stationId} open={isAdding} onClose={() => setAdding(false)} />
    </AssetTableCard>
  );
}
