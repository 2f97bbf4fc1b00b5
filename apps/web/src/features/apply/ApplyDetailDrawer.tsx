import { Descriptions, Drawer, Empty, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowList } from '../../ui/list/RowList.tsx';
import { WholeTable } from '../../ui/table/WholeTable.tsx';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { useApplyDetail } from './api.ts';
import { AUDIT_COLORS, ExportState } from './apply-columns.tsx';

/** One application: every SPEC §3 field, the review, the export, and each download of the file. */
export function ApplyDetailDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { data } = useApplyDetail(id);
  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      size="large"
      title={t('apply.detail.title', { id: id ?? '' })}
      destroyOnHidden
    >
      {data ? (
        <>
          <Descriptions bordered size="small" column={1} data-testid="apply-detail">
            <Descriptions.Item label={t('apply.fields.stationCodes')}>{data.stationCodes}</Descriptions.Item>
            <Descriptions.Item label={t('apply.fields.projectNames')}>{data.projectNames}</Descriptions.Item>
            <Descriptions.Item label={t('apply.fields.fileType')}>{data.fileTypeName}</Descriptions.Item>
            <Descriptions.Item label={t('apply.fields.timeScope')}>{data.timeScope}</Descriptions.Item>
            <Descriptions.Item label={t('apply.fields.versionMode')}>
              {data.versionModeName}
            </Descriptions.Item>
            <Descriptions.Item label={t('apply.fields.applicant')}>
              {data.applicantName} {data.companyName ? `· ${data.companyName}` : ''}{' '}
              {data.groupName ? `· ${data.groupName}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('apply.fields.applyReason')}>{data.applyReason}</Descriptions.Item>
            <Descriptions.Item label={t('apply.fields.applyTime')}>
              {formatDateTime(data.applyTime)}
            </Descriptions.Item>
            <Descriptions.Item label={t('apply.fields.toAddr')}>{data.toAddr}</Descriptions.Item>
            <Descriptions.Item label={t('apply.fields.auditStatus')}>
              <Tag color={AUDIT_COLORS[data.auditStatus]}>{data.auditStatusName}</Tag>
              {data.reviewerName ? `${data.reviewerName} · ${formatDateTime(data.reviewTime)}` : ''}
            </Descriptions.Item>
            {data.reviewComment ? (
              <Descriptions.Item label={t('apply.fields.reviewComment')}>
                {data.reviewComment}
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('apply.fields.export')}>
              <ExportState record={data} t={t} />
              {data.exportReason ? (
                <Typography.Paragraph type="danger">{data.exportReason}</Typography.Paragraph>
              ) : null}
            </Descriptions.Item>
            {data.fileName ? (
              <Descriptions.Item label={t('apply.fields.file')}>{data.fileName}</Descriptions.Item>
            ) : null}
            {data.linkExpiresAt ? (
              <Descriptions.Item label={t('apply.fields.linkExpires')}>
                {formatDateTime(data.linkExpiresAt)} · {data.linkStateName}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          {data.exportNotes.length > 0 ? (
            <RowList
              header={<Typography.Text strong>{t('apply.detail.notes')}</Typography.Text>}
              items={data.exportNotes}
              rowKey={(n, i) => `${n.stationCode}-${i}`}
              render={(n) => (
                <>
                  {n.stationCode}: {n.reason}
                </>
              )}
            />
          ) : null}
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('apply.detail.downloadLog')}
          </Typography.Title>
          <WholeTable
            rowKey={(r) => `${r.time}-${r.ip}`}
            dataSource={data.downloads}
            locale={{ emptyText: <Empty description={t('apply.detail.noDownloads')} /> }}
            columns={[
              {
                key: 'time',
                dataIndex: 'time',
                title: t('apply.detail.time'),
                render: (v: string) => formatDateTime(v),
              },
              { key: 'user', dataIndex: 'userName', title: t('apply.detail.user') },
              { key: 'ip', dataIndex: 'ip', title: t('apply.detail.ip') },
              {
                key: 'via',
                dataIndex: 'via',
                title: t('apply.detail.via'),
                render: (v: 'link' | 'app') => t(`apply.detail.viaNames.${v}`),
              },
              { key: 'ua', dataIndex: 'userAgent', title: t('apply.detail.userAgent'), ellipsis: true },
            ]}
          />
        </>
      ) : null}
    </Drawer>
  );
}
