import type { Readable } from 'node:stream';
import {
  APPLY_PENDING_MAX,
  AppError,
  type Language,
  type TApplyDetail,
  type TApplyPageRequest,
  type TApplyRecord,
  type TApplyReview,
  type TApplySave,
  type TApplyTicket,
  type TApplyTicketRequest,
  type TPage,
  text,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import { presentPage } from '../../platform/db/paging.ts';
import { NO_OUTBOUND_EVENTS, type OutboundEvents } from '../../platform/events/outbound-events.ts';
import type { TFileStore } from '../../platform/files/file-store.ts';
import type { TJobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { StationAccess } from '../access/index.ts';
import type { IngestionApi } from '../ingestion/index.ts';
import type { MailOutbox } from '../mail/index.ts';
import type { MessageService } from '../messages/index.ts';
import type { WindDataService } from '../wind-data/index.ts';
import { ApplicationRepository, type TApplicationRow } from './applications.repository.ts';
import { ApplyDownloads } from './apply-downloads.ts';
import { ApplyExport } from './apply-export.ts';
import { ApplyNotices } from './apply-notices.ts';
import { assertApplicantSees, presentApplication } from './apply-support.ts';
import type { LinkSigner } from './link-signer.ts';

/** The collaborators of the apply service, built by the module's factory (apply.module.ts). */
export interface TApplyServiceDeps {
  db: Database;
  access: StationAccess;
  files: TFileStore;
  windData: WindDataService;
  ingestionApi: IngestionApi;
  outbox: MailOutbox;
  messages: MessageService;
  jobs: TJobs;
  signer: LinkSigner;
  log: Logger;
  /** Where decisions are announced (webhooks), after their transaction. */
  events?: OutboundEvents;
}

export interface TApplyServiceOptions {
  /**
   * PUBLIC_URL: the address links in e-mails point at. Never taken from a request (its Host header is the
   * caller's to choose): without it the e-mail carries no link and says where to download in the app.
   */
  publicUrl: string | undefined;
}

/**
 * Download applications (issue 17): a user applies for the data of sites they may see; a reviewer
 * (system.apply) who may see every site of it decides; an approved application is exported once in
 * the background ('apply.export') with the applicant's data rights and delivered as a signed link that
 * expires and opens for the applicant only. Every download is logged; a rejected, pending, revoked or
 * expired application releases nothing.
 */
export class ApplyService {
  private readonly applications: ApplicationRepository;
  private readonly notices: ApplyNotices;
  private readonly exporter: ApplyExport;
  private readonly downloads: ApplyDownloads;

  private readonly db: Database;
  private readonly access: StationAccess;
  private readonly outbox: MailOutbox;
  private readonly messages: MessageService;
  private readonly jobs: TJobs;
  private readonly log: Logger;
  private readonly events: OutboundEvents;

  constructor(
    deps: TApplyServiceDeps,
    private readonly options: TApplyServiceOptions,
  ) {
    const { db, access, files, windData, ingestionApi, outbox, messages, jobs, signer, log } = deps;
    this.db = db;
    this.access = access;
    this.outbox = outbox;
    this.messages = messages;
    this.jobs = jobs;
    this.log = log;
    this.events = deps.events ?? NO_OUTBOUND_EVENTS;
    this.applications = new ApplicationRepository(db);
    this.notices = new ApplyNotices(outbox, messages, log);
    this.exporter = new ApplyExport({
      db,
      access,
      files,
      windData,
      ingestionApi,
      outbox,
      messages,
      signer,
      log,
      notices: this.notices,
    });
    this.downloads = new ApplyDownloads(db, access, files, signer);
  }

  // --- Applying -----------------------------------------------------------------------------------

  async save(user: TAuthUser, body: TApplySave, language: Language, utcOffsetMinutes: number) {
    // Only sites the applicant may see can be asked for (404 unknown, 403 hidden: nothing recorded).
    await this.access.assertCanView(user, body.stationIds);
    let toAddr = body.toAddr;
    if (toAddr === '') {
      const email = await this.applications.findUserEmail(user.id);
      toAddr = email?.trim() ?? '';
      if (toAddr === '') throw new AppError('APPLY_NO_EMAIL');
    }
    const stationIds = [...new Set(body.stationIds)];
    const id = await this.db.transaction().execute(async (trx) => {
      // One applicant's applications are counted one at a time (two tabs cannot both pass the limit).
      const applications = new ApplicationRepository(trx);
      await applications.lockApplicant(user.id);
      const pending = await applications.countPending(user.id);
      if (pending >= APPLY_PENDING_MAX)
        throw new AppError('APPLY_TOO_MANY_PENDING', { max: APPLY_PENDING_MAX });
      return applications.insert(
        {
          applicant_id: user.id,
          applicant_name: user.userName,
          company_name: user.companyName ?? '',
          group_name: user.deptName ?? '',
          file_type: body.fileType,
          start_time: body.startTime,
          end_time: body.endTime,
          version_mode: body.versionMode,
          apply_reason: body.applyReason,
          to_addr: toAddr,
          language,
          utc_offset_minutes: utcOffsetMinutes,
        },
        stationIds,
      );
    });
    await this.notifyReviewers(id, user, stationIds);
    return { id };
  }

  /** Tells the users who may decide it (system.apply, every site visible, not the applicant). */
  private async notifyReviewers(id: number, applicant: TAuthUser, stationIds: number[]): Promise<void> {
    const reviewers = await this.applications.listReviewers(id, applicant.id);
    for (const reviewerId of reviewers) {
      await this.messages
        .send(reviewerId, {
          type: 'approval',
          message: text('message.applySubmitted', { user: applicant.userName, count: stationIds.length }),
          messageType: 'info',
          stationIds,
        })
        .catch((error: unknown) => this.log.warn({ err: error }, 'application message failed'));
    }
  }

  // --- Lists --------------------------------------------------------------------------------------

  private async pageOf(
    user: TAuthUser,
    page: Promise<{ rows: TApplicationRow[]; total: number }>,
    request: TApplyPageRequest,
    language: Language,
    utcOffsetMinutes: number,
  ): Promise<TPage<TApplyRecord>> {
    const { rows, total } = await page;
    return presentPage(request, { rows, total }, (r) =>
      presentApplication(r, user, language, utcOffsetMinutes),
    );
  }

  /** /systemManage/applyManage: applications whose sites the reviewer may all see. */
  page(user: TAuthUser, request: TApplyPageRequest, language: Language, utcOffsetMinutes: number) {
    const page = this.applications.pageReviewable(user, this.access.hasAllStations(user), request);
    return this.pageOf(user, page, request, language, utcOffsetMinutes);
  }

  /**
   * The caller's own applications. A call narrowed to a token's sites lists only those whose sites all lie
   * among them (issue 39 §5): an application's file holds the data of every one of its sites.
   */
  mine(user: TAuthUser, request: TApplyPageRequest, language: Language, utcOffsetMinutes: number) {
    return this.pageOf(user, this.applications.pageOwn(user, request), request, language, utcOffsetMinutes);
  }

  /** One application with its downloads: for its applicant, or a reviewer who may see all its sites. */
  async detail(
    user: TAuthUser,
    id: number,
    language: Language,
    utcOffsetMinutes: number,
  ): Promise<TApplyDetail> {
    const row = await this.applications.findWithSites(id);
    if (!row) throw new AppError('NOT_FOUND');
    const isApplicant = row.applicant_id !== null && Number(row.applicant_id) === user.id;
    if (!isApplicant) await this.assertReviewer(user, row.station_ids.map(Number));
    // The applicant's own, beyond a narrowed call's sites: as if it did not exist, as in the list.
    else if (!(await this.applications.isCoveredByCall(id, user))) throw new AppError('NOT_FOUND');
    const downloads = await this.applications.listDownloads(id);
    return {
      ...presentApplication(row, user, language, utcOffsetMinutes),
      downloads: downloads.map((d) => ({
        userName: d.user_name,
        ip: d.ip,
        userAgent: d.user_agent,
        via: d.via,
        time: d.created_at.toISOString(),
      })),
    };
  }

  private async assertReviewer(user: TAuthUser, stationIds: number[]): Promise<void> {
    if (!user.features.has('system.apply')) throw new AppError('FORBIDDEN');
    await this.access.assertCanView(user, stationIds);
  }

  // --- Review ---------------------------------------------------------------------------------------

  /**
   * Approves or rejects pending applications, all or none: each must be pending, not the reviewer's
   * own, and every site visible to the reviewer (and, to approve, still to the applicant).
   */
  async review(user: TAuthUser, body: TApplyReview): Promise<{ updated: number; mailed: boolean }> {
    const ids = [...new Set(body.ids)];
    const dataSourceId = await this.senderOf(body.dataSourceId ?? null);
    const decided = await this.db.transaction().execute(async (trx) => {
      const applications = new ApplicationRepository(trx);
      const rows = await applications.listForUpdate(ids);
      if (rows.length !== ids.length) throw new AppError('NOT_FOUND');
      const stations = await applications.listStationPairs(ids);
      for (const row of rows) {
        const stationIds = stations
          .filter((s) => s.application_id === row.id)
          .map((s) => Number(s.station_id));
        await this.assertReviewer(user, stationIds);
        if (row.applicant_id !== null && Number(row.applicant_id) === user.id)
          throw new AppError('APPLY_OWN_REVIEW');
        if (row.audit_status !== 'pending') throw new AppError('APPLY_NOT_PENDING', { id: row.id });
        if (body.decision === 'approved') {
          const subject =
            row.applicant_id === null ? undefined : await this.access.findSubject(Number(row.applicant_id));
          if (!subject) throw new AppError('APPLY_ACCESS_LOST');
          await assertApplicantSees(this.access, subject, stationIds);
        }
      }
      const now = new Date();
      await applications.updateMany(ids, {
        audit_status: body.decision,
        reviewer_id: user.id,
        reviewer_name: user.userName,
        review_comment: body.comment,
        review_time: now,
        data_source_id: dataSourceId,
        link_base: this.options.publicUrl ?? '',
        updated_at: now,
        ...(body.decision === 'approved'
          ? {
              export_status: 'queued' as const,
              export_progress: 0,
              link_expires_at: new Date(now.getTime() + body.linkDays * 86_400_000),
            }
          : {}),
      });
      // A rejection is told at once; an approval when its file is ready (the link works then).
      const mails: number[] = [];
      if (body.decision === 'rejected') {
        for (const row of rows) {
          const mailId = await this.notices.queueNotice(trx, row, dataSourceId, 'rejected', {
            comment: body.comment,
          });
          if (mailId !== null) mails.push(mailId);
        }
      }
      return { rows, mails, stations };
    });
    await this.outbox.dispatch(decided.mails);
    for (const row of decided.rows) {
      if (body.decision === 'approved') {
        await this.jobs.send(
          'apply.export',
          { applicationId: Number(row.id) },
          { singletonKey: `apply:${row.id}` },
        );
      }
      await this.notices.tellApplicant(
        row,
        body.decision === 'approved' ? 'approved' : 'rejected',
        body.comment,
        decided.stations.filter((s) => s.application_id === row.id).map((s) => Number(s.station_id)),
      );
    }
    await this.events.emit(
      ...decided.rows.map((row) => ({
        kind: 'apply.decided' as const,
        stationIds: decided.stations
          .filter((s) => s.application_id === row.id)
          .map((s) => Number(s.station_id)),
        data: { applicationId: Number(row.id), decision: body.decision, applicantName: row.applicant_name },
      })),
    );
    return { updated: decided.rows.length, mailed: dataSourceId !== null };
  }

  /** The sending e-mail source: the one asked for, else the first e-mail source with an SMTP server. */
  private async senderOf(requested: number | null): Promise<number | null> {
    const found = await this.applications.findMailSender(requested);
    if (requested !== null && found === undefined)
      throw new AppError('VALIDATION_FAILED', {}, [{ field: 'dataSourceId', message: 'v.unknownOption' }]);
    return found ?? null;
  }

  /** Revokes the link of an approved application: no download opens it from now on. */
  async revoke(user: TAuthUser, id: number): Promise<void> {
    const row = await this.applications.findWithSites(id);
    if (!row) throw new AppError('NOT_FOUND');
    await this.assertReviewer(user, row.station_ids.map(Number));
    if (row.audit_status !== 'approved') throw new AppError('APPLY_NOT_READY', { state: row.audit_status });
    await this.applications.revokeLink(id);
    await this.messages
      .send(Number(row.applicant_id), {
        type: 'approval',
        message: text('message.applyRevoked', { id, user: user.userName }),
        messageType: 'warning',
        stationIds: row.station_ids.map(Number),
      })
      .catch((error: unknown) => this.log.warn({ err: error }, 'application message failed'));
  }

  // --- Export and downloads ---------------------------------------------------------------------------

  /**
   * Builds the file of an approved application with the applicant's data rights, stores it once and
   * sends the link. Runs again after a crash (the job is retried): a stored file of equal content is
   * one blob.
   */
  runExport(applicationId: number): Promise<void> {
    return this.exporter.run(applicationId);
  }

  /** A short ticket opening the file (see ApplyDownloads.ticket). */
  ticket(user: TAuthUser, body: TApplyTicketRequest): Promise<TApplyTicket> {
    return this.downloads.ticket(user, body);
  }

  /** The file a ticket opens, the download recorded (see ApplyDownloads.openFile). */
  openFile(
    token: string,
    client: { ip: string; userAgent: string },
  ): Promise<{ fileName: string; stream: Readable; sizeBytes: number }> {
    return this.downloads.openFile(token, client);
  }

  async registerJobs(jobs: TJobs): Promise<void> {
    await jobs.work(
      'apply.export',
      async (job) => {
        await this.runExport(job.data.applicationId);
      },
      { pollingIntervalSeconds: 2 },
    );
  }
}
