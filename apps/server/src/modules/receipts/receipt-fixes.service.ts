import {
  AppError,
  fieldError,
  type Language,
  RECEIPT_VERSION_NAME,
  type TReceiptApplyReply,
  type TReceiptApplyRequest,
  text,
  ZReceiptFix,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import type { StationAccess } from '../access/index.ts';
import type { MessageService } from '../messages/index.ts';
import type { StationLogService } from '../station-log/index.ts';
import { openTimeSeriesStore, type TTimeSeriesStore, type TVersionRow } from '../timeseries/index.ts';
import {
  ProcessingFailure,
  type ProcessingTaskService,
  type TTaskContext,
  type VersionService,
} from '../wind-data/index.ts';
import { applyReceiptFix, type TFixUndo, undoReceiptFix } from './receipt-fix-apply.ts';
import { checkText } from './receipt-present.ts';
import { ReceiptRepository } from './receipts.repository.ts';

/** What a fix task carries. */
interface TFixParams {
  receiptFixId: number;
}

/**
 * The one-click fixes of the data receipt (issue 30): a finding's suggested fix runs as a processing task
 * (`receipt_fix`) on a working version — the one the caller names, else the site's receipt version, made
 * from the original when the site has none — never on the original. The task writes the lineage step and
 * the station-log line like every processing task; what it replaced is kept on the fix, so a second task
 * (`receipt_fix_undo`) writes it back.
 */
export class ReceiptFixService {
  private readonly repository: ReceiptRepository;
  private readonly store: TTimeSeriesStore;

  constructor(
    private readonly db: Database,
    private readonly access: StationAccess,
    private readonly tasks: ProcessingTaskService,
    private readonly versions: Pick<VersionService, 'create'>,
    private readonly stationLog: Pick<StationLogService, 'record'>,
    /** Where a finding fixed or given back is announced to the screens showing the site's receipts. */
    private readonly messages: Pick<MessageService, 'announceChange'>,
  ) {
    this.repository = new ReceiptRepository(db);
    this.store = openTimeSeriesStore(db);
    tasks.register('receipt_fix', (ctx) => this.runFix(ctx));
    tasks.register('receipt_fix_undo', (ctx) => this.runUndo(ctx));
  }

  /** POST apply: queues the finding's fix on a working version (the caller's edit right on the site). */
  async apply(
    user: TAuthUser,
    request: TReceiptApplyRequest,
    language: Language,
  ): Promise<TReceiptApplyReply> {
    const finding = await this.repository.findFinding(request.findingId);
    if (!finding) throw new AppError('NOT_FOUND');
    await this.access.assertCanEdit(user, finding.station_id);
    const fix = ZReceiptFix.safeParse(finding.fix);
    if (!fix.success) throw new AppError('RECEIPT_NO_FIX');
    if (finding.status !== 'open') throw new AppError('RECEIPT_FINDING_NOT_OPEN');
    const { version, isNew } = await this.workingVersion(
      user,
      finding.station_id,
      request.versionId,
      language,
    );
    const fixId = await this.repository.insertFix({
      findingId: finding.id,
      stationId: finding.station_id,
      versionId: version.id,
      fix: fix.data,
      userId: user.id,
      userName: user.userName,
    });
    let taskId: number;
    try {
      const task = await this.tasks.start(user, {
        kind: 'receipt_fix',
        version,
        params: {
          receiptFixId: fixId,
          findingId: finding.id,
          check: finding.check_kind,
          key: finding.finding_key,
          fix: fix.data,
        },
        language,
      });
      taskId = task.id;
    } catch (error) {
      await this.repository.deleteFix(fixId);
      throw error;
    }
    await this.repository.setFixTask(fixId, 'task_id', taskId);
    await this.stationLog.record(this.db, {
      operator: user,
      type: 'edit',
      stationId: finding.station_id,
      location: 'dataProcessing',
      objects: text('stationLog.receiptFixQueued', {
        check: checkText(finding.check_kind),
        version: version.name,
        taskId,
      }),
      details: { findingId: finding.id, receiptFixId: fixId, versionId: version.id, fix: fix.data },
    });
    return { fixId, taskId, versionId: version.id, versionName: version.name, isNewVersion: isNew };
  }

  /** POST undo: queues the undo of an applied fix on its version (the caller's edit right on the site). */
  async undo(user: TAuthUser, fixId: number, language: Language): Promise<{ fixId: number; taskId: number }> {
    const fix = await this.repository.findFix(fixId);
    if (!fix) throw new AppError('NOT_FOUND');
    const version = await this.tasks.writableVersion(user, fix.version_id);
    if (fix.status !== 'applied') throw new AppError('RECEIPT_FIX_NOT_APPLIED');
    const task = await this.tasks.start(user, {
      kind: 'receipt_fix_undo',
      version,
      params: { receiptFixId: fix.id, findingId: fix.finding_id, fix: fix.fix },
      language,
    });
    await this.repository.setFixTask(fix.id, 'undo_task_id', task.id);
    return { fixId: fix.id, taskId: task.id };
  }

  /**
   * The version a fix goes to: the one named (a working version of the finding's site the caller may
   * edit), else the site's receipt version, else a new copy of the original under that name.
   */
  private async workingVersion(
    user: TAuthUser,
    stationId: number,
    versionId: number | undefined,
    language: Language,
  ): Promise<{ version: TVersionRow; isNew: boolean }> {
    if (versionId !== undefined) {
      const version = await this.tasks.writableVersion(user, versionId);
      if (version.stationId !== stationId) throw fieldError('versionId', 'oneOf');
      return { version, isNew: false };
    }
    const existing = await this.repository.findWorkingVersionByName(stationId, RECEIPT_VERSION_NAME);
    if (existing) return { version: await this.tasks.writableVersion(user, existing.id), isNew: false };
    const original = await this.store.findOriginalVersion(stationId);
    if (!original) throw new AppError('NOT_FOUND');
    const created = await this.versions.create(
      user,
      { stationId, sourceVersionId: original.id, name: RECEIPT_VERSION_NAME },
      language,
    );
    return { version: await this.tasks.writableVersion(user, created.id), isNew: true };
  }

  /** The `receipt_fix` task: applies the fix in the task's transaction and keeps what it replaced. */
  private async runFix(ctx: TTaskContext): Promise<Record<string, unknown>> {
    const repository = new ReceiptRepository(ctx.trx);
    const params = ctx.task.params as unknown as TFixParams;
    const row = await repository.findFix(params.receiptFixId);
    if (row?.status !== 'queued' || row.version_id !== ctx.version.id) {
      throw new ProcessingFailure('receipt_fix_stale');
    }
    const finding = await repository.findFinding(row.finding_id);
    if (!finding) throw new ProcessingFailure('receipt_fix_stale');
    const fix = ZReceiptFix.parse(row.fix);
    const { result, undo } = await applyReceiptFix(ctx, fix, finding.period_start.getTime());
    await repository.markFixApplied(row.id, undo as unknown as Record<string, unknown>);
    await repository.setFindingStatus(finding.id, 'fixed');
    await repository.recountOpen(finding.receipt_id);
    // Sent when the task's transaction commits.
    await this.messages.announceChange({ topic: 'receipts', stationId: finding.station_id }, ctx.trx);
    return { receiptFixId: row.id, findingId: finding.id, ...result };
  }

  /** The `receipt_fix_undo` task: writes back what the fix replaced; the finding is open again. */
  private async runUndo(ctx: TTaskContext): Promise<Record<string, unknown>> {
    const repository = new ReceiptRepository(ctx.trx);
    const params = ctx.task.params as unknown as TFixParams;
    const row = await repository.findFix(params.receiptFixId);
    if (row?.status !== 'applied' || !row.undo || row.version_id !== ctx.version.id) {
      throw new ProcessingFailure('receipt_fix_stale');
    }
    const result = await undoReceiptFix(ctx, row.undo as unknown as TFixUndo);
    await repository.markFixUndone(row.id);
    const finding = await repository.findFinding(row.finding_id);
    if (finding) {
      await repository.setFindingStatus(finding.id, 'open');
      await repository.recountOpen(finding.receipt_id);
      await this.messages.announceChange({ topic: 'receipts', stationId: finding.station_id }, ctx.trx);
    }
    return { receiptFixId: row.id, findingId: row.finding_id, ...result };
  }
}
