import { deflateSync, inflateSync } from 'node:zlib';
import {
  AppError,
  type Language,
  type TCalibrationCorrection,
  type TCalibrationCorrectRequest,
  type TProcessingFailureReason,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import type { StationAccess } from '../access/index.ts';
import { loadSeries, writeSeries } from '../timeseries/index.ts';
import type { ProcessingTaskService, TTaskContext } from '../wind-data/index.ts';
import { CalibrationRepository } from './calibrations.repository.ts';

/** What a correction re-scales: one channel over [fromMs, toMs) (toMs null: to the version's end). */
export interface TCorrectionParams {
  channel: string;
  fromMs: number;
  toMs: number | null;
  programmed: { slope: number; offset: number };
  certified: { slope: number; offset: number };
}

interface TCorrectionUndo {
  startMs: number;
  channelId: number;
  dataKey: string;
  values: string;
  flags: string;
}

/** The failure the processing task reports (wind-data's ProcessingFailure, handed in: no runtime import). */
export type TProcessingFailureOf = (
  reason: TProcessingFailureReason,
  details?: Record<string, unknown>,
) => Error;

const encode = (bytes: ArrayBufferView) =>
  deflateSync(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).toString('base64');

/**
 * The value written for `v` logged with the programmed slope/offset, re-scaled to the certificate's:
 * raw = (v − offset_p)/slope_p, v' = raw × slope_c + offset_c (stored as a 32-bit float).
 */
export function rescaled(v: number, p: TCorrectionParams): number {
  return ((v - p.programmed.offset) / p.programmed.slope) * p.certified.slope + p.certified.offset;
}

/**
 * Correcting history to the calibration certificate (issue 44 §2): when a logger was programmed with
 * another slope/offset than the sensor's certificate (a typing error, a recalibrated sensor), a processing
 * task (`calibration_fix`) re-scales the channel over the period on a working version — never the original —
 * in the task's transaction, with the lineage step and the station-log line every task writes; what it
 * replaced is kept on the correction, so `calibration_fix_undo` writes it back exactly. Values keep their
 * flags (the measured values set right, not filled ones).
 */
export class CalibrationCorrectionService {
  private readonly repository: CalibrationRepository;

  constructor(
    db: Database,
    private readonly access: StationAccess,
    private readonly tasks: Pick<ProcessingTaskService, 'register' | 'start' | 'writableVersion'>,
    private readonly failure: TProcessingFailureOf,
  ) {
    this.repository = new CalibrationRepository(db);
    tasks.register('calibration_fix', (ctx) => this.runFix(ctx));
    tasks.register('calibration_fix_undo', (ctx) => this.runUndo(ctx));
  }

  /** Queues the correction on a working version the caller may process (edit right on its site). */
  async correct(
    user: TAuthUser,
    request: TCalibrationCorrectRequest,
    language: Language,
  ): Promise<{ correctionId: number; taskId: number }> {
    const version = await this.tasks.writableVersion(user, request.versionId);
    await this.access.assertCanEdit(user, version.stationId);
    const params: TCorrectionParams = {
      channel: request.channel,
      fromMs: request.fromTime.getTime(),
      toMs: request.toTime?.getTime() ?? null,
      programmed: request.programmed,
      certified: request.certified,
    };
    const correctionId = await this.repository.insertCorrection({
      stationId: version.stationId,
      versionId: version.id,
      calibrationId: request.calibrationId ?? null,
      params: params as unknown as Record<string, unknown>,
      userId: user.id,
      userName: user.userName,
    });
    try {
      const task = await this.tasks.start(user, {
        kind: 'calibration_fix',
        version,
        params: { correctionId, ...params },
        language,
      });
      await this.repository.setCorrectionTask(correctionId, 'task_id', task.id);
      return { correctionId, taskId: task.id };
    } catch (error) {
      await this.repository.deleteCorrection(correctionId);
      throw error;
    }
  }

  /** A site's corrections (site view access), newest first. */
  async list(user: TAuthUser, stationId: number): Promise<TCalibrationCorrection[]> {
    await this.access.assertCanView(user, stationId);
    const rows = await this.repository.listCorrections(stationId);
    return rows.map((r) => {
      const p = r.params as unknown as TCorrectionParams;
      return {
        id: Number(r.id),
        versionId: Number(r.version_id),
        versionName: r.version_name,
        channel: p.channel,
        fromTime: new Date(p.fromMs).toISOString(),
        toTime: p.toMs === null ? null : new Date(p.toMs).toISOString(),
        programmed: p.programmed,
        certified: p.certified,
        status: r.status,
        creatorName: r.creator_name,
        createTime: r.created_at.toISOString(),
      };
    });
  }

  /** Queues the undo of an applied correction on its version. */
  async undo(user: TAuthUser, correctionId: number, language: Language) {
    const row = await this.repository.findCorrection(correctionId);
    if (!row) throw new AppError('NOT_FOUND');
    const version = await this.tasks.writableVersion(user, Number(row.version_id));
    await this.access.assertCanEdit(user, version.stationId);
    if (row.status !== 'applied') throw new AppError('CALIBRATION_CORRECTION_NOT_APPLIED');
    const task = await this.tasks.start(user, {
      kind: 'calibration_fix_undo',
      version,
      params: { correctionId },
      language,
    });
    await this.repository.setCorrectionTask(correctionId, 'undo_task_id', task.id);
    return { correctionId, taskId: task.id };
  }

  private async runFix(ctx: TTaskContext): Promise<Record<string, unknown>> {
    const repository = new CalibrationRepository(ctx.trx);
    const { correctionId } = ctx.task.params as { correctionId: number };
    const row = await repository.findCorrection(correctionId);
    if (row?.status !== 'queued' || Number(row.version_id) !== ctx.version.id) {
      throw this.failure('receipt_fix_stale');
    }
    const p = row.params as unknown as TCorrectionParams;
    const all = await ctx.store.listChannels(ctx.version.id);
    const channel = all.find((c) => c.dataKey.toLowerCase() === p.channel.toLowerCase());
    if (!channel) throw this.failure('receipt_channel_missing', { channel: p.channel });
    let toMs = p.toMs;
    if (toMs === null) {
      const last = (await ctx.store.channelRanges(ctx.version.id)).get(channel.id)?.lastTime;
      toMs = last ? last.getTime() + channel.intervalS * 1000 : p.fromMs;
    }
    if (!(toMs > p.fromMs)) throw this.failure('no_data');
    const loaded = await loadSeries(ctx.store, [channel], p.fromMs, toMs);
    if (loaded.grid.length === 0) throw this.failure('no_data');
    const c = loaded.channels[0]!;
    const values = Float32Array.from(c.values);
    const stepMs = channel.intervalS * 1000;
    const first = Math.max(0, Math.ceil((p.fromMs - loaded.grid.startMs) / stepMs));
    const end = Math.min(values.length, Math.ceil((toMs - loaded.grid.startMs) / stepMs));
    let changed = 0;
    for (let i = first; i < end; i++) {
      if (Number.isNaN(values[i]!)) continue;
      values[i] = rescaled(values[i]!, p);
      changed++;
    }
    if (changed === 0) throw this.failure('no_data');
    const undo: TCorrectionUndo = {
      startMs: loaded.grid.startMs,
      channelId: channel.id,
      dataKey: channel.dataKey,
      values: encode(c.values),
      flags: encode(c.flags),
    };
    await writeSeries(
      ctx.store,
      ctx.version.id,
      channel,
      loaded.grid.startMs,
      values,
      Uint8Array.from(c.flags),
    );
    await repository.markApplied(correctionId, undo as unknown as Record<string, unknown>);
    return {
      correctionId,
      channel: channel.name,
      fromTime: new Date(p.fromMs).toISOString(),
      toTime: new Date(toMs).toISOString(),
      programmed: p.programmed,
      certified: p.certified,
      values: changed,
    };
  }

  private async runUndo(ctx: TTaskContext): Promise<Record<string, unknown>> {
    const repository = new CalibrationRepository(ctx.trx);
    const { correctionId } = ctx.task.params as { correctionId: number };
    const row = await repository.findCorrection(correctionId);
    if (row?.status !== 'applied' || !row.undo || Number(row.version_id) !== ctx.version.id) {
      throw this.failure('receipt_fix_stale');
    }
    const undo = row.undo as unknown as TCorrectionUndo;
    const all = await ctx.store.listChannels(ctx.version.id);
    const channel =
      all.find((c) => c.id === undo.channelId) ??
      all.find((c) => c.dataKey.toLowerCase() === undo.dataKey.toLowerCase());
    if (!channel) throw this.failure('receipt_channel_missing', { channel: undo.dataKey });
    const valuesBytes = inflateSync(Buffer.from(undo.values, 'base64'));
    const values = new Float32Array(
      valuesBytes.buffer.slice(valuesBytes.byteOffset, valuesBytes.byteOffset + valuesBytes.byteLength),
    );
    const flags = new Uint8Array(inflateSync(Buffer.from(undo.flags, 'base64')));
    await writeSeries(ctx.store, ctx.version.id, channel, undo.startMs, values, flags);
    await repository.markUndone(correctionId);
    return { correctionId, channel: channel.name };
  }
}
