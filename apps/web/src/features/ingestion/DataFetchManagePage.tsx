import { CloudDownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { TDataSourceRecord } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import {
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { PermissionButton } from '../../app/PermissionButton.tsx';
import { fitColumns } from '../../app/table/fit-columns.ts';
import { useFormatDateTime } from '../../app/use-date-time.ts';
import { useDataSourcePage, useDeleteDataSource, usePullSource } from './api.ts';
import { DataSourceFormModal } from './DataSourceFormModal.tsx';

const RUN_COLORS = { running: 'processing', success: 'success', failed: 'error' } as const;

/** /systemManage/DataFetchManage (SPEC §2): e-mail and FTP data sources, their schedule and last run. */
export function DataFetchManagePage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const formatDateTime = useFormatDateTime();
  const [filters, setFilters] = useState<{ keywords?: string; fetchType?: 'email' | 'ftp' }>({});
  const [pageNo, setPageNo] = useState(1);
  const [editing, setEditing] = useState<{ record: TDataSourceRecord | undefined }>();
  const { data: page, isFetching, refetch } = useDataSourcePage({ pageNo, pageSize: PAGE_SIZE, ...filters });
  const deleteSource = useDeleteDataSource();
  const pull = usePullSource();

  const pullNow = async (record: TDataSourceRecord) => {
    try {
      const result = await pull.mutateAsync(record.id);
      if (result.status === 'busy') feedback.warning(t('ingestion.ds.pullBusy', { name: record.name }));
      else if (result.status === 'failed') feedback.error(result.error || result.statusName);
      else feedback.success(t('ingestion.ds.pullDone', { name: record.name, status: result.statusName }));
    } catch {
      // Shown by the request layer.
    }
  };

  const askDelete = (record: TDataSourceRecord) => {
    modal.confirm({
      title: t('ingestion.ds.deleteTitle'),
      content: t('ingestion.ds.deleteConfirm', { name: record.name }),
      okType: 'danger',
      okText: t('system.common.delete'),
      onOk: async () => {
        await deleteSource.mutateAsync(record.id);
        feedback.success(t('system.common.deleted'));
      },
    });
  };

  const columns: TableColumnsType<TDataSourceRecord> = [
    { key: 'name', dataIndex: 'name', title: t('ingestion.ds.name'), width: 150 },
    {
      // The server (its protocol says FTP or which mailbox kind) and the account on it, read together.
      key: 'server',
      title: t('ingestion.ds.serverAccount'),
      width: 220,
      render: (_, r) => (
        <Flex vertical>
          <Typography.Text ellipsis={{ tooltip: true }}>
            {`${r.protocol.toUpperCase()} ${r.host}:${r.port}${r.isSsl ? ' (SSL)' : ''}`}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis={{ tooltip: true }}>
            {r.username}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'folder', dataIndex: 'folder', title: t('ingestion.ds.folderFtp'), width: 110 },
    {
      key: 'interval',
      dataIndex: 'intervalMinutes',
      title: t('ingestion.ds.interval'),
      width: 90,
      render: (value: number | null, r) => value ?? (r.scheduleCron || ''),
    },
    {
      key: 'enabled',
      dataIndex: 'isEnabled',
      title: t('ingestion.ds.enabled'),
      width: 70,
      render: (value: boolean) => (value ? <Tag color="success">{t('ingestion.ds.enabled')}</Tag> : null),
    },
    {
      key: 'ruleCount',
      dataIndex: 'ruleCount',
      title: t('ingestion.ds.ruleCount'),
      width: 80,
      align: 'right',
    },
    {
      // The last run (state, time, counts, error) and the next: several lines, so it wraps.
      key: 'lastRun',
      title: t('ingestion.ds.lastRun'),
      width: 220,
      wrap: true,
      render: (_, r) => (
        <Flex vertical gap={2}>
          {r.lastRunStatus ? (
            <>
              <Space size={4} wrap>
                <Tag color={RUN_COLORS[r.lastRunStatus]}>{r.lastRunStatusName}</Tag>
                {r.lastRunTime ? formatDateTime(r.lastRunTime) : null}
              </Space>
              {r.lastRunError ? <Typography.Text type="danger">{r.lastRunError}</Typography.Text> : null}
              {r.lastRunSummary ? (
                <Typography.Text type="secondary">
                  {t('ingestion.ds.summary', {
                    files: r.lastRunSummary.files,
                    parsed: r.lastRunSummary.parsed,
                    failed: r.lastRunSummary.failed,
                    unmatched: r.lastRunSummary.unmatched,
                  })}
                </Typography.Text>
              ) : null}
            </>
          ) : (
            <Typography.Text type="secondary">{t('ingestion.ds.never')}</Typography.Text>
          )}
          {r.nextRunTime ? (
            <Typography.Text type="secondary" data-testid="ds-next-run">
              {t('ingestion.ds.nextRunAt', { time: formatDateTime(r.nextRunTime) })}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    } as TableColumnsType<TDataSourceRecord>[number],
    {
      key: 'actions',
      title: t('system.common.actions'),
      fixed: 'right',
      width: 220,
      render: (_, record) => (
        <Space size={0}>
          <PermissionButton
            feature="system.dataFetch"
            type="link"
            size="small"
            icon={<CloudDownloadOutlined />}
            loading={pull.isPending && pull.variables === record.id}
            onClick={() => void pullNow(record)}
          >
            {t('ingestion.ds.pull')}
          </PermissionButton>
          <PermissionButton
            feature="system.dataFetch"
            type="link"
            size="small"
            onClick={() => setEditing({ record })}
          >
            {t('system.common.edit')}
          </PermissionButton>
          <PermissionButton
            feature="system.dataFetch"
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
    <Card>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 12 }}>
        <Form
          layout="inline"
          name="dataSourceSearch"
          style={{ rowGap: 12 }}
          onFinish={(values: { keywords?: string; fetchType?: 'email' | 'ftp' }) => {
            setFilters({ keywords: values.keywords?.trim() || undefined, fetchType: values.fetchType });
            setPageNo(1);
          }}
        >
          <Form.Item name="keywords" label={t('ingestion.ds.keywords')}>
            <Input allowClear style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="fetchType" label={t('ingestion.ds.fetchType')}>
            <Select
              allowClear
              style={{ width: 120 }}
              placeholder={t('system.common.all')}
              options={(['email', 'ftp'] as const).map((value) => ({
                value,
                label: t(`ingestion.source.${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {t('system.common.search')}
            </Button>
          </Form.Item>
        </Form>
        <Space>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void refetch()}
            aria-label={t('common.actions.refresh')}
          />
          <PermissionButton
            feature="system.dataFetch"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ record: undefined })}
          >
            {t('ingestion.ds.create')}
          </PermissionButton>
        </Space>
      </Flex>
      <Table<TDataSourceRecord>
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
      <DataSourceFormModal
        open={editing !== undefined}
        record={editing?.record}
        onClose={() => setEditing(undefined)}
      />
    </Card>
  );
}
