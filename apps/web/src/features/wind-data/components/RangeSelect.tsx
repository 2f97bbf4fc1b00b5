import type { TDatasetVersion } from '@masthub/shared';
import { DatePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { isoToPicker, type PickerRange } from '../wind-data.utils.ts';
import { RANGE_FORMAT } from './ProcessingModal.tsx';

interface RangeSelectProps {
  version: Pick<TDatasetVersion, 'startTime' | 'endTime'>;
  intervalS: number;
  utcCode: string;
  value: PickerRange | null;
  onChange: (range: PickerRange | null) => void;
}

/** The shown time range, with presets counted back from the end of the version's data. */
export function RangeSelect({ version, intervalS, utcCode, value, onChange }: RangeSelectProps) {
  const { t } = useTranslation();
  const dataEnd = version.endTime
    ? isoToPicker(version.endTime, utcCode).add(intervalS, 'second')
    : undefined;
  const presets =
    dataEnd && version.startTime
      ? [
          { key: 'month', value: [dataEnd.subtract(1, 'month'), dataEnd] as PickerRange },
          { key: 'quarter', value: [dataEnd.subtract(3, 'month'), dataEnd] as PickerRange },
          { key: 'year', value: [dataEnd.subtract(1, 'year'), dataEnd] as PickerRange },
          { key: 'all', value: [isoToPicker(version.startTime, utcCode), dataEnd] as PickerRange },
        ].map((preset) => ({ label: t(`measure-wind.range.presets.${preset.key}`), value: preset.value }))
      : [];
  return (
    <DatePicker.RangePicker
      data-testid="mw-range"
      aria-label={t('measure-wind.range.label')}
      showTime={{ format: 'HH:mm' }}
      format={RANGE_FORMAT}
      value={value}
      allowClear
      placeholder={[t('measure-wind.range.start'), t('measure-wind.range.end')]}
      presets={presets}
      onChange={(picked) => onChange(picked?.[0] && picked[1] ? [picked[0], picked[1]] : null)}
    />
  );
}
