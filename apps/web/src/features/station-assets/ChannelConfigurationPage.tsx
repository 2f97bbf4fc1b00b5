import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  formatUnit,
  type TChannelConfigDetail,
  type TChannelConfigSummary,
  type TChannelRecord,
  type TIea43ImportReply,
} from '@masthub/shared';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Row,
  Space,
  type TableColumnsType,
  Tag,
  Timeline,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { feedback } from '../../browser/feedback.ts';
import { saveFile } from '../../request/request.ts';
import { PermissionButton, useCan } from '../../ui/PermissionButton.tsx';
import { fitColumns } from '../../ui/table/fit-columns.ts';
import { WholeTable } from '../../ui/table/WholeTable.tsx';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { useStationId } from '../../ui/use-station-id.ts';
import { CalibrationCorrectionsCard, useCalibrationColumn } from '../sensors/index.ts';
import {
  exportIea43,
  useChannelConfigDetail,
  useChannelConfigs,
  useDeleteChannelConfig,
  useImportIea43,
  useSaveChannelConfig,
} from './api.ts';
import { ChannelConfigModal } from './ChannelConfigModal.tsx';
import { ChannelModal, configBody } from './ChannelModal.tsx';
import { Iea43ImportDialog } from './Iea43ImportDialog.tsx';
import { sortChannels, toChannelDraft } from './station-assets.utils.ts';

function ImportResult({ reply, onClose }: { reply: TIea43ImportReply; onClose: () => void }) {
  const { t } = useTranslation();
  const notes = [
    reply.metadataOnly.length > 0
      ? t('stations.channels.metadataOnlyCount', { count: reply.metadataOnly.length })
      : '',
    reply.siteFieldsApplied && reply.siteFields.length > 0
      ? t('stations.channels.importedSiteFields', {
          fields: reply.siteFields
            .map((f) => t(`stations.channels.importDialog.fields.${f.field}`))
            .join(', '),
        })
      : '',
  ].filter(Boolean);
  return (
    <Alert
      type={reply.calibrationMismatches.length > 0 ? 'warning' : 'success'}
      showIcon
      closable={{ onClose }}
      title={t('stations.channels.imported', { count: reply.configurations.length })}
      description={notes.length > 0 ? notes.join('; ') : undefined}
    />
  );
}

/**
 * The ChannelConfiguration tab (SPEC §2, §3): configurations by effective date (the one in force marked),
 * the channels of the chosen one, add (copying the one in force), edit, delete, IEA Task 43 import/export.
 */
export function ChannelConfigurationPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const stationId = useStationId() ?? 0;
  const formatDateTime = useFormatDateTime();
  const { data: list, isPending } = useChannelConfigs(stationId);
  const [selectedId, setSelectedId] = useState<number>();
  const records = list?.records ?? [];
  const currentId =
    selectedId !== undefined && records.some((r) => r.id === selectedId)
      ? selectedId
      : (list?.inForce?.id ?? records[0]?.id);
  const { data: selected, isFetching } = useChannelConfigDetail(currentId);
  const deleteConfig = useDeleteChannelConfig(stationId);
  const saveConfig = useSaveChannelConfig(stationId);
  const importIea43 = useImportIea43(stationId);
  const [configModal, setConfigModal] = useState<'create' | 'edit'>();
  const [channelModal, setChannelModal] = useState<{ index: number | undefined }>();
  const [imported, setImported] = useState<{ stationId: number; reply: TIea43ImportReply }>();
  const importReply = imported?.stationId === stationId ? imported.reply : undefined;

  const askDeleteConfig = (config: TChannelConfigSummary) => {
    modal.confirm({
      title: t('stations.channels.deleteConfigTitle'),
      content: t('stations.channels.deleteConfigConfirm', {
        name: config.name,
        date: formatDateTime(config.effectiveFrom),
      }),
      okType: 'danger',
      okText: t('stations.actions.delete'),
      onOk: async () => {
        await deleteConfig.mutateAsync(config.id);
        setSelectedId(undefined);
        feedback.success(t('stations.channels.configDeleted'));
      },
    });
  };

  const askDeleteChannel = (channel: TChannelRecord) => {
    if (!selected) return;
    modal.confirm({
      title: t('stations.channels.deleteChannelTitle'),
      content: t('stations.channels.deleteChannelConfirm', {
        name: channel.channelName,
        config: selected.name,
      }),
      okType: 'danger',
      okText: t('stations.actions.delete'),
      onOk: async () => {
        const channels = selected.channels.filter((c) => c.id !== channel.id).map(toChannelDraft);
        await saveConfig.mutateAsync(configBody(stationId, selected, channels));
        feedback.success(t('stations.channels.channelDeleted'));
      },
    });
  };

  // A file is first read on a dry run: the dialog shows its report, and confirming imports it.
  const [pending, setPending] = useState<{ file: File; report: TIea43ImportReply }>();
  const previewJson = async (file: File) => {
    try {
      const report = await importIea43.mutateAsync({ file, dryRun: true, applySiteFields: false });
      setPending({ file, report });
    } catch {
      // Shown by the request layer (invalid file, a date already taken…).
    }
  };
  const importJson = async (applySiteFields: boolean) => {
    if (!pending) return;
    try {
      const reply = await importIea43.mutateAsync({ file: pending.file, dryRun: false, applySiteFields });
      setPending(undefined);
      setImported({ stationId, reply });
      feedback.success(t('stations.channels.imported', { count: reply.configurations.length }));
    } catch {
      // Shown by the request layer.
    }
  };

  const channelColumns = useChannelColumns(
    (channel) => setChannelModal({ index: selected?.channels.findIndex((c) => c.id === channel.id) }),
    askDeleteChannel,
  );
  // Each channel's certificate in force and its mismatch mark (issue 44 §2), before the actions.
  const calibration = useCalibrationColumn<TChannelRecord>(stationId, currentId);
  const fit = fitColumns([...channelColumns.slice(0, -1), calibration.column, ...channelColumns.slice(-1)]);

  return (
    <Flex vertical gap={16}>
      <ConfigToolbar
        stationId={stationId}
        isImporting={importIea43.isPending}
        onAdd={() => setConfigModal('create')}
        onImport={(file) => void previewJson(file)}
      />
      <Iea43ImportDialog
        fileName={pending?.file.name ?? ''}
        report={pending?.report}
        isImporting={importIea43.isPending}
        onConfirm={(apply) => void importJson(apply)}
        onCancel={() => setPending(undefined)}
      />
      {importReply ? <ImportResult reply={importReply} onClose={() => setImported(undefined)} /> : null}
      <Row gutter={16}>
        <Col xs={24} lg={7}>
          <Card size="small" title={t('stations.channels.configs')} loading={isPending}>
            {records.length === 0 ? (
              <Empty description={t('stations.channels.noConfigs')} />
            ) : (
              <ConfigTimeline records={records} currentId={currentId} onSelect={setSelectedId} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={17}>
          <Card
            size="small"
            loading={isFetching && !selected}
            title={
              selected ? (
                <Space>
                  <span>{selected.name}</span>
                  {selected.isInForce ? <Tag color="green">{t('stations.channels.inForce')}</Tag> : null}
                </Space>
              ) : (
                t('stations.channels.channels')
              )
            }
            extra={
              selected ? (
                <Space>
                  <PermissionButton
                    feature="station.edit"
                    icon={<PlusOutlined />}
                    onClick={() => setChannelModal({ index: undefined })}
                  >
                    {t('stations.channels.addChannel')}
                  </PermissionButton>
                  <PermissionButton
                    feature="station.edit"
                    icon={<EditOutlined />}
                    onClick={() => setConfigModal('edit')}
                  >
                    {t('stations.channels.editConfig')}
                  </PermissionButton>
                  <PermissionButton
                    feature="station.edit"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => askDeleteConfig(selected)}
                  >
                    {t('stations.channels.deleteConfig')}
                  </PermissionButton>
                </Space>
              ) : null
            }
          >
            {selected ? (
              <>
                <ConfigDescriptions config={selected} />
                <WholeTable<TChannelRecord>
                  rowKey="id"
                  loading={isFetching}
                  columns={fit.columns}
                  dataSource={sortChannels(selected.channels)}
                  {...fit.tableProps}
                />
              </>
            ) : (
              <Empty description={t('stations.channels.noConfigs')} />
            )}
          </Card>
        </Col>
      </Row>
      <ChannelConfigModal
        stationId={stationId}
        open={configModal !== undefined}
        mode={configModal ?? 'create'}
        source={configModal === 'create' ? (list?.inForce ?? selected) : selected}
        onClose={() => setConfigModal(undefined)}
        onSaved={(id) => setSelectedId(id)}
      />
      <CalibrationCorrectionsCard stationId={stationId} />
      {calibration.overlays}
      <ChannelModal
        stationId={stationId}
        config={selected}
        index={channelModal?.index}
        open={channelModal !== undefined}
        onClose={() => setChannelModal(undefined)}
      />
    </Flex>
  );
}

/**
 * The channels' columns: name, element, point height (with its reference) and logger-stated height, tag, data
 * key, unit, statistic (every Task 43 statistic), boom, sensor, actions.
 */
function useChannelColumns(
  onEdit: (channel: TChannelRecord) => void,
  onDelete: (channel: TChannelRecord) => void,
): TableColumnsType<TChannelRecord> {
  const { t } = useTranslation();
  return [
    {
      key: 'channelName',
      dataIndex: 'channelName',
      title: t('stations.channels.channelName'),
      width: 160,
      fixed: 'left',
    },
    {
      key: 'element',
      title: t('stations.channels.element'),
      width: 200,
      // The server names the element in the request's language.
      render: (_, channel) => (
        <Space size={4}>
          <Tag>{channel.element}</Tag>
          <span>{channel.elementName}</span>
        </Space>
      ),
    },
    {
      key: 'height',
      title: t('stations.channels.pointHeight'),
      width: 150,
      // The point's height and its reference (Task 43), apart from the height the logger was programmed with.
      render: (_, channel) => (
        <Space size={4}>
          <span>{channel.heightM ?? '—'}</span>
          {channel.heightReference && channel.heightReference !== 'ground_level' ? (
            <Tag>{t(`stations.channels.heightReferences.${channel.heightReference}`)}</Tag>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'loggerHeight',
      dataIndex: 'loggerHeightM',
      title: t('stations.channels.loggerHeight'),
      width: 120,
      render: (height: number | null) => height ?? '—',
    },
    { key: 'tag', dataIndex: 'tag', title: t('stations.channels.tag'), width: 100 },
    {
      key: 'dataKey',
      dataIndex: 'dataKey',
      title: t('stations.channels.dataKey'),
      width: 160,
      ellipsis: true,
    },
    {
      key: 'unit',
      dataIndex: 'unit',
      title: t('stations.channels.unit'),
      width: 80,
      render: (unit: string) => formatUnit(unit),
    },
    { key: 'statistic', dataIndex: 'statisticName', title: t('stations.channels.statistic'), width: 100 },
    { key: 'boom', dataIndex: 'boomOrientationDeg', title: t('stations.channels.boom'), width: 110 },
    {
      key: 'sensor',
      title: t('stations.channels.sensor'),
      width: 200,
      ellipsis: true,
      render: (_, channel) => {
        const text = [channel.sensorMake, channel.sensorModel, channel.sensorSerial]
          .filter(Boolean)
          .join(' ');
        // A named sensor opens in the sensor register (issue 44 §3).
        return channel.sensorSerial ? (
          <Link
            to={`/siteAssets/sensorRegister?serial=${encodeURIComponent(channel.sensorSerial)}`}
            title={t('sensors.register.openSensor')}
          >
            {text}
          </Link>
        ) : (
          text
        );
      },
    },
    {
      key: 'actions',
      title: t('stations.list.actions'),
      width: 140,
      fixed: 'right',
      render: (_, channel) => (
        <Space size={0}>
          <PermissionButton type="link" size="small" feature="station.edit" onClick={() => onEdit(channel)}>
            {t('stations.actions.edit')}
          </PermissionButton>
          <PermissionButton
            type="link"
            size="small"
            danger
            feature="station.edit"
            onClick={() => onDelete(channel)}
          >
            {t('stations.actions.delete')}
          </PermissionButton>
        </Space>
      ),
    },
  ];
}

/** The configurations by effective date, newest first; the one in force green, the chosen one blue. */
function ConfigTimeline({
  records,
  currentId,
  onSelect,
}: {
  records: TChannelConfigSummary[];
  currentId: number | undefined;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  return (
    <Timeline
      items={records.map((config) => ({
        key: config.id,
        color: config.isInForce ? 'green' : config.id === currentId ? 'blue' : 'gray',
        content: (
          <button
            type="button"
            data-config-id={config.id}
            aria-current={config.id === currentId}
            onClick={() => onSelect(config.id)}
            style={{
              display: 'block',
              width: '100%',
              textAlign: 'start',
              border: 'none',
              font: 'inherit',
              cursor: 'pointer',
              padding: '2px 8px',
              borderRadius: 6,
              background: config.id === currentId ? 'rgba(5, 160, 69, 0.08)' : 'transparent',
            }}
          >
            <Space size={4} wrap>
              <Typography.Text strong>{config.name}</Typography.Text>
              {config.isInForce ? <Tag color="green">{t('stations.channels.inForce')}</Tag> : null}
            </Space>
            <div>
              <Typography.Text type="secondary">
                {t('stations.channels.fromTo', {
                  from: formatDateTime(config.effectiveFrom),
                  to: config.effectiveTo ? formatDateTime(config.effectiveTo) : t('stations.channels.now'),
                })}
              </Typography.Text>
            </div>
            <Typography.Text type="secondary">
              {t('stations.channels.channelCount', { count: config.channelCount })}
            </Typography.Text>
          </button>
        ),
      }))}
    />
  );
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** A configuration's validity, last change and notes. */
function ConfigDescriptions({ config }: { config: TChannelConfigDetail }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  return (
    <Descriptions
      size="small"
      // Two to a row at 1366 px: validity dates and "still in force" stay whole and apart from the next item.
      column={{ xs: 1, xl: 2, xxl: 3 }}
      style={{ marginBottom: 12 }}
      items={[
        // A date or "still in force" is read whole: the long "last changed" beside it must not squeeze it into
        // two lines ("no / w", issue 41).
        {
          key: 'from',
          label: t('stations.channels.effectiveFrom'),
          children: <span style={NO_WRAP}>{formatDateTime(config.effectiveFrom)}</span>,
        },
        {
          key: 'to',
          label: t('stations.channels.effectiveTo'),
          children: (
            <span style={NO_WRAP}>
              {config.effectiveTo ? formatDateTime(config.effectiveTo) : t('stations.channels.noEnd')}
            </span>
          ),
        },
        {
          key: 'updated',
          label: t('stations.channels.updated'),
          children: `${config.updaterName} ${formatDateTime(config.updateTime)}`,
        },
        ...(config.notes
          ? [{ key: 'notes', label: t('stations.channels.notes'), children: config.notes }]
          : []),
      ]}
    />
  );
}

/** Add a configuration, import or export the site's configurations as IEA Task 43 JSON. */
function ConfigToolbar({
  stationId,
  isImporting,
  onAdd,
  onImport,
}: {
  stationId: number;
  isImporting: boolean;
  onAdd: () => void;
  onImport: (file: File) => void;
}) {
  const { t } = useTranslation();
  const canEdit = useCan('station.edit');
  const [isExporting, setExporting] = useState(false);
  const exportJson = async () => {
    setExporting(true);
    try {
      saveFile(await exportIea43(stationId), `station-${stationId}-iea43.json`);
    } catch {
      // Shown by the request layer.
    } finally {
      setExporting(false);
    }
  };
  return (
    <Flex justify="space-between" align="center" wrap gap={8}>
      <Typography.Text type="secondary">{t('stations.channels.intro')}</Typography.Text>
      <Space wrap>
        <PermissionButton feature="station.edit" type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          {t('stations.channels.addConfig')}
        </PermissionButton>
        <Upload
          accept=".json,application/json"
          showUploadList={false}
          disabled={!canEdit || isImporting}
          beforeUpload={(file) => {
            onImport(file);
            return false;
          }}
        >
          <PermissionButton feature="station.edit" icon={<UploadOutlined />} loading={isImporting}>
            {t('stations.channels.importIea43')}
          </PermissionButton>
        </Upload>
        <Button icon={<DownloadOutlined />} loading={isExporting} onClick={() => void exportJson()}>
          {t('stations.channels.exportIea43')}
        </Button>
      </Space>
    </Flex>
  );
}
