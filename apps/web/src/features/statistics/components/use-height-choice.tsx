import type { TStatisticsResult } from '@masthub/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChannelPicker } from './ChannelPicker.tsx';
import { useChannelLookup } from './use-channel-lookup.ts';

/**
 * For a tab with one item per height: the item shown (the highest until the user picks another) and the
 * height picker (none when there is no item).
 */
export function useHeightChoice<TItem>(
  result: TStatisticsResult,
  items: readonly TItem[],
  channelOf: (item: TItem) => number,
): { item: TItem | undefined; picker: ReactNode } {
  const { t } = useTranslation();
  const { byId } = useChannelLookup(result);
  const highest = items.at(-1);
  const [chosen, setChosen] = useState<number | undefined>(highest && channelOf(highest));
  const item = items.find((i) => channelOf(i) === chosen) ?? highest;
  const picker = item && (
    <ChannelPicker
      label={t('statistics.height')}
      channels={items.map((i) => byId.get(channelOf(i))!).filter(Boolean)}
      value={channelOf(item)}
      onChange={setChosen}
    />
  );
  return { item, picker };
}
