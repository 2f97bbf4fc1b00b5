import {
  AppError,
  type TFieldError,
  type TProcessingTask,
  type TReconstructRequest,
  type TTaskKind,
  ZReconstructRequest,
} from '@masthub/shared';
import type { TAuthUser } from '../../../platform/auth/auth-user.ts';
import type { TComputeAccess } from '../../../platform/compute/compute-task.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { TReaderContext } from '../../../platform/http/route.ts';
import type { StationAccess } from '../../access/index.ts';
import { createReferenceCandidates } from '../../reference-data/index.ts';
import { openTimeSeriesStore, type TTimeSeriesStore } from '../../timeseries/index.ts';
import { type ProcessingTaskService, presentTask } from '../tasks.service.ts';
import { extrapolationHandler } from './extrapolation.handler.ts';
import { interpolationHandler } from './interpolation.handler.ts';
import { qcHandler } from './qc.handler.ts';
import { ReconstructService } from './reconstruct.service.ts';
import { representativeYearHandler } from './representative-year.handler.ts';
import { towerShadowHandler } from './tower-shadow.handler.ts';

/** The processing kinds started by the /data-process/process/* calls. */
export type TProcessingKind = Extract<
  TTaskKind,
  'qc' | 'tower_shadow' | 'interpolation' | 'extrapolation' | 'representative_year' | 'reconstruct'
>;

/**
 * Data processing of a working version (SPEC §4, §9; WIND-ANALYSIS §2, §4–§7): each call checks access
 * and queues one task (409 while another runs on the version); the handlers registered here do the work
 * in the runner's transaction, so a failure leaves the version unchanged.
 */
export class ProcessingService {
  private readonly store: TTimeSeriesStore;
  /** Gap reconstruction: its preview, task and undo (issue 45 §1). */
  readonly reconstruct: ReconstructService;

  constructor(
    db: Database,
    private readonly stationAccess: StationAccess,
    private readonly tasks: ProcessingTaskService,
    /** Worker threads for the CPU-heavy part of a task (the QC rules); without, the task's event loop. */
    compute?: TComputeAccess,
  ) {
    this.store = openTimeSeriesStore(db);
    tasks.register('qc', qcHandler(compute));
    tasks.register('tower_shadow', towerShadowHandler);
    tasks.register('interpolation', interpolationHandler);
    tasks.register('extrapolation', extrapolationHandler);
    tasks.register('representative_year', representativeYearHandler);
    this.reconstruct = new ReconstructService(db, tasks, createReferenceCandidates(db), compute);
  }

  /**
   * Queues a processing task on a working version the user may edit. The caller's time zone is kept
   * with the parameters: by-hour shear and the representative year's calendar use local time.
   */
  async start(
    user: TAuthUser,
    kind: TProcessingKind,
    request: { versionId: number; reference?: { versionId: number } | undefined } & Record<string, unknown>,
    context: TReaderContext,
  ): Promise<TProcessingTask> {
    const version = await this.tasks.writableVersion(user, request.versionId);
    if (request.reference) {
      const reference = await this.store.findVersion(request.reference.versionId);
      if (!reference) throw new AppError('NOT_FOUND');
      await this.stationAccess.assertCanView(user, reference.stationId);
    }
    await this.assertChannelsInVersions(request);
    if (kind === 'reconstruct') {
      return this.reconstruct.start(user, ZReconstructRequest.parse(request), context);
    }
    const task = await this.tasks.start(user, {
      kind,
      version,
      params: { ...request, utcOffsetMinutes: context.utcOffsetMinutes },
      language: context.language,
    });
    return presentTask(task, context.language);
  }

  /**
   * Every channel a request names belongs to the version named beside it (the request's own, or its
   * reference's): another version's — another site's — channel is a field error at submission, not a
   * task that fails later in the background (issue 26 §1).
   */
  /** The reconstruction preview, the request's channels checked as a start's are. */
  async previewReconstruct(user: TAuthUser, request: TReconstructRequest, context: TReaderContext) {
    await this.tasks.writableVersion(user, request.versionId);
    await this.assertChannelsInVersions(request);
    return this.reconstruct.preview(user, request, context);
  }

  private async assertChannelsInVersions(request: Record<string, unknown>): Promise<void> {
    const fields: TFieldError[] = [];
    for (const { versionId, channels } of namedChannels(request)) {
      const own = new Set((await this.store.listChannels(versionId)).map((c) => c.id));
      for (const { field, id } of channels) {
        if (!own.has(id)) fields.push({ field, message: 'v.channelNotInVersion' });
      }
    }
    if (fields.length > 0) throw new AppError('VALIDATION_FAILED', {}, fields);
  }
}

/** Keys naming a channel of a processing request: `channelIds`, `…ChannelId(s)`, the tower-shadow pair members. */
const CHANNEL_KEY = /(^|[a-z])(channelIds?|ChannelIds?)$|^(avg|sd|max)[AB]$/;

/**
 * The channels a processing request names, grouped by the version they must belong to: an object with a
 * `versionId` (the request, its `reference`) owns the channel ids below it. Field paths as in zod errors.
 */
export function namedChannels(
  request: Record<string, unknown>,
): { versionId: number; channels: { field: string; id: number }[] }[] {
  const groups: { versionId: number; channels: { field: string; id: number }[] }[] = [];
  const walk = (value: unknown, path: string[], group: (typeof groups)[number] | undefined, key: string) => {
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(item, [...path, String(i)], group, key);
      return;
    }
    if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      let own = group;
      if (typeof record.versionId === 'number') {
        own = { versionId: record.versionId, channels: [] };
        groups.push(own);
      }
      for (const [k, v] of Object.entries(record)) walk(v, [...path, k], own, k);
      return;
    }
    if (group && typeof value === 'number' && CHANNEL_KEY.test(key)) {
      group.channels.push({ field: path.join('.'), id: value });
    }
  };
  walk(request, [], undefined, '');
  return groups;
}
