import { DownloadOutlined, FileTextOutlined, LineChartOutlined } from '@ant-design/icons';
import type { TDatasetVersion, TJointTableBins, TWeibullMethod } from '@masthub/shared';
import {
  JOINT_TABLE_BIN_KINDS,
  MOMM_DEFAULT_MIN_COVERAGE,
  WEIBULL_METHODS,
} from '@masthub/shared/wind-data/statistics.schema.ts';
import { Button, DatePicker, Flex, Form, type FormInstance, InputNumber, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT } from '../../ui/date-time.ts';
import { translatedOptions } from '../../ui/form/RuleItem.tsx';
import { QualityOptions, versionOptions } from '../analysis-form/index.ts';
import type { StatisticsFilters } from './statistics.utils.ts';

export interface FilterValues {
  versionId?: number;
  channelIds?: number[];
  range?: [Dayjs, Dayjs] | null;
  sectors: 12 | 16;
  includeSuspicious: boolean;
  includeFilled: boolean;
  weibullMethod: TWeibullMethod;
  mommMinCoverage: number;
  jointTableBins: TJointTableBins;
}

export const INITIAL: FilterValues = {
  sectors: 16,
  includeSuspicious: true,
  includeFilled: true,
  weibullMethod: 'wasp',
  mommMinCoverage: MOMM_DEFAULT_MIN_COVERAGE,
  jointTableBins: 'centred',
};

export function toFilters(values: FilterValues): StatisticsFilters {
  return {
    versionId: values.versionId!,
    channelIds: values.channelIds ?? [],
    range: values.range
      ? [values.range[0].format(DATE_TIME_FORMAT), values.range[1].format(DATE_TIME_FORMAT)]
      : null,
    sectors: values.sectors,
    includeSuspicious: values.includeSuspicious,
    includeFilled: values.includeFilled,
    weibullMethod: values.weibullMethod,
    mommMinCoverage: values.mommMinCoverage,
    jointTableBins: values.jointTableBins,
  };
}

/**
 * The statistics filters (version, channels, period, sectors, Weibull method, suspicious data) with
 * run, export and the data reports.
 */
export function StatisticsFilterForm({
  form,
  versions,
  isVersionsPending,
  channelOptions,
  isRunning,
  isMixed,
  canExport,
  isExporting,
  onRun,
  onExport,
  onOpenReports,
}: {
  form: FormInstance<FilterValues>;
  versions: readonly TDatasetVersion[] | undefined;
  isVersionsPending: boolean;
  channelOptions: { label: string; title: string; options: { value: number; label: string }[] }[];
  isRunning: boolean;
  /** The chosen channels mix recording intervals: nothing to run. */
  isMixed: boolean;
  canExport: boolean;
  isExporting: boolean;
  onRun: () => void;
  onExport: () => void;
  onOpenReports: () => void;
}) {
  const { t } = useTranslation();
  return (
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
          options={translatedOptions(WEIBULL_METHODS, t, 'statistics.weibullMethods')}
        />
      </Form.Item>
      <Form.Item
        name="jointTableBins"
        label={t('statistics.filters.jointTableBins')}
        tooltip={t('statistics.filters.jointTableBinsHint')}
      >
        <Select
          style={{ width: 190 }}
          data-testid="stat-joint-bins"
          options={translatedOptions(JOINT_TABLE_BIN_KINDS, t, 'statistics.jointTableBins')}
        />
      </Form.Item>
      <Form.Item
        name="mommMinCoverage"
        label={t('statistics.filters.mommMinCoverage')}
        tooltip={t('statistics.filters.mommMinCoverageHint')}
        rules={[
          { required: true, message: t('statistics.filters.mommMinCoverageRange') },
          { type: 'number', min: 0, max: 1, message: t('statistics.filters.mommMinCoverageRange') },
        ]}
      >
        <InputNumber
          min={0}
          max={1}
          step={0.05}
          style={{ width: 90 }}
          data-testid="statistics-momm-coverage"
        />
      </Form.Item>
      <QualityOptions />
      <Form.Item>
        <Flex gap={8}>
          <Button
            type="primary"
            icon={<LineChartOutlined />}
            onClick={onRun}
            loading={isRunning}
            disabled={isMixed}
          >
            {t('statistics.filters.run')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={onExport} loading={isExporting} disabled={!canExport}>
            {t('statistics.filters.export')}
          </Button>
          <Button icon={<FileTextOutlined />} onClick={onOpenReports} data-testid="data-reports-open">
            {t('reports.data.title')}
          </Button>
        </Flex>
      </Form.Item>
    </Form>
  );
}
