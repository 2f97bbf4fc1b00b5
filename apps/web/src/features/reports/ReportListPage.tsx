import { FilePdfOutlined, FileWordOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { TGroupReportRecord, TStatementType } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { App, Descriptions, Dropdown, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { feedback } from '../../browser/feedback.ts';
import { saveFile } from '../../request/request.ts';
import { LinkResult } from '../../ui/LinkResult.tsx';
import { ListPage } from '../../ui/list/ListPage.tsx';
import { PermissionButton } from '../../ui/PermissionButton.tsx';
import type { FitColumn } from '../../ui/table/fit-columns.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import {
  downloadReport,
  previewReport,
  useDeleteReport,
  useGenerateReport,
  useGroup,
  useReportPage,
  useResendReport,
} from './api.ts';

const STATUS_COLORS: Record<string, string> = { generating: 'blue', success: 'green', failure: 'red' };

function useGroupId(): number | undefined {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * What a group tab shows without a group to show: the bare route (no id), an unknown id or one the user
 * may not see — "choose a group" and the way back to the list, not an empty card.
 */
function ChooseGroup() {
  const { t } = useTranslation();
  return (
    <LinkResult
      status="info"
      title={t('reports.group.chooseGroup')}
      subTitle={t('reports.group.chooseGroupHint')}
      to="/report/groupReport"
      linkLabel={t('reports.group.backToList')}
      data-testid="choose-group"
    />
  );
}

function useReports(values: Record<string, unknown>, pageNo: number) {
  return useReportPage({ pageNo, pageSize: PAGE_SIZE, groupId: values['groupId'] as number });
}

/**
 * The reports of a group (SPEC §2 reportList, §3 list row, §4 generation states): generate now,
 * preview the PDF, download Word or PDF, send again, delete; the list polls while reports are fresh.
 */
export function ReportListPage() {
  const { t } = useTranslation();
  const groupId = useGroupId();
  const group = useGroup(groupId);
  const formatDateTime = useFormatDateTime();
  const generate = useGenerateReport();
  const resend = useResendReport();
  const remove = useDeleteReport();
  const { modal } = App.useApp();
  if (groupId === undefined || group.isError) return <ChooseGroup />;
  // Sending needs the group's sender and receivers (REPORT_NO_RECIPIENT otherwise): say so on the button.
  const canSend = group.data
    ? group.data.dataSourceId !== null && group.data.receiverAddress.length > 0
    : false;

  // Failed calls have shown their localised reason (the request layer); nothing is left unhandled.
  const start = async (statementType: TStatementType) => {
    await generate.mutateAsync({ groupId, statementType });
    feedback.success(t('reports.list.started'));
  };
  const open = async (record: TGroupReportRecord) => {
    const file = await previewReport(record.id);
    window.open(URL.createObjectURL(file.blob), '_blank', 'noopener');
  };
  const fetchFile = async (record: TGroupReportRecord, format: 'docx' | 'pdf') => {
    saveFile(await downloadReport(record.id, format), `report.${format}`);
  };

  const columns: FitColumn<TGroupReportRecord>[] = [
    {
      key: 'statementDate',
      dataIndex: 'statementDate',
      title: t('reports.list.statementDate'),
      width: 190,
      // A week's two dates stay whole at 1366 px (shrunk, they ended in "…").
      wrap: true,
    },
    {
      key: 'statementTypeName',
      dataIndex: 'statementTypeName',
      title: t('reports.list.statementType'),
      width: 80,
    },
    {
      key: 'statusName',
      dataIndex: 'statusName',
      title: t('reports.list.status'),
      width: 200,
      wrap: true,
      render: (name: string, r) => (
        <Space orientation="vertical" size={2}>
          <Tag color={STATUS_COLORS[r.status]} data-testid="report-status">
            {name}
          </Tag>
          {r.reason ? <Typography.Text type="danger">{r.reason}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      key: 'generateTime',
      dataIndex: 'generateTime',
      title: t('reports.list.generateTime'),
      width: 110,
      wrap: true,
      render: (v: string | null) => formatDateTime(v),
    },
    {
      key: 'sendTime',
      title: t('reports.list.sendTime'),
      width: 130,
      wrap: true,
      render: (_, r) => (r.sendStatusName ? `${formatDateTime(r.sendTime) || '—'} ${r.sendStatusName}` : '—'),
    },
  ];

  return (
    <>
      {group.data ? (
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          style={{ marginBottom: 16 }}
          data-testid="group-summary"
        >
          <Descriptions.Item label={t('reports.group.name')}>{group.data.name}</Descriptions.Item>
          <Descriptions.Item label={t('reports.group.reportType')}>
            {group.data.reportTypeName}
          </Descriptions.Item>
          <Descriptions.Item label={t('reports.group.stationCount')}>
            {group.data.stationCount}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      <ListPage<TGroupReportRecord>
        bare
        usePage={useReports}
        baseValues={{ groupId }}
        columns={columns}
        toolbar={
          <Dropdown
            menu={{
              items: (group.data?.reportType ?? []).map((type) => ({
                key: type,
                label: t(`reports.list.generate.${type}`),
                onClick: () => void start(type).catch(() => undefined),
              })),
            }}
          >
            <PermissionButton
              feature="report.add"
              type="primary"
              icon={<PlayCircleOutlined />}
              data-testid="report-generate"
            >
              {t('reports.list.generateNow')}
            </PermissionButton>
          </Dropdown>
        }
        actions={{
          feature: 'report.preview',
          // Preview and resend in the row; the Word and PDF files and delete under "More".
          extra: (record) =>
            record.hasFiles
              ? [
                  {
                    key: 'preview',
                    label: t('reports.list.preview'),
                    feature: 'report.preview',
                    onClick: () => void open(record).catch(() => undefined),
                  },
                  {
                    key: 'resend',
                    label: t('reports.list.resend'),
                    feature: 'report.send',
                    disabledReason: canSend ? undefined : t('reports.list.noSender'),
                    testId: 'report-resend',
                    onClick: () =>
                      void resend
                        .mutateAsync(record.id)
                        .then(() => feedback.success(t('reports.list.sent')))
                        .catch(() => undefined),
                  },
                  {
                    key: 'docx',
                    label: 'Word',
                    icon: <FileWordOutlined />,
                    feature: 'report.download',
                    testId: 'report-docx',
                    onClick: () => void fetchFile(record, 'docx').catch(() => undefined),
                  },
                  {
                    key: 'pdf',
                    label: 'PDF',
                    icon: <FilePdfOutlined />,
                    feature: 'report.download',
                    onClick: () => void fetchFile(record, 'pdf').catch(() => undefined),
                  },
                  {
                    key: 'delete',
                    label: t('system.common.delete'),
                    danger: true,
                    onClick: () =>
                      modal.confirm({
                        title: t('reports.list.deleteConfirm', { period: record.statementDate }),
                        okType: 'danger',
                        okText: t('system.common.delete'),
                        onOk: () =>
                          remove
                            .mutateAsync(record.id)
                            .then(() => feedback.success(t('reports.list.deleted')))
                            .catch(() => undefined),
                      }),
                  },
                ]
              : [],
        }}
      />
    </>
  );
}

/** The group's settings and sites (SPEC §2 groupDetailPage). */
export function GroupDetailPage() {
  const { t } = useTranslation();
  const groupId = useGroupId();
  const group = useGroup(groupId);
  const weekday = (n: number) => t(`reports.group.weekdays.${n}`);
  if (groupId === undefined || group.isError) return <ChooseGroup />;
  if (!group.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const g = group.data;
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      // Labels keep their words on one line (a narrow label column broke them a character per line).
      styles={{ label: { whiteSpace: 'nowrap', width: 1 } }}
      data-testid="group-detail"
    >
      <Descriptions.Item label={t('reports.group.name')}>{g.name}</Descriptions.Item>
      <Descriptions.Item label={t('reports.group.creator')}>{g.creatorName}</Descriptions.Item>
      <Descriptions.Item label={t('reports.group.effectiveDate')}>
        {g.effectiveDate.join(' ~ ')}
      </Descriptions.Item>
      <Descriptions.Item label={t('reports.group.reportType')}>{g.reportTypeName}</Descriptions.Item>
      <Descriptions.Item label={t('reports.group.weeklyTemplate')}>
        {g.weeklyTemplateName || '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('reports.group.monthlyTemplate')}>
        {g.monthlyTemplateName || '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('reports.group.schedule')}>
        {g.autoGenerate
          ? `${g.reportType.includes('weekly') ? `${weekday(g.week)} ${g.generateTimes}` : ''} ${
              g.reportType.includes('monthly')
                ? t('reports.group.monthDay', { day: g.month, time: g.generateTimes })
                : ''
            }`
          : t('reports.group.manual')}
      </Descriptions.Item>
      <Descriptions.Item label={t('reports.group.autoSend')}>
        {g.autoSend ? `${g.dataSourceName} → ${g.receiverAddress.join(', ')}` : t('reports.group.noSend')}
      </Descriptions.Item>
      <Descriptions.Item label={t('reports.group.stationsCount', { count: g.stations.length })} span="filled">
        <Space size={[4, 4]} wrap data-testid="group-stations">
          {g.stations.map((s) => (
            <Tag key={s.id} style={{ marginInlineEnd: 0 }}>
              {s.stationCode} {s.projectName}
            </Tag>
          ))}
        </Space>
      </Descriptions.Item>
    </Descriptions>
  );
}
