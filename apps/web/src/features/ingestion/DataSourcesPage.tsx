import { CloudDownloadOutlined } from '@ant-design/icons';
import type { TDataSourceRecord } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import type { FitColumn } from '../../ui/table/fit-columns.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { useDataSourcePage, useDeleteDataSource, usePullSource } from './api.ts';
import { DataSourceFormModal } from './DataSourceFormModal.tsx';
import { RecordListPage } from './RecordListPage.tsx';

const RUN_COLORS = { running: 'processing', success: 'success', failed: 'error' } as const;

function useDataSources(values: Record<string, unknown>, pageNo: number) {
  const keywords =
    typeof values['keywords'] === 'string' ? values['keywords'].trim() || undefined : undefined;
  const fetchType = values['fetchType'] as 'email' | 'ftp' | undefined;
  return useDataSourcePage({ pageNo, pageSize: PAGE_SIZE, keywords, fetchType });
}

/** /systemManage/DataFetchManage (SPEC §2): e-mail and FTP data sources, their schedule and last run. */
export function DataSourcesPage() {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
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

  const columns: FitColumn<TDataSourceRecord>[] = [
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
    },
  ];

  return (
    <RecordListPage<TDataSourceRecord>
      form={DataSourceFormModal}
      feature="system.dataFetch"
      texts="ingestion.ds"
      remove={(record) => deleteSource.mutateAsync(record.id)}
      search={{
        kind: 'form',
        name: 'dataSourceSearch',
        fields: [
          { kind: 'text', name: 'keywords', label: t('ingestion.ds.keywords'), width: 200 },
          {
            kind: 'select',
            name: 'fetchType',
            label: t('ingestion.ds.fetchType'),
            width: 120,
            options: (['email', 'ftp'] as const).map((value) => ({
              value,
              label: t(`ingestion.source.${value}`),
            })),
          },
        ],
      }}
      usePage={useDataSources}
      columns={columns}
      actions={{
        extra: (record) => [
          {
            key: 'pull',
            label: t('ingestion.ds.pull'),
            icon: <CloudDownloadOutlined />,
            feature: 'system.dataFetch',
            loading: pull.isPending && pull.variables === record.id,
            onClick: () => void pullNow(record),
          },
        ],
      }}
    />
  );
}
