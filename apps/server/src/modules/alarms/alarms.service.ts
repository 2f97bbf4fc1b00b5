import {
  ALARM_HANDLE_STATUS_NAMES,
  ALARM_TYPE_NAMES,
  AppError,
  displayPersonName,
  type FeatureKey,
  type Language,
  nameParam,
  renderText,
  type TAlarmHandleRequest,
  type TAlarmPageRequest,
  type TAlarmRecord,
  type TPage,
  type TText,
  text,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database, TDb } from '../../platform/db/database.ts';
import { presentPage } from '../../platform/db/paging.ts';
import {
  NO_OUTBOUND_EVENTS,
  type OutboundEvents,
  type TOutboundEvent,
} from '../../platform/events/outbound-events.ts';
import { SCHEDULED_POLL_SECONDS, type TJobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { createStationAccess, type StationAccess } from '../access/index.ts';
import type { ColdClimateService } from '../cold-climate/index.ts';
import { createMessageService, type MessageService } from '../messages/index.ts';
import { evaluateQcRules, listQcRulesForRun } from '../qc-rules/index.ts';
import { StationLogService } from '../station-log/index.ts';
import {
  IntervalMismatchError,
  loadSeries,
  openTimeSeriesStore,
  type TChannelRow,
  toWindStation,
} from '../timeseries/index.ts';
import { AlarmRepository } from './alarms.repository.ts';
import { abnormalChannels } from './evaluate-abnormal.ts';
import { evaluateIcingAlarm } from './icing-alarms.ts';
import {
  handledEvent,
  nextStationStatus,
  stationStatusMoves,
  type TStationStatusEvent,
} from './station-status.ts';

/** How often silent sites are looked for: "no data for N days" needs no finer grain. */
export const ALARM_SWEEP_CRON = '*/10 * * * *';

/** Abnormal days closer than this to an open alarm's period extend it; farther ones start a new alarm. */
const ABNORMAL_GAP_MS = 86_400_000;

/** Alarms whose period ended longer ago than this (found in old data) are recorded but not pushed. */
export const ALARM_PUSH_RECENT_MS = 2 * 86_400_000;

/**
 * What an alarm says, stored as data and written out in the reader's language. Rules are named as they
 * were when the alarm was raised; a built-in rule also by its key (`ruleKey`, `ruleKeys`), so its name
 * reads in the reader's language.
 */
interface TAlarmContent {
  kind?: 'no_data' | 'abnormal' | 'icing';
  channels?: string[];
  days?: number;
  ruleName?: string;
  ruleKey?: string | null;
  channel?: string;
  share?: number;
  rules?: string[];
  ruleKeys?: (string | null)[];
}

/** The alarm's content as a text of the shared catalogue; null for content of an unknown kind. */
export function alarmContentText(content: TAlarmContent): TText | null {
  if (content.kind === 'abnormal') {
    return text('alarm.abnormal', {
      channel: content.channel ?? '',
      percent: Math.round((content.share ?? 0) * 100),
      rules: (content.rules ?? []).map((name, i) => nameParam(name, content.ruleKeys?.[i])),
    });
  }
  if (content.kind === 'icing') return text('alarm.icing', { channels: (content.channels ?? []).join(', ') });
  if (content.kind === 'no_data') {
    return text('alarm.noData', {
      days: content.days ?? 0,
      rule: content.ruleName
        ? text('alarm.rule', { name: nameParam(content.ruleName, content.ruleKey) })
        : '',
    });
  }
  return null;
}

function renderContent(content: TAlarmContent, language: Language): string {
  const found = alarmContentText(content);
  return found ? renderText(found, language) : '';
}

/** The outbound event of alarms closed by arriving data or a finished repair (none for none). */
function closedEvent(
  stationId: number,
  alarmIds: number[],
  reason: 'data_arrived' | 'repair_finished' = 'data_arrived',
): TOutboundEvent[] {
  if (alarmIds.length === 0) return [];
  return [{ kind: 'alarm.closed', stationIds: [stationId], data: { alarmIds, reason } }];
}

/** One opened alarm, for the push and the status. */
interface TOpened {
  id: number;
  stationId: number;
  stationCode: string;
  days: number;
}

/**
 * Alarms (issue 14): the no-data sweep (scheduled, any number of processes), closing on data arrival,
 * handling with the station log, the site status through `nextStationStatus`, and the push of each new
 * alarm to the users who may see its site.
 */
export class AlarmService {
  private readonly alarms: AlarmRepository;

  constructor(
    private readonly db: Database,
    private readonly access: StationAccess,
    private readonly messages: Pick<MessageService, 'send' | 'sendMany'>,
    private readonly stationLog: Pick<StationLogService, 'record'>,
    private readonly log: Logger,
    /** Where opened and closed alarms are announced (webhooks), after their transaction. */
    private readonly events: OutboundEvents = NO_OUTBOUND_EVENTS,
    /** The instrumental icing of arriving data (issue 45 §2); without, no icing alarms. */
    private readonly coldClimate?: Pick<ColdClimateService, 'instrumentalIcing'>,
  ) {
    this.alarms = new AlarmRepository(db);
  }

  /** Alarms closed in a file's transaction, announced after its commit (`announceClosed`). */
  private readonly closedInTransaction = new Map<number, number[]>();

  /**
   * Opens a data-missing alarm for every monitored site whose latest data is older than its warning
   * rule's days (the site's own rule first, else the smallest general one), or extends the open one to
   * `now`. Set-based, so a first sweep over thousands of silent sites costs a few statements, not a few
   * per site: one INSERT … ON CONFLICT opens or extends every alarm (racing processes meet at the
   * one-open-alarm index, taken in station order), one UPDATE moves the new alarms' sites by
   * `alarm_opened` and sets their warning fields, then one INSERT stores the push messages of them all.
   * Returns the new alarms.
   */
  async sweepNoData(now = new Date()): Promise<TOpened[]> {
    const opened = await this.db.transaction().execute(async (trx) => {
      const rows = await new AlarmRepository(trx).upsertNoData(now);
      const inserted = rows
        .filter((r) => r.inserted)
        .map((r) => ({
          id: Number(r.id),
          stationId: Number(r.station_id),
          stationCode: r.station_code,
          days: r.days,
        }));
      await this.applyStatusToMany(
        trx,
        inserted.map((a) => a.stationId),
        'alarm_opened',
      );
      return inserted;
    });
    await this.pushOpened(opened).catch((error: unknown) =>
      this.log.warn({ err: error, alarms: opened.length }, 'alarm push failed'),
    );
    await this.events.emit(
      ...opened.map((a) => ({
        kind: 'alarm.opened' as const,
        stationIds: [a.stationId],
        data: { alarmId: a.id, alarmType: 'data_missing' as const, channel: null, days: a.days },
      })),
    );
    return opened;
  }

  /**
   * A file was stored for a site: the site's QC rules run over the file's period of its original
   * version; a channel with days above ABNORMAL_DAY_SHARE flagged opens (or extends) its data-abnormal
   * alarm, naming the channel and the rules. Runs after the file's transaction; returns the new alarms.
   */
  async evaluateAbnormal(stationId: number, fromMs: number, toMs: number): Promise<number> {
    const store = openTimeSeriesStore(this.db);
    const version = await store.findOriginalVersion(stationId);
    if (!version) return 0;
    const rules = await listQcRulesForRun(this.db, stationId);
    if (rules.length === 0) return 0;
    const site = await this.alarms.findSite(stationId);
    if (!site) return 0;
    const ruleNames = new Map(rules.map((r) => [`rule:${r.id}`, r.name]));
    const ruleKeys = new Map(rules.map((r) => [`rule:${r.id}`, r.builtinKey]));
    const channels = await store.listChannels(version.id);
    const groups = new Map<number, TChannelRow[]>();
    for (const c of channels) groups.set(c.intervalS, [...(groups.get(c.intervalS) ?? []), c]);
    let opened = 0;
    let closedAny = false;
    const closedIds: number[] = [];
    const openedEvents: TOutboundEvent[] = [];
    for (const [intervalS, group] of groups) {
      let loaded: Awaited<ReturnType<typeof loadSeries>>;
      try {
        loaded = await loadSeries(store, group, fromMs, toMs + intervalS * 1000);
      } catch (error) {
        if (error instanceof IntervalMismatchError) continue;
        throw error;
      }
      if (loaded.grid.length === 0) continue;
      const evaluation = evaluateQcRules(toWindStation(loaded, site.logger_utc_offset_minutes), rules);
      const hasValue = new Map(
        loaded.channels.map((c) => [String(c.row.id), (i: number) => !Number.isNaN(c.values[i]!)] as const),
      );
      const abnormal = abnormalChannels({
        changes: evaluation.changes,
        hasValue,
        length: loaded.grid.length,
        startMs: loaded.grid.startMs,
        stepMs: intervalS * 1000,
        utcOffsetMinutes: site.logger_utc_offset_minutes,
      });
      const byId = new Map(group.map((c) => [String(c.id), c]));
      // A spell is over once a day of this file's good data follows it: its open alarm closes (a new
      // spell further on opens its own below).
      const firstAbnormal = new Map(abnormal.map((a) => [a.channelId, a.fromMs]));
      for (const channel of group) {
        const until = firstAbnormal.get(String(channel.id)) ?? toMs;
        const closed = await this.alarms.closeAbnormalBefore(
          stationId,
          channel.dataKey,
          new Date(until - ABNORMAL_GAP_MS),
        );
        closedAny ||= closed.length > 0;
        closedIds.push(...closed);
      }
      for (const a of abnormal) {
        const channel = byId.get(a.channelId);
        if (!channel) continue;
        const content = {
          kind: 'abnormal',
          channel: channel.name,
          share: Math.round(a.worstShare * 1000) / 1000,
          rules: a.rules.map((r) => ruleNames.get(r) ?? r),
          ruleKeys: a.rules.map((r) => ruleKeys.get(r) ?? null),
        };
        const alarm = await this.alarms.upsertAbnormal(
          stationId,
          channel.dataKey,
          new Date(a.fromMs),
          new Date(a.toMs),
          content,
        );
        if (!alarm.inserted) continue;
        opened += 1;
        openedEvents.push({
          kind: 'alarm.opened',
          stationIds: [stationId],
          data: { alarmId: Number(alarm.id), alarmType: 'data_abnormal', channel: channel.name, days: null },
        });
        await this.applyStatus(this.db, stationId, 'alarm_opened');
        // A spell found in old data (a backlog, an archive import) is recorded, not announced.
        if (a.toMs < Date.now() - ALARM_PUSH_RECENT_MS) continue;
        await this.pushText(stationId, {
          message: text('message.alarmDataAbnormal', { code: site.station_code }),
          description: alarmContentText(content as TAlarmContent),
        }).catch((error: unknown) => this.log.warn({ err: error, alarmId: alarm.id }, 'alarm push failed'));
      }
    }
    if (closedAny && !(await this.alarms.hasOpen(stationId))) {
      await this.applyStatus(this.db, stationId, 'alarms_closed');
    }
    await this.events.emit(...closedEvent(stationId, closedIds), ...openedEvents);
    return opened;
  }

  /**
   * A file was stored for a site: instrumental icing in its data opens the site's icing alarm ("icing
   * begins"), data after it free of icing for an hour closes it ("icing ends"); each announced by a pushed
   * message and the webhook events alarm.opened (type icing) / alarm.closed (reason icing_ended).
   */
  async evaluateIcing(stationId: number, fromMs: number, toMs: number): Promise<void> {
    if (!this.coldClimate) return;
    const site = await this.alarms.findSite(stationId);
    if (!site) return;
    await evaluateIcingAlarm(
      {
        alarms: this.alarms,
        coldClimate: this.coldClimate,
        emit: (...events) => this.events.emit(...events),
        applyStatus: (event) => this.applyStatus(this.db, stationId, event),
        push: (message) =>
          this.pushText(stationId, { message, description: null }).catch((error: unknown) =>
            this.log.warn({ err: error, stationId }, 'icing push failed'),
          ),
      },
      { stationId, code: site.station_code, utcOffsetMinutes: site.logger_utc_offset_minutes },
      fromMs,
      toMs,
    );
  }

  /** The sweep every ten minutes (one process takes each tick; the statement is safe if two do). */
  async registerJobs(jobs: TJobs, cron: string = ALARM_SWEEP_CRON): Promise<void> {
    await jobs.work(
      'alarms.sweep',
      async () => {
        await this.sweepNoData(new Date());
      },
      { pollingIntervalSeconds: SCHEDULED_POLL_SECONDS },
    );
    await jobs.schedule('alarms.sweep', cron, {});
    // One sweep at start, so a site silent while the server was down shows its alarm at once.
    await jobs.send('alarms.sweep', {}, { singletonKey: 'alarms.sweep.start' });
  }

  /**
   * Data was stored for a site (ingestion, same transaction): the status moves by `data_arrived` (a site
   * never monitored becomes normal), and the open data-missing alarm closes where the new data begins.
   */
  async onDataArrived(trx: TDb, stationId: number, firstNewTime: Date | null): Promise<void> {
    if (firstNewTime === null) return;
    await this.moveStatus(trx, stationId, 'data_arrived');
    const alarms = new AlarmRepository(trx);
    const closed = await alarms.closeMissing(stationId, firstNewTime);
    if (closed.length > 0) {
      this.closedInTransaction.set(stationId, [
        ...(this.closedInTransaction.get(stationId) ?? []),
        ...closed,
      ]);
      if (!(await alarms.hasOpen(stationId))) await this.applyStatus(trx, stationId, 'alarms_closed');
    }
  }

  /** After a file's commit: announces the alarms its data closed (those whose closing committed). */
  async announceClosed(stationId: number): Promise<void> {
    const ids = this.closedInTransaction.get(stationId);
    if (!ids) return;
    this.closedInTransaction.delete(stationId);
    await this.events.emit(...closedEvent(stationId, await this.alarms.listClosed(ids)));
  }

  async page(user: TAuthUser, request: TAlarmPageRequest, language: Language): Promise<TPage<TAlarmRecord>> {
    if (request.stationId !== undefined) await this.access.assertCanView(user, request.stationId);
    const { rows, total } = await this.alarms.page(user, request);
    return presentPage(request, { rows, total }, (r) => ({
      id: Number(r.id),
      stationId: Number(r.station_id),
      stationCode: r.station_code,
      type: r.type,
      typeName: ALARM_TYPE_NAMES[r.type][language],
      channelKey: r.channel_key,
      periodStart: r.period_start.toISOString(),
      periodEnd: r.period_end.toISOString(),
      content: renderContent(r.content as TAlarmContent, language),
      isOpen: r.is_open,
      handleStatus: r.handle_status,
      handleStatusName: ALARM_HANDLE_STATUS_NAMES[r.handle_status][language],
      handlerName: displayPersonName(r.handler_name, language),
      handleTime: r.handle_time?.toISOString() ?? null,
      reason: r.reason,
      createTime: r.created_at.toISOString(),
    }));
  }

  /**
   * A handler's decision on alarms (single or batch, alarm.handle): every alarm must be on a site the user
   * may see; each is written to the station log, and each site's status follows the decision.
   */
  async handle(user: TAuthUser, request: TAlarmHandleRequest): Promise<{ count: number }> {
    const ids = [...new Set(request.ids)];
    const alarms = await this.alarms.listWithSites(ids);
    if (alarms.length !== ids.length) throw new AppError('NOT_FOUND');
    await this.access.assertCanView(user, [...new Set(alarms.map((a) => Number(a.station_id)))]);
    await this.db.transaction().execute(async (trx) => {
      await new AlarmRepository(trx).setHandled(ids, user, request);
      const byStation = new Map<number, typeof alarms>();
      for (const a of alarms)
        byStation.set(Number(a.station_id), [...(byStation.get(Number(a.station_id)) ?? []), a]);
      for (const [stationId, list] of byStation) {
        await this.applyStatus(trx, stationId, handledEvent(request.handleMode));
        await this.stationLog.record(trx, {
          operator: user,
          type: 'edit',
          stationId,
          location: 'alarms',
          objects: text('stationLog.alarmsHandled', {
            ids: list.map((a) => `#${a.id}`),
            mode: text(`alarmHandleStatus.${request.handleMode}`),
            reason: request.reason ? text('part.paren', { value: request.reason }) : '',
          }),
          details: {
            alarmIds: list.map((a) => Number(a.id)),
            handleMode: request.handleMode,
            reason: request.reason,
          },
        });
      }
    });
    return { count: ids.length };
  }

  /** Moves a site's status by `event`: the one place a status changes (nextStationStatus). */
  private async moveStatus(db: TDb, stationId: number, event: TStationStatusEvent): Promise<void> {
    const alarms = new AlarmRepository(db);
    const station = await alarms.findStationStatus(stationId);
    if (!station) return;
    const next = nextStationStatus(station.status, event);
    if (next !== station.status) await alarms.setStationStatus(stationId, next);
  }

  /**
   * A repair was requested for a site (repair e-mail sent): the given alarms — or, without ids, every
   * open or unprocessed alarm of the site — are handled as "request repair" under the repair record,
   * and the site goes into maintenance.
   */
  async markRepairRequested(
    trx: TDb,
    user: TAuthUser,
    input: { stationId: number; alarmIds: readonly number[]; reason: string; repairId: number },
  ): Promise<number[]> {
    const ids = await new AlarmRepository(trx).markRepair(user, input);
    await this.applyStatus(trx, input.stationId, 'handled_repair');
    return ids;
  }

  /**
   * A repair was recorded as done: its alarms close and the site leaves maintenance. Returns the alarms
   * it closed, for `announceClosedByRepair` once the transaction committed.
   */
  async onRepairClosed(trx: TDb, stationId: number, repairId: number): Promise<number[]> {
    const closed = await new AlarmRepository(trx).closeOfRepair(repairId);
    await this.applyStatus(trx, stationId, 'repair_closed');
    return closed;
  }

  /** After a repair's commit: announces the alarms it closed (reason `repair_finished`). */
  async announceClosedByRepair(stationId: number, alarmIds: number[]): Promise<void> {
    await this.events.emit(...closedEvent(stationId, alarmIds, 'repair_finished'));
  }

  /** Moves a site's status by `event` and keeps its warning fields in step with its alarms. */
  async applyStatus(db: TDb, stationId: number, event: TStationStatusEvent): Promise<void> {
    await this.applyStatusToMany(db, [stationId], event);
  }

  /**
   * `applyStatus` for many sites in one statement: each status moves by `event` (the transition table
   * written out as a CASE), and the warning fields follow the site's alarms — the type of its latest
   * unprocessed alarm (warning 1), else 2 when it has any alarm, else none (0).
   */
  private async applyStatusToMany(
    db: TDb,
    stationIds: readonly number[],
    event: TStationStatusEvent,
  ): Promise<void> {
    if (stationIds.length === 0) return;
    await new AlarmRepository(db).applyStatusToMany(stationIds, stationStatusMoves(event));
  }

  /** The push of new data-missing alarms: one stored message per alarm and user who may see its site. */
  private async pushOpened(opened: readonly TOpened[]): Promise<void> {
    if (opened.length === 0) return;
    const receivers = await this.usersWhoByStation(
      'alarm.view',
      opened.map((a) => a.stationId),
    );
    // Stored as texts: each reader gets them in their own language.
    await this.messages.sendMany(
      opened.flatMap((alarm) =>
        (receivers.get(alarm.stationId) ?? []).map((userId) => ({
          userId,
          type: 'alarm' as const,
          message: text('message.alarmDataMissing', { code: alarm.stationCode }),
          description: text('alarm.noData', { days: alarm.days, rule: '' }),
          messageType: 'warning' as const,
          stationIds: [alarm.stationId],
        })),
      ),
    );
  }

  /** A stored message for every user who may see the site and view alarms (pushed live). */
  private async pushText(
    stationId: number,
    content: { message: TText; description: TText | null },
  ): Promise<void> {
    for (const id of await this.usersWho('alarm.view', stationId)) {
      await this.messages.send(id, {
        type: 'alarm',
        ...content,
        messageType: 'warning',
        stationIds: [stationId],
      });
    }
  }

  /** The enabled users holding `feature` who may see the site. */
  async usersWho(feature: FeatureKey, stationId: number): Promise<number[]> {
    return (await this.usersWhoByStation(feature, [stationId])).get(stationId) ?? [];
  }

  /** `usersWho` for many sites in one query: site id → the users, in id order. */
  private async usersWhoByStation(
    feature: FeatureKey,
    stationIds: readonly number[],
  ): Promise<Map<number, number[]>> {
    const rows = await this.alarms.listUsersWho(feature, stationIds);
    const byStation = new Map<number, number[]>();
    for (const row of rows) {
      const stationId = Number(row.station_id);
      const users = byStation.get(stationId);
      if (users) users.push(Number(row.user_id));
      else byStation.set(stationId, [Number(row.user_id)]);
    }
    return byStation;
  }
}

/** An alarm service on its own parts, for a process that ingests outside the server (bench, tests). */
export function standaloneAlarmService(db: Database, log: Logger): AlarmService {
  return new AlarmService(
    db,
    createStationAccess(db),
    createMessageService(db),
    new StationLogService(db),
    log,
  );
}
