import { AppError, type Language, type TProcessingTask, type TTaskKind } from '@masthub/shared';
import type { Database } from '../../../platform/db/database.ts';
import type { StationAccess } from '../../access/station-access.ts';
import type { TAuthUser } from '../../identity/identity.types.ts';
import { TimeSeriesRepository } from '../../ingestion/store/timeseries.repository.ts';
import type { TComputeAccess } from '../compute-task.ts';
import { type ProcessingTaskService, presentTask } from '../tasks.service.ts';
import { extrapolationHandler } from './extrapolation.handler.ts';
import { interpolationHandler } from './interpolation.handler.ts';
import { qcHandler } from './qc.handler.ts';
import { representativeYearHandler } from './representative-year.handler.ts';
import { towerShadowHandler } from './tower-shadow.handler.ts';

/** The processing kinds started by the /data-process/process/* calls. */
export type TProcessingKind = Extract<
  TTaskKind,
  'qc' | 'tower_shadow' | 'interpolation' | 'extrapolation' | 'representative_year'
>;

/**
 * Data processing of a working version (SPEC §4, §9; WIND-ANALYSIS §2, §4–§7): each call checks access
 * and queues one task (409 while another runs on the version); the handlers registered here do the work
 * in the runner's transaction, so a failure leaves the version unchanged.
 */
export class ProcessingService {
  private readonly store: TimeSeriesRepository;

  constructor(
    db: Database,
    private readonly stationAccess: StationAccess,
    private readonly tasks: ProcessingTaskService,
    /** Worker threads for the CPU-heavy part of a task (the QC rules); without, the task's event loop. */
    compute?: TComputeAccess,
  ) {
    this.store = new TimeSeriesRepository(db);
    tasks.register('qc', qcHandler(compute));
    tasks.register('tower_shadow', towerShadowHandler);
    tasks.register('interpolation', interpolationHandler);
    tasks.register('extrapolation', extrapolationHandler);
    tasks.register('representative_year', representativeYearHandler);
  }

  /**
   * Queues a processing task on a working version the user may edit. The caller's time zone is kept
   * with the parameters: by-hour shear and the representative year's calendar use local time.
   */
  async start(
    user: TAuthUser,
    kind: TProcessingKind,
    request: { versionId: number; reference?: { versionId: number } | undefined } & Record<string, unknown>,
    context: { language: Language; utcOffsetMinutes: number },
  ): Promise<TProcessingTask> {
    const version = await this.tasks.writableVersion(user, request.versionId);
    if (request.reference) {
      const reference = await this.store.findVersion(request.reference.versionId);
      if (!reference) throw new AppError('NOT_FOUND');
      await this.stationAccess.assertCanView(user, reference.stationId);
    }
    const task = await this.tasks.start(user, {
      kind,
      version,
      params: { ...request, utcOffsetMinutes: context.utcOffsetMinutes },
      language: context.language,
    });
    return presentTask(task, context.language);
  }
}
