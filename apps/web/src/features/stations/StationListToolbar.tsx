import {
  AuditOutlined,
  CloudDownloadOutlined,
  ExportOutlined,
  FileSearchOutlined,
  ImportOutlined,
  PlusOutlined,
  ReloadOutlined,
  SettingOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { TStationExportRequest } from '@masthub/shared';
import { Button, Flex, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../request/request.ts';
import { PermissionButton } from '../../ui/PermissionButton.tsx';
import { exportCoordinates } from './api.ts';

interface StationListToolbarProps {
  total: number;
  selectedIds: number[];
  /** The applied filter: the coordinate export writes the sites it selects. */
  filter: TStationExportRequest;
  onClearSelection: () => void;
  onAdd: () => void;
  onRawDownload: () => void;
  onApply: () => void;
  onMyApplications: () => void;
  onRepair: () => void;
  onBatchImport: () => void;
  onFileRules: () => void;
  onSettings: () => void;
  onRefresh: () => void;
}

/** The site list's toolbar: the count and selection, then the list and selection actions. */
export function StationListToolbar(props: StationListToolbarProps) {
  const { selectedIds, filter } = props;
  const { t } = useTranslation();
  const [isExporting, setExporting] = useState(false);

  const exportXlsx = async () => {
    setExporting(true);
    try {
      const file = await exportCoordinates(filter);
      saveFile(file, 'site-coordinates.xlsx');
    } catch {
      // The request layer showed why.
    } finally {
      setExporting(false);
    }
  };

  return (
    <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
      <Space size={12}>
        <Typography.Text strong>{t('stations.list.total', { count: props.total })}</Typography.Text>
        {selectedIds.length > 0 ? (
          <Space size={4} data-testid="stations-selection">
            <Typography.Text>{t('stations.list.selected', { count: selectedIds.length })}</Typography.Text>
            <Button type="link" size="small" onClick={props.onClearSelection}>
              {t('stations.list.clearSelection')}
            </Button>
          </Space>
        ) : null}
      </Space>
      <Space wrap>
        <PermissionButton feature="station.add" type="primary" icon={<PlusOutlined />} onClick={props.onAdd}>
          {t('stations.actions.add')}
        </PermissionButton>
        <PermissionButton
          feature="station.coordinateExport"
          icon={<ExportOutlined />}
          loading={isExporting}
          onClick={() => void exportXlsx()}
        >
          {t('stations.actions.exportCoordinates')}
        </PermissionButton>
        <Tooltip title={selectedIds.length === 0 ? t('stations.rawDownload.selectFirst') : undefined}>
          <PermissionButton
            feature="station.downloadRaw"
            icon={<CloudDownloadOutlined />}
            disabled={selectedIds.length === 0}
            data-testid="stations-download-raw"
            onClick={props.onRawDownload}
          >
            {t('stations.actions.downloadRaw')}
          </PermissionButton>
        </Tooltip>
        <Tooltip title={selectedIds.length === 0 ? t('apply.selectFirst') : undefined}>
          <Button
            icon={<AuditOutlined />}
            disabled={selectedIds.length === 0}
            data-testid="stations-apply"
            onClick={props.onApply}
          >
            {t('apply.open')}
          </Button>
        </Tooltip>
        <Button data-testid="stations-my-applications" onClick={props.onMyApplications}>
          {t('apply.mine')}
        </Button>
        <Tooltip title={selectedIds.length === 0 ? t('stations.repair.selectFirst') : undefined}>
          <PermissionButton
            feature="alarm.handle"
            icon={<ToolOutlined />}
            disabled={selectedIds.length === 0}
            data-testid="stations-repair"
            onClick={props.onRepair}
          >
            {t('stations.repair.open')}
          </PermissionButton>
        </Tooltip>
        <PermissionButton
          feature="station.batchImport"
          icon={<ImportOutlined />}
          data-testid="stations-batch-import"
          onClick={props.onBatchImport}
        >
          {t('stations.actions.batchImport')}
        </PermissionButton>
        <Tooltip title={t('stations.fileRules.hint')}>
          <Button icon={<FileSearchOutlined />} data-testid="stations-file-rules" onClick={props.onFileRules}>
            {t('stations.fileRules.open')}
          </Button>
        </Tooltip>
        <Button icon={<SettingOutlined />} onClick={props.onSettings}>
          {t('stations.settings.open')}
        </Button>
        <Button
          icon={<ReloadOutlined />}
          onClick={props.onRefresh}
          aria-label={t('common.actions.refresh')}
        />
      </Space>
    </Flex>
  );
}
