import type { Database } from '../../../platform/db/database.ts';

/** What a reconstruction replaced in one target channel (base64 of deflated typed arrays). */
export interface TReconstructUndoEntry {
  channelId: number;
  dataKey: string;
  startMs: number;
  intervalS: number;
  /** Int32 grid indexes (from startMs) the reconstruction filled. */
  slots: string;
  /** Float32 values and Uint8 flags those slots held before. */
  values: string;
  flags: string;
  /** Provenance of each filled slot: Int16 index into `sourceIds` (the task result's steps, rank order). */
  filledBy: string;
  sourceIds: string[];
}

export interface TReconstructUndoRow {
  taskId: number;
  versionId: number;
  entries: TReconstructUndoEntry[];
  undoTaskId: number | null;
  undoneAt: Date | null;
}

/** The undo data of gap reconstructions (migration 0047), one row per reconstruct task. */
export class ReconstructRepository {
  constructor(private readonly db: Database) {}

  async insert(taskId: number, versionId: number, entries: readonly TReconstructUndoEntry[]): Promise<void> {
    await this.db
      .insertInto('reconstruction_undo')
      .values({
        task_id: taskId,
        version_id: versionId,
        entries: JSON.stringify(entries),
      })
      .execute();
  }

  async find(taskId: number, forUpdate = false): Promise<TReconstructUndoRow | undefined> {
    let query = this.db.selectFrom('reconstruction_undo').selectAll().where('task_id', '=', taskId);
    if (forUpdate) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) return undefined;
    return {
      taskId: Number(row.task_id),
      versionId: Number(row.version_id),
      entries: row.entries as unknown as TReconstructUndoEntry[],
      undoTaskId: row.undo_task_id === null ? null : Number(row.undo_task_id),
      undoneAt: row.undone_at,
    };
  }

  /** Records the undo done by `undoTaskId` (in the undo task's transaction). */
  async markUndone(taskId: number, undoTaskId: number): Promise<void> {
    await this.db
      .updateTable('reconstruction_undo')
      .set({ undone_at: new Date(), undo_task_id: undoTaskId })
      .where('task_id', '=', taskId)
      .execute();
  }
}
