import type { TIea43ImportReply } from '@masthub/shared';
import { Alert, Checkbox, Flex, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../ui/use-date-time.ts';

type TReply = TIea43ImportReply;

/**
 * The report of a Task 43 import before it is kept (issue 44): the configurations it creates, the points
 * and columns kept as metadata only, the logger-programmed slopes and offsets that differ from the
 * calibration certificate, and the site fields the file states differently, applied only when the box is
 * ticked. Confirming imports for real; cancelling keeps nothing.
 */
export function Iea43ImportDialog({
  fileName,
  report,
  isImporting,
  onConfirm,
  onCancel,
}: {
  fileName: string;
  report: TReply | undefined;
  isImporting: boolean;
  onConfirm: (applySiteFields: boolean) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const [applySiteFields, setApplySiteFields] = useState(true);
  const k = (key: string) => t(`stations.channels.importDialog.${key}`);
  const fieldName = (field: TReply['siteFields'][number]['field']) =>
    t(`stations.channels.importDialog.fields.${field}`);
  return (
    <Modal
      open={report !== undefined}
      title={t('stations.channels.importDialog.title', { file: fileName })}
      width={900}
      onCancel={onCancel}
      onOk={() => onConfirm(applySiteFields && (report?.siteFields.length ?? 0) > 0)}
      okText={k('confirm')}
      confirmLoading={isImporting}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {report ? (
        <Flex vertical gap={12} data-testid="iea43-import-report">
          <Typography.Text type="secondary">{k('intro')}</Typography.Text>
          <section>
            <Typography.Title level={5}>
              {t('stations.channels.importDialog.configurations', { count: report.configurations.length })}
            </Typography.Title>
            <Typography.Paragraph style={{ marginBottom: 4 }}>
              {report.configurations
                .map((c) => `${formatDateTime(c.effectiveFrom)} (${c.channelCount})`)
                .join(', ')}
            </Typography.Paragraph>
            <Typography.Text type="secondary">
              {t('stations.channels.importDialog.summary', {
                loggers: report.loggers,
                sensors: report.sensors,
                calibrations: report.calibrations,
              })}
            </Typography.Text>
          </section>
          <Alert type="info" showIcon title={k('dateConvention')} description={report.dateConvention} />
          <section>
            <Typography.Title level={5}>
              {t('stations.channels.importDialog.mismatches', { count: report.calibrationMismatches.length })}
            </Typography.Title>
            {report.calibrationMismatches.length === 0 ? (
              <Typography.Text type="secondary">{k('noMismatches')}</Typography.Text>
            ) : (
              <Table<TReply['calibrationMismatches'][number]>
                size="small"
                pagination={false}
                rowKey="path"
                dataSource={report.calibrationMismatches}
                columns={[
                  { key: 'point', dataIndex: 'measurementPoint', title: k('point') },
                  { key: 'serial', dataIndex: 'serialNumber', title: k('serial') },
                  { key: 'from', dataIndex: 'dateFrom', title: k('dateFrom') },
                  { key: 'field', dataIndex: 'field', title: k('field') },
                  {
                    key: 'programmed',
                    dataIndex: 'programmed',
                    title: k('programmed'),
                    render: (v: number) => <Typography.Text type="danger">{v}</Typography.Text>,
                  },
                  { key: 'certified', dataIndex: 'certified', title: k('certified') },
                  { key: 'date', dataIndex: 'dateOfCalibration', title: k('calibrationDate') },
                ]}
              />
            )}
          </section>
          <section>
            <Typography.Title level={5}>
              {t('stations.channels.importDialog.metadataOnly', { count: report.metadataOnly.length })}
            </Typography.Title>
            {report.metadataOnly.length === 0 ? (
              <Typography.Text type="secondary">{k('noMetadataOnly')}</Typography.Text>
            ) : (
              <Table<TReply['metadataOnly'][number]>
                size="small"
                pagination={report.metadataOnly.length > 8 ? { pageSize: 8 } : false}
                rowKey="path"
                dataSource={report.metadataOnly}
                columns={[
                  { key: 'point', dataIndex: 'measurementPoint', title: k('point') },
                  { key: 'column', dataIndex: 'column', title: k('column') },
                  {
                    key: 'reason',
                    title: k('reason'),
                    render: (_, row) =>
                      [t(`stations.channels.metadataReasons.${row.reason}`), row.detail]
                        .filter(Boolean)
                        .join(': '),
                  },
                  { key: 'path', dataIndex: 'path', title: k('path'), ellipsis: true },
                ]}
              />
            )}
          </section>
          <section>
            <Typography.Title level={5}>{k('siteFields')}</Typography.Title>
            {report.siteFields.length === 0 ? (
              <Typography.Text type="secondary">{k('noSiteFields')}</Typography.Text>
            ) : (
              <>
                <Table<TReply['siteFields'][number]>
                  size="small"
                  pagination={false}
                  rowKey="field"
                  dataSource={report.siteFields}
                  columns={[
                    { key: 'field', title: k('field'), render: (_, row) => fieldName(row.field) },
                    { key: 'current', title: k('currentValue'), render: (_, row) => row.current ?? '—' },
                    { key: 'file', title: k('fileValue'), render: (_, row) => row.file ?? '—' },
                  ]}
                />
                <Checkbox
                  checked={applySiteFields}
                  onChange={(e) => setApplySiteFields(e.target.checked)}
                  data-testid="iea43-apply-site-fields"
                >
                  {k('applySiteFields')}
                </Checkbox>
              </>
            )}
          </section>
        </Flex>
      ) : null}
    </Modal>
  );
}
