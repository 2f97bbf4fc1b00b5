import { PlusOutlined } from '@ant-design/icons';
import type { TQcRule, TQcRuleType } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { Button, Flex, Form, Input, Popconfirm, Space, Switch, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { PermissionButton, useCan } from '../../app/PermissionButton.tsx';
import { fitColumns } from '../../app/table/fit-columns.ts';
import { UpdatedCell } from '../../app/table/UpdatedCell.tsx';
import { useDeleteQcRule, useQcRulePage, useSaveQcRule } from './api.ts';
import { QcRuleFormModal } from './QcRuleFormModal.tsx';
import {
  describeQcRule,
  ruleElement,
  type TTranslate,
  toQcRuleForm,
  toQcRuleSave,
} from './qc-rules.utils.ts';

interface QcRulesTabProps {
  ruleType: TQcRuleType;
}

/** RuleManage: quality-control rules (auto_quality) or warning rules (warn), SPEC §3. */
export function QcRulesTab({ ruleType }: QcRulesTabProps) {
  const { t } = useTranslation();
  const translate = t as unknown as TTranslate;
  const canEdit = useCan('system.rule');
  const [name, setName] = useState<string>();
  const [pageNo, setPageNo] = useState(1);
  const [editing, setEditing] = useState<{ record: TQcRule | undefined }>();
  const { data: page, isFetching } = useQcRulePage({ ruleType, pageNo, pageSize: PAGE_SIZE, name });
  const deleteRule = useDeleteQcRule();
  const saveRule = useSaveQcRule();

  const toggleEnabled = async (record: TQcRule, isEnabled: boolean) => {
    await saveRule.mutateAsync(
      toQcRuleSave({ ...toQcRuleForm(record, ruleType), isEnabled }, ruleType, record.id),
    );
    feedback.success(t('qc-rules.enabledChanged'));
  };

  const columns: TableColumnsType<TQcRule> = [
    { key: 'name', dataIndex: 'name', title: t('qc-rules.name'), width: 200 },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('qc-rules.kind'),
      width: 120,
      render: (kind: string) => t(`qc-rules.kinds.${kind}`),
    },
    ...(ruleType === 'auto_quality'
      ? [
          {
            key: 'element',
            title: t('qc-rules.element'),
            width: 100,
            render: (_: unknown, record: TQcRule) => {
              const element = ruleElement(record);
              return element ? t(`qc-rules.elements.${element}`) : '—';
            },
          },
        ]
      : []),
    {
      key: 'params',
      title: t('qc-rules.params'),
      width: 320,
      render: (_, record) => describeQcRule(record, translate),
    },
    {
      key: 'scope',
      title: t('qc-rules.scope'),
      width: 180,
      render: (_, record) =>
        record.stationId === null
          ? t('qc-rules.allStations')
          : [record.stationCode, record.stationName].filter(Boolean).join(' '),
    },
    {
      key: 'enabled',
      dataIndex: 'isEnabled',
      title: t('qc-rules.enabled'),
      width: 80,
      render: (value: boolean, record) => (
        <Switch
          size="small"
          checked={value}
          disabled={!canEdit}
          loading={saveRule.isPending && saveRule.variables?.id === record.id}
          aria-label={t('qc-rules.enabled')}
          onChange={(checked) => void toggleEnabled(record, checked)}
        />
      ),
    },
    {
      key: 'updated',
      title: t('qc-rules.updated'),
      width: 170,
      render: (_, r) => <UpdatedCell name={r.updaterName} time={r.updateTime} />,
    },
    {
      key: 'actions',
      title: t('system.common.actions'),
      fixed: 'right',
      width: 130,
      render: (_, record) => (
        <Space size={0}>
          <PermissionButton
            feature="system.rule"
            type="link"
            size="small"
            onClick={() => setEditing({ record })}
          >
            {t('system.common.edit')}
          </PermissionButton>
          <Popconfirm
            title={t('qc-rules.deleteConfirm', { name: record.name })}
            okType="danger"
            okText={t('system.common.delete')}
            disabled={!canEdit}
            onConfirm={async () => {
              await deleteRule.mutateAsync(record.id);
              feedback.success(t('system.common.deleted'));
            }}
          >
            <PermissionButton feature="system.rule" type="link" size="small" danger>
              {t('system.common.delete')}
            </PermissionButton>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const fit = fitColumns(columns);

  return (
    <>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 12 }}>
        <Form
          layout="inline"
          name={`qcRuleSearch-${ruleType}`}
          onFinish={(values: { name?: string }) => {
            setName(values.name?.trim() || undefined);
            setPageNo(1);
          }}
        >
          <Form.Item name="name" label={t('qc-rules.name')}>
            <Input allowClear style={{ width: 200 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {t('system.common.search')}
            </Button>
          </Form.Item>
        </Form>
        <PermissionButton
          feature="system.rule"
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ record: undefined })}
        >
          {t(`qc-rules.create.${ruleType}`)}
        </PermissionButton>
      </Flex>
      <Table<TQcRule>
        rowKey="id"
        size="middle"
        bordered
        loading={isFetching}
        columns={fit.columns}
        dataSource={page?.records ?? []}
        {...fit.tableProps}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: page?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('system.common.total', { total }),
          onChange: setPageNo,
        }}
      />
      <QcRuleFormModal
        open={editing !== undefined}
        ruleType={ruleType}
        record={editing?.record}
        onClose={() => setEditing(undefined)}
      />
    </>
  );
}
