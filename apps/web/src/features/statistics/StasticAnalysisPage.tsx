import { DownloadOutlined, FileTextOutlined, LineChartOutlined } from '@ant-design/icons';
import type { TStatisticsRequestInput, TStatisticsResult, TWeibullMethod } from '@masthub/shared';
import { WEIBULL_METHODS } from '@masthub/shared/wind-data/statistics.schema.ts';
import {
  Alert,
  Button,
  DatePicker,
  Empty,
  Flex,
  Form,
  Radio,
  Result,
  Select,
  Spin,
  Switch,
  Tabs,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT } from '../../app/date-time.ts';
import { feedback } from '../../app/feedback.ts';
import { useFormatDateTime } from '../../app/use-date-time.ts';
import { RequestError, readUtcCode, saveFile } from '../../request/request.ts';
import { DataReportsDrawer } from '../reports/DataReportsDrawer.tsx';
import { useStationId } from '../station-detail/use-station-id.ts';
import {
  exportStatistics,
  useStatisticsAnalysis,
  useStatisticsChannels,
  useStatisticsVersions,
} from './api.ts';
import {
  groupChannelOptions,
  hasMixedIntervals,
  type StatisticsFilters,
  TAB_KEYS,
  type TabKey,
  toStatisticsRequest,
} from './statistics.utils.ts';
import { AirDensityTab } from './tabs/AirDensityTab.tsx';
import { CorrelationTab } from './tabs/CorrelationTab.tsx';
import { DailyTab } from './tabs/DailyTab.tsx';
import { ExtremeTab } from './tabs/ExtremeTab.tsx';
import { FrequencyTab } from './tabs/FrequencyTab.tsx';
import { MonthlyTab } from './tabs/MonthlyTab.tsx';
import { RecoveryTab } from './tabs/RecoveryTab.tsx';
import { RoseTab } from './tabs/RoseTab.tsx';
import { ShearTab } from './tabs/ShearTab.tsx';
import { SummaryTab } from './tabs/SummaryTab.tsx';
import { TurbulenceTab } from './tabs/TurbulenceTab.tsx';
import { versionOptions } from './version-options.ts';

interface FilterValues {
  versionId?: number;
  channelIds?: number[];
  range?: [Dayjs, Dayjs] | null;
  sectors: 12 | 16;
  includeSuspicious: boolean;
  weibullMethod: TWeibullMethod;
}

interface Choices {
  correlationReferenceId?: number | undefined;
  shearChannelIds?: number[] | undefined;
}

const INITIAL: FilterValues = { sectors: 16, includeSuspicious: true, weibullMethod: 'wasp' };

function toFilters(values: FilterValues): StatisticsFilters {
  return {
    versionId: values.versionId!,
    channelIds: values.channelIds ?? [],
    range: values.range
      ? [values.range[0].format(DATE_TIME_FORMAT), values.range[1].format(DATE_TIME_FORMAT)]
      : null,
    sectors: values.sectors,
    includeSuspicious: values.includeSuspicious,
    weibullMethod: values.weibullMethod,
  };
}

/**
 * Statistics analysis of a site (SPEC §2 /StationDetail/StasticAnalysis): pick a version, channels, a
 * period and options, run, and read the 11 tabs (table + chart each); export the tables to xlsx.
 */
export function StasticAnalysisPage() {
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
  const [isExporting, setIsExporting] = useState(false);
  const [isReportsOpen, setReportsOpen] = useState(false);

  const request: TStatisticsRequestInput | undefined = useMemo(
    () => (filters ? toStatisticsRequest(filters, readUtcCode(), choices) : undefined),
    [filters, choices],
  );
  const analysis = useStatisticsAnalysis(request);

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

  const runExport = async () => {
    if (!request) return;
    setIsExporting(true);
    try {
      const file = await exportStatistics(request);
      saveFile(file, `${t('statistics.exportName')}.xlsx`);
      feedback.success(t('statistics.exported'));
    } catch {
      // The request layer already showed the error.
    } finally {
      setIsExporting(false);
    }
  };

  if (stationId === undefined) return null;
  if (!isVersionsPending && (versions ?? []).length === 0) {
    return <Empty description={t('statistics.noVersions')} />;
  }

  const result = analysis.data;
  const tabContent: Record<TabKey, (r: TStatisticsResult) => ReactNode> = {
    summary: (r) => <SummaryTab result={r} />,
    recovery: (r) => <RecoveryTab result={r} />,
    frequency: (r) => <FrequencyTab result={r} />,
    turbulence: (r) => <TurbulenceTab result={r} />,
    airDensity: (r) => <AirDensityTab result={r} />,
    monthly: (r) => <MonthlyTab result={r} />,
    daily: (r) => <DailyTab result={r} />,
    rose: (r) => <RoseTab result={r} />,
    correlation: (r) => (
      <CorrelationTab
        result={r}
        onReferenceChange={(id) => setChoices((c) => ({ ...c, correlationReferenceId: id }))}
      />
    ),
    extreme: (r) => <ExtremeTab result={r} />,
    shear: (r) => (
      <ShearTab result={r} onHeightsChange={(ids) => setChoices((c) => ({ ...c, shearChannelIds: ids }))} />
    ),
  };

  return (
    <Flex vertical gap={16} data-testid="statistics-page">
      <DataReportsDrawer
        open={isReportsOpen}
        stationId={stationId}
        versionId={versionId}
        onClose={() => setReportsOpen(false)}
      />
      <Form<FilterValues> form={form} layout="inline" initialValues={INITIAL} style={{ rowGap: 12 }}>
        <Form.Item name="versionId" label={t('statistics.filters.version')} rules={[{ required: true }]}>
          <Select
            style={{ width: 200 }}
            loading={isVersionsPending}
            onChange={() => form.setFieldValue('channelIds', [])}
            options={versionOptions(versions, t)}
          />
        </Form.Item>
        <Form.Item name="channelIds" label={t('statistics.filters.channels')}>
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            style={{ width: 360 }}
            placeholder={t('statistics.filters.allChannels')}
            options={channelOptions}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item name="range" label={t('statistics.filters.range')}>
          <DatePicker.RangePicker showTime format={DATE_TIME_FORMAT} allowEmpty={[false, false]} />
        </Form.Item>
        <Form.Item name="sectors" label={t('statistics.filters.sectors')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 12, label: t('statistics.filters.sectorCount', { count: 12 }) },
              { value: 16, label: t('statistics.filters.sectorCount', { count: 16 }) },
            ]}
          />
        </Form.Item>
        <Form.Item name="weibullMethod" label={t('statistics.filters.weibullMethod')}>
          <Select
            style={{ width: 160 }}
            options={WEIBULL_METHODS.map((m) => ({ value: m, label: t(`statistics.weibullMethods.${m}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="includeSuspicious"
          label={t('statistics.filters.includeSuspicious')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item>
          <Flex gap={8}>
            <Button
              type="primary"
              icon={<LineChartOutlined />}
              onClick={() => void run()}
              loading={analysis.isFetching}
              disabled={isMixed}
            >
              {t('statistics.filters.run')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void runExport()}
              loading={isExporting}
              disabled={!result}
            >
              {t('statistics.filters.export')}
            </Button>
            <Button
              icon={<FileTextOutlined />}
              onClick={() => setReportsOpen(true)}
              data-testid="data-reports-open"
            >
              {t('reports.data.title')}
            </Button>
          </Flex>
        </Form.Item>
      </Form>
      {version && (
        <Typography.Text type="secondary">
          {t('statistics.filters.versionRange', {
            start: formatDateTime(version.startTime) || '—',
            end: formatDateTime(version.endTime) || '—',
          })}
        </Typography.Text>
      )}
      {isMixed && <Alert type="warning" showIcon title={t('statistics.filters.mixedIntervals')} />}
      {!request ? (
        <Empty description={t('statistics.start')} />
      ) : analysis.isError ? (
        <Result
          status="warning"
          title={analysis.error instanceof RequestError ? analysis.error.message : t('statistics.failed')}
        />
      ) : !result ? (
        <Spin spinning>
          <div style={{ height: 240 }} />
        </Spin>
      ) : (
        <Spin spinning={analysis.isFetching}>
          <Tabs
            activeKey={activeTab}
            onChange={(key) => setActiveTab(key as TabKey)}
            destroyOnHidden
            tabBarGutter={24}
            items={TAB_KEYS.map((key) => ({
              key,
              label: t(`statistics.tabs.${key}`),
              children: tabContent[key](result),
            }))}
          />
        </Spin>
      )}
    </Flex>
  );
}
