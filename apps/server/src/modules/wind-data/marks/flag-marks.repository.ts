import type { Database } from '../../../platform/db/database.ts';

/** What a mark changed in one month chunk of one channel, enough to undo it (kept in flag_mark.undo). */
export interface TFlagUndoEntry {
  channelId: number;
  monthStartMs: number;
  intervalS: number;
  slotCount: number;
  /** The chunk's flags before the mark: deflated Uint8, base64. */
  before: string;
  /** The chunk's flags the mark left: a slot is restored on undo only while it still holds this flag. */
  after: string;
  /** Slots whose flag the mark changed. */
  changed: number;
}

export interface TFlagMarkRow {
  id: number;
  versionId: number;
  source: 'manual' | 'qc';
  taskId: number | null;
  channelIds: number[];
  startTime: Date;
  endTime: Date;
  flag: number;
  note: string;
  changedCount: number;
  ruleCounts: Record<string, number>;
  undo: TFlagUndoEntry[];
  createdBy: number | null;
  creatorName: string;
  createdAt: Date;
  undoneBy: number | null;
  undoerName: string | null;
  undoneAt: Date | null;
}

export interface TFlagMarkInsert {
  versionId: number;
  source: 'manual' | 'qc';
  taskId: number | null;
  channelIds: readonly number[];
  startMs: number;
  endMs: number;
  flag: number;
  note: string;
  changedCount: number;
  ruleCounts: Record<string, number>;
  undo: readonly TFlagUndoEntry[];
  createdBy: number | null;
  creatorName: string;
}

/** Flag marks (migration 0008): manual marks and QC runs as flag changes with who/when/why and undo data. */
export class FlagMarkRepository {
  constructor(private readonly db: Database) {}

  async insert(input: TFlagMarkInsert): Promise<number> {
    const row = await this.db
      .insertInto('flag_mark')
      .values({
        version_id: input.versionId,
        source: input.source,
        task_id: input.taskId,
        channel_ids: [...input.channelIds],
        start_time: new Date(input.startMs),
        end_time: new Date(input.endMs),
        flag: input.flag,
        note: input.note,
        changed_count: input.changedCount,
        rule_counts: JSON.stringify(input.ruleCounts),
        undo: JSON.stringify(input.undo),
        created_by: input.createdBy,
        creator_name: input.creatorName,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async find(id: number, lock?: 'update'): Promise<TFlagMarkRow | undefined> {
    let query = this.db.selectFrom('flag_mark').selectAll().where('id', '=', id);
    if (lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row ? toMark(row) : undefined;
  }

  async page(filter: {
    versionId: number;
    pageNo: number;
    pageSize: number;
  }): Promise<{ records: TFlagMarkRow[]; total: number }> {
    const q = this.db.selectFrom('flag_mark').where('version_id', '=', filter.versionId);
    const [rows, count] = await Promise.all([
      q
        .selectAll()
        .orderBy('id', 'desc')
        .limit(filter.pageSize)
        .offset((filter.pageNo - 1) * filter.pageSize)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { records: rows.map(toMark), total: Number(count.n) };
  }

  /** Marks of the version made after `markId` and not undone, oldest first, locked (undo rebases them). */
  async listActiveAfter(versionId: number, markId: number): Promise<TFlagMarkRow[]> {
    const rows = await this.db
      .selectFrom('flag_mark')
      .selectAll()
      .where('version_id', '=', versionId)
      .where('id', '>', markId)
      .where('undone_at', 'is', null)
      .orderBy('id')
      .forUpdate()
      .execute();
    return rows.map(toMark);
  }

  async updateUndo(id: number, undo: readonly TFlagUndoEntry[]): Promise<void> {
    await this.db
      .updateTable('flag_mark')
      .set({ undo: JSON.stringify(undo) })
      .where('id', '=', id)
      .execute();
  }

  /** Records the undo; false when the mark was undone already (a concurrent undo won). */
  async markUndone(id: number, user: { id: number; name: string }): Promise<boolean> {
    const r = await this.db
      .updateTable('flag_mark')
      .set({ undone_by: user.id, undoer_name: user.name, undone_at: new Date() })
      .where('id', '=', id)
      .where('undone_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Notes that the version's data changed (flags count in every statistic). */
  async touchVersion(versionId: number): Promise<void> {
    await this.db
      .updateTable('dataset_version')
      .set({ updated_at: new Date() })
      .where('id', '=', versionId)
      .execute();
  }
}

function toMark(r: {
  id: number;
  version_id: number;
  source: 'manual' | 'qc';
  task_id: number | null;
  channel_ids: unknown[];
  start_time: Date;
  end_time: Date;
  flag: number;
  note: string;
  changed_count: number;
  rule_counts: Record<string, number>;
  undo: unknown[];
  created_by: number | null;
  creator_name: string;
  created_at: Date;
  undone_by: number | null;
  undoer_name: string | null;
  undone_at: Date | null;
}): TFlagMarkRow {
  return {
    id: Number(r.id),
    versionId: Number(r.version_id),
    source: r.source,
    taskId: r.task_id === null ? null : Number(r.task_id),
    // bigint[] comes back as strings (only the scalar int8 parser is set).
    channelIds: (r.channel_ids ?? []).map(Number),
    startTime: r.start_time,
    endTime: r.end_time,
    flag: r.flag,
    note: r.note,
    changedCount: r.changed_count,
    ruleCounts: r.rule_counts ?? {},
    undo: (r.undo ?? []) as TFlagUndoEntry[],
    createdBy: r.created_by === null ? null : Number(r.created_by),
    creatorName: r.creator_name,
    createdAt: r.created_at,
    undoneBy: r.undone_by === null ? null : Number(r.undone_by),
    undoerName: r.undoer_name,
    undoneAt: r.undone_at,
  };
}
