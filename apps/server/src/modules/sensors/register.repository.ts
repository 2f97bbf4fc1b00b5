import type { TSensorPageRequest } from '@masthub/shared';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';

/**
 * "This channel names that sensor": the channel's make, model and serial are the sensor's (case and outer
 * spaces aside, as the sensor_identity index compares them). The serial's own condition lets the
 * channel_config_channel_sensor index (migration 0046) serve it.
 */
export function namesSensor(channel: string, sensor: string): RawBuilder<SqlBool> {
  const ch = (column: string) => sql.ref(`${channel}.${column}`);
  const se = (column: string) => sql.ref(`${sensor}.${column}`);
  return sql<SqlBool>`(btrim(${ch('sensor_serial')}) <> ''
    AND lower(btrim(${ch('sensor_serial')})) = lower(${se('serial_number')})
    AND lower(btrim(${ch('sensor_make')})) = lower(${se('oem')})
    AND lower(btrim(${ch('sensor_model')})) = lower(${se('model')}))`;
}

/** The configuration `c` is the one in force at `at` on its site. */
function inForceAt(at: Date): RawBuilder<SqlBool> {
  return sql<SqlBool>`(c.effective_from <= ${at} AND NOT EXISTS (
    SELECT 1 FROM channel_config c2
    WHERE c2.station_id = c.station_id AND c2.effective_from > c.effective_from AND c2.effective_from <= ${at}))`;
}

/** Who may see which sensors: every one, or those on a site they see (and those on no site, if allowed). */
export interface TSensorVisibility {
  all: boolean;
  /** The caller's site condition over a station aliased `st`. */
  sites: Expression<SqlBool>;
  /** Sensors no live site's configuration names. */
  unmounted: boolean;
}

/** A channel naming a sensor, with its configuration's period and site. */
export interface TMountRow {
  sensor_id: number;
  config_id: number;
  station_id: number;
  effective_from: Date;
  effective_to: Date | null;
  station_code: string;
  project_name: string;
  visible: boolean;
  channel_name: string;
  data_key: string;
  height_m: number | null;
  boom_orientation_deg: number | null;
  tag: string;
}

/** The register's reads over the sensor table and the configurations that name sensors. */
export class RegisterRepository {
  constructor(private readonly db: Database) {}

  /** The condition "the caller may see sensor `se`". */
  private visible(v: TSensorVisibility): RawBuilder<SqlBool> {
    if (v.all) return sql<SqlBool>`true`;
    const onSite = (condition: RawBuilder<SqlBool> | Expression<SqlBool>) => sql<SqlBool>`EXISTS (
      SELECT 1 FROM channel_config_channel ch
      JOIN channel_config c ON c.id = ch.config_id
      JOIN station st ON st.id = c.station_id
      WHERE ${namesSensor('ch', 'se')} AND st.is_deleted = false AND ${condition})`;
    if (!v.unmounted) return onSite(v.sites);
    return sql<SqlBool>`(${onSite(v.sites)} OR NOT ${onSite(sql<SqlBool>`true`)})`;
  }

  async page(request: TSensorPageRequest, v: TSensorVisibility, now: Date) {
    const conditions: RawBuilder<SqlBool>[] = [this.visible(v)];
    const serial = request.serial.trim().toLowerCase();
    if (serial) {
      const escaped = serial.replace(/[\\%_]/g, (m) => `\\${m}`);
      const pattern = request.serialMatch === 'prefix' ? `${escaped}%` : `%${escaped}%`;
      conditions.push(sql<SqlBool>`lower(se.serial_number) LIKE ${pattern}`);
    }
    if (request.make.trim())
      conditions.push(
        sql<SqlBool>`se.oem ILIKE ${`%${request.make.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`,
      );
    if (request.model.trim())
      conditions.push(
        sql<SqlBool>`se.model ILIKE ${`%${request.model.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`,
      );
    if (request.sensorTypeId !== undefined)
      conditions.push(sql<SqlBool>`se.sensor_type_id = ${request.sensorTypeId}`);
    if (request.stationId !== undefined) {
      conditions.push(sql<SqlBool>`EXISTS (
        SELECT 1 FROM channel_config_channel ch JOIN channel_config c ON c.id = ch.config_id
        WHERE c.station_id = ${request.stationId} AND ${namesSensor('ch', 'se')} AND ${inForceAt(now)})`);
    }
    const where = sql.join(conditions, sql` AND `);
    const [rows, count] = await Promise.all([
      sql<{
        id: number;
        oem: string;
        model: string;
        serial_number: string;
        sensor_type_id: string;
        last_calibration: string | null;
      }>`
        SELECT se.id, se.oem, se.model, se.serial_number, se.sensor_type_id,
          (SELECT to_char(max(sc.date_of_calibration), 'YYYY-MM-DD') FROM sensor_calibration sc
            WHERE sc.sensor_id = se.id) AS last_calibration
        FROM sensor se WHERE ${where}
        ORDER BY lower(se.serial_number), lower(se.oem), lower(se.model), se.id
        LIMIT ${request.pageSize} OFFSET ${(request.pageNo - 1) * request.pageSize}`.execute(this.db),
      sql<{ total: number }>`SELECT count(*)::int AS total FROM sensor se WHERE ${where}`.execute(this.db),
    ]);
    return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
  }

  /** The channels naming the sensors in the configurations in force at `at`, with their sites. */
  async mountsAt(sensorIds: readonly number[], at: Date, sites: Expression<SqlBool>): Promise<TMountRow[]> {
    if (sensorIds.length === 0) return [];
    const result = await sql<TMountRow>`
      SELECT se.id AS sensor_id, c.id AS config_id, c.station_id, c.effective_from, NULL::timestamptz AS effective_to,
        st.station_code, st.project_name, (${sites}) AS visible,
        ch.channel_name, ch.data_key, ch.height_m, ch.boom_orientation_deg, ch.tag
      FROM sensor se
      JOIN channel_config_channel ch ON ${namesSensor('ch', 'se')}
      JOIN channel_config c ON c.id = ch.config_id
      JOIN station st ON st.id = c.station_id AND st.is_deleted = false
      WHERE se.id = ANY(${[...sensorIds]}::bigint[]) AND ${inForceAt(at)}
      ORDER BY se.id, c.station_id, ch.position`.execute(this.db);
    return result.rows;
  }

  /** Every channel that ever named the sensor, with its configuration's period (to the site's next one). */
  async mountsOf(sensorId: number, sites: Expression<SqlBool>): Promise<TMountRow[]> {
    const result = await sql<TMountRow>`
      WITH named AS (
        SELECT ch.* FROM channel_config_channel ch, sensor se
        WHERE se.id = ${sensorId} AND ${namesSensor('ch', 'se')}
      ), cfg AS (
        SELECT c.id, c.station_id, c.effective_from,
          lead(c.effective_from) OVER (PARTITION BY c.station_id ORDER BY c.effective_from) AS effective_to
        FROM channel_config c
        WHERE c.station_id IN (SELECT c3.station_id FROM channel_config c3 JOIN named n ON n.config_id = c3.id)
      )
      SELECT ${sensorId}::bigint AS sensor_id, cfg.id AS config_id, cfg.station_id, cfg.effective_from, cfg.effective_to,
        st.station_code, st.project_name, (${sites}) AS visible,
        n.channel_name, n.data_key, n.height_m, n.boom_orientation_deg, n.tag
      FROM named n
      JOIN cfg ON cfg.id = n.config_id
      JOIN station st ON st.id = cfg.station_id AND st.is_deleted = false
      ORDER BY cfg.station_id, cfg.effective_from, n.position`.execute(this.db);
    return result.rows;
  }

  /** Whether the caller may see the sensor. */
  async isVisible(sensorId: number, v: TSensorVisibility): Promise<boolean> {
    const result = await sql<{ ok: boolean }>`
      SELECT ${this.visible(v)} AS ok FROM sensor se WHERE se.id = ${sensorId}`.execute(this.db);
    return result.rows[0]?.ok === true;
  }

  /** The repairs naming the sensor on sites the caller sees, newest first. */
  repairsOf(sensorId: number, sites: Expression<SqlBool>) {
    return this.db
      .selectFrom('repair_record_sensor as rs')
      .innerJoin('repair_record as r', 'r.id', 'rs.repair_record_id')
      .innerJoin('station as st', 'st.id', 'r.station_id')
      .select([
        'r.id',
        'r.station_id',
        'st.station_code',
        'r.fault_type',
        'r.fault_start',
        'r.maintain_result',
        'r.end_time',
        'r.is_closed',
      ])
      .where('rs.sensor_id', '=', sensorId)
      .where('st.is_deleted', '=', false)
      .where(sites)
      .orderBy(sql`coalesce(r.fault_start, r.created_at)`, 'desc')
      .orderBy('r.id', 'desc')
      .execute();
  }

  async update(
    id: number,
    values: { sensorTypeId: string; classification: string; isHeated: boolean | null; notes: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('sensor')
      .set({
        sensor_type_id: values.sensorTypeId,
        classification: values.classification,
        is_heated: values.isHeated,
        notes: values.notes,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The sensors any configuration of the site names, and whether the one in force at `at` does. */
  async sensorsOfSite(stationId: number, at: Date) {
    const result = await sql<{
      id: number;
      oem: string;
      model: string;
      serial_number: string;
      sensor_type_id: string;
      is_now: boolean;
    }>`
      SELECT se.id, se.oem, se.model, se.serial_number, se.sensor_type_id, bool_or(${inForceAt(at)}) AS is_now
      FROM channel_config c
      JOIN channel_config_channel ch ON ch.config_id = c.id
      JOIN sensor se ON ${namesSensor('ch', 'se')}
      WHERE c.station_id = ${stationId}
      GROUP BY se.id
      ORDER BY bool_or(${inForceAt(at)}) DESC, lower(se.serial_number), se.id`.execute(this.db);
    return result.rows;
  }

  /** Replaces the sensors a repair names (migration 0046). */
  async replaceRepairSensors(repairId: number, sensorIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('repair_record_sensor').where('repair_record_id', '=', repairId).execute();
    if (sensorIds.length === 0) return;
    await this.db
      .insertInto('repair_record_sensor')
      .values(sensorIds.map((sensorId) => ({ repair_record_id: repairId, sensor_id: sensorId })))
      .execute();
  }

  /** The sensors the repairs name, ordered by repair and serial. */
  sensorsOfRepairRows(repairIds: readonly number[]) {
    return this.db
      .selectFrom('repair_record_sensor as rs')
      .innerJoin('sensor as se', 'se.id', 'rs.sensor_id')
      .select(['rs.repair_record_id', 'se.id', 'se.oem', 'se.model', 'se.serial_number'])
      .where('rs.repair_record_id', 'in', [...repairIds])
      .orderBy('rs.repair_record_id')
      .orderBy('se.serial_number')
      .execute();
  }
}
