import type { TReconstructPreview, TReconstructStep, TReconstructTargetResult } from '@masthub/shared';
import { Alert, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const PREFIX = 'measure-wind.reconstruct';

const fixed = (value: number | null | undefined, digits: number) =>
  value === null || value === undefined ? '–' : value.toFixed(digits);

/** The sources of one target, best rank first: kind, method, skill (r, RMSE, bias) and what each filled. */
function SourcesTable({ target }: { target: TReconstructTargetResult }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<TReconstructStep> = [
    { key: 'rank', title: t(`${PREFIX}.rank`), width: 60, render: (_, s) => s.rank + 1 },
    { key: 'source', dataIndex: 'sourceName', title: t(`${PREFIX}.source`) },
    {
      key: 'kind',
      title: t(`${PREFIX}.kind`),
      width: 120,
      render: (_, s) => <Tag>{t(`${PREFIX}.kinds.${s.kind}`)}</Tag>,
    },
    {
      key: 'method',
      title: t(`${PREFIX}.methodCol`),
      width: 110,
      render: (_, s) => t(`${PREFIX}.methods.${s.method}`, { defaultValue: s.method }),
    },
    { key: 'r', title: t(`${PREFIX}.r`), width: 70, align: 'right', render: (_, s) => fixed(s.skill.r, 3) },
    {
      key: 'rmse',
      title: t(`${PREFIX}.rmse`),
      width: 90,
      align: 'right',
      render: (_, s) => fixed(s.skill.rmse, 3),
    },
    {
      key: 'bias',
      title: t(`${PREFIX}.bias`),
      width: 80,
      align: 'right',
      render: (_, s) => fixed(s.skill.bias, 3),
    },
    { key: 'filled', dataIndex: 'filledCount', title: t(`${PREFIX}.filledCount`), width: 80, align: 'right' },
  ];
  return (
    <Flex vertical gap={4}>
      <Table<TReconstructStep>
        size="small"
        rowKey="sourceId"
        pagination={false}
        columns={columns}
        dataSource={target.steps}
        data-testid="mw-reconstruct-sources"
      />
      {target.rejected.length > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(`${PREFIX}.rejected`, {
            list: target.rejected
              .map((r) => `${r.sourceName} (${r.reason})`)
              .join(t('measure-wind.listSeparator')),
          })}
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * The preview of a reconstruction: per target its gaps by length class, what would be filled, the
 * recovery before → after and the cross-validated error; the sources of each target below it.
 */
export function ReconstructPreviewView({
  preview,
}: {
  preview: (TReconstructPreview & { failure: string | null }) | null;
}) {
  const { t } = useTranslation();
  if (!preview) {
    return (
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t(`${PREFIX}.previewEmpty`)}
      </Typography.Paragraph>
    );
  }
  const columns: TableColumnsType<TReconstructTargetResult> = [
    { key: 'channel', dataIndex: 'channelName', title: t(`${PREFIX}.channel`), width: 150 },
    {
      key: 'gaps',
      title: t(`${PREFIX}.gaps`),
      render: (_, target) => (
        <Flex vertical>
          <span>{t(`${PREFIX}.gapsValue`, { count: target.gaps.count, slots: target.gaps.slots })}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {target.gaps.byLength
              .filter((g) => g.count > 0)
              .map((g) => t(`${PREFIX}.gapClass`, { hours: g.maxHours, count: g.count }))
              .join(t('measure-wind.listSeparator'))}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'filled',
      title: t(`${PREFIX}.filled`),
      width: 90,
      align: 'right',
      render: (_, target) => target.filledCount,
    },
    {
      key: 'recovery',
      title: t(`${PREFIX}.recovery`),
      width: 150,
      render: (_, target) => (
        <span data-testid="mw-reconstruct-recovery">
          {t(`${PREFIX}.recoveryValue`, {
            before: target.recovery.beforePct.toFixed(2),
            after: target.recovery.afterPct.toFixed(2),
          })}
        </span>
      ),
    },
    {
      key: 'cv',
      title: t(`${PREFIX}.cvError`),
      width: 240,
      render: (_, target) => {
        if (target.note) return <Typography.Text type="warning">{target.note}</Typography.Text>;
        const cv = target.crossValidation;
        return cv
          ? t(`${PREFIX}.cvValue`, {
              bias: fixed(cv.bias, 3),
              rmse: fixed(cv.rmse, 3),
              mean: fixed(cv.annualMeanErrorPct, 2),
              u: fixed(cv.annualMeanUncertaintyPct, 2),
            })
          : t(`${PREFIX}.noCv`);
      },
    },
  ];
  const names = preview.neighbours.map((n) => `${n.name} (${n.distanceKm} km)`);
  return (
    <Flex vertical gap={8} style={{ marginTop: 12 }} data-testid="mw-reconstruct-result">
      <Typography.Text strong>{t(`${PREFIX}.previewTitle`)}</Typography.Text>
      {preview.failure && <Alert type="warning" showIcon title={preview.failure} />}
      <Typography.Text type="secondary">
        {names.length > 0
          ? t(`${PREFIX}.neighbours`, {
              count: names.length,
              radius: preview.radiusKm,
              names: names.join(t('measure-wind.listSeparator')),
            })
          : t(`${PREFIX}.noNeighbours`, { radius: preview.radiusKm })}
      </Typography.Text>
      <Table<TReconstructTargetResult>
        size="small"
        rowKey="channelId"
        pagination={false}
        columns={columns}
        dataSource={preview.targets}
        expandable={{
          defaultExpandAllRows: true,
          rowExpandable: (target) => target.steps.length + target.rejected.length > 0,
          expandedRowRender: (target) => <SourcesTable target={target} />,
        }}
      />
      <Typography.Text data-testid="mw-reconstruct-total">
        {t(`${PREFIX}.total`, { count: preview.filledCount, u: preview.uncertaintyPct.toFixed(2) })}
      </Typography.Text>
    </Flex>
  );
}
