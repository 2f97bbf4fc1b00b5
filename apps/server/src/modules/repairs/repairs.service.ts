import {
  ALARM_TYPE_NAMES,
  AppError,
  type Language,
  MAIL_STATUS_NAMES,
  REPAIR_MAILS_PER_HOUR,
  STATION_TYPES,
  type TAlarmType,
  type TPage,
  type TRepairLogPageRequest,
  type TRepairLogRecord,
  type TRepairRecord,
  type TRepairRecordCloseRequest,
  type TRepairRecordPageRequest,
  type TRepairRecordSaveRequest,
  type TRepairReply,
  type TRepairRequest,
  type TRepairVerifyReply,
  text,
} from '@masthub/shared';
import { say } from '../../i18n/index.ts';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import { presentPage } from '../../platform/db/paging.ts';
import type { Logger } from '../../platform/logger.ts';
import { presentStoredError, storedError } from '../../platform/stored-error.ts';
import type { StationAccess } from '../access/index.ts';
import type { AlarmService } from '../alarms/index.ts';
import type { MailOutbox } from '../mail/index.ts';
import type { MessageService } from '../messages/index.ts';
import { sensorsOfRepairs, setRepairSensors, type TRepairSensorRef } from '../sensors/index.ts';
import type { StationLogService } from '../station-log/index.ts';
import type { ContactService } from './contacts.service.ts';
import { composeRepairMail } from './repair-mail.ts';
import { RepairRepository } from './repairs.repository.ts';

/**
 * Repairs (SPEC §2 one-click repair, /systemManage/repairList; §3 repair record, fault report log; §5
 * "a repair request needs at least one site with a repair e-mail"): the repair e-mail goes out through
 * the chosen sender while the user waits; once the server accepted it the request is logged, a repair
 * record opens, the site's alarms are handled as "request repair" and the site goes into maintenance.
 * Recording the result closes the repair: the linked alarms close and the site leaves maintenance.
 */
export class RepairService {
  private readonly repairs: RepairRepository;

  constructor(
    private readonly db: Database,
    private readonly access: StationAccess,
    private readonly alarms: AlarmService,
    private readonly contacts: ContactService,
    private readonly outbox: MailOutbox,
    private readonly messages: Pick<MessageService, 'send'>,
    private readonly stationLog: Pick<StationLogService, 'record'>,
    private readonly log: Logger,
    private readonly mailsPerHour: number = REPAIR_MAILS_PER_HOUR,
  ) {
    this.repairs = new RepairRepository(db);
  }

  /** GET /web/repair/repair_verify: REPAIR_NO_RECIPIENT (shown as a warning) when no site has an address. */
  async verify(user: TAuthUser, stationIds: readonly number[]): Promise<TRepairVerifyReply> {
    await this.access.assertCanView(user, [...new Set(stationIds)]);
    const rows = await this.repairs.listSites(stationIds);
    const ready = rows.filter((r) => r.repair_emails.length > 0);
    if (ready.length === 0) throw new AppError('REPAIR_NO_RECIPIENT');
    return {
      ready: ready.map((r) => ({
        stationId: Number(r.id),
        stationCode: r.station_code,
        projectName: r.project_name,
        repairEmails: r.repair_emails,
        ccEmails: r.cc_emails,
      })),
      missing: rows.filter((r) => r.repair_emails.length === 0).map((r) => r.station_code),
    };
  }

  /** POST /web/repair/repair: one e-mail per site with a repair address. */
  async repair(
    user: TAuthUser,
    request: TRepairRequest,
    language: Language,
    offsetMinutes: number,
  ): Promise<TRepairReply> {
    await this.access.assertCanView(user, request.stationIds);
    const rows = await this.repairs.listSites(request.stationIds);
    const ready = rows.filter((r) => r.repair_emails.length > 0);
    if (ready.length === 0) throw new AppError('REPAIR_NO_RECIPIENT');
    const sentLastHour = await this.repairs.countMailsSince(user.id, new Date(Date.now() - 3_600_000));
    if (sentLastHour + ready.length > this.mailsPerHour) {
      throw new AppError('MAIL_RATE_LIMITED', { limit: this.mailsPerHour });
    }
    const alarms = await this.alarmsFor(request);
    const me = await this.repairs.findRequester(user.id);
    const ownCc = await this.contacts.carbonCopyOf(user.id);
    const reply: TRepairReply = {
      sent: [],
      skipped: rows
        .filter((r) => r.repair_emails.length === 0)
        .map((r) => ({
          stationCode: r.station_code,
          reason: say(language, 'repairs.noRepairEmail'),
        })),
    };
    let firstError: AppError | null = null;
    for (const [i, site] of ready.entries()) {
      const stationId = Number(site.id);
      const siteAlarms = alarms.filter((a) => a.stationId === stationId);
      const period = periodOf(siteAlarms);
      const cc = [...new Set([...site.cc_emails, ...ownCc, ...request.ccEmails])].filter(
        (e) => !site.repair_emails.includes(e),
      );
      const stationTypeName =
        STATION_TYPES.find((t) => t.value === site.station_type)?.name[language] ?? site.station_type;
      const mail = composeRepairMail(
        {
          stationCode: site.station_code,
          projectName: site.project_name,
          stationTypeName,
          deviceType: site.device_type ?? '',
          manufacturerName: site.manufacturer_name ?? '',
          location: site.location ?? '',
          longitude: site.longitude,
          latitude: site.latitude,
          pylonHeightM: site.pylon_height_m,
          lastDataTime: site.data_time,
          periodStart: period?.start ?? null,
          periodEnd: period?.end ?? null,
          reason: request.reason,
          requester: {
            name: me.user_name,
            phone: me.phone ?? '',
            email: me.email ?? '',
            dept: me.dept_name ?? '',
          },
        },
        language,
        offsetMinutes,
      );
      let mailId: number;
      try {
        mailId = await this.outbox.sendNow({
          kind: 'repair',
          dataSourceId: request.dataSourceId,
          toName: site.project_name,
          to: site.repair_emails,
          cc,
          subject: mail.subject,
          text: mail.text,
          language,
          fromName: `MastHub · ${me.user_name}`,
          stationId,
          userId: user.id,
        });
      } catch (error) {
        const reason = error instanceof AppError ? error : new AppError('INTERNAL');
        // The first refusal is the sender's problem (address, port, password): nothing was sent.
        if (i === 0) throw reason;
        firstError ??= reason;
        reply.skipped.push({
          stationCode: site.station_code,
          reason: presentStoredError(storedError(reason), language),
        });
        continue;
      }
      await this.recordRequest(user, {
        stationId,
        site,
        cc,
        reason: request.reason,
        alarmIds: siteAlarms.map((a) => a.id),
        period,
        mailId,
        deptName: me.dept_name ?? '',
        stationTypeName,
        faultType: [...new Set(siteAlarms.map((a) => ALARM_TYPE_NAMES[a.type][language]))].join(
          say(language, 'common.listSeparator'),
        ),
      });
      reply.sent.push(site.station_code);
    }
    if (reply.sent.length === 0 && firstError) throw firstError;
    return reply;
  }

  /** The alarms named by a request (on its sites); without any, each site's open alarms. */
  private async alarmsFor(
    request: TRepairRequest,
  ): Promise<{ id: number; stationId: number; start: Date; end: Date; type: TAlarmType }[]> {
    const rows = await this.repairs.listAlarms(request.stationIds, request.alarmIds);
    if (request.alarmIds.length > 0 && rows.length !== new Set(request.alarmIds).size) {
      throw new AppError('NOT_FOUND');
    }
    return rows.map((r) => ({
      id: Number(r.id),
      stationId: Number(r.station_id),
      start: r.period_start,
      end: r.period_end,
      type: r.type,
    }));
  }

  private async recordRequest(
    user: TAuthUser,
    input: {
      stationId: number;
      site: Awaited<ReturnType<RepairRepository['listSites']>>[number];
      cc: string[];
      reason: string;
      alarmIds: number[];
      period: { start: Date; end: Date } | null;
      mailId: number;
      deptName: string;
      stationTypeName: string;
      /** The kinds of alarm the repair answers, in the requester's language. */
      faultType: string;
    },
  ): Promise<void> {
    const { site } = input;
    await this.db.transaction().execute(async (trx) => {
      const repairs = new RepairRepository(trx);
      const requestId = await repairs.insertRequest({
        station_id: input.stationId,
        station_code: site.station_code,
        project_name: site.project_name,
        device_type: site.device_type ?? input.stationTypeName,
        manufacturer_name: site.manufacturer_name ?? '',
        receiver_addrs: site.repair_emails,
        copy_addrs: input.cc,
        reason: input.reason,
        period_start: input.period?.start ?? null,
        period_end: input.period?.end ?? null,
        operator_id: user.id,
        operator_name: user.userName,
        group_name: input.deptName,
        mail_id: input.mailId,
      });
      const recordId = await repairs.insertRecord({
        station_id: input.stationId,
        request_id: requestId,
        fault_type: input.faultType,
        fault_desc: input.reason,
        fault_start: input.period?.start ?? new Date(),
        maintain_date: null,
        end_time: null,
        closed_by: null,
        closed_at: null,
        creator_id: user.id,
        creator_name: user.userName,
      });
      const handled = await this.alarms.markRepairRequested(trx, user, {
        stationId: input.stationId,
        alarmIds: input.alarmIds,
        reason: input.reason,
        repairId: recordId,
      });
      await this.stationLog.record(trx, {
        operator: user,
        type: 'add',
        stationId: input.stationId,
        location: 'repairs',
        objects: text('stationLog.repairRequested', {
          id: requestId,
          reason: input.reason,
          recipients: site.repair_emails,
        }),
        details: { repairRequestId: requestId, repairId: recordId, alarmIds: handled },
      });
    });
    // Fault report notifications open /systemManage/repairList (SPEC §2).
    for (const userId of await this.alarms.usersWho('system.repairList', input.stationId)) {
      await this.messages
        .send(userId, {
          type: 'repair',
          message: text('message.repairRequested', { code: site.station_code }),
          description: text('message.repairReason', { user: user.userName, reason: input.reason }),
          messageType: 'info',
          stationIds: [input.stationId],
        })
        .catch((error: unknown) => this.log.warn({ err: error }, 'repair notification failed'));
    }
  }

  /** POST /web/repair/page: the fault report log of the sites the caller may see. */
  async logPage(
    user: TAuthUser,
    request: TRepairLogPageRequest,
    language: Language,
  ): Promise<TPage<TRepairLogRecord>> {
    if (request.stationId !== undefined) await this.access.assertCanView(user, request.stationId);
    const { rows, total } = await this.repairs.pageRequests(user, request);
    return presentPage(request, { rows, total }, (r) => ({
      id: Number(r.id),
      stationId: Number(r.station_id),
      stationCode: r.station_code,
      projectName: r.project_name,
      deviceType: r.device_type,
      manufacturerName: r.manufacturer_name,
      receiverAddress: r.receiver_addrs.join(', '),
      copyAddress: r.copy_addrs.join(', '),
      reason: r.reason,
      operator: r.operator_name,
      groupName: r.group_name,
      repairTime: r.created_at.toISOString(),
      mailStatus: r.mail_status ?? '',
      mailStatusName: r.mail_status ? MAIL_STATUS_NAMES[r.mail_status][language] : '',
    }));
  }

  /** POST /web/repair/record/page: a site's repairs, open ones first. */
  async recordPage(
    user: TAuthUser,
    request: TRepairRecordPageRequest,
    language: Language,
  ): Promise<TPage<TRepairRecord>> {
    await this.access.assertCanView(user, request.stationId);
    const { rows, total } = await this.repairs.pageRecords(request);
    const sensors = await sensorsOfRepairs(
      this.db,
      rows.map((r) => Number(r.id)),
    );
    return presentPage(request, { rows, total }, (r) =>
      presentRecord(r, Number(r.alarm_count ?? 0), language, sensors.get(Number(r.id))),
    );
  }

  /** POST /web/repair/record/save: a repair recorded by hand (a visit without a request), or edited. */
  async saveRecord(user: TAuthUser, input: TRepairRecordSaveRequest): Promise<{ id: number }> {
    await this.access.assertCanView(user, input.stationId);
    const values = {
      fault_type: input.faultType,
      fault_desc: input.faultDesc,
      fault_start: input.faultStart,
      maintain_result: input.maintainResult,
      maintain_staff: input.maintainStaff,
      maintain_date: input.maintainDate,
      end_time: input.endTime,
    };
    return this.db.transaction().execute(async (trx) => {
      let id: number;
      if (input.id === undefined) {
        id = await new RepairRepository(trx).insertRecord({
          ...values,
          station_id: input.stationId,
          request_id: null,
          closed_by: null,
          closed_at: null,
          creator_id: user.id,
          creator_name: user.userName,
        });
      } else {
        const updated = await new RepairRepository(trx).updateRecord(input.id, input.stationId, {
          ...values,
          updated_at: new Date(),
        });
        if (!updated) throw new AppError('NOT_FOUND');
        id = input.id;
      }
      if (input.sensorIds !== undefined) await setRepairSensors(trx, id, input.stationId, input.sensorIds);
      await this.stationLog.record(trx, {
        operator: user,
        type: input.id === undefined ? 'add' : 'edit',
        stationId: input.stationId,
        location: 'repairs',
        objects: text('stationLog.repairRecorded', { id, faultType: input.faultType }),
        details: { repairId: id },
      });
      return { id };
    });
  }

  /**
   * POST /web/repair/record/close: the maintainer's result. The linked alarms close and the site leaves
   * maintenance; a sweep right after opens a new data-missing alarm if its data still does not flow.
   */
  async closeRecord(
    user: TAuthUser,
    input: TRepairRecordCloseRequest,
    language: Language,
  ): Promise<TRepairRecord> {
    const found = await this.repairs.findRecordSite(input.id);
    if (!found) throw new AppError('NOT_FOUND');
    const stationId = Number(found.station_id);
    await this.access.assertCanView(user, stationId);
    const closedAlarms = await this.db.transaction().execute(async (trx) => {
      const closed = await new RepairRepository(trx).closeRecord(input.id, {
        maintain_result: input.maintainResult,
        maintain_staff: input.maintainStaff,
        maintain_date: input.maintainDate,
        end_time: input.endTime,
        is_closed: true,
        closed_by: user.id,
        closed_at: new Date(),
        updated_at: new Date(),
      });
      if (!closed) throw new AppError('REPAIR_ALREADY_CLOSED');
      const alarmIds = await this.alarms.onRepairClosed(trx, stationId, input.id);
      await this.stationLog.record(trx, {
        operator: user,
        type: 'edit',
        stationId,
        location: 'repairs',
        objects: text('stationLog.repairClosed', {
          id: input.id,
          result: input.maintainResult,
          staff: input.maintainStaff,
        }),
        details: { repairId: input.id },
      });
      return alarmIds;
    });
    await this.alarms.announceClosedByRepair(stationId, closedAlarms);
    await this.alarms.sweepNoData(new Date()).catch((error: unknown) => {
      this.log.warn({ err: error }, 'sweep after a repair failed');
    });
    const row = await this.repairs.findRecord(input.id);
    const sensors = await sensorsOfRepairs(this.db, [input.id]);
    return presentRecord(row, Number(row.alarm_count ?? 0), language, sensors.get(input.id));
  }
}

function periodOf(alarms: { start: Date; end: Date }[]): { start: Date; end: Date } | null {
  if (alarms.length === 0) return null;
  return {
    start: new Date(Math.min(...alarms.map((a) => a.start.getTime()))),
    end: new Date(Math.max(...alarms.map((a) => a.end.getTime()))),
  };
}

function presentRecord(
  r: {
    id: number;
    station_id: number;
    request_id: number | null;
    fault_type: string;
    fault_desc: string;
    fault_start: Date | null;
    maintain_result: string;
    maintain_staff: string;
    maintain_date: Date | null;
    end_time: Date | null;
    is_closed: boolean;
    creator_name: string;
    created_at: Date;
  },
  alarmCount: number,
  language: Language,
  sensors: TRepairSensorRef[] = [],
): TRepairRecord {
  return {
    id: Number(r.id),
    stationId: Number(r.station_id),
    requestId: r.request_id === null ? null : Number(r.request_id),
    faultType: r.fault_type,
    faultDesc: r.fault_desc,
    faultStart: r.fault_start?.toISOString() ?? null,
    maintainResult: r.maintain_result,
    maintainStaff: r.maintain_staff,
    maintainDate: r.maintain_date?.toISOString() ?? null,
    endTime: r.end_time?.toISOString() ?? null,
    isClosed: r.is_closed,
    statusName: say(language, r.is_closed ? 'repairs.record.closed' : 'repairs.record.open'),
    alarmCount,
    sensors,
    creatorName: r.creator_name,
    createTime: r.created_at.toISOString(),
  };
}
