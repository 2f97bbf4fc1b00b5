import type { TStatisticsResult } from '@masthub/shared';
import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type CorrelationChoices, TAB_KEYS, type TabKey } from './statistics.utils.ts';
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

/** The choices a tab makes that the next request carries (correlation reference and averaging, shear heights). */
export interface Choices extends CorrelationChoices {
  correlationReferenceId?: number | undefined;
  shearChannelIds?: number[] | undefined;
}

/** The 11 statistics tabs of one result (table + chart each); only the open one is rendered. */
export function StatisticsTabs({
  result,
  activeTab,
  onTabChange,
  onChoices,
}: {
  result: TStatisticsResult;
  activeTab: TabKey;
  onTabChange: (key: TabKey) => void;
  onChoices: (change: (choices: Choices) => Choices) => void;
}) {
  const { t } = useTranslation();
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
        onReferenceChange={(id) => onChoices((c) => ({ ...c, correlationReferenceId: id }))}
        onCorrelationChange={(change) => onChoices((c) => ({ ...c, ...change }))}
      />
    ),
    extreme: (r) => <ExtremeTab result={r} />,
    shear: (r) => (
      <ShearTab result={r} onHeightsChange={(ids) => onChoices((c) => ({ ...c, shearChannelIds: ids }))} />
    ),
  };

  return (
    <Tabs
      activeKey={activeTab}
      onChange={(key) => onTabChange(key as TabKey)}
      destroyOnHidden
      tabBarGutter={24}
      items={TAB_KEYS.map((key) => ({
        key,
        label: t(`statistics.tabs.${key}`),
        children: tabContent[key](result),
      }))}
    />
  );
}
