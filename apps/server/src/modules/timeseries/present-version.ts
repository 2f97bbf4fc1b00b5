import { type Language, type TDatasetVersion, versionDisplayName } from '@masthub/shared';
import type { TVersionRow } from './timeseries.types.ts';

/** A version row with its summary as the API gives it, its name in the reader's language if the system made it. */
export function presentVersion(
  v: TVersionRow & {
    summary: {
      firstTime: Date | null;
      lastTime: Date | null;
      channelCount: number;
      valueCount: number;
    } | null;
  },
  language: Language,
): TDatasetVersion {
  return {
    id: v.id,
    stationId: v.stationId,
    name: versionDisplayName(v, language),
    kind: v.kind,
    isViewOnly: v.isViewOnly,
    sourceVersionId: v.sourceVersionId,
    createTime: v.createdAt.toISOString(),
    startTime: v.summary?.firstTime?.toISOString() ?? null,
    endTime: v.summary?.lastTime?.toISOString() ?? null,
    channelCount: v.summary?.channelCount ?? 0,
    valueCount: v.summary?.valueCount ?? 0,
  };
}
