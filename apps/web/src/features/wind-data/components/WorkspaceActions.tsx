import { DownloadOutlined, FlagOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { windKeys } from '../api.ts';
import { ActionButton } from './ActionButton.tsx';
import type { DialogKey } from './ProcessDialogs.tsx';
import { ProcessMenu } from './ProcessMenu.tsx';

interface WorkspaceActionsProps {
  stationId: number;
  versionId: number;
  /** Why the version may not be worked on now (view-only, a running task). */
  workBlocked: string | undefined;
  hasData: boolean;
  onOpenDialog: (key: DialogKey) => void;
  onMark: () => void;
}

/** The workspace's actions: processing, marking, import, export and refresh. */
export function WorkspaceActions(props: WorkspaceActionsProps) {
  const { workBlocked } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: windKeys.versions(props.stationId) }),
      queryClient.invalidateQueries({ queryKey: windKeys.version(props.versionId) }),
      queryClient.invalidateQueries({ queryKey: windKeys.tasks(props.stationId) }),
    ]);
  return (
    <Space wrap>
      <ProcessMenu
        blockedReason={workBlocked ?? (props.hasData ? undefined : t('measure-wind.blocked.noData'))}
        onPick={props.onOpenDialog}
      />
      <ActionButton
        feature="data.process"
        blockedReason={workBlocked}
        icon={<FlagOutlined />}
        data-testid="mw-mark"
        onClick={props.onMark}
      >
        {t('measure-wind.mark.button')}
      </ActionButton>
      <ActionButton
        feature="data.import"
        blockedReason={workBlocked}
        icon={<UploadOutlined />}
        data-testid="mw-import"
        onClick={() => props.onOpenDialog('import')}
      >
        {t('measure-wind.import.button')}
      </ActionButton>
      <ActionButton
        feature="station.downloadRaw"
        icon={<DownloadOutlined />}
        data-testid="mw-export"
        disabled={!props.hasData}
        onClick={() => props.onOpenDialog('export')}
      >
        {t('measure-wind.export.button')}
      </ActionButton>
      <Tooltip title={t('common.actions.refresh')}>
        <Button
          icon={<ReloadOutlined />}
          aria-label={t('common.actions.refresh')}
          onClick={() => void refresh()}
        />
      </Tooltip>
    </Space>
  );
}
