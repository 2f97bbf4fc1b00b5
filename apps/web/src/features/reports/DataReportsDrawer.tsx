import {
  FilePdfOutlined,
  FileTextOutlined,
  FileWordOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { TDataReportRecord } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import {
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { saveFile } from '../../request/request.ts';
import type { StationDialogProps } from '../../ui/form/record-form.ts';
import { showFieldErrors } from '../../ui/list/field-errors.ts';
import { PermissionButton } from '../../ui/PermissionButton.tsx';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { AnalysisReportModal } from './AnalysisReportModal.tsx';
import { downloadDataReport, useDataReportPage, useDeleteDataReport, useUploadDataReport } from './api.ts';

const STATUS_COLORS: Record<string, string> = { generating: 'blue', success: 'green', failure: 'red' };

function formatBytes(n: number | null): string {
  if (n === null) return '—';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** Uploads one .txt report exported by a wind-analysis tool (SPEC §5), stored unchanged. */
function UploadReportModal({ open, stationId, onClose }: StationDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{
    reportName?: string;
    range?: [Dayjs, Dayjs];
    element?: string;
    file?: File;
  }>();
  const upload = useUploadDataReport();
  const [file, setFile] = useState<File>();
  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    if (!file) {
      form.setFields([{ name: 'file', errors: [t('reports.data.fileRequired')] }]);
      return;
    }
    try {
      await upload.mutateAsync({
        stationId,
        reportName: values.reportName ?? '',
        reportStartDate: values.range?.[0]?.format('YYYY-MM-DD'),
        reportEndDate: values.range?.[1]?.format('YYYY-MM-DD'),
        element: values.element,
        file,
      });
      feedback.success(t('reports.data.uploaded'));
      setFile(undefined);
      onClose();
    } catch (error) {
      showFieldErrors(form, error, (field) =>
        field === 'reportStartDate' || field === 'reportEndDate' ? 'range' : field,
      );
    }
  };
  return (
    <Modal
      open={open}
      title={t('reports.data.uploadTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={upload.isPending}
      okText={t('reports.data.upload')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="uploadReportForm" preserve={false}>
        <Form.Item name="file" label={t('reports.data.file')} extra={t('reports.data.fileHint')} required>
          <Upload
            accept=".txt"
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              if (!form.getFieldValue('reportName'))
                form.setFieldValue('reportName', f.name.replace(/\.txt$/i, '').slice(0, 50));
              form.setFields([{ name: 'file', errors: [] }]);
              return false;
            }}
            onRemove={() => setFile(undefined)}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          >
            <Button icon={<UploadOutlined />}>{t('reports.data.chooseFile')}</Button>
          </Upload>
        </Form.Item>
        <Form.Item name="reportName" label={t('reports.data.reportName')} required>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="range" label={t('reports.data.period')}>
          <DatePicker.RangePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="element" label={t('reports.data.element')}>
          <Input maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The icon of a report file's format: Word, PDF, else text. */
function formatIcon(format: string) {
  if (format === 'docx') return <FileWordOutlined />;
  return format === 'pdf' ? <FilePdfOutlined /> : <FileTextOutlined />;
}

/**
 * The data reports of a site (SPEC §3 data report): uploaded text reports with their first lines, and
 * analysis reports generated from a data version (Word / PDF), polled while one is generating.
 */
export function DataReportsDrawer({
  open,
  stationId,
  versionId,
  onClose,
}: StationDialogProps & { versionId: number | undefined }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const [pageNo, setPageNo] = useState(1);
  const [dialog, setDialog] = useState<'analysis' | 'upload'>();
  const page = useDataReportPage({ pageNo, pageSize: PAGE_SIZE, stationId }, open);
  const remove = useDeleteDataReport();

  const fetchFile = async (record: TDataReportRecord, format: 'txt' | 'docx' | 'pdf') => {
    saveFile(await downloadDataReport(record.id, format), `${record.reportName}.${format}`);
  };
  const preview = async (record: TDataReportRecord) => {
    const file = await downloadDataReport(record.id, 'pdf', true);
    window.open(URL.createObjectURL(file.blob), '_blank', 'noopener');
  };

  const columns: TableColumnsType<TDataReportRecord> = [
    {
      title: t('reports.data.reportName'),
      dataIndex: 'reportName',
      width: 220,
      ellipsis: { showTitle: true },
    },
    {
      title: t('reports.data.type'),
      dataIndex: 'typeName',
      width: 110,
      render: (name: string, r) => <Tag color={r.type === 'analysis' ? 'geekblue' : 'default'}>{name}</Tag>,
    },
    { title: t('reports.data.version'), dataIndex: 'version', width: 120, ellipsis: true },
    {
      title: t('reports.data.period'),
      width: 200,
      render: (_, r) => (r.reportStartDate ? `${r.reportStartDate} ~ ${r.reportEndDate ?? ''}` : '—'),
    },
    { title: t('reports.data.owner'), dataIndex: 'owner', width: 100 },
    {
      title: t('reports.data.buildTime'),
      dataIndex: 'buildTime',
      width: 150,
      render: (v: string | null) => formatDateTime(v) || '—',
    },
    {
      title: t('reports.list.status'),
      dataIndex: 'statusName',
      width: 100,
      render: (name: string, r) =>
        r.status === 'failure' ? (
          <Tooltip title={r.reason}>
            <Tag color="red">{name}</Tag>
          </Tooltip>
        ) : (
          <Tag color={STATUS_COLORS[r.status]}>{name}</Tag>
        ),
    },
    {
      title: t('system.common.actions'),
      width: 190,
      render: (_, r) => (
        <Space size={0}>
          {r.formats.includes('pdf') && (
            <PermissionButton
              feature="report.preview"
              type="link"
              size="small"
              onClick={() => void preview(r)}
            >
              {t('reports.list.preview')}
            </PermissionButton>
          )}
          {r.formats.map((format) => (
            <Tooltip key={format} title={format.toUpperCase()}>
              <PermissionButton
                feature="report.download"
                type="link"
                size="small"
                data-testid={`data-report-${format}`}
                icon={formatIcon(format)}
                onClick={() => void fetchFile(r, format)}
              />
            </Tooltip>
          ))}
          <Popconfirm
            title={t('reports.data.deleteConfirm', { name: r.reportName })}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(r.id).then(() => feedback.success(t('reports.list.deleted')))}
          >
            <Button type="link" size="small" danger>
              {t('system.common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={1240}
      title={t('reports.data.title')}
      destroyOnHidden
      extra={
        <Space>
          <PermissionButton
            feature="report.add"
            type="primary"
            icon={<PlusOutlined />}
            disabled={versionId === undefined}
            onClick={() => setDialog('analysis')}
            data-testid="analysis-report-new"
          >
            {t('reports.data.newAnalysis')}
          </PermissionButton>
          <PermissionButton
            feature="report.upload"
            icon={<UploadOutlined />}
            onClick={() => setDialog('upload')}
          >
            {t('reports.data.upload')}
          </PermissionButton>
        </Space>
      }
    >
      <Table<TDataReportRecord>
        rowKey="id"
        size="small"
        data-testid="data-report-table"
        loading={page.isPending}
        columns={columns}
        dataSource={page.data?.records ?? []}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: page.data?.total ?? 0,
          onChange: setPageNo,
          showSizeChanger: false,
        }}
        expandable={{
          rowExpandable: (r) => r.type === 'upload' || r.element !== '',
          expandedRowRender: (r) => (
            <Flex vertical gap={8}>
              <Descriptions size="small" column={3}>
                <Descriptions.Item label={t('reports.data.element')}>{r.element || '—'}</Descriptions.Item>
                {r.type === 'upload' && (
                  <>
                    <Descriptions.Item label={t('reports.data.sourceTool')}>
                      {r.sourceTool || t('reports.data.unknownTool')}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('reports.data.size')}>
                      {formatBytes(r.sizeBytes)}
                    </Descriptions.Item>
                    <Descriptions.Item label="SHA-256" span={3}>
                      <Typography.Text code copyable>
                        {r.sha256}
                      </Typography.Text>
                    </Descriptions.Item>
                  </>
                )}
              </Descriptions>
              {r.headText && (
                <pre
                  style={{ maxHeight: 240, overflow: 'auto', margin: 0, fontSize: 12 }}
                  data-testid="data-report-head"
                >
                  {r.headText}
                </pre>
              )}
            </Flex>
          ),
        }}
      />
      {versionId !== undefined && (
        <AnalysisReportModal
          open={dialog === 'analysis'}
          versionId={versionId}
          onClose={() => setDialog(undefined)}
        />
      )}
      <UploadReportModal
        open={dialog === 'upload'}
        stationId={stationId}
        onClose={() => setDialog(undefined)}
      />
    </Drawer>
  );
}
