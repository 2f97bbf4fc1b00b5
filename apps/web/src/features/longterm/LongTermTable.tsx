import type { TMcpCompareResult, TMcpRow } from '@masthub/shared';
import { type TableColumnsType, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { readUtcCode } from '../../request/request.ts';
import { PermissionButton } from '../../ui/PermissionButton.tsx';
import { WholeTable } from '../../ui/table/WholeTable.tsx';
import {
  formatNumber,
  formatPercent,
  formatSpeed,
  periodLabel,
  rowKey,
  sectorsLabel,
} from './longterm.format.ts';

/** The long-term means columns: one group per long-term period, average year and plain mean. */
function longTermColumns(result: TMcpCompareResult, t: TFunction): TableColumnsType<TMcpRow> {
  const utcCode = readUtcCode();
  const periods = result.rows[0]?.longTerm ?? [];
  return periods.map((p, i) => ({
    key: `lt${i}`,
    title: periodLabel(p, t('longterm.wholeReference'), utcCode),
    children: [
      {
        key: `lt${i}-year`,
        title: t('longterm.table.averageYear'),
        width: 100,
        render: (_: unknown, r: TMcpRow) => formatSpeed(r.longTerm[i]?.averageYearMps),
      },
      {
        key: `lt${i}-plain`,
        title: t('longterm.table.plain'),
        width: 100,
        render: (_: unknown, r: TMcpRow) => formatSpeed(r.longTerm[i]?.meanMps),
      },
    ],
  }));
}

/** The lines of a by-sector row, one per reference-direction sector. */
function SectorLinesTable({ lines }: { lines: TMcpRow['sectorLines'] }) {
  const { t } = useTranslation();
  return (
    <WholeTable<TMcpRow['sectorLines'][number]>
      rowKey="label"
      dataSource={lines}
      columns={[
        { key: 'label', title: t('longterm.table.sector'), dataIndex: 'label', width: 120 },
        { key: 'count', title: 'n', dataIndex: 'count', width: 80 },
        {
          key: 'slope',
          title: t('longterm.table.slope'),
          dataIndex: 'slope',
          render: (v: number | null) => formatNumber(v, 4),
        },
        {
          key: 'offset',
          title: t('longterm.table.offset'),
          dataIndex: 'offset',
          render: (v: number | null) => formatSpeed(v),
        },
        {
          key: 'directionOffsetDeg',
          title: t('longterm.table.directionOffset'),
          dataIndex: 'directionOffsetDeg',
          render: (v: number) => formatNumber(v, 1),
        },
        {
          key: 'isMerged',
          dataIndex: 'isMerged',
          render: (merged: boolean) =>
            merged ? <Tag color="orange">{t('longterm.table.merged')}</Tag> : null,
        },
      ]}
    />
  );
}

/** Every method overall and by sector: fit, long-term means, cross-validated error and uncertainty. */
export function LongTermTable({
  result,
  onGenerate,
}: {
  result: TMcpCompareResult;
  onGenerate: (row: TMcpRow) => void;
}) {
  const { t } = useTranslation();
  const percent = (key: keyof TMcpRow, title: string) => ({
    key,
    title,
    dataIndex: key,
    width: 90,
    render: (v: number | null) => formatPercent(v),
  });
  const columns: TableColumnsType<TMcpRow> = [
    {
      key: 'method',
      title: t('longterm.table.method'),
      dataIndex: 'methodName',
      fixed: 'start',
      width: 190,
      render: (name: string, r) => (
        <>
          {name}{' '}
          {r.isRecommended && (
            <Tooltip title={result.recommendation?.reason}>
              <Tag color="green" data-testid="lt-recommended">
                {t('longterm.table.recommended')}
              </Tag>
            </Tooltip>
          )}
        </>
      ),
    },
    {
      key: 'sectors',
      title: t('longterm.table.sectors'),
      dataIndex: 'sectors',
      width: 70,
      render: (v: number) => sectorsLabel(v, t('longterm.table.overall')),
    },
    { key: 'count', title: 'n', dataIndex: 'count', width: 70 },
    {
      key: 'slope',
      title: t('longterm.table.slope'),
      dataIndex: 'slope',
      width: 80,
      render: (v: number | null) => formatNumber(v, 4),
    },
    {
      key: 'offset',
      title: t('longterm.table.offset'),
      dataIndex: 'offset',
      width: 80,
      render: (v: number | null) => formatSpeed(v),
    },
    {
      key: 'rSquared',
      title: t('longterm.table.rSquared'),
      dataIndex: 'rSquared',
      width: 70,
      render: (v: number | null) => formatNumber(v, 3),
    },
    ...longTermColumns(result, t),
    percent('cvBias', t('longterm.table.cvBias')),
    percent('cvRmse', t('longterm.table.cvRmse')),
    percent('uMcp', t('longterm.table.uMcp')),
    percent('uLt', t('longterm.table.uLt')),
    percent('uTotal', t('longterm.table.uTotal')),
    {
      key: 'actions',
      title: t('longterm.table.actions'),
      fixed: 'end',
      width: 150,
      render: (_, r) => (
        <PermissionButton
          feature="data.process"
          type="link"
          size="small"
          onClick={() => onGenerate(r)}
          data-testid="lt-generate-open"
        >
          {t('longterm.generate.open')}
        </PermissionButton>
      ),
    },
  ];
  return (
    <WholeTable<TMcpRow>
      bordered
      rowKey={rowKey}
      dataSource={result.rows}
      columns={columns}
      scroll={{ x: 'max-content' }}
      expandable={{
        rowExpandable: (r) => r.sectorLines.length > 0,
        expandedRowRender: (r) => <SectorLinesTable lines={r.sectorLines} />,
      }}
      data-testid="lt-methods"
    />
  );
}
