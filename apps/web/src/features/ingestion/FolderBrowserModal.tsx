import { ArrowUpOutlined, FolderOutlined } from '@ant-design/icons';
import { Button, Empty, List, Modal, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DialogProps } from '../../ui/form/record-form.ts';
import { useSourceDirs } from './api.ts';

interface FolderBrowserModalProps extends DialogProps {
  sourceId: number;
  startPath: string;
  onChoose: (path: string) => void;
}

/** The parent of a remote path ('/a/b' → '/a', '/a' → '/'). */
function parentOf(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const cut = trimmed.lastIndexOf('/');
  return cut <= 0 ? '/' : trimmed.slice(0, cut);
}

/** Browses a saved source's folders (ftp_dirs: FTP folders or mailboxes) to pick the one to fetch. */
export function FolderBrowserModal({
  open,
  sourceId,
  startPath,
  onClose,
  onChoose,
}: FolderBrowserModalProps) {
  const { t } = useTranslation();
  const [path, setPath] = useState(startPath);
  useEffect(() => {
    if (open) setPath(startPath);
  }, [open, startPath]);
  const { data: dirs = [], isFetching } = useSourceDirs(open ? sourceId : undefined, path);
  return (
    <Modal
      open={open}
      title={t('ingestion.ds.dirsTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button
            icon={<ArrowUpOutlined />}
            disabled={!path || path === '/'}
            onClick={() => setPath(parentOf(path))}
          >
            {t('ingestion.ds.dirsUp')}
          </Button>
          <Button type="primary" onClick={() => onChoose(path)}>
            {t('ingestion.ds.dirsUse')}
          </Button>
        </Space>
      }
    >
      <Typography.Text code>{path || '/'}</Typography.Text>
      <Spin spinning={isFetching}>
        {dirs.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ingestion.ds.dirsEmpty')} />
        ) : (
          <List
            size="small"
            dataSource={dirs}
            renderItem={(dir) => (
              <List.Item>
                <Button type="link" icon={<FolderOutlined />} onClick={() => setPath(dir.path)}>
                  {dir.name}
                </Button>
              </List.Item>
            )}
          />
        )}
      </Spin>
    </Modal>
  );
}
