import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import type { TCalibrationUncertaintyRow } from '../../platform/db/schema.ts';

/** What names one physical sensor: the same serial of the same make and model (case aside). */
export interface TSensorIdentity {
  oem: string;
  model: string;
  serialNumber: string;
}

/** A sensor's own properties (Task 43 sensor fields other than its dates and calibrations). */
export interface TSensorProperties {
  sensorTypeId?: string | undefined;
  classification?: string | undefined;
  isHeated?: boolean | null | undefined;
  notes?: string | undefined;
  /** Task 43 properties without a column (instrument_poi_height_mm, sensor_body_size_mm, update_at…). */
  properties?: Record<string, unknown> | undefined;
}

/** A calibration as Task 43 keeps it (sensor[*].calibration[*]), plus where it came from. */
export interface TCalibrationValues {
  measurementTypeId?: string | undefined;
  slope: number | null;
  offset: number | null;
  sensitivity?: number | null | undefined;
  calibrationId?: string | undefined;
  /** 'YYYY-MM-DD'. */
  dateOfCalibration: string | null;
  revision?: string | undefined;
  calibrationOrganisation?: string | undefined;
  placeOfCalibration?: string | undefined;
  reportFileName?: string | undefined;
  reportLink?: string | undefined;
  uncertaintyKFactor?: number | null | undefined;
  calibrationUncertainty?: TCalibrationUncertaintyRow[] | null | undefined;
  notes?: string | undefined;
  properties?: Record<string, unknown> | undefined;
  source: 'iea43' | 'certificate' | 'manual';
  certificate?: Record<string, unknown> | null | undefined;
  certificatePdfSha256?: string | null | undefined;
  certificatePdfName?: string | undefined;
}

export interface TCreator {
  id: number | null;
  name: string;
}

const clip = (text: string | undefined, max: number) => (text ?? '').trim().slice(0, max);

/**
 * The sensor register's storage (issue 44, migration 0043): one record per physical sensor and its
 * calibrations. Where a sensor was mounted is not stored here: the sites' channel configurations say it.
 */
export class SensorRepository {
  constructor(private readonly db: Database) {}

  findByIdentity(identity: TSensorIdentity) {
    return this.db
      .selectFrom('sensor')
      .selectAll()
      .where(sql<boolean>`lower(oem) = lower(${identity.oem.trim()})`)
      .where(sql<boolean>`lower(model) = lower(${identity.model.trim()})`)
      .where(sql<boolean>`lower(serial_number) = lower(${identity.serialNumber.trim()})`)
      .executeTakeFirst();
  }

  find(id: number) {
    return this.db.selectFrom('sensor').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The sensor of `identity`, created when new. Properties given fill the record's empty fields (a file
   * never blanks what a user typed); an existing value is replaced only when `overwrite` says so.
   */
  async findOrCreate(
    identity: TSensorIdentity,
    props: TSensorProperties,
    creator: TCreator,
    overwrite = false,
  ): Promise<{ id: number; created: boolean }> {
    const existing = await this.findByIdentity(identity);
    if (!existing) {
      const row = await this.db
        .insertInto('sensor')
        .values({
          oem: clip(identity.oem, 100),
          model: clip(identity.model, 100),
          serial_number: clip(identity.serialNumber, 100),
          sensor_type_id: clip(props.sensorTypeId, 50),
          classification: clip(props.classification, 50),
          is_heated: props.isHeated ?? null,
          notes: clip(props.notes, 2000),
          properties: JSON.stringify(props.properties ?? {}),
          creator_id: creator.id,
          creator_name: creator.name,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: Number(row.id), created: true };
    }
    const pick = (current: string, next: string | undefined, max: number) =>
      next && (overwrite || !current) ? clip(next, max) : current;
    await this.db
      .updateTable('sensor')
      .set({
        sensor_type_id: pick(existing.sensor_type_id, props.sensorTypeId, 50),
        classification: pick(existing.classification, props.classification, 50),
        is_heated:
          props.isHeated !== undefined &&
          props.isHeated !== null &&
          (overwrite || existing.is_heated === null)
            ? props.isHeated
            : existing.is_heated,
        notes: pick(existing.notes, props.notes, 2000),
        properties: JSON.stringify(
          overwrite
            ? { ...existing.properties, ...props.properties }
            : { ...props.properties, ...existing.properties },
        ),
        updated_at: new Date(),
      })
      .where('id', '=', existing.id)
      .execute();
    return { id: Number(existing.id), created: false };
  }

  /**
   * Adds a calibration unless the sensor already has the same one (same date, slope, offset and
   * certificate id): importing the same file twice keeps one record. Returns its id either way.
   */
  async addCalibration(
    sensorId: number,
    values: TCalibrationValues,
    creator: TCreator,
  ): Promise<{ id: number; created: boolean }> {
    const same = await this.db
      .selectFrom('sensor_calibration')
      .select('id')
      .where('sensor_id', '=', sensorId)
      .where(sql<boolean>`date_of_calibration IS NOT DISTINCT FROM ${values.dateOfCalibration}::date`)
      .where(sql<boolean>`slope IS NOT DISTINCT FROM ${values.slope}::double precision`)
      .where(sql<boolean>`"offset" IS NOT DISTINCT FROM ${values.offset}::double precision`)
      .where('calibration_id', '=', clip(values.calibrationId, 100))
      .executeTakeFirst();
    if (same) return { id: Number(same.id), created: false };
    const row = await this.db
      .insertInto('sensor_calibration')
      .values({
        sensor_id: sensorId,
        measurement_type_id: clip(values.measurementTypeId, 50),
        slope: values.slope,
        offset: values.offset,
        sensitivity: values.sensitivity ?? null,
        calibration_id: clip(values.calibrationId, 100),
        date_of_calibration: values.dateOfCalibration,
        revision: clip(values.revision, 50),
        calibration_organisation: clip(values.calibrationOrganisation, 200),
        place_of_calibration: clip(values.placeOfCalibration, 200),
        report_file_name: clip(values.reportFileName, 200),
        report_link: clip(values.reportLink, 500),
        uncertainty_k_factor: values.uncertaintyKFactor ?? null,
        calibration_uncertainty:
          values.calibrationUncertainty == null ? null : JSON.stringify(values.calibrationUncertainty),
        notes: clip(values.notes, 2000),
        properties: JSON.stringify(values.properties ?? {}),
        source: values.source,
        certificate: values.certificate == null ? null : JSON.stringify(values.certificate),
        certificate_pdf_sha256: values.certificatePdfSha256 ?? null,
        certificate_pdf_name: clip(values.certificatePdfName, 200),
        creator_id: creator.id,
        creator_name: creator.name,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), created: true };
  }

  /** The calibrations of the sensors, newest calibration date first within a sensor. */
  calibrationsOf(sensorIds: readonly number[]) {
    if (sensorIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('sensor_calibration')
      .selectAll()
      .where('sensor_id', 'in', sensorIds)
      .orderBy('sensor_id')
      .orderBy(sql`date_of_calibration DESC NULLS LAST`)
      .orderBy('id', 'desc')
      .execute();
  }

  /** The site's type (met_mast, lidar, sodar…), which decides what a channel's sensor is. */
  async stationTypeOf(stationId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('station')
      .select('station_type')
      .where('id', '=', stationId)
      .executeTakeFirst();
    return row?.station_type ?? null;
  }

  /**
   * The records of every sensor the configurations name, in one statement; existing records are left as
   * they are. `typeCase` is the SQL CASE over `s.station_type` and `ch.element` giving the sensor type
   * (built from the register's element map, register.follow.ts).
   */
  async recordSensorsOfConfigurations(configIds: readonly number[], typeCase: string): Promise<void> {
    if (configIds.length === 0) return;
    await sql`
      INSERT INTO sensor (oem, model, serial_number, sensor_type_id, creator_name)
      SELECT DISTINCT ON (lower(btrim(ch.sensor_make)), lower(btrim(ch.sensor_model)), lower(btrim(ch.sensor_serial)))
        left(btrim(ch.sensor_make), 100), left(btrim(ch.sensor_model), 100), left(btrim(ch.sensor_serial), 100),
        ${sql.raw(typeCase)}, ''
      FROM channel_config_channel ch
      JOIN channel_config c ON c.id = ch.config_id
      JOIN station s ON s.id = c.station_id
      WHERE btrim(ch.sensor_serial) <> '' AND ch.config_id = ANY(${[...configIds]}::bigint[])
      ORDER BY lower(btrim(ch.sensor_make)), lower(btrim(ch.sensor_model)), lower(btrim(ch.sensor_serial)),
        c.effective_from, ch.position
      ON CONFLICT DO NOTHING`.execute(this.db);
  }
}
