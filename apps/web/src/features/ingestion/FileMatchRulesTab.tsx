import { PlusOutlined } from '@ant-design/icons';
import type { TFileMatchRuleRecord } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { App, Button, Flex, Form, Input, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { PermissionButton } from '../../app/PermissionButton.tsx';
import { fitColumns } from '../../app/table/fit-columns.ts';
import { useDeleteFileMatchRule, useFileMatchPage } from './api.ts';
import { FileMatchRuleFormModal } from './FileMatchRuleFormModal.tsx';

/** File-match rules (RuleManage), in matching order; the server's refusals (last rule, duplicates) are shown. */
export function FileMatchRulesTab() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [keywords, setKeywords] = useState<string>();
  const [pageNo, setPageNo] = useState(1);
  const [editing, setEditing] = useState<{ record: TFileMatchRuleRecord | undefined }>();
  const { data: page, isFetching } = useFileMatchPage({ pageNo, pageSize: PAGE_SIZE, keywords });
  const deleteRule = useDeleteFileMatchRule();

  const askDelete = (record: TFileMatchRuleRecord) => {
    modal.confirm({
      title: t('ingestion.match.deleteTitle'),
      content: t('ingestion.match.deleteConfirm', { name: record.name }),
      okType: 'danger',
      okText: t('system.common.delete'),
      onOk: async () => {
        await deleteRule.mutateAsync(record.id);
        feedback.success(t('system.common.deleted'));
      },
    });
  };

  const columns: TableColumnsType<TFileMatchRuleRecord> = [
    { key: 'sortOrder', dataIndex: 'sortOrder', title: t('ingestion.match.sortOrder'), width: 70 },
    { key: 'name', dataIndex: 'name', title: t('ingestion.match.name'), width: 180 },
    {
      key: 'dataSource',
      dataIndex: 'dataSourceName',
      title: t('ingestion.match.dataSource'),
      width: 150,
      render: (value: string) => value || t('ingestion.match.anySource'),
    },
    { key: 'folder', dataIndex: 'folder', title: t('ingestion.match.folder'), width: 150 },
    { key: 'inbox', dataIndex: 'inbox', title: t('ingestion.match.inbox'), width: 120 },
    {
      key: 'fileTypes',
      dataIndex: 'fileTypeSuffixes',
      title: t('ingestion.match.fileTypes'),
      width: 180,
      render: (value: string[]) =>
        value.length > 0 ? value.map((type) => <Tag key={type}>{type}</Tag>) : t('ingestion.match.anyType'),
    },
    {
      key: 'station',
      title: t('ingestion.match.station'),
      width: 200,
      render: (_, record) =>
        record.stationMode === 'fixed'
          ? [record.stationCode, record.projectName].filter(Boolean).join(' ')
          : record.stationModeName,
    },
    {
      key: 'enabled',
      dataIndex: 'isEnabled',
      title: t('ingestion.match.enabled'),
      width: 80,
      render: (value: boolean) => (value ? <Tag color="success">{t('ingestion.match.enabled')}</Tag> : null),
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
          <PermissionButton
            feature="system.rule"
            type="link"
            size="small"
            danger
            onClick={() => askDelete(record)}
          >
            {t('system.common.delete')}
          </PermissionButton>
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
          name="fileMatchSearch"
          onFinish={(values: { keywords?: string }) => {
            setKeywords(values.keywords?.trim() || undefined);
            setPageNo(1);
          }}
        >
          <Form.Item name="keywords" label={t('ingestion.match.keywords')}>
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
          {t('ingestion.match.create')}
        </PermissionButton>
      </Flex>
      <Table<TFileMatchRuleRecord>
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
      <FileMatchRuleFormModal
        open={editing !== undefined}
        record={editing?.record}
        onClose={() => setEditing(undefined)}
      />
    </>
  );
}
