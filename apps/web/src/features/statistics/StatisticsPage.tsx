import type { TStatisticsRequestInput } from '@masthub/shared';
import { Alert, Empty, Flex, Form, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readUtcCode } from '../../request/request.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { useStationId } from '../../ui/use-station-id.ts';
import {
  AnalysisBasisNote,
  AnalysisOutcome,
  useAnalysisExport,
  useStatisticsVersions,
} from '../analysis-form/index.ts';
import { DataReportsDrawer } from '../reports/index.ts';
import { exportStatistics, useStatisticsAnalysis, useStatisticsChannels } from './api.ts';
import { LongTermVersionNote } from './LongTermVersionNote.tsx';
import { type FilterValues, StatisticsFilterForm, toFilters } from './StatisticsFilterForm.tsx';
import { type Choices, StatisticsTabs } from './StatisticsTabs.tsx';
import {
  groupChannelOptions,
  hasMixedIntervals,
  type StatisticsFilters,
  type TabKey,
  toStatisticsRequest,
} from './statistics.utils.ts';

/**
 * Statistics analysis of a site (SPEC §2 /StationDetail/StasticAnalysis): pick a version, channels, a
 * period and options, run, and read the 11 tabs (table + chart each); export the tables to xlsx.
 */
export function StatisticsPage() {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const stationId = useStationId();
  const [form] = Form.useForm<FilterValues>();
  const versionId = Form.useWatch('versionId', form);
  const chosenChannels = Form.useWatch('channelIds', form) ?? [];
  const { data: versions, isPending: isVersionsPending } = useStatisticsVersions(stationId);
  const { data: channels } = useStatisticsChannels(versionId);
  const [filters, setFilters] = useState<StatisticsFilters>();
  const [choices, setChoices] = useState<Choices>({});
  const [activeTab, setActiveTab] = useState<TabKey>('summary');
  const [isReportsOpen, setReportsOpen] = useState(false);

  const request: TStatisticsRequestInput | undefined = useMemo(
    () => (filters ? toStatisticsRequest(filters, readUtcCode(), choices) : undefined),
    [filters, choices],
  );
  const analysis = useStatisticsAnalysis(request);
  const { isExporting, runExport } = useAnalysisExport(request, exportStatistics, 'statistics');

  // The original version (listed first) is chosen when the page opens.
  useEffect(() => {
    if (versionId === undefined && versions && versions.length > 0)
      form.setFieldValue('versionId', versions[0]!.id);
  }, [versions, versionId, form]);

  const version = versions?.find((v) => v.id === versionId);
  const channelOptions = useMemo(
    () =>
      groupChannelOptions(channels ?? [], {
        element: (code) => t(`statistics.elements.${code}`),
        statistic: (code) => t(`statistics.statisticNames.${code}`, { defaultValue: code }),
      }),
    [channels, t],
  );
  const isMixed = hasMixedIntervals(channels ?? [], chosenChannels);

  const run = async () => {
    const next = toFilters(await form.validateFields());
    // The same request again (e.g. after new data arrived or a failure) recomputes instead of reading the cache.
    if (request && JSON.stringify(toStatisticsRequest(next, readUtcCode())) === JSON.stringify(request)) {
      void analysis.refetch();
      return;
    }
    setChoices({});
    setFilters(next);
  };

  if (stationId === undefined) return null;
  if (!isVersionsPending && (versions ?? []).length === 0) {
    return <Empty description={t('statistics.noVersions')} />;
  }

  return (
    <Flex vertical gap={16} data-testid="statistics-page">
      <DataReportsDrawer
        open={isReportsOpen}
        stationId={stationId}
        versionId={versionId}
        onClose={() => setReportsOpen(false)}
      />
      <StatisticsFilterForm
        form={form}
        versions={versions}
        isVersionsPending={isVersionsPending}
        channelOptions={channelOptions}
        isRunning={analysis.isFetching}
        isMixed={isMixed}
        canExport={analysis.data !== undefined}
        isExporting={isExporting}
        onRun={() => void run()}
        onExport={() => void runExport()}
        onOpenReports={() => setReportsOpen(true)}
      />
      <LongTermVersionNote versionId={versionId} />
      {version && (
        <Typography.Text type="secondary">
          {t('statistics.filters.versionRange', {
            start: formatDateTime(version.startTime) || '—',
            end: formatDateTime(version.endTime) || '—',
          })}
        </Typography.Text>
      )}
      {isMixed && <Alert type="warning" showIcon title={t('statistics.filters.mixedIntervals')} />}
      <AnalysisOutcome area="statistics" isRequested={request !== undefined} query={analysis}>
        {(result) => (
          <>
            <AnalysisBasisNote basis={result.basis} versionName={result.versionName} />
            <StatisticsTabs
              result={result}
              activeTab={activeTab}
              onTabChange={setActiveTab}
              onChoices={setChoices}
            />
          </>
        )}
      </AnalysisOutcome>
    </Flex>
  );
}
