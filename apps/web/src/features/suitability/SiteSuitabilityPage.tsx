import type { TSuitabilityRequestInput } from '@masthub/shared';
import { Alert, Empty, Flex, Form } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStationId } from '../../ui/use-station-id.ts';
import { AnalysisOutcome, useAnalysisExport, useStatisticsVersions } from '../analysis-form/index.ts';
import { useStatisticsChannels } from '../statistics/index.ts';
import { exportSuitability, useSuitabilityCheck, useSuitabilityDefaults } from './api.ts';
import { SuitabilityForm } from './SuitabilityForm.tsx';
import { SuitabilityResultView } from './SuitabilityResultView.tsx';
import {
  highestSpeed,
  lowestChannel,
  nearestChannel,
  type SuitabilityFormValues,
  toSuitabilityRequest,
} from './suitability.request.ts';

const INITIAL: Partial<SuitabilityFormValues> = {
  densitySource: 'measured',
  checkRange: [10, 25],
  turbulenceDefinition: 'sigma',
  extremeMethod: 'highest',
  periodsPerYear: 12,
  includeSuspicious: false,
  includeFilled: true,
};

/**
 * Site suitability of a site (issue 29, /StationDetail/SiteSuitability): the IEC 61400-1 class check at
 * hub height — the class table with ✓/✗ per class I/II/III × A+/A/B/C, the TI-vs-NTM chart, every
 * extreme-wind method on one probability plot, shear and inflow by sector, the notes — on the measured
 * version with the site's long-term corrected version as the basis when it has one (preselected).
 */
export function SiteSuitabilityPage() {
  const { t } = useTranslation();
  const stationId = useStationId();
  const [form] = Form.useForm<SuitabilityFormValues>();
  const versionId = Form.useWatch('versionId', form);
  const speedChannelId = Form.useWatch('speedChannelId', form);
  const { data: versions, isPending: isVersionsPending } = useStatisticsVersions(stationId);
  const { data: defaults } = useSuitabilityDefaults(stationId);
  const { data: channels } = useStatisticsChannels(versionId);
  const [request, setRequest] = useState<TSuitabilityRequestInput>();
  const check = useSuitabilityCheck(request);
  const { isExporting, runExport } = useAnalysisExport(request, exportSuitability, 'suitability');

  // The defaults: the long-term version's measured source (else the original) and the long-term basis.
  useEffect(() => {
    if (!defaults || form.getFieldValue('versionId') !== undefined) return;
    form.setFieldsValue({
      versionId: defaults.versionId ?? versions?.[0]?.id,
      longTermVersionId: defaults.longTermVersionId ?? 0,
      ...(defaults.altitudeM !== null ? { altitudeM: defaults.altitudeM } : {}),
    });
  }, [defaults, versions, form]);

  // A version's channels: the highest speed and, at its height, σ, gust, vane, vertical speed.
  useEffect(() => {
    if (!channels || channels.length === 0) return;
    const current = channels.find((c) => c.id === form.getFieldValue('speedChannelId'));
    if (current) return;
    const speed = highestSpeed(channels);
    form.setFieldsValue({
      speedChannelId: speed?.id,
      hubHeight: form.getFieldValue('hubHeight') ?? speed?.heightM ?? undefined,
      directionChannelId: nearestChannel(channels, 'vane', speed)?.id,
      sdChannelId: nearestChannel(channels, 'sd', speed)?.id,
      gustChannelId: nearestChannel(channels, 'gust', speed)?.id,
      verticalChannelId: nearestChannel(channels, 'vertical', speed)?.id,
      // The measured density's temperature and pressure, as the server picks them when none is chosen.
      temperatureChannelId: lowestChannel(channels, 'temperature', speed)?.id,
      pressureChannelId: lowestChannel(channels, 'pressure', speed)?.id,
    });
  }, [channels, form]);

  const speed = useMemo(() => channels?.find((c) => c.id === speedChannelId), [channels, speedChannelId]);
  const longTermVersions =
    defaults?.longTermVersionId && defaults.longTermVersionName
      ? [{ id: defaults.longTermVersionId, name: defaults.longTermVersionName }]
      : [];

  const run = async () => {
    const next = toSuitabilityRequest(await form.validateFields());
    if (JSON.stringify(next) === JSON.stringify(request)) {
      void check.refetch();
      return;
    }
    setRequest(next);
  };

  if (stationId === undefined) return null;
  if (!isVersionsPending && (versions ?? []).length === 0) {
    return <Empty description={t('suitability.noVersions')} />;
  }
  return (
    <Flex vertical gap={16} data-testid="suit-page">
      <SuitabilityForm
        form={form}
        initialValues={INITIAL}
        versions={versions}
        longTermVersions={longTermVersions}
        channels={channels ?? []}
        speed={speed}
        isRunning={check.isFetching}
        canExport={check.data !== undefined}
        isExporting={isExporting}
        onRun={() => void run()}
        onExport={() => void runExport()}
      />
      {defaults?.longTerm && (
        <Alert
          type="info"
          showIcon
          data-testid="suit-longterm-note"
          title={t('suitability.longTermDefault', {
            name: defaults.longTermVersionName,
            reference: defaults.longTerm.referenceName,
            method: defaults.longTerm.methodName,
          })}
        />
      )}
      <AnalysisOutcome area="suitability" isRequested={request !== undefined} query={check}>
        {(result) => <SuitabilityResultView result={result} />}
      </AnalysisOutcome>
    </Flex>
  );
}
