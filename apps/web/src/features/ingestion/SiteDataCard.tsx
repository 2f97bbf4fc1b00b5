import { CloudDownloadOutlined, InboxOutlined, SaveOutlined } from '@ant-design/icons';
import { Card, Col, Descriptions, Flex, Row, Select, Space, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { PermissionButton, useCan } from '../../ui/PermissionButton.tsx';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { useManualPull, useParseRuleOptions, useUpdateStationParseRule, useVersions } from './api.ts';
import { dataRangeOf, SITE_UPLOAD_ACCEPT, UPLOAD_MAX_FILES, uploadProblem } from './ingestion.utils.ts';
import { UploadPreviewModal } from './UploadPreviewModal.tsx';

/**
 * The site's data (SPEC §2 site info): upload with recognition, the data range of the stored data,
 * the site's parse rule and the manual pull from its data sources.
 */
export function SiteDataCard({ stationId, parseRuleId }: { stationId: number; parseRuleId: number | null }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const canImport = useCan('data.import');
  const [files, setFiles] = useState<File[]>([]);
  const batch = useRef<File[]>([]);
  const { data: versions = [], isPending: isVersionsPending } = useVersions(stationId);
  const { data: ruleOptions = [] } = useParseRuleOptions();
  // undefined: untouched, so the site's saved rule shows; null: auto-recognition chosen.
  const [ruleId, setRuleId] = useState<number | null>();
  const shownRuleId = ruleId === undefined ? parseRuleId : ruleId;
  const updateRule = useUpdateStationParseRule();
  const manualPull = useManualPull(stationId);
  const range = dataRangeOf(versions);

  const take = (file: File, fileList: File[]) => {
    // antd calls this once per file of a drop; the last call hands the whole batch over.
    batch.current.push(file);
    if (file !== fileList[fileList.length - 1]) return;
    const picked = batch.current;
    batch.current = [];
    const accepted: File[] = [];
    for (const candidate of picked) {
      const problem = uploadProblem(candidate.name, candidate.size);
      if (problem) feedback.error(t(`ingestion.upload.problem.${problem}`, { name: candidate.name }));
      else accepted.push(candidate);
    }
    if (accepted.length > UPLOAD_MAX_FILES) {
      feedback.error(t('ingestion.upload.tooMany', { max: UPLOAD_MAX_FILES }));
      return;
    }
    if (accepted.length > 0) setFiles(accepted);
  };

  const saveRule = async () => {
    if (ruleId === undefined) return;
    try {
      await updateRule.mutateAsync({ stationId, parseRuleId: ruleId });
      feedback.success(t('ingestion.site.ruleSaved'));
    } catch {
      // Shown by the request layer.
    }
  };

  const pull = async () => {
    try {
      const result = await manualPull.mutateAsync();
      if (result.runs.length === 0) feedback.warning(t('ingestion.site.pullNoSources'));
      else
        feedback.success(
          t('ingestion.site.pulled', { sources: result.runs.length, files: result.stationFiles }),
        );
    } catch {
      // Shown by the request layer.
    }
  };

  const none = <Typography.Text type="secondary">{t('ingestion.site.noData')}</Typography.Text>;
  return (
    <Card size="small" title={t('ingestion.site.title')}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Upload.Dragger
            accept={SITE_UPLOAD_ACCEPT}
            multiple
            showUploadList={false}
            disabled={!canImport}
            beforeUpload={(file, fileList) => {
              take(file, fileList);
              // Recognition runs through the request layer (token, language, 180 s), not antd's XHR.
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">
              {canImport ? t('ingestion.upload.drop') : t('common.noPermission')}
            </p>
            <p className="ant-upload-hint">{t('ingestion.upload.hint')}</p>
          </Upload.Dragger>
        </Col>
        <Col xs={24} lg={12}>
          <Flex vertical gap={12}>
            <Descriptions
              size="small"
              bordered
              column={1}
              items={[
                {
                  key: 'range',
                  label: t('ingestion.site.dataRange'),
                  children: isVersionsPending ? (
                    ''
                  ) : range ? (
                    <span data-testid="site-data-range">
                      {`${formatDateTime(range.startTime)} ~ ${formatDateTime(range.endTime)}`}
                    </span>
                  ) : (
                    none
                  ),
                },
                {
                  key: 'channels',
                  label: t('ingestion.site.channelCount'),
                  children: range ? range.channelCount : none,
                },
                {
                  key: 'versions',
                  label: t('ingestion.site.versions'),
                  children:
                    versions.length > 0
                      ? versions.map((version) => version.name).join(t('ingestion.site.listSeparator'))
                      : none,
                },
              ]}
            />
            <Space wrap>
              <Typography.Text>{t('ingestion.site.parseRule')}</Typography.Text>
              <Select
                allowClear
                style={{ width: 240 }}
                aria-label={t('ingestion.site.parseRule')}
                placeholder={t('ingestion.site.parseRuleAuto')}
                value={shownRuleId ?? undefined}
                options={ruleOptions.map((option) => ({ value: option.id, label: option.name }))}
                onChange={(value?: number) => setRuleId(value ?? null)}
                showSearch={{ optionFilterProp: 'label' }}
              />
              <PermissionButton
                feature="station.edit"
                icon={<SaveOutlined />}
                disabled={ruleId === undefined}
                loading={updateRule.isPending}
                onClick={() => void saveRule()}
              >
                {t('ingestion.site.saveRule')}
              </PermissionButton>
              <PermissionButton
                feature="data.import"
                icon={<CloudDownloadOutlined />}
                loading={manualPull.isPending}
                onClick={() => void pull()}
              >
                {t('ingestion.site.manualPull')}
              </PermissionButton>
            </Space>
            <Typography.Text type="secondary">{t('ingestion.site.parseRuleHint')}</Typography.Text>
          </Flex>
        </Col>
      </Row>
      <UploadPreviewModal stationId={stationId} files={files} onClose={() => setFiles([])} />
    </Card>
  );
}
