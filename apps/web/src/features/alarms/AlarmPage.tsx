import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../ui/PermissionButton.tsx';
import { useStationId } from '../../ui/use-station-id.ts';
import { RepairRecordsPanel } from '../repairs/index.ts';
import { SiteAlarms } from './SiteAlarms.tsx';

/**
 * The site's alarms (SPEC §2 /StationDetail/Alarm, §3): type, period, what caused it, how it was handled;
 * one or several are handled at once (ignore, suspicious-focus, normal, request repair) with a reason.
 */
export function AlarmPage() {
  const { t } = useTranslation();
  const stationId = useStationId();
  const [tab, setTab] = useState('alarms');
  const canViewRepairs = useCan('repair.view');
  if (stationId === undefined) return null;

  return (
    <Card size="small" data-testid="alarm-page">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'alarms', label: t('alarms.tabs.alarms'), children: <SiteAlarms stationId={stationId} /> },
          ...(canViewRepairs
            ? [
                {
                  key: 'repairs',
                  label: t('alarms.tabs.repairs'),
                  children: <RepairRecordsPanel stationId={stationId} />,
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
