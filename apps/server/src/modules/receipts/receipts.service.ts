import {
  AppError,
  type Language,
  localizeDoubt,
  localizeUnreadableReason,
  localMinute,
  type TPage,
  type TReceiptDetail,
  type TReceiptDismissRequest,
  type TReceiptListItem,
  type TReceiptPageRequest,
  text,
  utcLabel,
} from '@masthub/shared';
import type { ReceiptOutput } from '@masthub/wind';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { TComputeAccess } from '../../platform/compute/compute-task.ts';
import { runTask } from '../../platform/compute/run-task.ts';
import type { Database } from '../../platform/db/database.ts';
import { presentPage } from '../../platform/db/paging.ts';
import { NO_OUTBOUND_EVENTS, type OutboundEvents } from '../../platform/events/outbound-events.ts';
import type { TJobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { storedError } from '../../platform/stored-error.ts';
import type { StationAccess } from '../access/index.ts';
import type { TDataArrivedEvent, TFileHeldEvent } from '../ingestion/index.ts';
import type { MessageService } from '../messages/index.ts';
import { certificatesOfChannels } from '../sensors/index.ts';
import { configuredChannelMetadata, type TConfiguredChannelMetadata } from '../station-assets/index.ts';
import type { StationLogService } from '../station-log/index.ts';
import { openTimeSeriesStore, type TTimeSeriesStore } from '../timeseries/index.ts';
import { checkText, presentDetail, presentListItem, type TChannelNames } from './receipt-present.ts';
import { receiptChannelOf, receiptStatisticOf, runReceipt, type TReceiptJob } from './receipt-run.ts';
import { ReceiptRepository, type TFindingInsert } from './receipts.repository.ts';

/** Files of these sources get no receipt: the demo seed imports two years of files at once. */
const NO_RECEIPT_SOURCES: ReadonlySet<string> = new Set(['seed']);

const sortedKeys = (channels: readonly string[]) => [...channels].sort();
const sameChannels = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The data receipt of every arriving file (issue 30, WIND-ANALYSIS §15): queued after the file's data are
 * stored (a job, never inside the ingest), computed from the file's period of the site's original version
 * and the 30 days before it (a compute thread), stored with its findings; a finding matching a dismissal
 * (same key, same channels, overlapping period) is stored dismissed. The station log says what the receipt
 * found, and the site's data administrators are told when it found warnings or errors.
 */
export class ReceiptService {
  private readonly repository: ReceiptRepository;
  private readonly store: TTimeSeriesStore;

  constructor(
    private readonly db: Database,
    private readonly access: StationAccess,
    private readonly stationLog: Pick<StationLogService, 'record' | 'recordAs'>,
    private readonly messages: Pick<MessageService, 'sendMany' | 'announceChange'>,
    private readonly log: Logger,
    private readonly compute?: TComputeAccess,
    /** Where a receipt with open findings is announced (webhooks). */
    private readonly events: OutboundEvents = NO_OUTBOUND_EVENTS,
  ) {
    this.repository = new ReceiptRepository(db);
    this.store = openTimeSeriesStore(db);
  }

  /** After a file's data are committed: a pending receipt at once (the badge), the computation queued. */
  async onDataArrived(jobs: Pick<TJobs, 'send'>, event: TDataArrivedEvent): Promise<boolean> {
    if (NO_RECEIPT_SOURCES.has(event.source) || event.firstTimeMs === null) return false;
    await this.repository.upsertPending(event.rawFileId, event.stationId, event.versionId);
    await this.changed(event.stationId);
    await jobs.send(
      'receipt.compute',
      { rawFileId: event.rawFileId },
      { singletonKey: `receipt:${event.rawFileId}` },
    );
    return true;
  }

  /**
   * A file of the site is held for a confirmation (issue 40): its receipt says so with the doubts it waits
   * on, and the site's data administrators are told (message) — nothing else is computed until it is read.
   */
  async onFileHeld(event: TFileHeldEvent): Promise<void> {
    await this.repository.upsertHeld(event.rawFileId, event.stationId, event.doubts);
    await this.changed(event.stationId);
    const [receivers, code] = await Promise.all([
      this.access.dataAdministrators(event.stationId),
      this.access.stationCode(event.stationId),
    ]);
    const first = event.doubts[0];
    const details = { count: event.doubts.length };
    const reasonIn = (language: 'zh' | 'en') =>
      localizeUnreadableReason(
        event.reasonKey,
        { ...details, first: first ? localizeDoubt(first, language) : '' },
        language,
      ) ?? event.reasonKey;
    await this.messages.sendMany(
      receivers.map((userId) => ({
        userId,
        type: 'system' as const,
        message: text('message.fileHeld', { code: code ?? String(event.stationId), file: event.fileName }),
        description: text('message.fileHeldDetail', { reason: { zh: reasonIn('zh'), en: reasonIn('en') } }),
        messageType: 'warning' as const,
        stationIds: [event.stationId],
      })),
    );
  }

  async registerJobs(jobs: TJobs): Promise<void> {
    await jobs.work('receipt.compute', async (job) => {
      await this.computeReceipt(job.data.rawFileId);
    });
  }

  /**
   * Computes and stores the receipt of one parsed file (also the job's). What could not be computed is
   * stored as the receipt's error. False when the file is gone, not parsed or brought no value.
   */
  async computeReceipt(rawFileId: number): Promise<boolean> {
    const file = await this.repository.findRawFile(rawFileId);
    if (!file || file.is_deleted || file.status !== 'parsed' || !file.first_time || !file.last_time)
      return false;
    const stationId = file.station_id!;
    const version = await this.store.findOriginalVersion(stationId);
    const before = await this.repository.findByRawFile(rawFileId);
    const receiptId = await this.repository.upsertPending(rawFileId, stationId, version?.id ?? null);
    let added = 0;
    const started = performance.now();
    let job: TReceiptJob | undefined;
    try {
      if (!version) throw new AppError('NOT_FOUND');
      const checks = await this.jobOf(version.id, stationId, file);
      job = checks;
      const output = await runTask(this.compute, { kind: 'receipt_checks', job: checks }, () =>
        runReceipt(this.db, checks),
      );
      added = await this.save(receiptId, stationId, job, output, Math.round(performance.now() - started));
    } catch (error) {
      if (!(error instanceof AppError)) this.log.error({ err: error, rawFileId }, 'receipt failed');
      await this.repository.saveComputed(receiptId, {
        status: 'failed',
        periodStart: job ? new Date(job.fromMs) : null,
        periodEnd: job ? new Date(job.toMs) : null,
        basic: null,
        passed: [],
        skipped: [],
        findingCount: 0,
        error: storedError(error instanceof AppError ? error : new AppError('INTERNAL')),
        computeMs: Math.round(performance.now() - started),
      });
      await this.changed(stationId);
      return true;
    }
    await this.changed(stationId);
    // A re-delivered job (the receipt was done already) tells nobody again unless it found something new.
    if (before?.status !== 'done' || added > 0) await this.tell(receiptId, stationId, file);
    return true;
  }

  /** The channels of the file's interval with what the configuration in force says about them. */
  private async jobOf(
    versionId: number,
    stationId: number,
    file: { first_time: Date | null; last_time: Date | null; latitude: number; longitude: number },
  ): Promise<TReceiptJob> {
    const all = await this.store.listChannels(versionId);
    const counts = new Map<number, number>();
    for (const c of all) counts.set(c.intervalS, (counts.get(c.intervalS) ?? 0) + 1);
    const intervalS = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 600;
    const fromMs = file.first_time!.getTime();
    const metadata = await configuredChannelMetadata(this.db, stationId, fromMs);
    const toMs = file.last_time!.getTime() + intervalS * 1000;
    const certified = await this.certifiedChannels(metadata, fromMs, toMs);
    const channels = all
      .filter((c) => c.intervalS === intervalS && receiptStatisticOf(c.statistic) !== 'none')
      .map((row) => {
        const receipt = receiptChannelOf(row, metadata.get(row.dataKey.toLowerCase()));
        const reference = certified.references.get(row.dataKey.toLowerCase());
        return { row, receipt: reference ? { ...receipt, ...reference } : receipt };
      });
    const hasSite = Number.isFinite(file.latitude) && Number.isFinite(file.longitude);
    return {
      versionId,
      channels,
      declaredCalibrations: certified.declared,
      fromMs,
      toMs,
      site: hasSite ? { latDeg: file.latitude, lonDeg: file.longitude } : undefined,
      intervalMinutes: intervalS / 60,
    };
  }

  /**
   * The certificate as the reference of the declared-calibration check (issue 44 §2): a channel whose sensor
   * has a certificate in force at the file's start is checked against the certificate's slope/offset, and
   * when the logger's programmed values (the configuration's) disagree with it — to the precision the less
   * precise one states (sensors/calibration-check.ts) — they are handed to the check as what the logger applied.
   */
  private async certifiedChannels(
    metadata: Map<string, TConfiguredChannelMetadata>,
    fromMs: number,
    toMs: number,
  ): Promise<{
    references: Map<string, { slope: number; offset: number }>;
    declared: NonNullable<TReceiptJob['declaredCalibrations']>;
  }> {
    const found = await certificatesOfChannels(this.db, [...metadata.values()], new Date(fromMs));
    const references = new Map<string, { slope: number; offset: number }>();
    const declared: NonNullable<TReceiptJob['declaredCalibrations']> = [];
    for (const f of found) {
      const slope = f.inForce?.slope ?? null;
      const offset = f.inForce?.offset ?? null;
      if (slope === null || offset === null) continue;
      references.set(f.channel.dataKey.toLowerCase(), { slope, offset });
      const { calibrationSlope: s, calibrationOffset: o } = f.channel;
      if (f.mismatches.length > 0 && s !== null && o !== null && s !== 0) {
        // The precision rule has decided they differ: the check's own tolerances are not applied again.
        declared.push({
          channel: f.channel.dataKey,
          slope: s,
          offset: o,
          fromMs,
          toMs,
          slopeTolerance: 0,
          offsetTolerance: 0,
        });
      }
    }
    return { references, declared };
  }

  private async save(
    receiptId: number,
    stationId: number,
    job: TReceiptJob,
    output: ReceiptOutput,
    computeMs: number,
  ): Promise<number> {
    const keys = [...new Set(output.findings.map((f) => f.key))];
    return this.db.transaction().execute(async (trx) => {
      const repository = new ReceiptRepository(trx);
      const dismissals = await repository.listDismissals(stationId, keys);
      const findings: TFindingInsert[] = output.findings.map((f, position) => {
        const channels = sortedKeys(f.channels);
        const dismissal = dismissals.find(
          (d) =>
            d.finding_key === f.key &&
            sameChannels(sortedKeys(d.channels), channels) &&
            d.period_start.getTime() < f.toMs &&
            f.fromMs < Math.max(d.period_end.getTime(), d.period_start.getTime() + 1),
        );
        return {
          position,
          check: f.check,
          key: f.key,
          severity: f.severity,
          channels,
          fromMs: f.fromMs,
          toMs: f.toMs,
          numbers: f.numbers as Record<string, number>,
          chart: f.chart ? (JSON.parse(JSON.stringify(f.chart)) as Record<string, unknown>) : null,
          fix: f.fix ? { ...f.fix } : null,
          dismissalId: dismissal?.id ?? null,
        };
      });
      const added = await repository.replaceFindings(receiptId, stationId, findings);
      await repository.saveComputed(receiptId, {
        status: 'done',
        periodStart: new Date(job.fromMs),
        periodEnd: new Date(job.toMs),
        basic: output.basic as unknown as Record<string, unknown>,
        passed: output.results.flatMap((r) =>
          r.status === 'pass'
            ? [{ check: r.pass.check, channels: r.pass.channels, numbers: r.pass.numbers }]
            : [],
        ),
        skipped: output.results.flatMap((r) =>
          r.status === 'skipped'
            ? [{ check: r.skip.check, channels: r.skip.channels, reason: r.skip.reason }]
            : [],
        ),
        findingCount: findings.length,
        error: null,
        computeMs,
      });
      await repository.recountOpen(receiptId);
      return added;
    });
  }

  /** The station log line, and the message to the site's data administrators when there is something to do. */
  private async tell(
    receiptId: number,
    stationId: number,
    file: { id: number; file_name: string; station_code: string },
  ): Promise<void> {
    const findings = await this.repository.listFindings(receiptId);
    const open = findings.filter((f) => f.status === 'open' && f.severity !== 'info');
    const count = (severity: string) => findings.filter((f) => f.severity === severity).length;
    await this.stationLog.recordAs(
      this.db,
      { userId: null, systemName: 'system' },
      {
        type: 'add',
        stationId,
        location: 'dataFiles',
        objects: text('stationLog.receiptDone', {
          file: file.file_name,
          findings: findings.length,
          errors: count('error'),
          warnings: count('warning'),
        }),
        details: { receiptId, rawFileId: file.id, findings: findings.map((f) => f.finding_key) },
      },
    );
    if (open.length === 0) return;
    await this.events.emit({
      kind: 'receipt.finding',
      stationIds: [stationId],
      data: {
        rawFileId: file.id,
        fileName: file.file_name,
        checks: [...new Set(open.map((f) => f.check_kind))],
        findingCount: open.length,
      },
    });
    const receivers = await this.access.dataAdministrators(stationId);
    const errors = open.filter((f) => f.severity === 'error').length;
    const checks = [...new Set(open.map((f) => f.check_kind))].map((c) => checkText(c));
    await this.messages.sendMany(
      receivers.map((userId) => ({
        userId,
        type: 'system' as const,
        message: text('message.receiptFindings', {
          code: file.station_code,
          file: file.file_name,
          count: open.length,
        }),
        description: text('message.receiptFindingsDetail', {
          errors,
          warnings: open.length - errors,
          checks,
        }),
        messageType: errors > 0 ? ('error' as const) : ('warning' as const),
        stationIds: [stationId],
      })),
    );
  }

  /** POST page: a site's receipts, newest first (the caller's view of the site). */
  async page(user: TAuthUser, request: TReceiptPageRequest): Promise<TPage<TReceiptListItem>> {
    await this.access.assertCanView(user, request.stationId);
    const { rows, total } = await this.repository.page({
      stationId: request.stationId,
      isOpenOnly: request.isOpenOnly ?? false,
      offset: (request.pageNo - 1) * request.pageSize,
      limit: request.pageSize,
    });
    return presentPage(request, { rows, total }, presentListItem);
  }

  /** GET detail: the whole receipt (the caller's view of its site). */
  async detail(user: TAuthUser, id: number, language: Language): Promise<TReceiptDetail> {
    const row = await this.repository.findDetail(id);
    if (!row) throw new AppError('NOT_FOUND');
    await this.access.assertCanView(user, row.station_id);
    const [findings, names] = await Promise.all([
      this.repository.listFindings(id),
      this.channelNames(row.version_id),
    ]);
    return presentDetail(row, findings, names, language);
  }

  private async channelNames(versionId: number | null): Promise<TChannelNames> {
    if (versionId === null) return new Map();
    const channels = await this.store.listChannels(versionId);
    return new Map(channels.map((c) => [c.dataKey.toLowerCase(), c.name]));
  }

  /**
   * POST dismiss: the finding is dismissed with a reason (the caller's edit right on the site); it is not
   * raised again for an overlapping period. 409 when it is not open.
   */
  async dismiss(
    user: TAuthUser,
    request: TReceiptDismissRequest,
    language: Language,
  ): Promise<TReceiptDetail> {
    const finding = await this.repository.findFinding(request.findingId);
    if (!finding) throw new AppError('NOT_FOUND');
    await this.access.assertCanEdit(user, finding.station_id);
    if (finding.status !== 'open') throw new AppError('RECEIPT_FINDING_NOT_OPEN');
    // The station log names the finding's period on the site's clock, with the zone said.
    const zone = await this.repository.findStationUtcOffset(finding.station_id);
    const siteTime = (date: Date) => localMinute(date.getTime(), zone);
    await this.db.transaction().execute(async (trx) => {
      const repository = new ReceiptRepository(trx);
      const dismissalId = await repository.insertDismissal({
        stationId: finding.station_id,
        key: finding.finding_key,
        channels: finding.channels,
        periodStart: finding.period_start,
        periodEnd: finding.period_end,
        reason: request.reason,
        userId: user.id,
        userName: user.userName,
      });
      await repository.setFindingStatus(finding.id, 'dismissed', dismissalId);
      await repository.recountOpen(finding.receipt_id);
      await this.stationLog.record(trx, {
        operator: user,
        type: 'edit',
        stationId: finding.station_id,
        location: 'dataFiles',
        objects: text('stationLog.receiptDismissed', {
          check: checkText(finding.check_kind),
          channels: finding.channels.join(', '),
          from: siteTime(finding.period_start),
          to: `${siteTime(finding.period_end)} (${utcLabel(zone)})`,
          reason: request.reason,
        }),
        details: { findingId: finding.id, key: finding.finding_key, dismissalId, reason: request.reason },
      });
    });
    await this.changed(finding.station_id);
    return this.detail(user, finding.receipt_id, language);
  }

  /** Tells the screens showing the site's receipts (and its files' badges) that they changed. */
  private async changed(stationId: number): Promise<void> {
    await this.messages.announceChange({ topic: 'receipts', stationId });
  }
}
