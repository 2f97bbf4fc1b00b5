import {
  AppError,
  type Language,
  localizeProcessingFailure,
  RECONSTRUCT_MAX_NEIGHBOURS,
  type TFieldError,
  type TProcessingTask,
  type TReconstructPreview,
  type TReconstructRequest,
} from '@masthub/shared';
import type { TAuthUser } from '../../../platform/auth/auth-user.ts';
import type { TComputeAccess } from '../../../platform/compute/compute-task.ts';
import { runTask } from '../../../platform/compute/run-task.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { TReaderContext } from '../../../platform/http/route.ts';
import type { ReferenceCandidates } from '../../reference-data/index.ts';
import { openTimeSeriesStore, type TVersionRow } from '../../timeseries/index.ts';
import { ProcessingFailure, type ProcessingTaskService, presentTask } from '../tasks.service.ts';
import { failureOf, presentRun, reconstructHandler, reconstructUndoHandler } from './reconstruct.handler.ts';
import { ReconstructRepository } from './reconstruct.repository.ts';
import { runReconstruction, type TReconstructJob } from './reconstruct-run.ts';
import { discoverSources, type TNeighbourSite, type TReferenceEntry } from './reconstruct-sources.ts';

/** The neighbours and references a request may read, resolved with the caller's rights at submission. */
export interface TResolvedSources {
  neighbours: TNeighbourSite[];
  references: TReferenceEntry[];
}

/**
 * Gap reconstruction (issue 45 §1): the preview (computed at once, nothing written), the `reconstruct`
 * task and its undo. Neighbouring sites and references are those the caller may view, found when the
 * call is made (the task keeps the list in its parameters, so a right lost later changes nothing already
 * queued, and a site the caller cannot see is never read).
 */
export class ReconstructService {
  constructor(
    private readonly db: Database,
    private readonly tasks: ProcessingTaskService,
    private readonly candidates: ReferenceCandidates,
    private readonly compute: TComputeAccess | undefined,
  ) {
    tasks.register('reconstruct', reconstructHandler(compute));
    tasks.register('reconstruct_undo', reconstructUndoHandler);
  }

  /** The visible neighbouring sites (nearest first, at most RECONSTRUCT_MAX_NEIGHBOURS) and references. */
  async resolve(
    user: TAuthUser,
    version: TVersionRow,
    request: TReconstructRequest,
    language: Language,
  ): Promise<TResolvedSources> {
    const kinds = new Set(request.sourceKinds);
    if (!kinds.has('neighbour') && !kinds.has('reference')) return { neighbours: [], references: [] };
    const { listed } = await this.candidates.listNear(user, version.stationId, request.radiusKm, language);
    const neighbours = kinds.has('neighbour')
      ? listed
          .filter((c) => c.kind === 'site')
          .slice(0, RECONSTRUCT_MAX_NEIGHBOURS)
          .map((c) => ({ stationId: c.stationId, name: c.name, distanceKm: c.distanceKm }))
      : [];
    const wanted = request.referenceIds ? new Set(request.referenceIds) : undefined;
    const references: TReferenceEntry[] = [];
    const found = new Set<number>();
    if (kinds.has('reference')) {
      for (const c of listed) {
        if (c.kind !== 'reference' && c.kind !== 'mesoscale') continue;
        const { source, reference, heightM, name } = await c.resolve();
        if (!source || source.kind === 'site') continue;
        const id = source.kind === 'reference' ? source.referenceId : source.datasetId;
        if (source.kind === 'reference') {
          if (wanted && !wanted.has(id)) continue;
          found.add(id);
        }
        const directionKey = (reference as { directionKey?: string }).directionKey;
        references.push({
          kind: source.kind,
          id,
          name,
          heightM,
          speedKey: source.speedKey,
          directionKey,
          intervalMinutes: source.intervalMinutes,
        });
      }
    }
    // A named reference beyond the radius or the caller's sight is a field error, not a silent omission.
    const fields: TFieldError[] = (request.referenceIds ?? []).flatMap((id, i) =>
      kinds.has('reference') && !found.has(id) ? [{ field: `referenceIds.${i}`, message: 'v.oneOf' }] : [],
    );
    if (fields.length > 0) throw new AppError('VALIDATION_FAILED', {}, fields);
    return { neighbours, references };
  }

  /** Queues the `reconstruct` task on a working version the caller may edit. */
  async start(
    user: TAuthUser,
    request: TReconstructRequest,
    context: TReaderContext,
  ): Promise<TProcessingTask> {
    const version = await this.tasks.writableVersion(user, request.versionId);
    const resolved = await this.resolve(user, version, request, context.language);
    const task = await this.tasks.start(user, {
      kind: 'reconstruct',
      version,
      params: {
        ...request,
        resolved,
        language: context.language,
        utcOffsetMinutes: context.utcOffsetMinutes,
      },
      language: context.language,
    });
    return presentTask(task, context.language);
  }

  /**
   * What the task would do, computed now (a heavy call on the compute pool): gaps by channel and length,
   * the sources found per target with rank and skill, what would be filled, the cross-validated error.
   * `failure` says, localised, why the run would fail (no gaps, no source, every source rejected).
   */
  async preview(
    user: TAuthUser,
    request: TReconstructRequest,
    context: TReaderContext,
  ): Promise<TReconstructPreview & { failure: string | null }> {
    const version = await this.tasks.writableVersion(user, request.versionId);
    const resolved = await this.resolve(user, version, request, context.language);
    const language = context.language;
    const store = openTimeSeriesStore(this.db);
    const empty = { targets: [], filledCount: 0, uncertaintyPct: 0 };
    try {
      const input = await discoverSources(this.db, store, version.id, request, resolved);
      const job: TReconstructJob = { input, options: request, withSeries: false, language };
      const done = await runTask(this.compute, { kind: 'reconstruct', job }, () => runReconstruction(job));
      const results = done.map((d) => d.result);
      const failure = failureOf(results);
      return {
        ...presentRun(input, request, resolved, results),
        failure: failure ? localizeProcessingFailure(failure.reasonKey, failure.details, language) : null,
      };
    } catch (err) {
      if (!(err instanceof ProcessingFailure)) throw err;
      return {
        startTime: request.startTime ?? '',
        endTime: request.endTime ?? '',
        intervalMinutes: 10,
        radiusKm: request.radiusKm,
        neighbours: resolved.neighbours,
        ...empty,
        failure: localizeProcessingFailure(err.reasonKey, err.details, language),
      };
    }
  }

  /** Queues the undo of a finished reconstruction: the filled slots it left unchanged get their old values. */
  async undo(user: TAuthUser, taskId: number, context: TReaderContext): Promise<TProcessingTask> {
    const row = await new ReconstructRepository(this.db).find(taskId);
    if (!row) throw new AppError('NOT_FOUND');
    const version = await this.tasks.writableVersion(user, row.versionId);
    if (row.undoneAt !== null) throw new AppError('RECONSTRUCTION_ALREADY_UNDONE');
    const task = await this.tasks.start(user, {
      kind: 'reconstruct_undo',
      version,
      params: { reconstructTaskId: taskId },
      language: context.language,
    });
    return presentTask(task, context.language);
  }
}
