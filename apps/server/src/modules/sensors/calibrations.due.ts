import {
  CALIBRATION_DUE_SOON_DAYS,
  type TCalibrationDue,
  type TCalibrationDueRequest,
  type TCampaignRule,
  type TCampaignRuleSaveRequest,
  type TPage,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import { type StationAccess, stationAccessPredicate } from '../access/index.ts';
import { CalibrationRepository, EVERY_SITE } from './calibrations.repository.ts';
import { dayOf } from './calibrations.service.ts';

/** A site's recalibration rule as the due date reads it. */
export interface TDueRule {
  months: number;
  isPostCampaignRequired: boolean;
  /** 'YYYY-MM-DD', or null while the campaign runs. */
  campaignEnd: string | null;
}

/** `day` ('YYYY-MM-DD') plus whole months, the day clamped to the month's end (31 January + 1 → 28/29 February). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/**
 * When a sensor is due for calibration (issue 44 §2, the campaign's rules): its newest calibration plus the
 * site's interval; with "post-campaign calibration required" and the campaign's end set, a sensor whose newest
 * calibration is older than that end is due at the end, when earlier. A sensor without any calibration is
 * overdue ('never'). Status: overdue after the due date, due within CALIBRATION_DUE_SOON_DAYS of it, else ok.
 */
export function dueOf(
  lastDate: string | null,
  rule: TDueRule,
  today: string,
): Pick<TCalibrationDue, 'dueDate' | 'status' | 'reason'> {
  if (lastDate === null) return { dueDate: null, status: 'overdue', reason: 'never' };
  let dueDate = addMonths(lastDate, rule.months);
  let reason: TCalibrationDue['reason'] = 'interval';
  if (rule.isPostCampaignRequired && rule.campaignEnd !== null && lastDate < rule.campaignEnd) {
    if (rule.campaignEnd < dueDate) {
      dueDate = rule.campaignEnd;
      reason = 'post_campaign';
    }
  }
  const soon = new Date(Date.parse(`${today}T00:00:00Z`) + CALIBRATION_DUE_SOON_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const status = dueDate < today ? 'overdue' : dueDate <= soon ? 'due' : 'ok';
  return { dueDate, status, reason: status === 'ok' ? null : reason };
}

const RANK = { overdue: 0, due: 1, ok: 2 } as const;

/** The sensors of the configuration in force of every site the predicate passes, with their due dates. */
export async function sensorsDue(
  db: Database,
  visible: ReturnType<typeof stationAccessPredicate>,
  defaultMonths: number,
  now: Date,
  stationId?: number,
): Promise<TCalibrationDue[]> {
  const today = now.toISOString().slice(0, 10);
  const rows = await new CalibrationRepository(db).sensorsInForce(visible, now, stationId);
  return rows
    .map((r) => ({
      stationId: Number(r.station_id),
      stationCode: r.station_code,
      projectName: r.project_name,
      sensorId: r.sensor_id === null ? null : Number(r.sensor_id),
      oem: r.oem,
      model: r.model,
      serialNumber: r.serial,
      channels: r.channels,
      lastCalibrationDate: r.last_date,
      ...dueOf(
        r.last_date,
        {
          months: r.recalibration_months ?? defaultMonths,
          isPostCampaignRequired: r.is_post_campaign_required ?? false,
          campaignEnd: r.campaign_end,
        },
        today,
      ),
    }))
    .sort(
      (a, b) =>
        RANK[a.status] - RANK[b.status] ||
        // Within a status by due date, the sensors never calibrated after the dated ones.
        (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999') ||
        a.stationCode.localeCompare(b.stationCode) ||
        a.serialNumber.localeCompare(b.serialNumber),
    );
}

/**
 * A site's recalibration rule and the fleet list of sensors due (issue 44 §2). The list reads the sites the
 * caller sees (a token's sites when narrowed); the rule is read with view access and saved with edit access
 * (the route requires `station.edit`).
 */
export class CalibrationDueService {
  constructor(
    private readonly db: Database,
    private readonly access: StationAccess,
    /** The recalibration interval of a site without a rule of its own (CALIBRATION_INTERVAL_MONTHS). */
    private readonly defaultMonths: number,
  ) {}

  async page(
    user: TAuthUser,
    request: TCalibrationDueRequest,
    now = new Date(),
  ): Promise<TPage<TCalibrationDue>> {
    if (request.stationId !== undefined) await this.access.assertCanView(user, request.stationId);
    const all = await sensorsDue(
      this.db,
      stationAccessPredicate(user, 'station'),
      this.defaultMonths,
      now,
      request.stationId,
    );
    const search = request.search.toLowerCase();
    const kept = all.filter(
      (r) =>
        (request.status === 'all' ||
          r.status === 'overdue' ||
          (request.status === 'due' && r.status === 'due')) &&
        (search === '' ||
          [r.serialNumber, r.oem, r.model, r.stationCode, r.projectName].some((t) =>
            t.toLowerCase().includes(search),
          )),
    );
    const from = (request.pageNo - 1) * request.pageSize;
    return {
      records: kept.slice(from, from + request.pageSize),
      total: kept.length,
      pageNo: request.pageNo,
      pageSize: request.pageSize,
    };
  }

  async rule(user: TAuthUser, stationId: number): Promise<TCampaignRule> {
    await this.access.assertCanView(user, stationId);
    const row = await new CalibrationRepository(this.db).findRule(stationId);
    return {
      stationId,
      recalibrationMonths: row?.recalibration_months ?? null,
      isPostCampaignRequired: row?.is_post_campaign_required ?? false,
      campaignEnd: row ? dayOf(row.campaign_end) : null,
      defaultMonths: this.defaultMonths,
    };
  }

  async saveRule(user: TAuthUser, input: TCampaignRuleSaveRequest): Promise<TCampaignRule> {
    await this.access.assertCanEdit(user, input.stationId);
    await new CalibrationRepository(this.db).saveRule({ ...input, userId: user.id, userName: user.userName });
    return this.rule(user, input.stationId);
  }

  /**
   * Per site with sensors overdue or due (every live site), its code, name and counts: what the calibration
   * reminder tells each site's data administrator.
   */
  async dueBySite(now = new Date()) {
    const rows = await sensorsDue(this.db, EVERY_SITE, this.defaultMonths, now);
    const out = new Map<number, { stationCode: string; projectName: string; overdue: number; due: number }>();
    for (const r of rows) {
      if (r.status === 'ok') continue;
      const site = out.get(r.stationId) ?? {
        stationCode: r.stationCode,
        projectName: r.projectName,
        overdue: 0,
        due: 0,
      };
      site[r.status]++;
      out.set(r.stationId, site);
    }
    return out;
  }
}
