import {
  AppError,
  CHANNEL_ELEMENT_KEYS,
  CHANNEL_ELEMENTS,
  CHANNEL_STATISTIC_NAMES,
  displayName,
  displayPersonName,
  type Language,
  nameParam,
  nameToStore,
  type TChannelConfigDetail,
  type TChannelConfigListQuery,
  type TChannelConfigListReply,
  type TChannelConfigSaveReply,
  type TChannelConfigSaveRequest,
  type TChannelConfigSummary,
  type TChannelElement,
  type TChannelElementOption,
  type TChannelRecord,
  type TRemoteSensingProfile,
  text,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import type { TTransactor } from '../../platform/db/transaction.ts';
import type { StationAccess } from '../access/index.ts';
import { calibrationWarnings, recordConfiguredSensors } from '../sensors/index.ts';
import type { ChannelConfigRepository, TChannelInsert } from './channel-config.repository.ts';
import { readRemoteSensingProfile } from './remote-sensing-profile.ts';
import type { TStationLogWriter } from './station-log-writer.ts';

export interface TChannelConfigRepositories {
  configs: ChannelConfigRepository;
  db: Database;
}

type TConfigRow = Awaited<ReturnType<ChannelConfigRepository['listByStation']>>[number];
type TChannelRow = Awaited<ReturnType<ChannelConfigRepository['listChannels']>>[number];

function formatInstant(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** A stored channel as the services write it. */
export function toChannelInsert(row: TChannelRow): TChannelInsert {
  return {
    channelName: row.channel_name,
    element: row.element,
    measurementType: row.measurement_type,
    heightM: row.height_m,
    heightReference: row.height_reference,
    loggerHeightM: row.logger_height_m,
    tag: row.tag,
    dataKey: row.data_key,
    unit: row.unit,
    statistic: row.statistic,
    boomOrientationDeg: row.boom_orientation_deg,
    sensorMake: row.sensor_make,
    sensorModel: row.sensor_model,
    sensorSerial: row.sensor_serial,
    vaneOffsetDeg: row.vane_offset_deg,
    calibrationSlope: row.calibration_slope,
    calibrationOffset: row.calibration_offset,
    iea43: row.iea43,
  };
}

function toChannelRecord(row: TChannelRow, language: Language): TChannelRecord {
  const element = (CHANNEL_ELEMENT_KEYS as readonly string[]).includes(row.element)
    ? (row.element as TChannelElement)
    : 'other';
  return {
    id: row.id,
    ...toChannelInsert(row),
    element,
    elementName: CHANNEL_ELEMENTS[element][language],
    statisticName: CHANNEL_STATISTIC_NAMES[row.statistic][language],
  };
}

/**
 * Channel configurations of a site over time (SPEC §3): each is in force from its effective date until
 * the next one's, so adding a configuration never rewrites the past. Editing replaces one configuration
 * as a whole; every change is in the station log. Reading needs access to the site; the write routes
 * require 'station.edit' and edit access.
 */
export class ChannelConfigService {
  constructor(
    private readonly configs: ChannelConfigRepository,
    private readonly access: StationAccess,
    private readonly tx: TTransactor<TChannelConfigRepositories>,
    private readonly stationLog: TStationLogWriter,
  ) {}

  /** 404 unknown site, 403 no access: for calls that check before reading their body. */
  async assertCanEdit(user: TAuthUser, stationId: number): Promise<void> {
    await this.access.assertCanEdit(user, stationId);
  }

  /** A site's measurement type, device and channels per height (issue 31); site view access. */
  async remoteSensing(
    user: TAuthUser,
    stationId: number,
    language: Language,
  ): Promise<TRemoteSensingProfile> {
    await this.access.assertCanView(user, stationId);
    const profile = await readRemoteSensingProfile(this.configs.db, stationId, language);
    if (!profile) throw new AppError('NOT_FOUND');
    return profile;
  }

  elements(language: Language): TChannelElementOption[] {
    return CHANNEL_ELEMENT_KEYS.map((key) => ({
      key,
      name: CHANNEL_ELEMENTS[key][language],
      measurementType: CHANNEL_ELEMENTS[key].measurementType,
      unit: CHANNEL_ELEMENTS[key].unit,
    }));
  }

  async list(
    user: TAuthUser,
    query: TChannelConfigListQuery,
    language: Language,
  ): Promise<TChannelConfigListReply> {
    await this.access.assertCanView(user, query.stationId);
    const rows = await this.configs.listByStation(query.stationId);
    const at = (query.at ?? new Date()).getTime();
    let inForceIndex = -1;
    rows.forEach((row, i) => {
      if (row.effective_from.getTime() <= at) inForceIndex = i;
    });
    const summaries = rows.map((row, i) => this.toSummary(row, rows[i + 1], i === inForceIndex, language));
    // Newest first, as the tab lists them.
    const records = [...summaries].reverse();
    if (inForceIndex < 0) return { records, inForce: null };
    const channels = await this.configs.listChannels([rows[inForceIndex]!.id]);
    return {
      records,
      inForce: { ...summaries[inForceIndex]!, channels: channels.map((c) => toChannelRecord(c, language)) },
    };
  }

  async detail(user: TAuthUser, id: number, language: Language): Promise<TChannelConfigDetail> {
    const config = await this.configs.findById(id);
    if (!config) throw new AppError('NOT_FOUND');
    await this.access.assertCanView(user, config.station_id);
    const rows = await this.configs.listByStation(config.station_id);
    const index = rows.findIndex((r) => r.id === id);
    const now = Date.now();
    const isInForce =
      rows[index]!.effective_from.getTime() <= now &&
      (rows[index + 1] === undefined || rows[index + 1]!.effective_from.getTime() > now);
    const channels = await this.configs.listChannels([id]);
    return {
      ...this.toSummary(rows[index]!, rows[index + 1], isInForce, language),
      channels: channels.map((c) => toChannelRecord(c, language)),
    };
  }

  /** Adds a configuration (no id) or replaces one; refuses a second configuration on the same date. */
  async save(user: TAuthUser, input: TChannelConfigSaveRequest): Promise<TChannelConfigSaveReply> {
    const { id } = await this.write(user, input);
    // The sensors' certificates are the reference of the programmed slope/offset (issue 44 §2): told, not refused.
    const warnings = await calibrationWarnings(this.configs.db, input.channels, input.effectiveFrom);
    return { id, calibrationWarnings: warnings };
  }

  private async write(user: TAuthUser, input: TChannelConfigSaveRequest): Promise<{ id: number }> {
    const [station] = await this.access.assertCanEdit(user, input.stationId);
    const existing = input.id === undefined ? undefined : await this.configs.findById(input.id);
    if (input.id !== undefined && existing?.station_id !== input.stationId) throw new AppError('NOT_FOUND');
    return this.tx.run(async ({ configs, db }) => {
      await configs.lockStation(input.stationId);
      const clash = (await configs.listAtDates(input.stationId, [input.effectiveFrom])).find(
        (c) => c.id !== input.id,
      );
      if (clash)
        throw new AppError('CHANNEL_CONFIG_DATE_TAKEN', {
          effectiveFrom: formatInstant(input.effectiveFrom),
        });
      // A seeded configuration saved under its built-in name (either language) keeps it; renamed, it is the user's.
      const stored = nameToStore(
        existing && { name: existing.name, builtinKey: existing.builtin_key },
        input.name,
      );
      const write = {
        stationId: input.stationId,
        name: stored.name,
        builtinKey: stored.builtinKey,
        effectiveFrom: input.effectiveFrom,
        notes: input.notes,
        updaterId: user.id,
        updaterName: user.userName,
      };
      let id: number;
      let details: Record<string, unknown>;
      if (existing) {
        id = existing.id;
        const before = await configs.listChannels([id]);
        await configs.updateConfig(id, write);
        details = {
          configId: id,
          before: {
            name: existing.name,
            effectiveFrom: existing.effective_from.toISOString(),
            notes: existing.notes,
            channels: before.map(toChannelInsert),
          },
          after: {
            name: input.name,
            effectiveFrom: input.effectiveFrom.toISOString(),
            notes: input.notes,
            channels: input.channels,
          },
        };
      } else {
        id = await configs.insertConfig(write);
        details = {
          configId: id,
          effectiveFrom: input.effectiveFrom.toISOString(),
          channelCount: input.channels.length,
        };
      }
      await configs.replaceChannels(id, input.channels);
      // The sensor register follows the configurations (issue 44 §3).
      await recordConfiguredSensors(db, input.stationId, input.channels, {
        id: user.id,
        name: user.userName,
      });
      await this.stationLog.record(db, {
        operator: user,
        type: existing ? 'edit' : 'add',
        stationId: input.stationId,
        location: 'channelConfiguration',
        objects: text(existing ? 'stationLog.channelConfigEdited' : 'stationLog.channelConfigAdded', {
          code: station!.stationCode,
          name: nameParam(stored.name, stored.builtinKey),
          from: formatInstant(input.effectiveFrom),
          count: input.channels.length,
        }),
        details,
      });
      return { id };
    });
  }

  async delete(user: TAuthUser, id: number): Promise<void> {
    const config = await this.configs.findById(id);
    if (!config) throw new AppError('NOT_FOUND');
    const [station] = await this.access.assertCanEdit(user, config.station_id);
    await this.tx.run(async ({ configs, db }) => {
      await configs.lockStation(config.station_id);
      const channels = await configs.listChannels([id]);
      if (!(await configs.deleteConfig(id))) throw new AppError('NOT_FOUND');
      await this.stationLog.record(db, {
        operator: user,
        type: 'delete',
        stationId: config.station_id,
        location: 'channelConfiguration',
        objects: text('stationLog.channelConfigDeleted', {
          code: station!.stationCode,
          name: nameParam(config.name, config.builtin_key),
          from: formatInstant(config.effective_from),
        }),
        details: {
          configId: id,
          name: config.name,
          effectiveFrom: config.effective_from.toISOString(),
          channels: channels.map(toChannelInsert),
        },
      });
    });
  }

  private toSummary(
    row: TConfigRow,
    next: TConfigRow | undefined,
    isInForce: boolean,
    language: Language,
  ): TChannelConfigSummary {
    return {
      id: row.id,
      stationId: row.station_id,
      name: displayName(row.name, row.builtin_key, language),
      effectiveFrom: row.effective_from.toISOString(),
      effectiveTo: next ? next.effective_from.toISOString() : null,
      notes: row.notes,
      channelCount: Number(row.channel_count ?? 0),
      isInForce,
      updaterName: displayPersonName(row.updater_name, language),
      updateTime: row.updated_at.toISOString(),
    };
  }
}
