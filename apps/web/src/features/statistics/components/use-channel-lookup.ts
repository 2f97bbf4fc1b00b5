import type { TStatisticsResult } from '@masthub/shared';
import { useMemo } from 'react';
import { channelCaption } from '../statistics.utils.ts';

/** channelId → channel of an analysis, and a caption for legends. */
export function useChannelLookup(result: TStatisticsResult) {
  return useMemo(() => {
    const byId = new Map(result.channels.map((c) => [c.channelId, c]));
    return { byId, caption: (channelId: number) => channelCaption(byId.get(channelId)) || String(channelId) };
  }, [result]);
}
