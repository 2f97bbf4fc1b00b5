import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { TFieldError } from '@masthub/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { http, RequestError, requestFile, saveFile } from '../../request/request.ts';
import { RowList } from '../../ui/list/RowList.tsx';

/**
 * Batch import of sites (SPEC §6 site list "batch import"): the template in the user's language, one
 * .xlsx file, all rows or none; a refused file lists every problem by row and column.
 */
export function BatchImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isBusy, setBusy] = useState(false);
  const [problems, setProblems] = useState<TFieldError[]>([]);
  const [summary, setSummary] = useState<string>();

  const downloadTemplate = async () => {
    const file = await requestFile('/web/station/import/template').catch(() => undefined);
    if (file) saveFile(file, 'site-import-template.xlsx');
  };

  const send = async (file: File) => {
    setBusy(true);
    setProblems([]);
    setSummary(undefined);
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const reply = await http.post<{ count: number; stationCodes: string[] }>('/web/station/import', form, {
        timeoutMs: 120_000,
        silent: true,
      });
      feedback.success(t('stations.batchImport.done', { count: reply.count }));
      await queryClient.invalidateQueries({ queryKey: ['stations'] });
      onClose();
    } catch (error) {
      if (error instanceof RequestError) {
        setSummary(error.serverMessage ?? error.message);
        setProblems(error.fields);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('stations.batchImport.title')}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('stations.batchImport.hint')}
        </Typography.Paragraph>
        <div>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void downloadTemplate()}
            data-testid="import-template"
          >
            {t('stations.batchImport.template')}
          </Button>
        </div>
        <Upload.Dragger
          accept=".xlsx"
          multiple={false}
          showUploadList={false}
          disabled={isBusy}
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">
            {isBusy ? t('stations.batchImport.sending') : t('stations.batchImport.drop')}
          </p>
        </Upload.Dragger>
        {summary ? (
          <Alert
            type="error"
            showIcon
            data-testid="import-problems"
            title={summary}
            description={
              problems.length > 0 ? (
                <RowList
                  style={{ maxHeight: 240, overflowY: 'auto' }}
                  items={problems}
                  rowKey={(p, i) => `${p.field}-${i}`}
                  render={(p) => (
                    <>
                      <Typography.Text strong>{p.field}</Typography.Text>
                      <Typography.Text>：{p.message}</Typography.Text>
                    </>
                  )}
                />
              ) : null
            }
          />
        ) : null}
      </Flex>
    </Modal>
  );
}
