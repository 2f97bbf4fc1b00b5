import type { TLidarVerifyRequestInput } from '@masthub/shared';
import { Button, Card, Col, Empty, Flex, Form, InputNumber, Radio, Row, Select, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useStationId } from '../../ui/use-station-id.ts';
import {
  AnalysisOutcome,
  useAnalysisExport,
  useStatisticsVersions,
  versionOptions,
} from '../analysis-form/index.ts';
import { exportLidarVerify, useLidarCandidates, useLidarSites, useLidarVerify } from './api.ts';
import { LidarPairsTable } from './LidarPairsTable.tsx';
import { LidarResultView } from './LidarResultView.tsx';
import { pairsOf, rowsOf, type TPairRow } from './lidar.pairs.ts';

interface FormValues {
  /** Whether this site is the lidar (the other the mast) or the mast. */
  role: 'lidar' | 'mast';
  versionId: number;
  otherStationId: number;
  otherVersionId: number;
  minReferenceSpeed: number;
}

/**
 * Lidar versus mast of a site (issue 31, /StationDetail/LidarVsMast): this site's version against another
 * site's (or its own, when one site carries both devices), height pairs proposed by channel height and
 * editable, the KPI table with ✓/✗ per height against the Carbon Trust OWA roadmap criteria with their
 * source, a speed and a direction scatter per height with the fitted lines, and the workbook.
 */
export function LidarVsMastPage() {
  const { t } = useTranslation();
  const stationId = useStationId();
  const [params] = useSearchParams();
  const [form] = Form.useForm<FormValues>();
  const role = Form.useWatch('role', form);
  const versionId = Form.useWatch('versionId', form);
  const otherStationId = Form.useWatch('otherStationId', form);
  const otherVersionId = Form.useWatch('otherVersionId', form);
  const { data: versions, isPending: isVersionsPending } = useStatisticsVersions(stationId);
  const { data: sites } = useLidarSites();
  const otherVersions = useMemo(
    () => sites?.find((s) => s.stationId === otherStationId)?.versions,
    [sites, otherStationId],
  );
  const lidarVersionId = role === 'mast' ? otherVersionId : versionId;
  const mastVersionId = role === 'mast' ? versionId : otherVersionId;
  const candidates = useLidarCandidates(lidarVersionId, mastVersionId);
  const [rows, setRows] = useState<TPairRow[]>([]);
  const [request, setRequest] = useState<TLidarVerifyRequestInput>();
  const verify = useLidarVerify(request);
  const { isExporting, runExport } = useAnalysisExport(request, exportLidarVerify, 'lidar-verify');

  // This site's first version; the other site from `?otherStationId=`, else this site itself.
  useEffect(() => {
    if (!versions?.[0] || !sites || form.getFieldValue('versionId') !== undefined) return;
    const wanted = Number(params.get('otherStationId'));
    const other = sites.find((s) => s.stationId === wanted) ?? sites.find((s) => s.stationId === stationId);
    form.setFieldsValue({ versionId: versions[0].id, otherStationId: other?.stationId });
  }, [versions, sites, params, stationId, form]);

  // The other site's first version whenever the other site changes.
  useEffect(() => {
    const current = form.getFieldValue('otherVersionId');
    if (!otherVersions || otherVersions.some((v) => v.id === current)) return;
    form.setFieldsValue({ otherVersionId: otherVersions[0]?.id });
  }, [otherVersions, form]);

  // The proposed pairs whenever the two versions change.
  useEffect(() => {
    if (candidates.data) setRows(rowsOf(candidates.data));
  }, [candidates.data]);

  const run = async () => {
    const values = await form.validateFields();
    if (lidarVersionId === undefined || mastVersionId === undefined) return;
    const next: TLidarVerifyRequestInput = {
      lidarVersionId,
      mastVersionId,
      pairs: pairsOf(rows),
      minReferenceSpeed: values.minReferenceSpeed,
    };
    if (JSON.stringify(next) === JSON.stringify(request)) {
      void verify.refetch();
      return;
    }
    setRequest(next);
  };

  if (stationId === undefined) return null;
  if (!isVersionsPending && (versions ?? []).length === 0) {
    return <Empty description={t('lidar-verify.noVersions')} />;
  }
  return (
    <Flex vertical gap={16} data-testid="lidar-page">
      <Card size="small">
        <Form
          form={form}
          name="lidarForm"
          layout="vertical"
          initialValues={{ role: 'lidar', minReferenceSpeed: 2 }}
        >
          <Row gutter={16}>
            <Col span={5}>
              <Form.Item name="role" label={t('lidar-verify.form.role')}>
                <Radio.Group
                  optionType="button"
                  options={[
                    { value: 'lidar', label: t('lidar-verify.form.roleLidar') },
                    { value: 'mast', label: t('lidar-verify.form.roleMast') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col span={5}>
              <Form.Item name="versionId" label={t('lidar-verify.form.version')} rules={[{ required: true }]}>
                <Select options={versionOptions(versions, t)} data-testid="lidar-version" />
              </Form.Item>
            </Col>
            <Col span={5}>
              <Form.Item
                name="otherStationId"
                label={t('lidar-verify.form.otherSite')}
                rules={[{ required: true, message: t('lidar-verify.form.otherSiteRequired') }]}
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  data-testid="lidar-other-site"
                  options={(sites ?? []).map((s) => ({
                    value: s.stationId,
                    label: `${s.name} (${s.stationCode})`,
                  }))}
                  onChange={() => form.setFieldsValue({ otherVersionId: undefined as never })}
                />
              </Form.Item>
            </Col>
            <Col span={5}>
              <Form.Item
                name="otherVersionId"
                label={t('lidar-verify.form.otherVersion')}
                rules={[{ required: true, message: t('lidar-verify.form.otherVersionRequired') }]}
              >
                <Select options={versionOptions(otherVersions, t)} data-testid="lidar-other-version" />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item
                name="minReferenceSpeed"
                label={t('lidar-verify.form.minReferenceSpeed')}
                tooltip={t('lidar-verify.form.minReferenceSpeedHelp')}
              >
                <InputNumber min={0} max={20} step={0.5} suffix="m/s" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        <Spin spinning={candidates.isFetching}>
          <LidarPairsTable candidates={candidates.data} rows={rows} onChange={setRows} />
        </Spin>
        <Flex gap={8} style={{ marginTop: 12 }}>
          <Button
            type="primary"
            data-testid="lidar-run"
            loading={verify.isFetching}
            disabled={pairsOf(rows).length === 0}
            onClick={() => void run()}
          >
            {t('lidar-verify.run')}
          </Button>
          <Button
            data-testid="lidar-export"
            disabled={verify.data === undefined}
            loading={isExporting}
            onClick={() => void runExport()}
          >
            {t('lidar-verify.export')}
          </Button>
        </Flex>
      </Card>
      <AnalysisOutcome area="lidar-verify" isRequested={request !== undefined} query={verify}>
        {(result) => <LidarResultView result={result} />}
      </AnalysisOutcome>
    </Flex>
  );
}
