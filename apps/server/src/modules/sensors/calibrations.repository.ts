import { type Expression, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import type { TSensorIdentity } from './sensors.repository.ts';

/** The channel_config_channel columns naming a sensor, matched case-insensitively (SQL over alias `c`). */
function namesSensor(identity: TSensorIdentity): Expression<SqlBool> {
  return sql<SqlBool>`(lower(trim(c.sensor_make)) = lower(${identity.oem.trim()})
    AND lower(trim(c.sensor_model)) = lower(${identity.model.trim()})
    AND lower(trim(c.sensor_serial)) = lower(${identity.serialNumber.trim()}))`;
}

export interface TConfiguredSensorChannel {
  configId: number;
  stationId: number;
  effectiveFrom: Date;
  dataKey: string;
  channelName: string;
  sensorMake: string;
  sensorModel: string;
  sensorSerial: string;
  calibrationSlope: number | null;
  calibrationOffset: number | null;
}

export interface TCorrectionInsert {
  stationId: number;
  versionId: number;
  calibrationId: number | null;
  params: Record<string, unknown>;
  userId: number;
  userName: string;
}

/**
 * What calibrations read and write beyond the sensor register's own storage (sensors.repository.ts): which
 * sites' channel configurations name a sensor (where it is and was — the configurations say it), a
 * configuration's sensor channels, the sites' recalibration rules and the corrections of history.
 */
export class CalibrationRepository {
  constructor(readonly db: Database) {}

  /** The live sites whose channel configurations (any, past ones too) name the sensor. */
  async stationsNaming(identity: TSensorIdentity): Promise<{ id: number; stationCode: string }[]> {
    const rows = await sql<{ id: number; station_code: string }>`
      SELECT DISTINCT s.id, s.station_code
        FROM channel_config_channel c
        JOIN channel_config cc ON cc.id = c.config_id
        JOIN station s ON s.id = cc.station_id AND NOT s.is_deleted
       WHERE ${namesSensor(identity)}
       ORDER BY s.station_code`.execute(this.db);
    return rows.rows.map((r) => ({ id: Number(r.id), stationCode: r.station_code }));
  }

  findCalibration(id: number) {
    return this.db.selectFrom('sensor_calibration').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listCalibrations(sensorId: number) {
    return this.db
      .selectFrom('sensor_calibration')
      .selectAll()
      .where('sensor_id', '=', sensorId)
      .orderBy(sql`date_of_calibration DESC NULLS LAST`)
      .orderBy('id', 'desc')
      .execute();
  }

  /** The calibrations of the sensors of `identities` (one query), keyed by lower-case make/model/serial. */
  async calibrationsByIdentity(identities: readonly TSensorIdentity[]) {
    const keys = [...new Set(identities.map(identityKey))];
    if (keys.length === 0) return new Map<string, TSensorWithCalibrations>();
    const sensors = await this.db
      .selectFrom('sensor')
      .select(['id', 'oem', 'model', 'serial_number', 'classification'])
      .where(
        sql<SqlBool>`lower(oem) || '\u001f' || lower(model) || '\u001f' || lower(serial_number) = ANY(${keys}::text[])`,
      )
      .execute();
    const calibrations =
      sensors.length === 0
        ? []
        : await this.db
            .selectFrom('sensor_calibration')
            .selectAll()
            .where(
              'sensor_id',
              'in',
              sensors.map((s) => s.id),
            )
            .execute();
    const out = new Map<string, TSensorWithCalibrations>();
    for (const s of sensors) {
      out.set(identityKey({ oem: s.oem, model: s.model, serialNumber: s.serial_number }), {
        sensorId: Number(s.id),
        classification: s.classification,
        calibrations: calibrations.filter((c) => c.sensor_id === s.id),
      });
    }
    return out;
  }

  async updateManual(id: number, values: Parameters<typeof toCalibrationColumns>[0]): Promise<boolean> {
    const result = await this.db
      .updateTable('sensor_calibration')
      .set({ ...toCalibrationColumns(values), updated_at: new Date() })
      .where('id', '=', id)
      .where('source', '=', 'manual')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteCalibration(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('sensor_calibration').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async setPdf(id: number, sha256: string, fileName: string): Promise<void> {
    await this.db
      .updateTable('sensor_calibration')
      .set({ certificate_pdf_sha256: sha256, certificate_pdf_name: fileName, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** A site's configurations, oldest first (with the next one's start: a configuration's period). */
  listConfigs(stationId: number) {
    return this.db
      .selectFrom('channel_config')
      .select(['id', 'effective_from'])
      .where('station_id', '=', stationId)
      .orderBy('effective_from')
      .execute();
  }

  /** The channels of a configuration that name a sensor serial, in their order. */
  async sensorChannelsOf(configId: number): Promise<TConfiguredSensorChannel[]> {
    const rows = await this.db
      .selectFrom('channel_config_channel as c')
      .innerJoin('channel_config as cc', 'cc.id', 'c.config_id')
      .select([
        'c.config_id',
        'cc.station_id',
        'cc.effective_from',
        'c.data_key',
        'c.channel_name',
        'c.sensor_make',
        'c.sensor_model',
        'c.sensor_serial',
        'c.calibration_slope',
        'c.calibration_offset',
      ])
      .where('c.config_id', '=', configId)
      .where(sql<SqlBool>`trim(c.sensor_serial) <> ''`)
      .orderBy('c.position')
      .execute();
    return rows.map((r) => ({
      configId: Number(r.config_id),
      stationId: Number(r.station_id),
      effectiveFrom: r.effective_from,
      dataKey: r.data_key,
      channelName: r.channel_name,
      sensorMake: r.sensor_make,
      sensorModel: r.sensor_model,
      sensorSerial: r.sensor_serial,
      calibrationSlope: r.calibration_slope,
      calibrationOffset: r.calibration_offset,
    }));
  }

  /** A configuration's channels naming a sensor, with the boom orientation (side-mounted when stated). */
  async mountedChannelsOf(configId: number) {
    return this.db
      .selectFrom('channel_config_channel as c')
      .select(['c.data_key', 'c.sensor_make', 'c.sensor_model', 'c.sensor_serial', 'c.boom_orientation_deg'])
      .where('c.config_id', '=', configId)
      .where(sql<SqlBool>`trim(c.sensor_serial) <> ''`)
      .orderBy('c.position')
      .execute();
  }

  findRule(stationId: number) {
    return this.db
      .selectFrom('sensor_campaign_rule')
      .selectAll()
      .where('station_id', '=', stationId)
      .executeTakeFirst();
  }

  async saveRule(rule: {
    stationId: number;
    recalibrationMonths: number | null;
    isPostCampaignRequired: boolean;
    campaignEnd: string | null;
    userId: number;
    userName: string;
  }): Promise<void> {
    const values = {
      recalibration_months: rule.recalibrationMonths,
      is_post_campaign_required: rule.isPostCampaignRequired,
      campaign_end: rule.campaignEnd,
      updated_by: rule.userId,
      updater_name: rule.userName,
      updated_at: new Date(),
    };
    await this.db
      .insertInto('sensor_campaign_rule')
      .values({ station_id: rule.stationId, ...values })
      .onConflict((oc) => oc.column('station_id').doUpdateSet(values))
      .execute();
  }

  /**
   * The sensors of the configuration in force at `now` of every live site the predicate lets through: one
   * row per site and sensor (its channels' names), with the site's rule and the sensor's newest calibration.
   */
  async sensorsInForce(visible: Expression<SqlBool>, now: Date, stationId?: number) {
    const rows = await sql<{
      station_id: number;
      station_code: string;
      project_name: string;
      oem: string;
      model: string;
      serial: string;
      channels: string[];
      sensor_id: number | null;
      last_date: string | null;
      recalibration_months: number | null;
      is_post_campaign_required: boolean | null;
      campaign_end: string | null;
    }>`
      WITH in_force AS (
        SELECT DISTINCT ON (cc.station_id) cc.id, cc.station_id
          FROM channel_config cc
         WHERE cc.effective_from <= ${now}
         ORDER BY cc.station_id, cc.effective_from DESC
      ), named AS (
        SELECT f.station_id, min(trim(c.sensor_make)) AS oem, min(trim(c.sensor_model)) AS model,
               min(trim(c.sensor_serial)) AS serial, array_agg(c.channel_name ORDER BY c.position) AS channels
          FROM in_force f
          JOIN channel_config_channel c ON c.config_id = f.id
         WHERE trim(c.sensor_serial) <> ''
         GROUP BY f.station_id, lower(trim(c.sensor_make)), lower(trim(c.sensor_model)),
                  lower(trim(c.sensor_serial))
      )
      SELECT n.station_id, station.station_code, station.project_name, n.oem, n.model, n.serial, n.channels,
             se.id AS sensor_id,
             (SELECT to_char(max(sc.date_of_calibration), 'YYYY-MM-DD') FROM sensor_calibration sc
               WHERE sc.sensor_id = se.id) AS last_date,
             r.recalibration_months, r.is_post_campaign_required,
             to_char(r.campaign_end, 'YYYY-MM-DD') AS campaign_end
        FROM named n
        JOIN station ON station.id = n.station_id AND NOT station.is_deleted
        LEFT JOIN sensor se ON lower(se.oem) = lower(n.oem) AND lower(se.model) = lower(n.model)
                           AND lower(se.serial_number) = lower(n.serial)
        LEFT JOIN sensor_campaign_rule r ON r.station_id = n.station_id
       WHERE ${visible} ${stationId === undefined ? sql`` : sql`AND n.station_id = ${stationId}`}
       ORDER BY station.station_code, n.serial`.execute(this.db);
    return rows.rows;
  }

  async insertCorrection(row: TCorrectionInsert): Promise<number> {
    const inserted = await this.db
      .insertInto('calibration_correction')
      .values({
        station_id: row.stationId,
        version_id: row.versionId,
        calibration_id: row.calibrationId,
        params: JSON.stringify(row.params),
        created_by: row.userId,
        creator_name: row.userName,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  /** A site's corrections with their versions' names, newest first. */
  listCorrections(stationId: number) {
    return this.db
      .selectFrom('calibration_correction as c')
      .innerJoin('dataset_version as v', 'v.id', 'c.version_id')
      .select([
        'c.id',
        'c.version_id',
        'v.name as version_name',
        'c.params',
        'c.status',
        'c.creator_name',
        'c.created_at',
      ])
      .where('c.station_id', '=', stationId)
      .orderBy('c.id', 'desc')
      .limit(200)
      .execute();
  }

  findCorrection(id: number) {
    return this.db.selectFrom('calibration_correction').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async deleteCorrection(id: number): Promise<void> {
    await this.db.deleteFrom('calibration_correction').where('id', '=', id).execute();
  }

  async setCorrectionTask(id: number, column: 'task_id' | 'undo_task_id', taskId: number): Promise<void> {
    await this.db
      .updateTable('calibration_correction')
      .set({ [column]: taskId })
      .where('id', '=', id)
      .execute();
  }

  async markApplied(id: number, undo: Record<string, unknown>): Promise<void> {
    await this.db
      .updateTable('calibration_correction')
      .set({ status: 'applied', undo: JSON.stringify(undo), applied_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  async markUndone(id: number): Promise<void> {
    await this.db
      .updateTable('calibration_correction')
      .set({ status: 'undone', undo: null, undone_at: new Date() })
      .where('id', '=', id)
      .execute();
  }
}

export interface TSensorWithCalibrations {
  sensorId: number;
  /** The register's classification text (IEC 61400-12-1 class, e.g. "1.7A"), '' when not stated. */
  classification: string;
  calibrations: Awaited<ReturnType<CalibrationRepository['listCalibrations']>>;
}

/** The key of a sensor identity in maps: lower-case make, model and serial. */
export function identityKey(identity: TSensorIdentity): string {
  return [identity.oem, identity.model, identity.serialNumber]
    .map((s) => s.trim().toLowerCase())
    .join('\u001f');
}

/** The columns of a calibration typed by hand. */
export function toCalibrationColumns(values: {
  measurementTypeId: string;
  slope: number | null;
  offset: number | null;
  sensitivity: number | null;
  calibrationId: string;
  dateOfCalibration: string | null;
  revision: string;
  calibrationOrganisation: string;
  placeOfCalibration: string;
  reportFileName: string;
  reportLink: string;
  uncertaintyKFactor: number | null;
  calibrationUncertainty: {
    referenceBin: number | null;
    referenceUnit: string;
    combinedUncertainty: number | null;
  }[];
  notes: string;
}) {
  return {
    measurement_type_id: values.measurementTypeId,
    slope: values.slope,
    offset: values.offset,
    sensitivity: values.sensitivity,
    calibration_id: values.calibrationId,
    date_of_calibration: values.dateOfCalibration,
    revision: values.revision,
    calibration_organisation: values.calibrationOrganisation,
    place_of_calibration: values.placeOfCalibration,
    report_file_name: values.reportFileName,
    report_link: values.reportLink,
    uncertainty_k_factor: values.uncertaintyKFactor,
    calibration_uncertainty: JSON.stringify(
      values.calibrationUncertainty.map((r) => ({
        reference_bin: r.referenceBin,
        reference_unit: r.referenceUnit || null,
        combined_uncertainty: r.combinedUncertainty,
      })),
    ),
    notes: values.notes,
  };
}

/** The predicate that passes every site: the reminder job reads the whole fleet (no caller narrows it). */
export const EVERY_SITE = sql<SqlBool>`true`;
