import {
  AppError,
  type Language,
  localizeIssues,
  renderText,
  type TIea43Document,
  type TIea43ImportReply,
  type TLocalized,
  text,
  ZChannel,
} from '@masthub/shared';
import { both } from '../../i18n/index.ts';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import type { TTransactor } from '../../platform/db/transaction.ts';
import type { StationAccess } from '../access/index.ts';
import { recordConfiguredSensors, sensorRecords } from '../sensors/index.ts';
import type { ChannelConfigRepository, TChannelInsert } from './channel-config.repository.ts';
import { toChannelInsert } from './channel-config.service.ts';
import { readIea43Location } from './iea43.mapper.ts';
import type { Iea43Repository } from './iea43.repository.ts';
import { calibrationMismatches, calibrationValuesOf, iea43CalibrationOf } from './iea43-calibrations.ts';
import { buildIea43Document } from './iea43-export.ts';
import type { TJsonObject } from './iea43-kept.ts';
import { siteFieldDifferences, siteFromIea43 } from './iea43-site.ts';
import type { TStationLogWriter } from './station-log-writer.ts';

export interface TIea43Repositories {
  configs: ChannelConfigRepository;
  iea43: Iea43Repository;
  db: Database;
}

/** The Task 43 names of a channel's fields, for the reasons a column stays metadata only. */
const TASK43_FIELD: Record<string, string> = {
  channelName: 'column_name',
  dataKey: 'column_name',
  heightM: 'height_m',
  heightReference: 'height_reference_id',
  loggerHeightM: 'logger_measurement_config.height_m',
  tag: 'name',
  unit: 'measurement_units_id',
  measurementType: 'measurement_type_id',
  boomOrientationDeg: 'mounting_arrangement.boom_orientation_deg',
  vaneOffsetDeg: 'mounting_arrangement.vane_dead_band_orientation_deg',
  sensorMake: 'sensor.oem',
  sensorModel: 'sensor.model',
  sensorSerial: 'sensor.serial_number',
};

/** The names of the site fields a Task 43 file may set, in both languages (the server catalogue). */
const SITE_FIELD_NAMES: Record<TIea43ImportReply['siteFields'][number]['field'], TLocalized> = {
  latitude: both('stationFields.iea43.latitude'),
  longitude: both('stationFields.iea43.longitude'),
  loggerUtcOffsetMinutes: both('stationFields.iea43.loggerUtcOffsetMinutes'),
  pylonHeightM: both('stationFields.iea43.pylonHeightM'),
  stationType: both('stationFields.iea43.stationType'),
};

/** Rolls a dry run's transaction back with its report. */
class DryRun extends Error {
  constructor(readonly reply: TIea43ImportReply) {
    super('dry run');
  }
}

function formatInstant(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

type TIdentity = { oem: string; model: string; serialNumber: string };
const identityKey = (i: TIdentity) =>
  [i.oem, i.model, i.serialNumber].map((s) => s.trim().toLowerCase()).join('\u0000');

/**
 * IEA Wind Task 43 WRA data model in and out of a site (issue 44): the import makes channel configurations,
 * records the loggers, the sensors and their calibrations, keeps what MastHub has no column for, checks the
 * programmed slopes and offsets against the certificates and lists the site fields the file would change
 * (applied when the user confirms); the export writes the site back from the model. Reading needs access to
 * the site; the import requires 'station.edit' and edit access.
 */
export class Iea43Service {
  constructor(
    private readonly db: Database,
    private readonly repos: TIea43Repositories,
    private readonly access: StationAccess,
    private readonly tx: TTransactor<TIea43Repositories>,
    private readonly stationLog: TStationLogWriter,
  ) {}

  /** The site's configurations as a Task 43 document, and a file name for it. */
  async export(user: TAuthUser, stationId: number): Promise<{ document: TIea43Document; fileName: string }> {
    await this.access.assertCanView(user, stationId);
    const { configs, iea43 } = this.repos;
    const station = await configs.findStation(stationId);
    if (!station) throw new AppError('NOT_FOUND');
    const rows = await configs.listByStation(stationId);
    const channels = await configs.listChannels(rows.map((r) => r.id));
    const [loggers, meta] = await Promise.all([iea43.listLoggers(stationId), iea43.findMeta(stationId)]);
    const configsForExport = rows.map((row) => ({
      effectiveFrom: row.effective_from,
      channels: channels.filter((c) => c.config_id === row.id).map(toChannelInsert),
    }));
    const calibrations = await this.registerCalibrations(configsForExport.flatMap((c) => c.channels));
    const document = buildIea43Document(
      {
        station: {
          stationCode: station.station_code,
          projectName: station.project_name,
          latitude: station.latitude,
          longitude: station.longitude,
          pylonHeightM: station.pylon_height_m,
          notes: station.notes,
          stationType: station.station_type,
          deviceModel: station.device_model,
          deviceSerial: station.device_serial,
          deviceFirmware: station.device_firmware,
          loggerUtcOffsetMinutes: station.logger_utc_offset_minutes,
        },
        configs: configsForExport,
        loggers,
        meta: meta && { document: meta.document, location: meta.location, keptPoints: meta.kept_points },
        calibrations: (identity) => calibrations.get(identityKey(identity)) ?? [],
      },
      { author: user.userName, now: new Date() },
    );
    const fileName = `${station.station_code}_${station.project_name}_iea43_wra_data_model.json`.replace(
      /[\\/:*?"<>|]/g,
      '_',
    );
    return { document, fileName };
  }

  /** The register's calibrations of the sensors the channels (and their kept sensors) name, by identity. */
  private async registerCalibrations(
    channels: readonly TChannelInsert[],
  ): Promise<Map<string, TJsonObject[]>> {
    const identities = new Map<string, TIdentity>();
    for (const ch of channels) {
      if (ch.sensorSerial) {
        const id = { oem: ch.sensorMake, model: ch.sensorModel, serialNumber: ch.sensorSerial };
        identities.set(identityKey(id), id);
      }
      for (const s of (ch.iea43?.point.sensor ?? []) as TJsonObject[]) {
        const id = {
          oem: String(s.oem ?? ''),
          model: String(s.model ?? ''),
          serialNumber: String(s.serial_number ?? ''),
        };
        if (id.serialNumber) identities.set(identityKey(id), id);
      }
    }
    const sensors = sensorRecords(this.db);
    const out = new Map<string, TJsonObject[]>();
    const found: { key: string; id: number }[] = [];
    for (const [key, identity] of identities) {
      const sensor = await sensors.findByIdentity(identity);
      if (sensor) found.push({ key, id: Number(sensor.id) });
    }
    const rows = await sensors.calibrationsOf(found.map((f) => f.id));
    for (const { key, id } of found) {
      out.set(
        key,
        rows
          .filter((r) => Number(r.sensor_id) === id)
          .sort((a, b) => Number(a.id) - Number(b.id))
          .map((r) => iea43CalibrationOf(r)),
      );
    }
    return out;
  }

  /**
   * Creates one configuration per instant of the chosen location, records loggers, sensors and calibrations
   * and keeps the rest, all or nothing: a date that already has a configuration refuses the whole import.
   */
  async import(
    user: TAuthUser,
    stationId: number,
    document: TIea43Document,
    options: { locationIndex: number; applySiteFields: boolean; dryRun?: boolean },
    language: Language,
  ): Promise<TIea43ImportReply> {
    const [station] = await this.access.assertCanEdit(user, stationId);
    const { locationIndex } = options;
    const location = document.measurement_location[locationIndex];
    if (!location) {
      throw new AppError(
        'IEA43_INVALID',
        {},
        localizeIssues(
          [
            {
              code: 'invalid_type',
              path: ['measurement_location', locationIndex],
              message: '',
              input: undefined,
            },
          ],
          language,
        ),
      );
    }
    const reading = readIea43Location(document, locationIndex, (channel) => {
      const parsed = ZChannel.safeParse({ ...channel, iea43: null });
      if (parsed.success) return null;
      return localizeIssues(parsed.error.issues, language)
        .map((e) => `${TASK43_FIELD[e.field] ?? e.field}: ${e.message}`)
        .join('; ');
    });
    if (reading.drafts.length === 0) throw new AppError('IEA43_NOTHING_TO_IMPORT');
    const drafts = reading.drafts.map((draft) => ({
      ...draft,
      channels: draft.channels.map((ch) => ZChannel.parse(ch) as TChannelInsert),
    }));
    const mismatches = calibrationMismatches(location, locationIndex, reading.clocks);
    const fileSite = siteFromIea43(location);
    const offsets = [...new Set(reading.clocks.map((c) => c.offsetHrs ?? 0))];
    const dateConvention = renderText(
      text('iea43.dateConvention', {
        offsets: offsets.length > 0 ? offsets.map((o) => `${o} h`).join(', ') : 'UTC',
      }),
      language,
    );
    const report = this.tx.run(async ({ configs, iea43, db }) => {
      await configs.lockStation(stationId);
      const clash = await configs.listAtDates(
        stationId,
        drafts.map((d) => d.effectiveFrom),
      );
      if (clash.length > 0) {
        throw new AppError('CHANNEL_CONFIG_DATE_TAKEN', {
          effectiveFrom: formatInstant(clash[0]!.effective_from),
        });
      }
      const now = await configs.findStation(stationId);
      const siteFields = now ? siteFieldDifferences(now, fileSite) : [];
      if (options.applySiteFields) await configs.setSiteFromIea43(stationId, fileSite);
      const created: TIea43ImportReply['configurations'] = [];
      for (const draft of drafts) {
        const id = await configs.insertConfig({
          stationId,
          name: draft.name,
          effectiveFrom: draft.effectiveFrom,
          notes: draft.notes,
          updaterId: user.id,
          updaterName: user.userName,
        });
        await configs.replaceChannels(id, draft.channels);
        // The sensor register follows the configurations (issue 44 §3).
        await recordConfiguredSensors(db, stationId, draft.channels, { id: user.id, name: user.userName });
        created.push({
          id,
          name: draft.name,
          effectiveFrom: draft.effectiveFrom.toISOString(),
          channelCount: draft.channels.length,
        });
      }
      await iea43.replaceLoggers(stationId, reading.loggers);
      await iea43.saveMeta(stationId, reading);
      const sensors = sensorRecords(db);
      const creator = { id: user.id, name: user.userName };
      const sensorIds = new Set<number>();
      let calibrationCount = 0;
      for (const s of reading.sensors) {
        const { id } = await sensors.findOrCreate(
          s.identity,
          {
            sensorTypeId: s.sensorTypeId,
            classification: s.classification,
            isHeated: s.isHeated,
            notes: s.notes,
            properties: s.properties,
          },
          creator,
        );
        sensorIds.add(id);
        for (const c of s.calibrations) {
          await sensors.addCalibration(id, calibrationValuesOf(c), creator);
          calibrationCount++;
        }
      }
      const applied = options.applySiteFields ? siteFields : [];
      await this.stationLog.record(db, {
        operator: user,
        type: 'add',
        stationId,
        location: 'channelConfiguration',
        objects: text('stationLog.iea43Imported', {
          code: station!.stationCode,
          count: created.length,
          loggers: reading.loggers.length,
          sensors: sensorIds.size,
          calibrations: calibrationCount,
          metadata: reading.metadataOnly.length,
          site:
            applied.length === 0
              ? text('stationLog.iea43SiteUnchanged')
              : applied.map((f) =>
                  text('stationLog.iea43SiteField', {
                    field: SITE_FIELD_NAMES[f.field],
                    from: String(f.current ?? '—'),
                    to: String(f.file ?? '—'),
                  }),
                ),
        }),
        details: {
          source: 'iea43',
          location: location.name,
          configurations: created,
          loggers: reading.loggers.length,
          sensors: [...sensorIds],
          calibrationsAdded: calibrationCount,
          metadataOnly: reading.metadataOnly,
          calibrationMismatches: mismatches,
          siteFieldsApplied: applied,
        },
      });
      const reply: TIea43ImportReply = {
        configurations: created,
        metadataOnly: reading.metadataOnly,
        loggers: reading.loggers.length,
        sensors: sensorIds.size,
        calibrations: calibrationCount,
        calibrationMismatches: mismatches,
        siteFields,
        siteFieldsApplied: options.applySiteFields && !options.dryRun,
        dateConvention,
        dryRun: options.dryRun === true,
      };
      // A dry run does all the work and keeps none of it: the report is the one the import would give.
      if (options.dryRun) throw new DryRun(reply);
      return reply;
    });
    try {
      return await report;
    } catch (error) {
      if (error instanceof DryRun) return error.reply;
      throw error;
    }
  }
}
