import type { TFileRulePreviewRow } from '@masthub/shared';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '../../request/request.ts';
import type { StationsDialogProps } from '../../ui/form/record-form.ts';
import type { FitColumn } from '../../ui/table/fit-columns.ts';
import { fitColumns } from '../../ui/table/fit-columns.ts';
import { WholeTable } from '../../ui/table/WholeTable.tsx';
import { useFormatDateTime } from '../../ui/use-date-time.ts';

/**
 * The file-rule preview of the site list (SPEC §2): for each site, the file-match rules that route its
 * files (fixed to it, or taking the site code from the file name), the parse rule that reads them
 * (recognition when none), how many files it holds and the latest one — where a data administrator
 * looks first when a site's data stops.
 */
export function FileRulePreviewDrawer({ open, stationIds, onClose }: StationsDialogProps) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { data, isFetching } = useQuery({
    queryKey: ['stations', 'file-rules', [...stationIds]],
    queryFn: () => http.post<TFileRulePreviewRow[]>('/web/station/file_rules', { stationIds }),
    enabled: open && stationIds.length > 0,
  });
  const columns: FitColumn<TFileRulePreviewRow>[] = [
    {
      key: 'station',
      title: t('stations.fileRules.station'),
      width: 170,
      render: (_, r) => (
        <Flex vertical>
          <Typography.Text strong>{r.stationCode}</Typography.Text>
          <Typography.Text type="secondary" ellipsis={{ tooltip: true }}>
            {r.projectName}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'rules',
      title: t('stations.fileRules.rules'),
      width: 320,
      wrap: true,
      render: (_, r) =>
        r.rules.length === 0 ? (
          <Typography.Text type="warning">{t('stations.fileRules.noRule')}</Typography.Text>
        ) : (
          <Flex vertical gap={4}>
            {r.rules.map((rule) => (
              <div key={rule.id}>
                <Tag color={rule.stationMode === 'fixed' ? 'blue' : 'purple'}>
                  {t(`stations.fileRules.mode.${rule.stationMode}`)}
                </Tag>
                <Typography.Text delete={!rule.isEnabled}>{rule.name}</Typography.Text>
                <Typography.Text type="secondary">
                  {' · '}
                  {[rule.dataSourceName, rule.folder || rule.inbox, rule.fileTypes.join('/')]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography.Text>
              </div>
            ))}
          </Flex>
        ),
    },
    {
      key: 'parseRule',
      title: t('stations.fileRules.parseRule'),
      width: 150,
      render: (_, r) =>
        r.parseRuleName ?? (
          <Typography.Text type="secondary">{t('stations.fileRules.recognition')}</Typography.Text>
        ),
    },
    {
      key: 'files',
      title: t('stations.fileRules.files'),
      width: 260,
      wrap: true,
      render: (_, r) =>
        r.lastFile ? (
          <Flex vertical>
            <Typography.Text>
              {t('stations.fileRules.count', { count: r.fileCount })} ·{' '}
              {t(`ingestion.status.${r.lastFile.status}`)}
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis={{ tooltip: true }}>
              {r.lastFile.fileName} · {formatDateTime(r.lastFile.createTime)}
            </Typography.Text>
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('stations.fileRules.noFile')}</Typography.Text>
        ),
    },
  ];
  const fit = fitColumns(columns);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={960}
      title={t('stations.fileRules.title', { count: stationIds.length })}
      destroyOnHidden
    >
      {stationIds.length === 0 ? (
        <Empty description={t('stations.fileRules.none')} />
      ) : (
        <WholeTable<TFileRulePreviewRow>
          data-testid="file-rule-preview"
          rowKey="stationId"
          bordered
          loading={isFetching}
          dataSource={data ?? []}
          columns={fit.columns}
          {...fit.tableProps}
        />
      )}
    </Drawer>
  );
}
