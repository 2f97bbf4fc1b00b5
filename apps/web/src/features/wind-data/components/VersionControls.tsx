import {
  BranchesOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  LockOutlined,
} from '@ant-design/icons';
import type { TDatasetVersion, TProcessingTask } from '@masthub/shared';
import { Alert, Button, Popconfirm, Select, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../browser/feedback.ts';
import { useCan } from '../../../ui/PermissionButton.tsx';
import { deleteVersion } from '../api.ts';
import { ActionButton } from './ActionButton.tsx';

function VersionLabel({ version }: { version: TDatasetVersion }) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      {version.isViewOnly ? <LockOutlined /> : null}
      {/* The original version's stored name is Chinese: it is shown by kind, in the user's language. */}
      <span>{version.kind === 'original' ? t('measure-wind.version.kinds.original') : version.name}</span>
    </Space>
  );
}

interface VersionControlsProps {
  versions: TDatasetVersion[];
  version: TDatasetVersion;
  onPick: (versionId: number) => void;
  /** Why the version may not be renamed or deleted now (the original, a running task). */
  blockedReason: string | undefined;
  onVersionDialog: (mode: 'create' | 'rename') => void;
  onLineage: () => void;
  onStarted: (task: TProcessingTask) => void;
}

/** The version picker and its actions: copy, rename, delete (a task) and lineage. */
export function VersionControls(props: VersionControlsProps) {
  const { version } = props;
  const { t } = useTranslation();
  const canProcess = useCan('data.process');
  const [isDeleting, setDeleting] = useState(false);

  const removeVersion = async () => {
    setDeleting(true);
    try {
      const task = await deleteVersion(version.id);
      feedback.success(t('measure-wind.version.deleting', { id: task.id }));
      props.onStarted(task);
    } catch {
      // Shown by the request layer (409 while another task runs).
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <Select<number>
        data-testid="mw-version"
        aria-label={t('measure-wind.version.label')}
        style={{ width: 240 }}
        value={version.id}
        onChange={props.onPick}
        popupMatchSelectWidth={false}
        options={props.versions.map((candidate) => ({
          value: candidate.id,
          label: <VersionLabel version={candidate} />,
          title: candidate.name,
        }))}
      />
      <Space.Compact>
        <ActionButton
          feature="data.process"
          icon={<CopyOutlined />}
          data-testid="mw-version-new"
          onClick={() => props.onVersionDialog('create')}
        >
          {t('measure-wind.version.new')}
        </ActionButton>
        <ActionButton
          feature="data.process"
          icon={<EditOutlined />}
          blockedReason={props.blockedReason}
          tooltip={t('measure-wind.version.rename')}
          aria-label={t('measure-wind.version.rename')}
          data-testid="mw-version-rename"
          onClick={() => props.onVersionDialog('rename')}
        />
        {props.blockedReason || !canProcess ? (
          <ActionButton
            feature="data.process"
            icon={<DeleteOutlined />}
            blockedReason={props.blockedReason}
            aria-label={t('measure-wind.version.delete')}
            data-testid="mw-version-delete"
          />
        ) : (
          <Popconfirm
            title={t('measure-wind.version.deleteConfirm', { name: version.name })}
            description={t('measure-wind.version.deleteHint')}
            okButtonProps={{ danger: true, loading: isDeleting }}
            onConfirm={() => removeVersion()}
          >
            <Tooltip title={t('measure-wind.version.delete')}>
              <Button
                danger
                icon={<DeleteOutlined />}
                aria-label={t('measure-wind.version.delete')}
                data-testid="mw-version-delete"
              />
            </Tooltip>
          </Popconfirm>
        )}
        <Tooltip title={t('measure-wind.lineage.title')}>
          <Button
            icon={<BranchesOutlined />}
            aria-label={t('measure-wind.lineage.title')}
            data-testid="mw-version-lineage"
            onClick={props.onLineage}
          />
        </Tooltip>
      </Space.Compact>
    </>
  );
}

/** The notice over a view-only version (the original), with the way out: a working copy. */
export function ViewOnlyAlert({ onCopy }: { onCopy: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      icon={<LockOutlined />}
      title={t('measure-wind.blocked.viewOnly')}
      action={
        <ActionButton size="small" feature="data.process" icon={<CopyOutlined />} onClick={onCopy}>
          {t('measure-wind.version.copyToWork')}
        </ActionButton>
      }
    />
  );
}
