import type { TDatasetVersion, TLineageStep } from '@masthub/shared';
import { Descriptions, Drawer, Empty, Skeleton, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DialogProps } from '../../../ui/form/record-form.ts';
import { useFormatDateTime } from '../../../ui/use-date-time.ts';
import { useVersionDetail } from '../api.ts';
import { summarizeResult } from '../wind-data.utils.ts';

export interface LineageDrawerProps extends DialogProps {
  versionId: number;
  versions: readonly TDatasetVersion[];
}

/** Where a version came from and what was done to it: source, method, parameters, who, when. */
export function LineageDrawer({ open, versionId, versions, onClose }: LineageDrawerProps) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { data: detail, isPending } = useVersionDetail(open ? versionId : undefined);
  const versionName = (id: number | null | undefined) =>
    id === null || id === undefined ? '' : (versions.find((version) => version.id === id)?.name ?? `#${id}`);

  const stepItem = (step: TLineageStep, index: number) => {
    const params = summarizeResult(step.params, 20);
    return {
      key: index,
      content: (
        <div>
          <Typography.Text strong>
            {t(`measure-wind.lineage.steps.${step.step}`, { defaultValue: step.step })}
          </Typography.Text>
          {step.taskId ? (
            <Tag variant="filled" style={{ marginInlineStart: 8 }}>
              {t('measure-wind.lineage.task', { id: step.taskId })}
            </Tag>
          ) : null}
          <div>
            <Typography.Text type="secondary">
              {[formatDateTime(step.time), step.userName].filter(Boolean).join(' · ')}
            </Typography.Text>
          </div>
          {step.sourceVersionId ? (
            <div>{t('measure-wind.lineage.source', { name: versionName(step.sourceVersionId) })}</div>
          ) : null}
          {params.length > 0 ? (
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: 0 }}>
              {params.join(t('measure-wind.listSeparator'))}
            </Typography.Paragraph>
          ) : null}
        </div>
      ),
    };
  };

  return (
    <Drawer open={open} onClose={onClose} size={480} title={t('measure-wind.lineage.title')} destroyOnHidden>
      {isPending || !detail ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            style={{ marginBottom: 24 }}
            items={[
              { key: 'name', label: t('measure-wind.version.name'), children: detail.name },
              {
                key: 'kind',
                label: t('measure-wind.lineage.kind'),
                children: t(`measure-wind.version.kinds.${detail.kind}`),
              },
              {
                key: 'source',
                label: t('measure-wind.version.source'),
                children: versionName(detail.sourceVersionId) || '—',
              },
              { key: 'creator', label: t('measure-wind.lineage.creator'), children: detail.creatorName },
              {
                key: 'createTime',
                label: t('measure-wind.lineage.createTime'),
                children: formatDateTime(detail.createTime),
              },
              {
                key: 'range',
                label: t('measure-wind.lineage.dataRange'),
                children:
                  detail.startTime && detail.endTime
                    ? `${formatDateTime(detail.startTime)} ~ ${formatDateTime(detail.endTime)}`
                    : '—',
              },
              {
                key: 'counts',
                label: t('measure-wind.lineage.counts'),
                children: t('measure-wind.lineage.countsValue', {
                  channels: detail.channelCount,
                  values: detail.valueCount.toLocaleString(),
                }),
              },
            ]}
          />
          {detail.lineage.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('measure-wind.lineage.empty')} />
          ) : (
            <Timeline items={detail.lineage.map(stepItem)} />
          )}
        </>
      )}
    </Drawer>
  );
}
