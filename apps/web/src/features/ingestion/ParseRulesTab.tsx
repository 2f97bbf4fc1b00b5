import { PlusOutlined } from '@ant-design/icons';
import type { TParseRuleRecord } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { App, Button, Flex, Form, Input, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { PermissionButton } from '../../app/PermissionButton.tsx';
import { fitColumns } from '../../app/table/fit-columns.ts';
import { UpdatedCell } from '../../app/table/UpdatedCell.tsx';
import { useDeleteParseRule, useParseRulePage } from './api.ts';
import { DELIMITER_KEYS } from './ingestion.utils.ts';
import { ParseRuleFormModal } from './ParseRuleFormModal.tsx';

/** Parse rules (RuleManage): the named ways logger files are read, with the sites using each. */
export function ParseRulesTab() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [name, setName] = useState<string>();
  const [pageNo, setPageNo] = useState(1);
  const [editing, setEditing] = useState<{ record: TParseRuleRecord | undefined }>();
  const { data: page, isFetching } = useParseRulePage({ pageNo, pageSize: PAGE_SIZE, name });
  const deleteRule = useDeleteParseRule();

  const askDelete = (record: TParseRuleRecord) => {
    modal.confirm({
      title: t('ingestion.rule.deleteTitle'),
      content: t('ingestion.rule.deleteConfirm', { name: record.name }),
      okType: 'danger',
      okText: t('system.common.delete'),
      onOk: async () => {
        await deleteRule.mutateAsync(record.id);
        feedback.success(t('system.common.deleted'));
      },
    });
  };

  const columns: TableColumnsType<TParseRuleRecord> = [
    { key: 'name', dataIndex: 'name', title: t('ingestion.rule.name'), width: 180 },
    { key: 'encoding', title: t('ingestion.rule.encoding'), width: 100, render: (_, r) => r.rule.encoding },
    {
      key: 'delimiter',
      title: t('ingestion.rule.dataDelimiter'),
      width: 110,
      render: (_, r) => t(`ingestion.delimiter.${DELIMITER_KEYS[r.rule.dataDelimiter]}`),
    },
    {
      // The header row and the first data row, read together: "1 / 2".
      key: 'rows',
      title: t('ingestion.rule.rows'),
      width: 110,
      render: (_, r) => `${r.rule.fieldStartRow} / ${r.rule.dataStartRow}`,
    },
    {
      key: 'dateFormat',
      title: t('ingestion.rule.dateFormat'),
      width: 180,
      render: (_, r) => r.rule.dateFormat,
    },
    {
      key: 'missingValue',
      title: t('ingestion.rule.missingValue'),
      width: 120,
      render: (_, r) => r.rule.missingValue,
    },
    {
      key: 'stationCount',
      dataIndex: 'stationCount',
      title: t('ingestion.rule.stationCount'),
      width: 100,
      align: 'right',
    },
    {
      key: 'updated',
      title: t('ingestion.rule.updated'),
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
          name="parseRuleSearch"
          onFinish={(values: { name?: string }) => {
            setName(values.name?.trim() || undefined);
            setPageNo(1);
          }}
        >
          <Form.Item name="name" label={t('ingestion.rule.name')}>
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
          {t('ingestion.rule.create')}
        </PermissionButton>
      </Flex>
      <Table<TParseRuleRecord>
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
      <ParseRuleFormModal
        open={editing !== undefined}
        record={editing?.record}
        onClose={() => setEditing(undefined)}
      />
    </>
  );
}
