import {
  APPLY_AUDIT_STATUS_NAMES,
  APPLY_EXPORT_STATUS_NAMES,
  APPLY_FILE_TYPE_NAMES,
  APPLY_LINK_STATE_NAMES,
  APPLY_VERSION_MODE_NAMES,
  AppError,
  type Language,
  type TApplyLinkState,
  type TApplyRecord,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { StationAccess, TAccessSubject } from '../access/index.ts';
import type { TApplicationRow } from './applications.repository.ts';

/** The period as dates in a time zone: "2026-01-01 ~ 2026-03-31". */
export function dayIn(date: Date, offsetMinutes: number): string {
  return new Date(date.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

export function stampIn(date: Date, offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const zone = `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${new Date(date.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 16).replace('T', ' ')} (${zone})`;
}

export function linkStateOf(
  row: { link_expires_at: Date | null; link_revoked_at: Date | null },
  nowMs: number,
): TApplyLinkState {
  if (row.link_revoked_at) return 'revoked';
  if (!row.link_expires_at) return 'none';
  return row.link_expires_at.getTime() <= nowMs ? 'expired' : 'active';
}

/** The applicant as an access subject with a name (exports run with the applicant's data rights). */
export function applicantAsUser(
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

export function presentApplication(
  row: TApplicationRow,
  user: TAuthUser,
  language: Language,
  utcOffsetMinutes: number,
): TApplyRecord {
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

/**
 * The applicant must still see every site of the application, at approval, at export and at each
 * download: a site taken from them since releases nothing (APPLY_ACCESS_LOST, not a plain 403).
 */
export async function assertApplicantSees(
  access: StationAccess,
  subject: TAccessSubject,
  stationIds: readonly number[],
): Promise<void> {
  const visible = await access.listAccess(subject, stationIds);
  if (visible.length !== new Set(stationIds).size || visible.some((a) => a.kinds.length === 0)) {
    throw new AppError('APPLY_ACCESS_LOST');
  }
}
