import type { TReplayCheck } from '../../platform/db/replica-reads.ts';
import { dataRevisions } from './version-replay.repository.ts';

/**
 * When a compute read of versions' chunks may go to the streaming replica (issue 43 §5,
 * platform/db/replica-reads.ts): when the replica shows every version at the data revision the primary
 * shows, or a later one.
 *
 * Why the data revision and not a WAL position: the revision is bumped by triggers in the very
 * transaction that writes a version's chunks or channels (migration 0019), and a hot standby shows a
 * transaction whole or not at all, so a replica at revision R holds exactly the chunks of R — the check is
 * exact for what the read reads. A WAL position (the primary's `pg_current_wal_lsn()` against the
 * replica's `pg_last_wal_replay_lsn()`) would be judged for the whole cluster: a fleet sending files all
 * day moves it every second, and reads of versions nobody touched for months would go to the primary each
 * time the replica is a few milliseconds behind. The revisions cost one primary-key lookup on each side.
 */
export function versionsReplayed(
  versionIds: readonly number[],
): TReplayCheck<Map<number, number>> | undefined {
  const ids = [...new Set(versionIds)];
  if (ids.length === 0) return undefined;
  return {
    read: (db) => dataRevisions(db, ids),
    covers: (replica, primary) =>
      ids.every((id) => {
        const wanted = primary.get(id);
        const seen = replica.get(id);
        // A version the primary does not show is read there (it answers that it is gone).
        return wanted !== undefined && seen !== undefined && seen >= wanted;
      }),
  };
}

/** The versions of channels a job reads (each channel row names its version). */
export function versionsOfChannels(channels: readonly ({ versionId: number } | undefined)[]): number[] {
  return [...new Set(channels.flatMap((c) => (c ? [c.versionId] : [])))];
}
