import {
  AppError,
  displayPersonName,
  type Language,
  type TDatasetVersion,
  type TLineageStep,
  type TVersionChannel,
  type TVersionCreate,
  type TVersionDetail,
  type TVersionRename,
  text,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import type { StationAccess } from '../access/index.ts';
import type { StationLogService } from '../station-log/index.ts';
import {
  openTimeSeriesStore,
  presentVersion,
  type TTimeSeriesStore,
  type TVersionRow,
} from '../timeseries/index.ts';
import { exportNames } from './export-names.ts';
import type { ProcessingTaskService, TTaskContext } from './tasks.service.ts';
import { VersionRepository } from './versions.repository.ts';

const DELETE_BATCH = 200;

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}

/**
 * Data versions of a site (SPEC §3): the original is view-only; working versions are copies made by
 * users, renamed, processed and deleted (deletion is a processing task, SPEC §4).
 */
export class VersionService {
  private readonly store: TTimeSeriesStore;

  constructor(
    private readonly db: Database,
    private readonly stationAccess: StationAccess,
    private readonly tasks: ProcessingTaskService,
    private readonly stationLog: StationLogService,
  ) {
    this.store = openTimeSeriesStore(db);
    tasks.register('delete_data', (ctx) => this.deleteData(ctx));
  }

  /** A version the user may see (NOT_FOUND for an unknown id, FORBIDDEN for a site out of reach). */
  async visibleVersion(user: TAuthUser, versionId: number): Promise<TVersionRow> {
    const version = await this.store.findVersion(versionId);
    if (!version) throw new AppError('NOT_FOUND');
    await this.stationAccess.assertCanView(user, version.stationId);
    return version;
  }

  async detail(user: TAuthUser, versionId: number, language: Language): Promise<TVersionDetail> {
    const version = await this.visibleVersion(user, versionId);
    const [detail, summaries, active] = await Promise.all([
      this.store.findVersionDetail(versionId),
      this.store.listVersions([version.stationId]),
      this.tasks.activeTaskOf(versionId),
    ]);
    const listed = summaries.find((v) => v.id === versionId);
    if (!detail || !listed) throw new AppError('NOT_FOUND');
    return {
      ...presentVersion(listed, language),
      creatorName: displayPersonName(detail.creatorName, language),
      lineage: detail.lineage as TLineageStep[],
      activeTaskId: active?.id ?? null,
    };
  }

  async channels(user: TAuthUser, versionId: number): Promise<TVersionChannel[]> {
    await this.visibleVersion(user, versionId);
    return this.presentChannels(versionId);
  }

  /** A version's channels with their data ranges; the caller has checked access. */
  async presentChannels(versionId: number): Promise<TVersionChannel[]> {
    const [channels, ranges] = await Promise.all([
      this.store.listChannels(versionId),
      this.store.channelRanges(versionId),
    ]);
    const names = exportNames(channels);
    return channels.map((c) => {
      const r = ranges.get(c.id);
      return {
        id: c.id,
        dataKey: c.dataKey,
        name: c.name,
        exportName: names.get(c.id)!,
        element: c.element,
        heightM: c.heightM,
        statistic: c.statistic,
        unit: c.unit,
        sourceUnit: c.sourceUnit,
        intervalS: c.intervalS,
        startTime: r?.firstTime?.toISOString() ?? null,
        endTime: r?.lastTime?.toISOString() ?? null,
        valueCount: r?.valueCount ?? 0,
      };
    });
  }

  /** Copies a version of the same site into a new working version (channels and chunks, in SQL). */
  async create(user: TAuthUser, input: TVersionCreate, language: Language): Promise<TDatasetVersion> {
    await this.stationAccess.assertCanEdit(user, input.stationId);
    const source = await this.store.findVersion(input.sourceVersionId);
    if (!source || source.stationId !== input.stationId) throw new AppError('NOT_FOUND');
    const created = await this.db
      .transaction()
      .execute(async (trx) => {
        const store = openTimeSeriesStore(trx);
        // The source must not change while it is copied.
        await store.lockVersion(source.id);
        const version = await store.insertVersion({
          stationId: input.stationId,
          name: input.name,
          sourceVersionId: source.id,
          lineage: [
            {
              step: 'copy',
              sourceVersionId: source.id,
              params: { sourceName: source.name },
              userName: user.userName,
              time: new Date().toISOString(),
            },
          ],
          createdBy: user.id,
          creatorName: user.userName,
        });
        await store.copyVersionData(source.id, version.id);
        await this.stationLog.record(trx, {
          operator: user,
          type: 'add',
          stationId: input.stationId,
          location: 'measureWind',
          objects: text('stationLog.versionCreated', {
            ...(await stationLabel(trx, input.stationId)),
            version: input.name,
            source: source.name,
          }),
          details: { versionId: version.id, sourceVersionId: source.id, name: input.name },
        });
        return version;
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw new AppError('VERSION_NAME_TAKEN', { name: input.name });
        throw err;
      });
    const listed = (await this.store.listVersions([input.stationId])).find((v) => v.id === created.id)!;
    return presentVersion(listed, language);
  }

  async rename(user: TAuthUser, input: TVersionRename): Promise<void> {
    const version = await this.visibleVersion(user, input.id);
    await this.stationAccess.assertCanEdit(user, version.stationId);
    if (version.isViewOnly) throw new AppError('VERSION_VIEW_ONLY');
    await this.db
      .transaction()
      .execute(async (trx) => {
        await openTimeSeriesStore(trx).renameVersion(version.id, input.name);
        await this.stationLog.record(trx, {
          operator: user,
          type: 'edit',
          stationId: version.stationId,
          location: 'measureWind',
          objects: text('stationLog.versionRenamed', {
            ...(await stationLabel(trx, version.stationId)),
            before: version.name,
            after: input.name,
          }),
          details: { versionId: version.id, before: version.name, after: input.name },
        });
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw new AppError('VERSION_NAME_TAKEN', { name: input.name });
        throw err;
      });
  }

  /** Deleting a working version is a processing task (one per version at a time). */
  async remove(user: TAuthUser, versionId: number, language: 'zh' | 'en') {
    const version = await this.tasks.writableVersion(user, versionId);
    const task = await this.tasks.start(user, {
      kind: 'delete_data',
      version,
      params: { name: version.name },
      language,
    });
    await this.stationLog.record(this.db, {
      operator: user,
      type: 'delete',
      stationId: version.stationId,
      location: 'measureWind',
      objects: text('stationLog.versionDeleted', {
        ...(await stationLabel(this.db, version.stationId)),
        version: version.name,
        taskId: task.id,
      }),
      details: { versionId: version.id, name: version.name, taskId: task.id },
    });
    return task;
  }

  /** The delete task: chunks in batches (progress), then the version row (channels cascade). */
  private async deleteData(ctx: TTaskContext): Promise<Record<string, unknown>> {
    const total = ctx.version.id ? await countChunks(ctx.trx, ctx.version.id) : 0;
    let deleted = 0;
    for (;;) {
      const n = await ctx.store.deleteChunkBatch(ctx.version.id, DELETE_BATCH);
      if (n === 0) break;
      deleted += n;
      await ctx.progress(total > 0 ? (deleted / total) * 95 : 95);
    }
    await ctx.store.deleteVersion(ctx.version.id);
    return { deletedChunks: deleted, name: ctx.version.name };
  }
}

/** The site's code and project name, as the station log's version texts name it. */
async function stationLabel(db: Database, stationId: number): Promise<{ code: string; name: string }> {
  const row = await new VersionRepository(db).findStationNames(stationId);
  return row ? { code: row.station_code, name: row.project_name } : { code: `#${stationId}`, name: '' };
}

async function countChunks(db: Database, versionId: number): Promise<number> {
  return new VersionRepository(db).countChunks(versionId);
}
