import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSiteSensors } from './register-api.ts';

/**
 * The sensors a site's channel configurations name (mounted now first), to pick in a form — the repair
 * record names the sensors it touched (issue 44 §3).
 */
export function SensorSelect({
  stationId,
  value,
  onChange,
  id,
}: {
  stationId: number;
  value?: number[];
  onChange?: (value: number[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const sensors = useSiteSensors(stationId);
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      value={value}
      onChange={onChange}
      loading={sensors.isLoading}
      placeholder={t('sensors.register.repairSensorsPlaceholder')}
      showSearch={{ optionFilterProp: 'label' }}
      options={(sensors.data ?? []).map((s) => ({
        value: s.id,
        label: `${[s.oem, s.model, s.serialNumber].filter(Boolean).join(' ')}${s.isNow ? '' : ` ${t('sensors.register.notNow')}`}`,
      }))}
    />
  );
}
