import { DeleteOutlined, EditOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import {
  MCP_CANDIDATE_RADIUS_KM,
  type TMcpCandidate,
  type TMcpCandidatesResult,
  type TReferenceSeries,
} from '@masthub/shared';
import { Alert, Button, type FormInstance, InputNumber, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { showFieldErrors } from '../../ui/list/field-errors.ts';
import { PermissionButton } from '../../ui/PermissionButton.tsx';
import { WholeTable } from '../../ui/table/WholeTable.tsx';
import { useFormatDate } from '../../ui/use-date-time.ts';
import { useDeleteReference, useLongTermCandidates, useReferenceSeries } from './api.ts';
import { candidateToValues, type LongTermValues } from './longterm.request.ts';
import { ReferenceEditModal, ReferenceUploadModal } from './ReferenceModals.tsx';

const fixed = (v: number | null, digits: number) => (v === null ? '–' : v.toFixed(digits));

/**
 * Candidate references of the chosen target (issue 28): every reference series and site the user may see
 * within the radius, and the site's mesoscale datasets, ranked by concurrent r, months and CV RMSE; "use"
 * fills the reference fields, "compare" also runs the comparison.
 */
export function LongTermCandidates({
  form,
  onCompare,
}: {
  form: FormInstance<LongTermValues>;
  onCompare: () => void;
}) {
  const { t } = useTranslation();
  const [radiusKm, setRadiusKm] = useState<number | null>(MCP_CANDIDATE_RADIUS_KM);
  const rank = useLongTermCandidates();
  const [result, setResult] = useState<TMcpCandidatesResult>();
  const run = async () => {
    const values = await form.validateFields(['versionId', 'speedChannelId']).catch(() => undefined);
    if (!values) return;
    const { versionId, speedChannelId, directionChannelId } = form.getFieldsValue();
    try {
      setResult(
        await rank.mutateAsync({
          versionId: versionId!,
          speedChannelId: speedChannelId!,
          ...(directionChannelId ? { directionChannelId } : {}),
          radiusKm: radiusKm ?? MCP_CANDIDATE_RADIUS_KM,
          coverage: form.getFieldValue('coverage') ?? 0.9,
          includeSuspicious: form.getFieldValue('includeSuspicious') ?? false,
          includeFilled: true,
        }),
      );
    } catch (error) {
      showFieldErrors(form, error);
    }
  };
  const use = (candidate: TMcpCandidate) => form.setFieldsValue(candidateToValues(candidate));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="lt-candidates">
      <Space wrap>
        <Typography.Text>{t('longterm.candidates.radius')}</Typography.Text>
        <InputNumber min={1} max={1000} value={radiusKm} onChange={setRadiusKm} suffix="km" />
        <Button
          icon={<SearchOutlined />}
          loading={rank.isPending}
          onClick={() => void run()}
          data-testid="lt-candidates-run"
        >
          {t('longterm.candidates.run')}
        </Button>
      </Space>
      {result && <Alert type="info" showIcon title={result.summary} />}
      {result && (
        <WholeTable<TMcpCandidate>
          rowKey={(c) => `${c.kind}-${JSON.stringify(c.reference)}-${c.stationId}`}
          dataSource={result.candidates}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('longterm.candidates.kind'), dataIndex: 'kindName' },
            { title: t('longterm.candidates.name'), dataIndex: 'name' },
            {
              title: t('longterm.candidates.distance'),
              dataIndex: 'distanceKm',
              render: (v: number) => v.toFixed(1),
            },
            {
              title: t('longterm.candidates.height'),
              dataIndex: 'heightM',
              render: (v: number | null) => v ?? '–',
            },
            { title: t('longterm.candidates.months'), dataIndex: 'concurrentMonths' },
            {
              title: t('longterm.candidates.rHourly'),
              dataIndex: 'rHourly',
              render: (v: number | null) => fixed(v, 3),
            },
            {
              title: t('longterm.candidates.rDaily'),
              dataIndex: 'rDaily',
              render: (v: number | null) => fixed(v, 3),
            },
            {
              title: t('longterm.candidates.cvRmse'),
              dataIndex: 'cvRmse',
              render: (v: number | null) => (v === null ? '–' : `${(v * 100).toFixed(2)} %`),
            },
            { title: t('longterm.candidates.note'), dataIndex: 'note' },
            {
              title: t('longterm.table.actions'),
              key: 'actions',
              render: (_, c) =>
                c.note === '' && (
                  <Space size={4}>
                    <Button size="small" type="link" onClick={() => use(c)} data-testid="lt-candidate-use">
                      {t('longterm.candidates.use')}
                    </Button>
                    <Button
                      size="small"
                      type="link"
                      onClick={() => {
                        use(c);
                        onCompare();
                      }}
                      data-testid="lt-candidate-compare"
                    >
                      {t('longterm.candidates.compare')}
                    </Button>
                  </Space>
                ),
            },
          ]}
        />
      )}
    </Space>
  );
}

/** The reference series the user may see, nearest to the site first: upload, edit, delete. */
export function LongTermReferences({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { data, isLoading } = useReferenceSeries(stationId);
  const remove = useDeleteReference();
  const [isUploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<TReferenceSeries>();
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="lt-references">
      <PermissionButton
        feature="data.process"
        icon={<UploadOutlined />}
        onClick={() => setUploading(true)}
        data-testid="lt-ref-upload"
      >
        {t('longterm.refs.upload')}
      </PermissionButton>
      <WholeTable<TReferenceSeries>
        rowKey="id"
        loading={isLoading}
        dataSource={data?.records ?? []}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('longterm.refs.name'), dataIndex: 'name' },
          { title: t('longterm.refs.source'), dataIndex: 'sourceName' },
          { title: t('longterm.refs.site'), dataIndex: 'stationName' },
          {
            title: t('longterm.candidates.distance'),
            dataIndex: 'distanceKm',
            render: (v: number | null) => (v === null ? '–' : v.toFixed(1)),
          },
          { title: t('longterm.refs.height'), dataIndex: 'heightM' },
          {
            title: t('longterm.refs.span'),
            key: 'span',
            render: (_, r) => `${formatDate(r.firstTime) || '–'} ~ ${formatDate(r.lastTime) || '–'}`,
          },
          { title: t('longterm.refs.interval'), dataIndex: 'intervalMinutes' },
          {
            title: t('longterm.table.actions'),
            key: 'actions',
            render: (_, r) => (
              <Space size={4}>
                <PermissionButton
                  feature="data.process"
                  size="small"
                  type="link"
                  icon={<EditOutlined />}
                  onClick={() => setEditing(r)}
                  data-testid="lt-ref-edit"
                />
                <Popconfirm
                  title={t('longterm.refs.confirmDelete', { name: r.name })}
                  onConfirm={() =>
                    remove.mutateAsync(r.id).then(() => feedback.success(t('longterm.refs.deleted')))
                  }
                >
                  <PermissionButton
                    feature="data.process"
                    size="small"
                    type="link"
                    danger
                    icon={<DeleteOutlined />}
                    data-testid="lt-ref-delete"
                  />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <ReferenceUploadModal
        stationId={stationId}
        point={undefined}
        open={isUploading}
        onClose={() => setUploading(false)}
      />
      <ReferenceEditModal reference={editing} onClose={() => setEditing(undefined)} />
    </Space>
  );
}
