import type { TDatasetVersion, TVersionChannel } from '@masthub/shared';
import { useMemo, useState } from 'react';
import type { RangeIso } from './components/ChartPane.tsx';
import {
  baseIntervalS,
  defaultChannelSelection,
  defaultDataRange,
  focusDataRange,
  keepExisting,
  type PickerRange,
  pickerRangeToIso,
  type TDataFocus,
} from './wind-data.utils.ts';

/**
 * The shown range and channels of the workspace: per version, defaulting to its last month and its
 * averages; a choice made for one version does not carry over to another.
 */
export function useViewSelection(
  version: TDatasetVersion | undefined,
  channels: readonly TVersionChannel[],
  utcCode: string,
  focus: TDataFocus = {},
) {
  const versionId = version?.id;
  const intervalS = baseIntervalS(channels);
  // A link to one record (an analysis's deciding maximum) opens on the day either side of it.
  const isFocused = focus.at !== undefined && (focus.versionId ?? versionId) === versionId;
  const defaultRange = useMemo(
    () =>
      isFocused && focus.at
        ? focusDataRange(focus.at, utcCode)
        : defaultDataRange(version, intervalS, utcCode),
    [isFocused, focus.at, version, intervalS, utcCode],
  );
  const [rangeState, setRangeState] = useState<{ versionId: number; range: PickerRange | null }>();
  const range = rangeState && rangeState.versionId === versionId ? rangeState.range : (defaultRange ?? null);
  const rangeIso = useMemo<RangeIso>(() => pickerRangeToIso(range, utcCode), [range, utcCode]);
  const defaultIds = useMemo(() => {
    const ids = defaultChannelSelection(channels);
    const wanted = focus.channelId;
    return isFocused && wanted !== undefined && !ids.includes(wanted) && channels.some((c) => c.id === wanted)
      ? [wanted, ...ids]
      : ids;
  }, [channels, isFocused, focus.channelId]);
  const [selectionState, setSelectionState] = useState<{ versionId: number; ids: number[] }>();
  const selectedIds = useMemo(
    () =>
      selectionState && selectionState.versionId === versionId
        ? keepExisting(selectionState.ids, channels)
        : defaultIds,
    [selectionState, versionId, channels, defaultIds],
  );
  return { intervalS, range, setRangeState, rangeIso, selectedIds, setSelectionState };
}
