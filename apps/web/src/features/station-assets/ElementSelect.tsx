import type { TChannelElementOption } from '@masthub/shared';
import {
  CHANNEL_HEIGHT_REFERENCES,
  CHANNEL_STATISTICS,
} from '@masthub/shared/stations/channel-config.schema.ts';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';

export function useStatisticOptions() {
  const { t } = useTranslation();
  return CHANNEL_STATISTICS.map((statistic) => ({
    value: statistic,
    label: t(`stations.channels.statistics.${statistic}`),
  }));
}

/** Task 43 height references ('' is not stated: ground level). */
export function useHeightReferenceOptions() {
  const { t } = useTranslation();
  return CHANNEL_HEIGHT_REFERENCES.map((reference) => ({
    value: reference,
    label: t(`stations.channels.heightReferences.${reference || 'none'}`),
  }));
}

/** The element of a channel ("name (key)"); choosing one hands its unit to `onUnit`. */
export function ElementSelect({
  elements,
  onUnit,
  ...props
}: Omit<SelectProps<string>, 'options' | 'onChange'> & {
  elements: readonly TChannelElementOption[];
  onUnit: (unit: string) => void;
}) {
  return (
    <Select
      {...props}
      options={elements.map((element) => ({ value: element.key, label: `${element.name} (${element.key})` }))}
      onChange={(key) => {
        const unit = elements.find((element) => element.key === key)?.unit;
        if (unit !== undefined) onUnit(unit);
      }}
    />
  );
}
