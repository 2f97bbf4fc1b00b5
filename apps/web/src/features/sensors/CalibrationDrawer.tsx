import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { TCalibration, TSensorIdentityInput } from '@masthub/shared';
import {
  App,
  Button,
  Drawer,
  Empty,
  Flex,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { saveFile } from '../../request/request.ts';
import { CalibrationModal, type TCalibrationTarget } from './CalibrationModal.tsx';
import {
  downloadCertificateJson,
  downloadCertificatePdf,
  useDeleteCalibration,
  useImportCertificate,
  useSensorCalibrations,
  useUploadCertificatePdf,
} from './calibration-api.ts';

/** The sensor a drawer shows: registered (its id) or only named by a channel (make, model, serial). */
export interface TCalibrationSubject {
  sensorId: number | null;
  identity: TSensorIdentityInput;
}

const label = (s: TSensorIdentityInput) => [s.oem, s.model, s.serialNumber].filter(Boolean).join(' ');

/**
 * A sensor's calibrations (issue 44 §2): the list (newest first), add one by hand, import a digital
 * calibration certificate (JSON), attach and download its PDF; editing and deleting what was typed by hand.
 */
export function CalibrationDrawer({
  subject,
  onClose,
}: {
  subject: TCalibrationSubject | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [registeredId, setRegisteredId] = useState<number>();
  const sensorId = subject?.sensorId ?? registeredId;
  const { data, isFetching } = useSensorCalibrations(subject ? (sensorId ?? undefined) : undefined);
  const importCertificate = useImportCertificate();
  const uploadPdf = useUploadCertificatePdf();
  const remove = useDeleteCalibration();
  const [target, setTarget] = useState<TCalibrationTarget>();
  const canEdit = data?.canEdit ?? sensorId === undefined;

  const close = () => {
    setRegisteredId(undefined);
    onClose();
  };

  const importJson = async (file: File) => {
    try {
      const reply = await importCertificate.mutateAsync({
        file,
        sensorId: sensorId ?? undefined,
        serialNumber: subject?.identity.serialNumber,
      });
      setRegisteredId(reply.sensorId);
      feedback.success(t(reply.isNew ? 'calibrations.drawer.imported' : 'calibrations.drawer.importedAgain'));
    } catch {
      // Shown by the request layer (another serial, not a certificate…).
    }
  };

  const attachPdf = async (id: number, file: File) => {
    try {
      await uploadPdf.mutateAsync({ id, file });
      feedback.success(t('calibrations.drawer.pdfAttached'));
    } catch {
      // Shown by the request layer.
    }
  };

  const download = async (kind: 'pdf' | 'json', c: TCalibration) => {
    try {
      const file = kind === 'pdf' ? await downloadCertificatePdf(c.id) : await downloadCertificateJson(c.id);
      saveFile(file, kind === 'pdf' ? c.certificatePdfName || 'certificate.pdf' : 'certificate.json');
    } catch {
      // Shown by the request layer.
    }
  };

  const askDelete = (c: TCalibration) =>
    modal.confirm({
      title: t('calibrations.drawer.deleteTitle'),
      content: t('calibrations.drawer.deleteConfirm', { date: c.dateOfCalibration ?? '—' }),
      okType: 'danger',
      okText: t('calibrations.drawer.delete'),
      onOk: async () => {
        await remove.mutateAsync(c.id);
        feedback.success(t('calibrations.drawer.deleted'));
      },
    });

  const columns = useCalibrationTableColumns({
    canEdit,
    attachPdf,
    download,
    askDelete,
    onEdit: (c) => setTarget({ kind: 'edit', calibration: c }),
  });

  return (
    <Drawer
      open={subject !== undefined}
      onClose={close}
      size={1100}
      title={subject ? t('calibrations.drawer.title', { sensor: label(subject.identity) }) : ''}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type="secondary">
            {t('calibrations.drawer.sites')}:{' '}
            {data && data.stations.length > 0
              ? data.stations.map((s) => s.stationCode).join(', ')
              : t('calibrations.drawer.noSites')}
          </Typography.Text>
          {canEdit ? (
            <Space wrap>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() =>
                  setTarget(
                    sensorId !== undefined && sensorId !== null
                      ? { kind: 'sensor', sensorId }
                      : { kind: 'identity', sensor: subject!.identity },
                  )
                }
              >
                {t('calibrations.drawer.add')}
              </Button>
              <Upload
                accept=".json,application/json"
                showUploadList={false}
                beforeUpload={(file) => {
                  void importJson(file);
                  return false;
                }}
              >
                <Button
                  icon={<UploadOutlined />}
                  loading={importCertificate.isPending}
                  data-import-certificate
                >
                  {t('calibrations.drawer.importJson')}
                </Button>
              </Upload>
            </Space>
          ) : null}
        </Flex>
        {sensorId === undefined || sensorId === null ? (
          <Empty description={t('calibrations.drawer.empty')} />
        ) : (
          <Table<TCalibration>
            rowKey="id"
            size="small"
            loading={isFetching}
            columns={columns}
            dataSource={data?.calibrations ?? []}
            pagination={false}
            scroll={{ x: 1020 }}
            locale={{ emptyText: <Empty description={t('calibrations.drawer.empty')} /> }}
          />
        )}
      </Flex>
      <CalibrationModal
        target={target}
        onClose={() => setTarget(undefined)}
        onSaved={(id) => setRegisteredId(id)}
      />
    </Drawer>
  );
}

/** The columns of a sensor's calibrations: date, slope, offset, lab, id, source, the certificate files, actions. */
function useCalibrationTableColumns({
  canEdit,
  attachPdf,
  download,
  askDelete,
  onEdit,
}: {
  canEdit: boolean;
  attachPdf: (id: number, file: File) => Promise<void>;
  download: (kind: 'pdf' | 'json', c: TCalibration) => Promise<void>;
  askDelete: (c: TCalibration) => void;
  onEdit: (c: TCalibration) => void;
}): TableColumnsType<TCalibration> {
  const { t } = useTranslation();
  return [
    { key: 'date', dataIndex: 'dateOfCalibration', title: t('calibrations.table.date'), width: 110 },
    { key: 'slope', dataIndex: 'slope', title: t('calibrations.table.slope'), width: 90 },
    { key: 'offset', dataIndex: 'offset', title: t('calibrations.table.offset'), width: 90 },
    {
      key: 'lab',
      dataIndex: 'calibrationOrganisation',
      title: t('calibrations.table.lab'),
      width: 180,
      ellipsis: true,
    },
    { key: 'id', dataIndex: 'calibrationId', title: t('calibrations.table.certificateId'), width: 110 },
    {
      key: 'source',
      title: t('calibrations.table.source'),
      width: 110,
      render: (_, c) => <Tag>{t(`calibrations.sources.${c.source}`)}</Tag>,
    },
    {
      key: 'pdf',
      title: t('calibrations.table.pdf'),
      width: 210,
      render: (_, c) => (
        <Space size={4} wrap>
          {c.hasPdf ? (
            <Button
              size="small"
              type="link"
              icon={<DownloadOutlined />}
              data-download-pdf={c.id}
              onClick={() => void download('pdf', c)}
            >
              {c.certificatePdfName || t('calibrations.drawer.downloadPdf')}
            </Button>
          ) : null}
          {c.hasCertificate ? (
            <Button size="small" type="link" onClick={() => void download('json', c)}>
              {t('calibrations.drawer.downloadJson')}
            </Button>
          ) : null}
          {canEdit ? (
            <Upload
              accept=".pdf,application/pdf"
              showUploadList={false}
              beforeUpload={(file) => {
                void attachPdf(c.id, file);
                return false;
              }}
            >
              <Button size="small" icon={<UploadOutlined />} data-attach-pdf={c.id}>
                {t('calibrations.drawer.attachPdf')}
              </Button>
            </Upload>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t('calibrations.table.actions'),
      width: 120,
      render: (_, c) =>
        canEdit ? (
          <Space size={0}>
            {c.source === 'manual' ? (
              <Button size="small" type="link" onClick={() => onEdit(c)}>
                {t('calibrations.drawer.edit')}
              </Button>
            ) : null}
            {c.source !== 'iea43' ? (
              <Button size="small" type="link" danger onClick={() => askDelete(c)}>
                {t('calibrations.drawer.delete')}
              </Button>
            ) : null}
          </Space>
        ) : null,
    },
  ];
}
