import { Readable } from 'node:stream';
import {
  APPLY_AUDIT_STATUS_NAMES,
  APPLY_EXPORT_STATUS_NAMES,
  APPLY_FILE_TYPE_NAMES,
  APPLY_LINK_STATE_NAMES,
  APPLY_PENDING_MAX,
  APPLY_VERSION_MODE_NAMES,
  AppError,
  ERROR_MESSAGES,
  interpolate,
  type Language,
  type TApplyDetail,
  type TApplyLinkState,
  type TApplyPageRequest,
  type TApplyRecord,
  type TApplyReview,
  type TApplySave,
  type TApplyTicket,
  type TApplyTicketRequest,
  type TPage,
  type TTextParam,
  text,
} from '@masthub/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import { generateToken, hashToken } from '../../platform/auth/tokens.ts';
import type { Database } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';
import { lockContent } from '../../platform/files/content-references.ts';
import type { TFileStore } from '../../platform/files/file-store.ts';
import type { TJobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { StationAccess } from '../access/index.ts';
import { stationAccessPredicate, type TAccessSubject } from '../access/index.ts';
import type { IngestionApi } from '../ingestion/index.ts';
import { type TZipEntry, zipStream } from '../ingestion/index.ts';
import type { MailOutbox } from '../mail/index.ts';
import type { MessageService } from '../messages/index.ts';
import type { WindDataService } from '../wind-data/index.ts';
import { type LinkSigner, TICKET_SECONDS } from './link-signer.ts';

/** Applications with their sites (codes and names in the applicant's order) and download count. */
function applicationQuery(db: Database) {
  return db
    .selectFrom('download_application as a')
    .selectAll('a')
    .select([
      sql<number[]>`ARRAY(SELECT das.station_id FROM download_application_station das
                    WHERE das.application_id = a.id ORDER BY das.position)`.as('station_ids'),
      sql<
        string[]
      >`ARRAY(SELECT s.station_code FROM download_application_station das JOIN station s ON s.id = das.station_id
                    WHERE das.application_id = a.id ORDER BY das.position)`.as('station_codes'),
      sql<
        string[]
      >`ARRAY(SELECT s.project_name FROM download_application_station das JOIN station s ON s.id = das.station_id
                    WHERE das.application_id = a.id ORDER BY das.position)`.as('project_names'),
      sql<number>`(SELECT count(*) FROM download_log l WHERE l.application_id = a.id)`.as('download_count'),
    ]);
}
type TApplicationQuery = ReturnType<typeof applicationQuery>;
type TRow = Awaited<ReturnType<TApplicationQuery['executeTakeFirstOrThrow']>>;

/** The period as dates in a time zone: "2026-01-01 ~ 2026-03-31". */
function dayIn(date: Date, offsetMinutes: number): string {
  return new Date(date.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

function stampIn(date: Date, offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const zone = `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${new Date(date.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 16).replace('T', ' ')} (${zone})`;
}

function linkStateOf(
  row: { link_expires_at: Date | null; link_revoked_at: Date | null },
  nowMs: number,
): TApplyLinkState {
  if (row.link_revoked_at) return 'revoked';
  if (!row.link_expires_at) return 'none';
  return row.link_expires_at.getTime() <= nowMs ? 'expired' : 'active';
}

/** The applicant as an access subject with a name (exports run with the applicant's data rights). */
function applicantAsUser(
  subject: { id: number; roleId: number | null; isAdmin: boolean; dataScope: 'all' | 'list' },
  name: string,
): TAuthUser {
  return {
    ...subject,
    account: '',
    userName: name,
    roleName: null,
    companyId: null,
    companyName: null,
    deptId: null,
    deptName: null,
    features: new Set(),
    tokenId: 0,
  };
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
  constructor(
    private readonly db: Database,
    private readonly access: StationAccess,
    private readonly files: TFileStore,
    private readonly windData: WindDataService,
    private readonly ingestionApi: IngestionApi,
    private readonly outbox: MailOutbox,
    private readonly messages: MessageService,
    private readonly jobs: TJobs,
    private readonly signer: LinkSigner,
    private readonly log: Logger,
    private readonly options: TApplyServiceOptions,
  ) {}

  // --- Applying -----------------------------------------------------------------------------------

  async save(user: TAuthUser, body: TApplySave, language: Language, utcOffsetMinutes: number) {
    // Only sites the applicant may see can be asked for (404 unknown, 403 hidden: nothing recorded).
    await this.access.assertCanView(user, body.stationIds);
    let toAddr = body.toAddr;
    if (toAddr === '') {
      const me = await this.db
        .selectFrom('app_user')
        .select('email')
        .where('id', '=', user.id)
        .executeTakeFirst();
      toAddr = me?.email?.trim() ?? '';
      if (toAddr === '') throw new AppError('APPLY_NO_EMAIL');
    }
    const stationIds = [...new Set(body.stationIds)];
    const id = await this.db.transaction().execute(async (trx) => {
      // One applicant's applications are counted one at a time (two tabs cannot both pass the limit).
      await sql`SELECT pg_advisory_xact_lock(74521109, ${user.id})`.execute(trx);
      const pending = await trx
        .selectFrom('download_application')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('applicant_id', '=', user.id)
        .where('audit_status', '=', 'pending')
        .executeTakeFirstOrThrow();
      if (Number(pending.n) >= APPLY_PENDING_MAX)
        throw new AppError('APPLY_TOO_MANY_PENDING', { max: APPLY_PENDING_MAX });
      const row = await trx
        .insertInto('download_application')
        .values({
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
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('download_application_station')
        .values(
          stationIds.map((stationId, position) => ({
            application_id: row.id,
            station_id: stationId,
            position,
          })),
        )
        .execute();
      return Number(row.id);
    });
    await this.notifyReviewers(id, user, stationIds.length);
    return { id };
  }

  /** Tells the users who may decide it (system.apply, every site visible, not the applicant). */
  private async notifyReviewers(id: number, applicant: TAuthUser, siteCount: number): Promise<void> {
    const reviewers = await this.reviewersOf(id, applicant.id);
    for (const reviewerId of reviewers) {
      await this.messages
        .send(reviewerId, {
          type: 'approval',
          message: text('message.applySubmitted', { user: applicant.userName, count: siteCount }),
          messageType: 'info',
        })
        .catch((error: unknown) => this.log.warn({ err: error }, 'application message failed'));
    }
  }

  private async reviewersOf(id: number, exceptUserId: number): Promise<number[]> {
    const rows = await sql<{ id: number }>`
      SELECT u.id FROM app_user u JOIN role r ON r.id = u.role_id
       WHERE NOT u.is_deleted AND u.id <> ${exceptUserId}
         AND (r.is_admin OR EXISTS (SELECT 1 FROM role_feature f WHERE f.role_id = r.id AND f.feature = 'system.apply'))
         AND (r.is_admin OR r.data_scope = 'all' OR NOT EXISTS (
              SELECT 1 FROM download_application_station das JOIN station s ON s.id = das.station_id
               WHERE das.application_id = ${id}
                 AND NOT ((s.owner_id IS NOT NULL AND s.owner_id = u.id)
                   OR EXISTS (SELECT 1 FROM user_station us WHERE us.user_id = u.id AND us.station_id = s.id)
                   OR EXISTS (SELECT 1 FROM role_station rs WHERE rs.role_id = r.id AND rs.station_id = s.id))))
       ORDER BY u.id LIMIT 200`.execute(this.db);
    return rows.rows.map((r) => Number(r.id));
  }

  // --- Lists --------------------------------------------------------------------------------------

  /** The reviewer sees an application only when they may see every one of its sites. */
  private reviewable(user: TAuthUser): Expression<SqlBool> {
    if (this.access.hasAllStations(user)) return sql<SqlBool>`true`;
    return sql<SqlBool>`NOT EXISTS (
      SELECT 1 FROM download_application_station das JOIN station s ON s.id = das.station_id
       WHERE das.application_id = a.id AND NOT (${stationAccessPredicate(user, 's')}))`;
  }

  private baseQuery(): TApplicationQuery {
    return applicationQuery(this.db);
  }

  private present(row: TRow, user: TAuthUser, language: Language, utcOffsetMinutes: number): TApplyRecord {
    const now = Date.now();
    const linkState = linkStateOf(row, now);
    const exportStatus = row.export_status;
    return {
      id: Number(row.id),
      stationIds: row.station_ids.map(Number),
      stationCodes: row.station_codes.join(', '),
      projectNames: [...new Set(row.project_names)].join(', '),
      fileType: row.file_type,
      fileTypeName: APPLY_FILE_TYPE_NAMES[row.file_type]?.[language] ?? String(row.file_type),
      startTime: row.start_time.toISOString(),
      endTime: row.end_time.toISOString(),
      timeScope: `${dayIn(row.start_time, utcOffsetMinutes)} ~ ${dayIn(row.end_time, utcOffsetMinutes)}`,
      versionMode: row.version_mode,
      versionModeName: APPLY_VERSION_MODE_NAMES[row.version_mode][language],
      applicantId: row.applicant_id === null ? null : Number(row.applicant_id),
      applicantName: row.applicant_name,
      companyName: row.company_name,
      compantName: row.company_name,
      groupName: row.group_name,
      applyReason: row.apply_reason,
      applyTime: row.created_at.toISOString(),
      toAddr: row.to_addr,
      auditStatus: row.audit_status,
      auditStatusName: APPLY_AUDIT_STATUS_NAMES[row.audit_status][language],
      reviewerName: row.reviewer_name,
      reviewComment: row.review_comment,
      reviewTime: row.review_time?.toISOString() ?? null,
      exportStatus,
      exportStatusName: exportStatus ? APPLY_EXPORT_STATUS_NAMES[exportStatus][language] : '',
      exportProgress: row.export_progress,
      exportReason: row.export_reason,
      exportNotes: row.export_notes,
      fileName: row.file_name,
      fileSize: row.file_size === null ? null : Number(row.file_size),
      linkExpiresAt: row.link_expires_at?.toISOString() ?? null,
      linkState,
      linkStateName: APPLY_LINK_STATE_NAMES[linkState][language],
      downloadCount: Number(row.download_count),
      canDownload:
        row.applicant_id !== null &&
        Number(row.applicant_id) === user.id &&
        row.audit_status === 'approved' &&
        exportStatus === 'ready' &&
        linkState === 'active',
    };
  }

  private async pageOf(
    user: TAuthUser,
    request: TApplyPageRequest,
    scope: Expression<SqlBool>,
    language: Language,
    utcOffsetMinutes: number,
  ): Promise<TPage<TApplyRecord>> {
    const filter = (qb: TApplicationQuery) => {
      let q = qb.where(scope);
      if (request.auditStatus) q = q.where('a.audit_status', '=', request.auditStatus);
      if (request.keywords) {
        const like = likeContains(request.keywords);
        q = q.where((eb) =>
          eb.or([
            eb('a.applicant_name', 'ilike', like),
            eb('a.apply_reason', 'ilike', like),
            sql<SqlBool>`EXISTS (SELECT 1 FROM download_application_station das JOIN station s ON s.id = das.station_id
                          WHERE das.application_id = a.id
                            AND (s.station_code ILIKE ${like} OR s.project_name ILIKE ${like}))`,
          ]),
        );
      }
      return q;
    };
    const [rows, total] = await Promise.all([
      filter(this.baseQuery())
        // Pending first (what waits for a decision), then newest.
        .orderBy(sql`(a.audit_status <> 'pending')`)
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .offset((request.pageNo - 1) * request.pageSize)
        .limit(request.pageSize)
        .execute(),
      filter(this.baseQuery())
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      records: rows.map((r) => this.present(r, user, language, utcOffsetMinutes)),
      total: Number(total.n),
      pageNo: request.pageNo,
      pageSize: request.pageSize,
    };
  }

  /** /systemManage/applyManage: applications whose sites the reviewer may all see. */
  page(user: TAuthUser, request: TApplyPageRequest, language: Language, utcOffsetMinutes: number) {
    return this.pageOf(user, request, this.reviewable(user), language, utcOffsetMinutes);
  }

  /** The caller's own applications. */
  mine(user: TAuthUser, request: TApplyPageRequest, language: Language, utcOffsetMinutes: number) {
    return this.pageOf(user, request, sql<SqlBool>`a.applicant_id = ${user.id}`, language, utcOffsetMinutes);
  }

  /** One application with its downloads: for its applicant, or a reviewer who may see all its sites. */
  async detail(
    user: TAuthUser,
    id: number,
    language: Language,
    utcOffsetMinutes: number,
  ): Promise<TApplyDetail> {
    const row = await this.baseQuery().where('a.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    const isApplicant = row.applicant_id !== null && Number(row.applicant_id) === user.id;
    if (!isApplicant) await this.assertReviewer(user, row.station_ids.map(Number));
    const downloads = await this.db
      .selectFrom('download_log')
      .selectAll()
      .where('application_id', '=', id)
      .orderBy('created_at', 'desc')
      .limit(500)
      .execute();
    return {
      ...this.present(row, user, language, utcOffsetMinutes),
      downloads: downloads.map((d) => ({
        userName: d.user_name,
        ip: d.ip,
        userAgent: d.user_agent,
        via: d.via,
        time: d.created_at.toISOString(),
      })),
    };
  }

  /**
   * The applicant must still see every site of the application, at approval, at export and at each
   * download: a site taken from them since releases nothing (APPLY_ACCESS_LOST, not a plain 403).
   */
  private async assertApplicantSees(subject: TAccessSubject, stationIds: readonly number[]): Promise<void> {
    const visible = await this.access.listAccess(subject, stationIds);
    if (visible.length !== new Set(stationIds).size || visible.some((a) => a.kinds.length === 0)) {
      throw new AppError('APPLY_ACCESS_LOST');
    }
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
      const rows = await trx
        .selectFrom('download_application')
        .selectAll()
        .where('id', 'in', ids)
        .orderBy('id')
        .forUpdate()
        .execute();
      if (rows.length !== ids.length) throw new AppError('NOT_FOUND');
      const stations = await trx
        .selectFrom('download_application_station')
        .select(['application_id', 'station_id'])
        .where('application_id', 'in', ids)
        .execute();
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
          await this.assertApplicantSees(subject, stationIds);
        }
      }
      const now = new Date();
      await trx
        .updateTable('download_application')
        .set({
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
        })
        .where('id', 'in', ids)
        .execute();
      // A rejection is told at once; an approval when its file is ready (the link works then).
      const mails: number[] = [];
      if (body.decision === 'rejected') {
        for (const row of rows) {
          const mailId = await this.queueNotice(trx, row, dataSourceId, 'rejected', {
            comment: body.comment,
          });
          if (mailId !== null) mails.push(mailId);
        }
      }
      return { rows, mails };
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
      await this.tellApplicant(row, body.decision === 'approved' ? 'approved' : 'rejected', body.comment);
    }
    return { updated: decided.rows.length, mailed: dataSourceId !== null };
  }

  /** The sending e-mail source: the one asked for, else the first e-mail source with an SMTP server. */
  private async senderOf(requested: number | null): Promise<number | null> {
    const q = this.db
      .selectFrom('data_source')
      .select('id')
      .where('fetch_type', '=', 'email')
      .where('smtp_host', '<>', '');
    if (requested !== null) {
      const row = await q.where('id', '=', requested).executeTakeFirst();
      if (!row)
        throw new AppError('VALIDATION_FAILED', {}, [{ field: 'dataSourceId', message: 'v.unknownOption' }]);
      return Number(row.id);
    }
    const first = await q.orderBy('id').executeTakeFirst();
    return first ? Number(first.id) : null;
  }

  /** Revokes the link of an approved application: no download opens it from now on. */
  async revoke(user: TAuthUser, id: number): Promise<void> {
    const row = await this.baseQuery().where('a.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    await this.assertReviewer(user, row.station_ids.map(Number));
    if (row.audit_status !== 'approved') throw new AppError('APPLY_NOT_READY', { state: row.audit_status });
    await this.db
      .updateTable('download_application')
      .set({ link_revoked_at: new Date(), updated_at: new Date() })
      .where('id', '=', id)
      .where('link_revoked_at', 'is', null)
      .execute();
    await this.messages
      .send(Number(row.applicant_id), {
        type: 'approval',
        message: text('message.applyRevoked', { id, user: user.userName }),
        messageType: 'warning',
      })
      .catch((error: unknown) => this.log.warn({ err: error }, 'application message failed'));
  }

  private async tellApplicant(
    row: { id: number; applicant_id: number | null },
    event: 'approved' | 'rejected' | 'ready' | 'failed',
    reason: TTextParam,
  ): Promise<void> {
    if (row.applicant_id === null) return;
    const keys = {
      approved: 'message.applyApproved',
      rejected: 'message.applyRejected',
      ready: 'message.applyReady',
      failed: 'message.applyFailed',
    } as const;
    await this.messages
      .send(Number(row.applicant_id), {
        type: 'approval',
        message: text(keys[event], { id: row.id, reason }),
        messageType: event === 'rejected' || event === 'failed' ? 'error' : 'success',
      })
      .catch((error: unknown) => this.log.warn({ err: error }, 'application message failed'));
  }

  /** The e-mail to the applicant's delivery address (null when no sending mailbox is configured). */
  private async queueNotice(
    trx: Parameters<MailOutbox['queue']>[0],
    row: {
      id: number;
      applicant_id: number | null;
      applicant_name: string;
      to_addr: string;
      language: Language;
      file_name?: string | null;
    },
    dataSourceId: number | null,
    event: 'rejected' | 'ready',
    extra: { comment?: string; url?: string | undefined; expiresAt?: Date; utcOffsetMinutes?: number },
  ): Promise<number | null> {
    if (dataSourceId === null) return null;
    const zh = row.language === 'zh';
    const subject =
      event === 'rejected'
        ? zh
          ? `【MastHub】下载申请 #${row.id} 被驳回`
          : `[MastHub] Download application #${row.id} was rejected`
        : zh
          ? `【MastHub】下载申请 #${row.id} 的数据已就绪`
          : `[MastHub] The data of download application #${row.id} is ready`;
    const expires = extra.expiresAt ? stampIn(extra.expiresAt, extra.utcOffsetMinutes ?? 480) : '';
    const text =
      event === 'rejected'
        ? zh
          ? `${row.applicant_name}，您好：\n\n您的下载申请 #${row.id} 被驳回。\n审批意见：${extra.comment}\n\n此邮件由 MastHub 测风数据平台自动发送。`
          : `Hello ${row.applicant_name},\n\nYour download application #${row.id} was rejected.\nReviewer's comment: ${extra.comment}\n\nSent by the MastHub wind measurement platform.`
        : zh
          ? extra.url
            ? `${row.applicant_name}，您好：\n\n您的下载申请 #${row.id} 已通过，数据文件“${row.file_name}”已就绪。\n请登录申请人账号后打开下面的链接下载（链接仅限申请人本人使用，${expires} 前有效）：\n\n${extra.url}\n\n此邮件由 MastHub 测风数据平台自动发送。`
            : `${row.applicant_name}，您好：\n\n您的下载申请 #${row.id} 已通过，数据文件“${row.file_name}”已就绪。\n请用申请人账号登录 MastHub，在“站点列表 → 我的申请”中下载（仅限申请人本人，${expires} 前有效）。\n\n此邮件由 MastHub 测风数据平台自动发送。`
          : extra.url
            ? `Hello ${row.applicant_name},\n\nYour download application #${row.id} was approved and the file “${row.file_name}” is ready.\nOpen the link below while logged in with the applicant's account (it works for the applicant only, until ${expires}):\n\n${extra.url}\n\nSent by the MastHub wind measurement platform.`
            : `Hello ${row.applicant_name},\n\nYour download application #${row.id} was approved and the file “${row.file_name}” is ready.\nLog in to MastHub with the applicant's account and download it from Site list → My applications (for the applicant only, until ${expires}).\n\nSent by the MastHub wind measurement platform.`;
    return this.outbox.queue(trx, {
      kind: 'apply',
      dataSourceId,
      toName: row.applicant_name,
      to: [row.to_addr],
      cc: [],
      subject,
      text,
      language: row.language,
      userId: row.applicant_id,
    });
  }

  // --- Export ---------------------------------------------------------------------------------------

  /**
   * Builds the file of an approved application with the applicant's data rights, stores it once and
   * sends the link. Runs again after a crash (the job is retried): a stored file of equal content is
   * one blob.
   */
  async runExport(applicationId: number): Promise<void> {
    const row = await this.db
      .selectFrom('download_application')
      .selectAll()
      .where('id', '=', applicationId)
      .executeTakeFirst();
    if (row?.audit_status !== 'approved' || row.export_status === 'ready') return;
    const language = row.language;
    const setProgress = async (progress: number, status: 'running' = 'running') => {
      await this.db
        .updateTable('download_application')
        .set({
          export_status: status,
          export_progress: Math.max(0, Math.min(99, Math.round(progress))),
          updated_at: new Date(),
        })
        .where('id', '=', applicationId)
        .execute();
    };
    await setProgress(1);
    try {
      const stations = await this.db
        .selectFrom('download_application_station as das')
        .innerJoin('station as s', 's.id', 'das.station_id')
        .select(['s.id', 's.station_code'])
        .where('das.application_id', '=', applicationId)
        .orderBy('das.position')
        .execute();
      const subject =
        row.applicant_id === null ? undefined : await this.access.findSubject(Number(row.applicant_id));
      if (!subject) throw new AppError('APPLY_ACCESS_LOST');
      const applicant = applicantAsUser(subject, row.applicant_name);
      const stationIds = stations.map((s) => Number(s.id));
      await this.assertApplicantSees(subject, stationIds);
      const built = await this.buildFile(row, applicant, stations, setProgress);
      const staged = await this.files.stage(built.stream);
      await this.db.transaction().execute(async (trx) => {
        await lockContent(trx, staged.sha256);
        await staged.commit();
        await trx
          .updateTable('download_application')
          .set({
            export_status: 'ready',
            export_progress: 100,
            export_reason: '',
            export_notes: JSON.stringify(built.notes),
            file_name: built.fileName,
            file_sha256: staged.sha256,
            file_size: staged.sizeBytes,
            updated_at: new Date(),
          })
          .where('id', '=', applicationId)
          .execute();
      });
      const ready = await this.db
        .selectFrom('download_application')
        .selectAll()
        .where('id', '=', applicationId)
        .executeTakeFirstOrThrow();
      const url = ready.link_base === '' ? undefined : await this.linkOf(ready);
      const mailId = await this.db.transaction().execute(async (trx) => {
        const id = await this.queueNotice(
          trx,
          ready,
          ready.data_source_id === null ? null : Number(ready.data_source_id),
          'ready',
          {
            url,
            expiresAt: ready.link_expires_at!,
            utcOffsetMinutes: ready.utc_offset_minutes,
          },
        );
        if (id !== null) {
          await trx
            .updateTable('download_application')
            .set({ mail_id: id })
            .where('id', '=', applicationId)
            .execute();
        }
        return id;
      });
      if (mailId !== null) await this.outbox.dispatch([mailId]);
      await this.tellApplicant(ready, 'ready', '');
    } catch (error) {
      const reasonIn = (lang: Language) =>
        error instanceof AppError
          ? interpolate(ERROR_MESSAGES[error.code][lang], error.details as Record<string, string | number>)
          : lang === 'zh'
            ? '导出时发生内部错误，请联系管理员'
            : 'An internal error occurred during the export; please contact the administrator';
      const reason = reasonIn(language);
      // Messages are read in their reader's language: the reason goes with them in both.
      const reasons = { zh: reasonIn('zh'), en: reasonIn('en') };
      if (!(error instanceof AppError))
        this.log.error({ err: error, applicationId }, 'application export failed');
      await this.db
        .updateTable('download_application')
        .set({ export_status: 'failed', export_reason: reason, updated_at: new Date() })
        .where('id', '=', applicationId)
        .execute();
      await this.tellApplicant(row, 'failed', reasons);
      if (row.reviewer_id !== null) {
        await this.messages
          .send(Number(row.reviewer_id), {
            type: 'approval',
            message: text('message.applyFailedReviewer', { id: applicationId, reason: reasons }),
            messageType: 'error',
          })
          .catch(() => undefined);
      }
    }
  }

  /** The signed link of an approved, exported application: the web page that opens it for the applicant. */
  private async linkOf(row: {
    id: number;
    link_base: string;
    applicant_id: number | null;
    link_expires_at: Date | null;
    file_sha256: string | null;
  }): Promise<string> {
    const exp = Math.floor(row.link_expires_at!.getTime() / 1000);
    const sig = await this.signer.signLink({
      applicationId: Number(row.id),
      applicantId: Number(row.applicant_id),
      expiresAt: exp,
      fileSha256: row.file_sha256!.trim(),
    });
    return `${row.link_base.replace(/\/$/, '')}/download/${row.id}?exp=${exp}&sig=${sig}`;
  }

  private async buildFile(
    row: {
      id: number;
      file_type: number;
      start_time: Date;
      end_time: Date;
      version_mode: 'original' | 'latest';
      language: Language;
      utc_offset_minutes: number;
    },
    applicant: TAuthUser,
    stations: { id: number; station_code: string }[],
    progress: (pct: number) => Promise<void>,
  ): Promise<{ fileName: string; stream: Readable; notes: { stationCode: string; reason: string }[] }> {
    const language = row.language;
    const range = { startTime: row.start_time.toISOString(), endTime: row.end_time.toISOString() };
    if (row.file_type === 0) {
      // The original logger files of the sites in the scope (one file as is, several as a ZIP).
      const original = await this.ingestionApi.exportOriginal(
        applicant,
        { stationIds: stations.map((s) => Number(s.id)), ...range },
        language,
      );
      await progress(50);
      return { fileName: original.fileName, stream: original.stream, notes: [] };
    }
    const noData = language === 'zh' ? '所选时段内没有数据' : 'No data in the chosen period';
    const pairMissing = language === 'zh' ? '没有风速和风向通道' : 'No wind speed and direction channels';
    const notes: { stationCode: string; reason: string }[] = [];
    const exports: { station: { id: number; station_code: string }; versionId: number }[] = [];
    for (const station of stations) {
      const version = await this.versionOf(Number(station.id), row.version_mode);
      if (!version?.hasData(row.start_time, row.end_time)) {
        notes.push({ stationCode: station.station_code, reason: noData });
        continue;
      }
      if ((row.file_type === 2 || row.file_type === 3 || row.file_type === 5) && !version.hasPair) {
        notes.push({ stationCode: station.station_code, reason: pairMissing });
        continue;
      }
      exports.push({ station, versionId: version.id });
    }
    if (exports.length === 0) throw new AppError('VERSION_NO_DATA');
    const exportOne = (versionId: number) =>
      this.windData.export(
        applicant,
        { versionId, format: row.file_type, includeSuspicious: true, ...range },
        row.utc_offset_minutes,
        language,
      );
    if (exports.length === 1 && notes.length === 0) {
      const file = await exportOne(exports[0]!.versionId);
      return { fileName: file.fileName, stream: file.stream, notes };
    }
    let done = 0;
    // One file per site, named by its code, written one after the other into the ZIP.
    const named: TZipEntry[] = exports.map(({ station, versionId }) => ({
      name: `${station.station_code}${FORMAT_EXTENSIONS[row.file_type] ?? '.txt'}`,
      modifiedAt: new Date(),
      open: async () => {
        const file = await exportOne(versionId);
        done += 1;
        await progress((done / exports.length) * 95);
        return file.stream;
      },
    }));
    if (notes.length > 0) {
      const text = notes.map((n) => `${n.stationCode}\t${n.reason}`).join('\r\n');
      named.push({
        name: language === 'zh' ? '未导出的站点.txt' : 'sites_not_exported.txt',
        modifiedAt: new Date(),
        open: async () => Readable.from([Buffer.from(`\uFEFF${text}\r\n`, 'utf8')]),
      });
    }
    const label = language === 'zh' ? '下载申请' : 'application';
    return {
      fileName: `${label}_${row.id}_${APPLY_FILE_TYPE_NAMES[row.file_type]!.en.replace(/[^A-Za-z0-9]+/g, '_')}.zip`,
      stream: zipStream(named),
      notes,
    };
  }

  /** The version an application reads for a site, with whether it holds data in a period. */
  private async versionOf(stationId: number, mode: 'original' | 'latest') {
    let q = this.db
      .selectFrom('dataset_version as v')
      .leftJoin('ts_version_summary as sm', 'sm.version_id', 'v.id')
      .select(['v.id', 'v.kind', 'sm.first_time', 'sm.last_time'])
      .select(
        sql<boolean>`EXISTS (SELECT 1 FROM ts_channel c WHERE c.version_id = v.id AND c.element = 'ws')
                 AND EXISTS (SELECT 1 FROM ts_channel c WHERE c.version_id = v.id AND c.element = 'wd')`.as(
          'has_pair',
        ),
      )
      .where('v.station_id', '=', stationId);
    q =
      mode === 'original'
        ? q.where('v.kind', '=', 'original')
        : q
            .orderBy(sql`(v.kind = 'working')`, 'desc')
            .orderBy(sql`sm.updated_at`, sql`desc nulls last`)
            .orderBy('v.id', 'desc');
    const row = await q.limit(1).executeTakeFirst();
    if (!row) return undefined;
    return {
      id: Number(row.id),
      hasPair: row.has_pair,
      hasData: (from: Date, to: Date) =>
        row.first_time !== null && row.last_time !== null && row.first_time <= to && row.last_time >= from,
    };
  }

  // --- Downloads ------------------------------------------------------------------------------------

  /**
   * A short ticket opening the file: from the app (the applicant's token) or from the delivered link
   * (its signature, and the applicant's token as well: a forwarded link opens nothing for anyone else).
   */
  async ticket(user: TAuthUser, body: TApplyTicketRequest): Promise<TApplyTicket> {
    const row = await this.db
      .selectFrom('download_application')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirst();
    const via = body.sig !== undefined ? 'link' : 'app';
    // Without a signed link, an unknown application and another user's answer the same (issue 26 §1): the
    // call is no oracle for which applications exist. A signed link's holder is told whose it is.
    if (!row) throw new AppError(via === 'link' ? 'APPLY_LINK_INVALID' : 'NOT_FOUND');
    if (via === 'link') {
      const valid =
        body.exp !== undefined &&
        row.file_sha256 !== null &&
        row.applicant_id !== null &&
        (await this.signer.verifyLink(
          {
            applicationId: Number(row.id),
            applicantId: Number(row.applicant_id),
            expiresAt: body.exp,
            fileSha256: row.file_sha256.trim(),
          },
          body.sig!,
        ));
      if (!valid) throw new AppError('APPLY_LINK_INVALID');
    }
    if (row.applicant_id === null || Number(row.applicant_id) !== user.id)
      throw new AppError(via === 'link' ? 'APPLY_NOT_APPLICANT' : 'NOT_FOUND');
    this.assertOpen(row, row.language);
    const stationIds = (
      await this.db
        .selectFrom('download_application_station')
        .select('station_id')
        .where('application_id', '=', row.id)
        .execute()
    ).map((s) => Number(s.station_id));
    await this.assertApplicantSees(user, stationIds);
    // A random ticket, stored as its SHA-256: it opens the file once, within TICKET_SECONDS.
    await this.db
      .deleteFrom('download_ticket')
      .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
      .execute();
    const ticket = generateToken();
    const expiresAt = new Date(Date.now() + TICKET_SECONDS * 1000);
    await this.db
      .insertInto('download_ticket')
      .values({
        token_hash: hashToken(ticket),
        application_id: row.id,
        user_id: user.id,
        via,
        expires_at: expiresAt,
      })
      .execute();
    return {
      url: `/api/web/apply/file?ticket=${encodeURIComponent(ticket)}`,
      fileName: row.file_name ?? '',
      fileSize: row.file_size === null ? null : Number(row.file_size),
      ticketExpiresAt: expiresAt.toISOString(),
    };
  }

  /** Throws unless the application is approved, exported, not revoked and its link not expired. */
  private assertOpen(
    row: {
      audit_status: string;
      export_status: string | null;
      link_revoked_at: Date | null;
      link_expires_at: Date | null;
      utc_offset_minutes: number;
    },
    language: Language,
  ): void {
    if (row.audit_status !== 'approved') {
      throw new AppError('APPLY_NOT_READY', {
        state: APPLY_AUDIT_STATUS_NAMES[row.audit_status as 'pending' | 'rejected'][language],
      });
    }
    if (row.link_revoked_at) throw new AppError('APPLY_LINK_REVOKED');
    if (row.link_expires_at && row.link_expires_at.getTime() <= Date.now()) {
      throw new AppError('APPLY_LINK_EXPIRED', {
        expiredAt: stampIn(row.link_expires_at, row.utc_offset_minutes),
      });
    }
    if (row.export_status !== 'ready') {
      throw new AppError('APPLY_NOT_READY', {
        state: APPLY_EXPORT_STATUS_NAMES[(row.export_status ?? 'queued') as 'queued'][language],
      });
    }
  }

  /**
   * The file a ticket opens, the download recorded (who, when, from where). The ticket is marked used in
   * the statement that finds it, so it opens the file once: a used, expired, unknown or malformed ticket
   * gets one and the same answer (no way to tell which tickets exist). Access is checked again here, at
   * the moment of the download: an applicant who lost a site or their account since the ticket was issued
   * gets nothing, as does one whose application was revoked or expired in the meantime.
   */
  async openFile(
    token: string,
    client: { ip: string; userAgent: string },
  ): Promise<{ fileName: string; stream: Readable; sizeBytes: number }> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new AppError('APPLY_TICKET_INVALID');
    const ticket = await this.db
      .updateTable('download_ticket')
      .set({ used_at: sql`now()` })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['application_id', 'user_id', 'via'])
      .executeTakeFirst();
    if (!ticket) throw new AppError('APPLY_TICKET_INVALID');
    const row = await this.db
      .selectFrom('download_application as a')
      .leftJoin('app_user as u', 'u.id', 'a.applicant_id')
      .selectAll('a')
      .select(['u.user_name', 'u.is_enabled'])
      .where('a.id', '=', ticket.application_id)
      .executeTakeFirst();
    if (!row || row.applicant_id === null || Number(row.applicant_id) !== Number(ticket.user_id)) {
      throw new AppError('APPLY_TICKET_INVALID');
    }
    // A revocation or expiry after the ticket was issued still stops it.
    this.assertOpen(row, row.language);
    // So does a lost account or site: the applicant's rights now, not when the ticket was issued.
    const subject = row.is_enabled ? await this.access.findSubject(Number(ticket.user_id)) : undefined;
    if (!subject) throw new AppError('APPLY_ACCESS_LOST');
    const stationIds = (
      await this.db
        .selectFrom('download_application_station')
        .select('station_id')
        .where('application_id', '=', row.id)
        .execute()
    ).map((s) => Number(s.station_id));
    await this.assertApplicantSees(subject, stationIds);
    const blob = row.file_sha256 ? await this.files.open(row.file_sha256.trim()) : undefined;
    if (!blob) throw new AppError('NOT_FOUND');
    await this.db
      .insertInto('download_log')
      .values({
        application_id: row.id,
        user_id: ticket.user_id,
        user_name: row.user_name ?? row.applicant_name,
        ip: client.ip.slice(0, 100),
        user_agent: client.userAgent.slice(0, 300),
        via: ticket.via,
      })
      .execute();
    return {
      fileName: row.file_name ?? `application_${row.id}`,
      stream: blob.stream,
      sizeBytes: blob.sizeBytes,
    };
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

const FORMAT_EXTENSIONS: Record<number, string> = {
  1: '.csv',
  2: '.tim',
  3: '.tws',
  4: '.txt',
  5: '.tab',
};
