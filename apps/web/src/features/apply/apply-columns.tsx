import type { TApplyRecord } from '@masthub/shared';
import { Progress, Space, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { formatBytes as formatSize } from '../../ui/format-bytes.ts';
import type { FitColumn } from '../../ui/table/fit-columns.ts';
import { dateTimeColumn } from '../../ui/table/table-parts.ts';

export const AUDIT_COLORS: Record<TApplyRecord['auditStatus'], string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
};

/** A size for people (ui/format-bytes.ts), '—' when unknown. */
export function formatBytes(bytes: number | null | undefined): string {
  return bytes === null || bytes === undefined ? '—' : formatSize(bytes);
}

/** The export and link state of an application in one cell: progress while it runs, then the link. */
export function ExportState({ record, t }: { record: TApplyRecord; t: TFunction }) {
  if (record.auditStatus !== 'approved' || record.exportStatus === null) return <>—</>;
  if (record.exportStatus === 'queued' || record.exportStatus === 'running') {
    return (
      <Space size={6}>
        <Progress type="circle" size={22} percent={record.exportProgress} />
        <span>{record.exportStatusName}</span>
      </Space>
    );
  }
  if (record.exportStatus === 'failed') {
    return (
      <Tooltip title={record.exportReason}>
        <Tag color="red">{record.exportStatusName}</Tag>
      </Tooltip>
    );
  }
  return (
    <Space size={4} wrap>
      <Tag color={record.linkState === 'active' ? 'green' : 'default'}>{record.linkStateName}</Tag>
      <Typography.Text type="secondary">
        {formatBytes(record.fileSize)} · {t('apply.fields.downloads')} {record.downloadCount}
      </Typography.Text>
    </Space>
  );
}

/** The SPEC §3 columns of a download application (applicant columns left out of "my applications"). */
export function applyColumns(
  t: TFunction,
  formatDateTime: (value: string | null | undefined) => string,
  options: { withApplicant: boolean },
): FitColumn<TApplyRecord>[] {
  // What a reviewer decides on first (state, sites, what and when), then who and why, then the rest.
  const columns: FitColumn<TApplyRecord>[] = [
    { key: 'id', dataIndex: 'id', title: '#', width: 56 },
    {
      key: 'auditStatusName',
      dataIndex: 'auditStatusName',
      title: t('apply.fields.auditStatus'),
      width: 96,
      render: (value: string, record) => (
        <Tooltip title={record.reviewComment || undefined}>
          <Tag color={AUDIT_COLORS[record.auditStatus]}>{value}</Tag>
        </Tooltip>
      ),
    },
    {
      key: 'export',
      title: t('apply.fields.export'),
      width: 200,
      wrap: true,
      render: (_: unknown, record) => <ExportState record={record} t={t} />,
    },
    { key: 'stationCodes', dataIndex: 'stationCodes', title: t('apply.fields.stationCodes'), width: 110 },
    { key: 'projectNames', dataIndex: 'projectNames', title: t('apply.fields.projectNames'), width: 150 },
    { key: 'fileTypeName', dataIndex: 'fileTypeName', title: t('apply.fields.fileType'), width: 130 },
    { key: 'timeScope', dataIndex: 'timeScope', title: t('apply.fields.timeScope'), width: 190, wrap: true },
  ];
  if (options.withApplicant) {
    columns.push({
      key: 'applicantName',
      dataIndex: 'applicantName',
      title: t('apply.fields.applicant'),
      width: 100,
    });
  }
  columns.push(
    { key: 'applyReason', dataIndex: 'applyReason', title: t('apply.fields.applyReason'), width: 170 },
    dateTimeColumn('applyTime', t('apply.fields.applyTime'), formatDateTime),
  );
  if (options.withApplicant) {
    columns.push(
      { key: 'companyName', dataIndex: 'companyName', title: t('apply.fields.company'), width: 130 },
      { key: 'groupName', dataIndex: 'groupName', title: t('apply.fields.group'), width: 110 },
    );
  }
  columns.push({ key: 'toAddr', dataIndex: 'toAddr', title: t('apply.fields.toAddr'), width: 180 });
  return columns;
}
