import type { TLidarCandidates, TLidarHeightPair } from '@masthub/shared';

/** One editable height pair (channel ids; undefined until chosen). */
export type TPairRow = { key: number } & Partial<TLidarHeightPair>;

/** The proposed pairs as editable rows. */
export function rowsOf(candidates: TLidarCandidates): TPairRow[] {
  return candidates.pairs.map((p, k) => ({
    key: k + 1,
    lidarSpeedChannelId: p.lidarSpeedChannelId,
    mastSpeedChannelId: p.mastSpeedChannelId,
    ...(p.lidarDirectionChannelId !== undefined
      ? { lidarDirectionChannelId: p.lidarDirectionChannelId }
      : {}),
    ...(p.mastDirectionChannelId !== undefined ? { mastDirectionChannelId: p.mastDirectionChannelId } : {}),
  }));
}

/** The rows as request pairs: both speeds required; a direction only when both sides are chosen. */
export function pairsOf(rows: readonly TPairRow[]): TLidarHeightPair[] {
  return rows.flatMap((r) =>
    r.lidarSpeedChannelId !== undefined && r.mastSpeedChannelId !== undefined
      ? [
          {
            lidarSpeedChannelId: r.lidarSpeedChannelId,
            mastSpeedChannelId: r.mastSpeedChannelId,
            ...(r.lidarDirectionChannelId !== undefined && r.mastDirectionChannelId !== undefined
              ? {
                  lidarDirectionChannelId: r.lidarDirectionChannelId,
                  mastDirectionChannelId: r.mastDirectionChannelId,
                }
              : {}),
          },
        ]
      : [],
  );
}
