import { DeleteOutlined, FileOutlined, InboxOutlined } from '@ant-design/icons';
import type { TProcessingTask } from '@masthub/shared';
import { Button, List, Modal, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../browser/feedback.ts';
import type { DialogProps } from '../../../ui/form/record-form.ts';
import { formatBytes } from '../../../ui/format-bytes.ts';
import { importIntoVersion } from '../api.ts';
import { IMPORT_ACCEPT, IMPORT_MAX_FILES, importProblem } from '../requests.utils.ts';

export interface ImportModalProps extends DialogProps {
  versionId: number;
  versionName: string;
  onStarted: (task: TProcessingTask) => void;
}

/** Import data files into a working version (SPEC §5: .csv/.txt/.xls/.xlsx/.dat, several at once). */
export function ImportModal({ open, versionId, versionName, onClose, onStarted }: ImportModalProps) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<File[]>([]);
  const [isSubmitting, setSubmitting] = useState(false);
  const batch = useRef<File[]>([]);

  const close = () => {
    setFiles([]);
    onClose();
  };

  const take = (file: File, fileList: File[]) => {
    // antd calls this once per file of a drop; the last call hands the whole batch over.
    batch.current.push(file);
    if (file !== fileList[fileList.length - 1]) return;
    const picked = batch.current;
    batch.current = [];
    const accepted: File[] = [];
    for (const candidate of picked) {
      const problem = importProblem(candidate.name, candidate.size);
      if (problem) feedback.error(t(`measure-wind.import.problem.${problem}`, { name: candidate.name }));
      else accepted.push(candidate);
    }
    setFiles((current) => {
      const merged = [
        ...current,
        ...accepted.filter((file) => !current.some((other) => other.name === file.name)),
      ];
      if (merged.length > IMPORT_MAX_FILES) {
        feedback.error(t('measure-wind.import.tooMany', { max: IMPORT_MAX_FILES }));
        return current;
      }
      return merged;
    });
  };

  const submit = async () => {
    if (files.length === 0) return;
    setSubmitting(true);
    try {
      const task = await importIntoVersion(versionId, files);
      feedback.success(t('measure-wind.process.started', { id: task.id }));
      onStarted(task);
      close();
    } catch {
      // Shown by the request layer.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={open}
      width={600}
      title={t('measure-wind.import.title', { name: versionName })}
      onCancel={close}
      destroyOnHidden
      mask={{ closable: false }}
      okText={t('measure-wind.import.submit')}
      okButtonProps={{ disabled: files.length === 0, loading: isSubmitting }}
      onOk={() => void submit()}
    >
      <Upload.Dragger
        accept={IMPORT_ACCEPT}
        multiple
        showUploadList={false}
        beforeUpload={(file, fileList) => {
          take(file, fileList);
          // Sent through the request layer (token, language, long timeout), not antd's XHR.
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('measure-wind.import.drop')}</p>
        <p className="ant-upload-hint">{t('measure-wind.import.hint')}</p>
      </Upload.Dragger>
      {files.length > 0 ? (
        <List
          size="small"
          style={{ marginTop: 12, maxHeight: 240, overflow: 'auto' }}
          dataSource={files}
          renderItem={(file) => (
            <List.Item
              actions={[
                <Button
                  key="remove"
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('measure-wind.import.remove', { name: file.name })}
                  onClick={() => setFiles((current) => current.filter((other) => other !== file))}
                />,
              ]}
            >
              <Typography.Text ellipsis>
                <FileOutlined /> {file.name}
              </Typography.Text>
              <Typography.Text type="secondary">{formatBytes(file.size)}</Typography.Text>
            </List.Item>
          )}
        />
      ) : null}
    </Modal>
  );
}
