import type { TDatasetVersion, TVersionChannel } from '@masthub/shared';
import { useMemo, useState } from 'react';
import type { RangeIso } from './components/ChartPane.tsx';
import {
  baseIntervalS,
  defaultChannelSelection,
  defaultDataRange,
  keepExisting,
  type PickerRange,
  pickerRangeToIso,
} from './measure-wind.utils.ts';

/**
 * The shown range and channels of the workspace: per version, defaulting to its last month and its
 * averages; a choice made for one version does not carry over to another.
 */
export function useViewSelection(
  version: TDatasetVersion | undefined,
  channels: readonly TVersionChannel[],
  utcCode: string,
) {
  const versionId = version?.id;
  const intervalS = baseIntervalS(channels);
  const defaultRange = useMemo(
    () => defaultDataRange(version, intervalS, utcCode),
    [version, intervalS, utcCode],
  );
  const [rangeState, setRangeState] = useState<{ versionId: number; range: PickerRange | null }>();
  const range = rangeState && rangeState.versionId === versionId ? rangeState.range : (defaultRange ?? null);
  const rangeIso = useMemo<RangeIso>(() => pickerRangeToIso(range, utcCode), [range, utcCode]);
  const defaultIds = useMemo(() => defaultChannelSelection(channels), [channels]);
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
