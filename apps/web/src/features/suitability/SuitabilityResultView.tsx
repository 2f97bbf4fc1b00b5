import type { TSuitabilityResult } from '@masthub/shared';
import { Alert, Card, Flex, Table, Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCardGrid } from '../../ui/charts/ChartCardGrid.tsx';
import { formatFixed } from '../../ui/format-number.ts';
import { PASS_MARK_COLOURS, PassMark } from '../../ui/PassMark.tsx';
import { type FitColumn, fitColumns } from '../../ui/table/fit-columns.ts';
import { useElementWidth } from '../../ui/table/use-element-width.ts';
import { WholeTable } from '../../ui/table/WholeTable.tsx';
import { useFormatDateRange } from '../../ui/use-date-time.ts';
import { AnalysisBasisNote } from '../analysis-form/index.ts';
import { ColdClimateSection } from './ColdClimateSection.tsx';
import { DecidingRecordAlert, MaximaTable } from './SuitabilityExtremes.tsx';
import {
  buildExtremeOption,
  buildSectorOption,
  buildTiOption,
  classTableRows,
  passMark,
} from './suitability.charts.ts';

const fmt = (v: number | null | undefined, digits = 2) => formatFixed(v, digits);

/** A class column: room for a limit such as "1.225" or a mark, and its title such as "III A+". */
const CLASS_COLUMN_PX = 60;

/** The result: the verdict, the class table with ✓/✗, the extreme estimates, the four charts, the notes. */
export function SuitabilityResultView({ result }: { result: TSuitabilityResult }) {
  const { t } = useTranslation();
  const formatDateRange = useFormatDateRange();
  // The analysed period [start, end) as dates in the reader's zone (not the UTC stamps' first ten characters).
  const period = formatDateRange(result.startTime, result.endTime);
  const rows = useMemo(() => classTableRows(result), [result]);
  const charts = useMemo(
    () => [
      {
        title: t('suitability.chart.ti'),
        testId: 'suit-chart-ti',
        height: 340,
        option: buildTiOption(result, {
          judged: t('suitability.chart.judged'),
          notJudged: t('suitability.chart.notJudged'),
          ntm: (category) => t('suitability.chart.ntm', { category }),
          speed: t('suitability.chart.speed'),
        }),
      },
      {
        title: t('suitability.chart.extreme'),
        testId: 'suit-chart-extreme',
        height: 340,
        option: buildExtremeOption(result, {
          reducedVariate: t('suitability.chart.reducedVariate'),
          fiftyYears: t('suitability.chart.fiftyYears'),
        }),
      },
      {
        title: t('suitability.chart.sectors'),
        testId: 'suit-chart-sectors',
        height: 300,
        option: buildSectorOption(result, {
          alpha: t('suitability.chart.alpha'),
          inflow: t('suitability.chart.inflow'),
        }),
      },
    ],
    [result, t],
  );
  // The twelve class columns fit the card at 1366 px beside the check, its value and records (issue 41 §4):
  // the verdict is in the class III columns, which must not need sideways scrolling.
  const [classTableBox, classTableWidth] = useElementWidth();
  const classColumns: FitColumn<(typeof rows)[number]>[] = [
    {
      title: t('suitability.table.check'),
      dataIndex: 'name',
      fixed: 'left',
      width: 170,
      render: (name: string, r) => (
        <Tooltip title={r.methodName}>
          {name}
          {r.isFlagged && (
            <Tag color="orange" style={{ marginLeft: 4 }}>
              {t('suitability.table.flagged')}
            </Tag>
          )}
        </Tooltip>
      ),
    },
    {
      title: t('suitability.table.value'),
      width: 110,
      render: (_, r) => `${fmt(r.value, r.key === 'turbulence' ? 4 : 2)} ${r.unit}`.trim(),
    },
    { title: t('suitability.table.records'), dataIndex: 'records', width: 80 },
    ...result.classKeys.map((key) => ({
      // "III A+" stays on one line.
      title: key.replace(' ', '\u00a0'),
      width: CLASS_COLUMN_PX,
      align: 'center' as const,
      ellipsis: false,
      render: (_: unknown, r: (typeof rows)[number]) => {
        const cell = r.cells[key]!;
        return cell.mark ? (
          <Tooltip title={t('suitability.table.limit', { limit: fmt(cell.limit, 3) })}>
            <span style={{ color: PASS_MARK_COLOURS[cell.mark], fontWeight: 600 }}>{cell.mark}</span>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{fmt(cell.limit, 3)}</Typography.Text>
        );
      },
    })),
  ];
  const classTable = fitColumns(classColumns, classTableWidth);
  const suitable = result.siteClass.windClass !== null && result.siteClass.windClass !== 'S';
  const lt = result.longTermVersion;
  return (
    <Flex vertical gap={16} data-testid="suit-result">
      <Alert
        type={
          result.siteClass.windClass === null
            ? 'warning'
            : suitable && result.siteClass.category !== 'S'
              ? 'success'
              : 'error'
        }
        showIcon
        data-testid="suit-verdict"
        title={
          result.siteClass.windClass === null
            ? t('suitability.verdict.notJudged')
            : t('suitability.verdict.class', {
                windClass: result.siteClass.windClass,
                category: result.siteClass.category ?? '—',
              })
        }
        description={result.verdictText}
      />
      <DecidingRecordAlert result={result} />
      <Typography.Text type="secondary">
        {t('suitability.setup', {
          version: result.versionName,
          channel: result.speedChannel.name,
          hub: result.hubHeight,
          start: period.start,
          end: period.end,
        })}
        {lt &&
          ` ${t('suitability.longTermBasis', { name: lt.name, mean: fmt(lt.meanSpeedMps), maxima: lt.annualMaxima })}`}
      </Typography.Text>
      <AnalysisBasisNote basis={result.basis} versionName={result.versionName} />
      <div ref={classTableBox}>
        <WholeTable
          rowKey="key"
          data-testid="suit-table"
          dataSource={rows}
          {...classTable.tableProps}
          columns={classTable.columns}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={3}>
                <b>{t('suitability.table.verdict')}</b>
              </Table.Summary.Cell>
              {result.verdicts.map((v, k) => (
                <Table.Summary.Cell key={v.key} index={3 + k} align="center">
                  <PassMark mark={passMark(v.isSuitable)} fontWeight={700} />
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          )}
        />
      </div>
      {result.coldClimate && <ColdClimateSection cold={result.coldClimate} />}
      <Card size="small" title={t('suitability.extremes')}>
        <WholeTable
          rowKey="method"
          data-testid="suit-extremes"
          dataSource={result.extremes.estimates}
          columns={[
            {
              title: t('suitability.table.method'),
              dataIndex: 'name',
              render: (name: string, e) => (
                <>
                  {name} {e.isChosen && <Tag color="blue">{t('suitability.chosen')}</Tag>}
                </>
              ),
            },
            { title: 'V50 (m/s)', dataIndex: 'valueMps', width: 110, render: (v: number | null) => fmt(v) },
            { title: t('suitability.table.records'), dataIndex: 'records', width: 90 },
            {
              title: t('suitability.table.assumptions'),
              render: (_, e) =>
                e.reason ? <Typography.Text type="warning">{e.reason.text}</Typography.Text> : e.description,
            },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('suitability.gust', {
            method: result.extremes.gust.methodName,
            value: fmt(result.extremes.gust.valueMps),
            fromV50: fmt(result.extremes.gust.fromV50Mps),
          })}
        </Typography.Paragraph>
        <MaximaTable result={result} />
      </Card>
      <ChartCardGrid charts={charts} />
      {result.notes.length > 0 && (
        <Alert
          type="info"
          data-testid="suit-notes"
          title={t('suitability.notes')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {result.notes.map((n) => (
                <li key={`${n.key}-${n.text}`}>{n.text}</li>
              ))}
            </ul>
          }
        />
      )}
    </Flex>
  );
}
