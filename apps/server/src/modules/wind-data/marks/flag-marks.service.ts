import { AppError, type TFlagMark, type TMarkCreate, type TPage } from '@masthub/shared';
import type { TAuthUser } from '../../../platform/auth/auth-user.ts';
import type { Database } from '../../../platform/db/database.ts';
import { presentPage } from '../../../platform/db/paging.ts';
import type { StationAccess } from '../../access/index.ts';
import { openTimeSeriesStore, type TChannelRow, type TTimeSeriesStore } from '../../timeseries/index.ts';
import { TaskRepository } from '../tasks.repository.ts';
import type { ProcessingTaskService } from '../tasks.service.ts';
import { applyFlagMark, undoFlagMark } from './apply-flag-mark.ts';
import { FlagMarkRepository, type TFlagMarkRow } from './flag-marks.repository.ts';

/**
 * Data marking (SPEC §4; DESIGN §3): a user sets normal, suspicious, invalid or icing on the present
 * values of channels over a time range of a working version; each mark is kept with who, when and why
 * and can be undone. Marks wait for the version lock and are refused while a processing task is queued
 * or running on the version (SPEC §4: one task per version at a time).
 */
export class FlagMarkService {
  private readonly marks: FlagMarkRepository;
  private readonly store: TTimeSeriesStore;

  constructor(
    private readonly db: Database,
    private readonly stationAccess: StationAccess,
    private readonly tasks: ProcessingTaskService,
  ) {
    this.marks = new FlagMarkRepository(db);
    this.store = openTimeSeriesStore(db);
  }

  async save(user: TAuthUser, input: TMarkCreate): Promise<TFlagMark> {
    const version = await this.tasks.writableVersion(user, input.versionId);
    const markId = await this.db.transaction().execute(async (trx) => {
      const store = openTimeSeriesStore(trx);
      await store.lockVersion(version.id);
      await assertNoActiveTask(trx, version.id);
      const channels = channelsOf(await store.listChannels(version.id), input.channelIds);
      const flag = input.flag;
      const outcome = await applyFlagMark(trx, {
        versionId: version.id,
        source: 'manual',
        taskId: null,
        channels,
        startMs: Date.parse(input.startTime),
        endMs: Date.parse(input.endTime),
        flag,
        decide: () => flag,
        note: input.note,
        user: { id: user.id, name: user.userName },
      });
      return outcome.markId;
    });
    return this.present((await this.marks.find(markId))!);
  }

  async page(
    user: TAuthUser,
    filter: { versionId: number; pageNo: number; pageSize: number },
  ): Promise<TPage<TFlagMark>> {
    const version = await this.store.findVersion(filter.versionId);
    if (!version) throw new AppError('NOT_FOUND');
    await this.stationAccess.assertCanView(user, version.stationId);
    const { records, total } = await this.marks.page(filter);
    const names = await this.channelNames(version.id);
    return presentPage(filter, { rows: records, total }, (m) => presentMark(m, names));
  }

  /** Undoes a mark (manual or a QC run); 409 MARK_ALREADY_UNDONE the second time. */
  async undo(user: TAuthUser, markId: number): Promise<TFlagMark> {
    const mark = await this.marks.find(markId);
    if (!mark) throw new AppError('NOT_FOUND');
    const version = await this.tasks.writableVersion(user, mark.versionId);
    await this.db.transaction().execute(async (trx) => {
      const store = openTimeSeriesStore(trx);
      const marks = new FlagMarkRepository(trx);
      await store.lockVersion(version.id);
      await assertNoActiveTask(trx, version.id);
      const locked = await marks.find(markId, 'update');
      if (!locked) throw new AppError('NOT_FOUND');
      if (locked.undoneAt !== null) throw new AppError('MARK_ALREADY_UNDONE');
      const restored = await undoFlagMark(trx, locked);
      if (!(await marks.markUndone(markId, { id: user.id, name: user.userName }))) {
        throw new AppError('MARK_ALREADY_UNDONE');
      }
      if (restored > 0) await marks.touchVersion(version.id);
    });
    return this.present((await this.marks.find(markId))!);
  }

  private async channelNames(versionId: number): Promise<Map<number, string>> {
    return new Map((await this.store.listChannels(versionId)).map((c) => [c.id, c.name]));
  }

  private async present(mark: TFlagMarkRow): Promise<TFlagMark> {
    return presentMark(mark, await this.channelNames(mark.versionId));
  }
}

/** 409 VERSION_TASK_RUNNING when a task is queued or running on the version (call under the lock). */
export async function assertNoActiveTask(db: Database, versionId: number): Promise<void> {
  const active = await new TaskRepository(db).findActive(versionId);
  if (active) throw new AppError('VERSION_TASK_RUNNING', { taskId: active.id });
}

/** The chosen channels of a version, in the order asked; NOT_FOUND for one of another version. */
function channelsOf(all: readonly TChannelRow[], ids: readonly number[]): TChannelRow[] {
  const byId = new Map(all.map((c) => [c.id, c]));
  return [...new Set(ids)].map((id) => {
    const channel = byId.get(id);
    if (!channel) throw new AppError('NOT_FOUND');
    return channel;
  });
}

export function presentMark(mark: TFlagMarkRow, names: ReadonlyMap<number, string>): TFlagMark {
  return {
    id: mark.id,
    versionId: mark.versionId,
    source: mark.source,
    taskId: mark.taskId,
    channelIds: mark.channelIds,
    channelNames: mark.channelIds.map((id) => names.get(id) ?? `#${id}`),
    startTime: mark.startTime.toISOString(),
    endTime: mark.endTime.toISOString(),
    flag: mark.flag,
    note: mark.note,
    changedCount: mark.changedCount,
    ruleCounts: mark.ruleCounts,
    creatorName: mark.creatorName,
    createTime: mark.createdAt.toISOString(),
    isUndone: mark.undoneAt !== null,
    undoerName: mark.undoerName,
    undoTime: mark.undoneAt?.toISOString() ?? null,
  };
}
