import type { TVersionChannel } from '@masthub/shared';
import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { groupChannels } from '../wind-data.utils.ts';

export interface ChannelSelectProps extends Omit<SelectProps<number | number[]>, 'options'> {
  channels: readonly TVersionChannel[];
}

/** Channels grouped by element and height ("风速 · 80 m"), searchable by name. */
export function ChannelSelect({ channels, ...props }: ChannelSelectProps) {
  const { t } = useTranslation();
  const options = useMemo(
    () =>
      groupChannels(channels).map((group) => {
        const element = t(`measure-wind.element.${group.element}`, { defaultValue: group.element });
        const label =
          group.heightM === null
            ? element
            : t('measure-wind.channels.groupLabel', { element, height: group.heightM });
        return { key: group.key, label, title: label, options: group.options };
      }),
    [channels, t],
  );
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('measure-wind.channels.choose')}
      {...props}
      options={options}
    />
  );
}
