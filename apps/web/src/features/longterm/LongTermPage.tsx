import { DeleteOutlined, LineChartOutlined, UploadOutlined } from '@ant-design/icons';
import type { TMesoscaleDataset, TScaleResultRecord } from '@masthub/shared';
import { Button, Card, Empty, Flex, Popconfirm, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { feedback } from '../../browser/feedback.ts';
import { formatFixed } from '../../ui/format-number.ts';
import { PermissionButton } from '../../ui/PermissionButton.tsx';
import { WholeTable } from '../../ui/table/WholeTable.tsx';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { useStationSearch } from '../ingestion/index.ts';
import { useDeleteMesoscale, useMesoscaleDatasets, useScaleResults } from './api.ts';
import { LongTermDrawer, type TLongTermOpening } from './LongTermDrawer.tsx';
import { MesoscaleUploadModal } from './MesoscaleUploadModal.tsx';

const fmt = (v: number | null | undefined, digits = 3) => formatFixed(v, digits);

/**
 * Wind source assessment (SPEC §2 /report/windSourceAssement, WIND-ANALYSIS §12): a site's mesoscale
 * uploads (the .wnd and its companions stored unchanged), their scaling to the mast and the long-term
 * versions generated from them.
 */
export function LongTermPage() {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const [params, setParams] = useSearchParams();
  const stationId = Number(params.get('stationId')) || undefined;
  const [keywords, setKeywords] = useState('');
  const stations = useStationSearch(keywords, stationId ? [stationId] : []);
  const datasets = useMesoscaleDatasets(stationId);
  const results = useScaleResults(stationId);
  const remove = useDeleteMesoscale();
  const [isUploading, setUploading] = useState(false);
  // The long-term drawer's method and the dataset of the row it was opened from (none from the toolbar).
  const [opening, setOpening] = useState<TLongTermOpening>();

  return (
    <Flex vertical gap={16} data-testid="wsa-page">
      <Card size="small">
        <Space wrap>
          <Typography.Text>{t('wsa.site')}</Typography.Text>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeywords }}
            style={{ width: 360 }}
            placeholder={t('wsa.pickSite')}
            value={stationId}
            onChange={(id: number) => setParams({ stationId: String(id) })}
            options={(stations.data ?? []).map((s) => ({
              value: s.id,
              label: `${s.stationCode} · ${s.projectName}`,
            }))}
            data-testid="wsa-station"
          />
          <PermissionButton
            feature="data.import"
            icon={<UploadOutlined />}
            disabled={stationId === undefined}
            onClick={() => setUploading(true)}
            data-testid="wsa-upload"
          >
            {t('wsa.upload.title')}
          </PermissionButton>
          <Button
            icon={<LineChartOutlined />}
            disabled={stationId === undefined}
            onClick={() => setOpening({ method: 'mcp' })}
            data-testid="wsa-longterm"
          >
            {t('longterm.open')}
          </Button>
        </Space>
      </Card>
      {stationId === undefined ? (
        <Empty description={t('wsa.pickSite')} />
      ) : (
        <>
          <Card size="small" title={t('wsa.datasets')}>
            <WholeTable<TMesoscaleDataset>
              rowKey="id"
              loading={datasets.isPending}
              dataSource={datasets.data?.records ?? []}
              data-testid="wsa-datasets"
              columns={[
                { title: t('wsa.upload.name'), dataIndex: 'name' },
                {
                  title: t('reports.list.status'),
                  dataIndex: 'statusName',
                  width: 110,
                  render: (name: string, r) =>
                    r.status === 'parsed' ? (
                      <Tag color="green">{name}</Tag>
                    ) : (
                      <Tooltip title={r.reason}>
                        <Tag color="orange">{name}</Tag>
                      </Tooltip>
                    ),
                },
                {
                  title: t('wsa.files'),
                  dataIndex: 'files',
                  render: (files: TMesoscaleDataset['files']) => (
                    <Space size={4} wrap>
                      {files.map((f) => (
                        <Tooltip key={f.sha256 + f.fileName} title={`SHA-256 ${f.sha256} · ${f.sizeBytes} B`}>
                          <Tag>{f.fileName}</Tag>
                        </Tooltip>
                      ))}
                    </Space>
                  ),
                },
                {
                  title: t('wsa.period'),
                  width: 220,
                  render: (_, r) =>
                    r.firstTime ? `${formatDateTime(r.firstTime)} ~ ${formatDateTime(r.lastTime)}` : '—',
                },
                {
                  title: t('wsa.interval'),
                  dataIndex: 'intervalMinutes',
                  width: 90,
                  render: (v) => (v ? `${v} min` : '—'),
                },
                {
                  title: t('wsa.channels'),
                  render: (_, r) => r.channels.map((c) => c.name).join(', ') || '—',
                },
                {
                  title: t('system.common.actions'),
                  width: 250,
                  render: (_, r) => (
                    <Space size={0}>
                      <Button
                        type="link"
                        size="small"
                        disabled={r.status !== 'parsed'}
                        onClick={() => setOpening({ method: 'scaling', datasetId: r.id })}
                        data-testid="wsa-scale"
                      >
                        {t('wsa.scale.open')}
                      </Button>
                      <Button
                        type="link"
                        size="small"
                        disabled={r.status !== 'parsed'}
                        onClick={() => setOpening({ method: 'mcp', datasetId: r.id })}
                        data-testid="wsa-longterm-row"
                      >
                        {t('longterm.open')}
                      </Button>
                      <Popconfirm
                        title={t('wsa.deleteConfirm', { name: r.name })}
                        okButtonProps={{ danger: true }}
                        onConfirm={() =>
                          remove.mutateAsync(r.id).then(() => feedback.success(t('wsa.deleted')))
                        }
                      >
                        <Button type="link" size="small" danger icon={<DeleteOutlined />} />
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]}
            />
          </Card>
          <Card size="small" title={t('wsa.results')}>
            <WholeTable<TScaleResultRecord>
              rowKey="id"
              loading={results.isPending}
              dataSource={results.data ?? []}
              columns={[
                { title: t('wsa.datasets'), dataIndex: 'datasetName', width: 180 },
                { title: t('wsa.scale.method'), dataIndex: 'methodName', width: 130 },
                { title: 'n', dataIndex: 'concurrentHours', width: 80 },
                { title: 'r', dataIndex: 'r', width: 80, render: (v) => fmt(v, 3) },
                { title: t('wsa.verdict'), dataIndex: 'verdict' },
                {
                  title: t('wsa.generatedVersion'),
                  dataIndex: 'generatedVersionName',
                  width: 160,
                  render: (v) => v ?? '—',
                },
                { title: t('reports.data.owner'), dataIndex: 'creatorName', width: 100 },
                {
                  title: t('reports.data.buildTime'),
                  dataIndex: 'createTime',
                  width: 150,
                  render: (v) => formatDateTime(v),
                },
              ]}
            />
          </Card>
          <MesoscaleUploadModal
            stationId={stationId}
            open={isUploading}
            onClose={() => setUploading(false)}
          />
          <LongTermDrawer
            stationId={stationId}
            datasets={datasets.data?.records ?? []}
            opening={opening}
            onClose={() => setOpening(undefined)}
          />
        </>
      )}
    </Flex>
  );
}
