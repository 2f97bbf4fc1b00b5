import type { Readable } from 'node:stream';
import {
  APPLY_AUDIT_STATUS_NAMES,
  APPLY_EXPORT_STATUS_NAMES,
  AppError,
  type Language,
  type TApplyTicket,
  type TApplyTicketRequest,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import { generateToken, hashToken } from '../../platform/auth/tokens.ts';
import type { Database } from '../../platform/db/database.ts';
import type { TFileStore } from '../../platform/files/file-store.ts';
import type { StationAccess } from '../access/index.ts';
import { ApplicationRepository } from './applications.repository.ts';
import { assertApplicantSees, stampIn } from './apply-support.ts';
import { type LinkSigner, TICKET_SECONDS } from './link-signer.ts';

/** The applicant's downloads of an exported application: a short ticket, then the file it opens once. */
export class ApplyDownloads {
  private readonly applications: ApplicationRepository;

  constructor(
    db: Database,
    private readonly access: StationAccess,
    private readonly files: TFileStore,
    private readonly signer: LinkSigner,
  ) {
    this.applications = new ApplicationRepository(db);
  }

  /**
   * A short ticket opening the file: from the app (the applicant's token) or from the delivered link
   * (its signature, and the applicant's token as well: a forwarded link opens nothing for anyone else).
   */
  async ticket(user: TAuthUser, body: TApplyTicketRequest): Promise<TApplyTicket> {
    const row = await this.applications.find(body.id);
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
    const stationIds = await this.applications.listStationIds(row.id);
    await assertApplicantSees(this.access, user, stationIds);
    // A random ticket, stored as its SHA-256: it opens the file once, within TICKET_SECONDS.
    const ticket = generateToken();
    const expiresAt = new Date(Date.now() + TICKET_SECONDS * 1000);
    await this.applications.insertTicket({
      token_hash: hashToken(ticket),
      application_id: row.id,
      user_id: user.id,
      via,
      expires_at: expiresAt,
    });
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
    const ticket = await this.applications.useTicket(hashToken(token));
    if (!ticket) throw new AppError('APPLY_TICKET_INVALID');
    const row = await this.applications.findWithApplicant(ticket.application_id);
    if (!row || row.applicant_id === null || Number(row.applicant_id) !== Number(ticket.user_id)) {
      throw new AppError('APPLY_TICKET_INVALID');
    }
    // A revocation or expiry after the ticket was issued still stops it.
    this.assertOpen(row, row.language);
    // So does a lost account or site: the applicant's rights now, not when the ticket was issued.
    const subject = row.is_enabled ? await this.access.findSubject(Number(ticket.user_id)) : undefined;
    if (!subject) throw new AppError('APPLY_ACCESS_LOST');
    const stationIds = await this.applications.listStationIds(row.id);
    await assertApplicantSees(this.access, subject, stationIds);
    const blob = row.file_sha256 ? await this.files.open(row.file_sha256.trim()) : undefined;
    if (!blob) throw new AppError('NOT_FOUND');
    await this.applications.insertDownload({
      application_id: row.id,
      user_id: ticket.user_id,
      user_name: row.user_name ?? row.applicant_name,
      ip: client.ip.slice(0, 100),
      user_agent: client.userAgent.slice(0, 300),
      via: ticket.via,
    });
    return {
      fileName: row.file_name ?? `application_${row.id}`,
      stream: blob.stream,
      sizeBytes: blob.sizeBytes,
    };
  }
}
