import { AppError } from '@masthub/shared';
import type { Database } from '../../platform/db/database.ts';
import { RegisterRepository } from './register.repository.ts';

/** A sensor as a repair record names it. */
export interface TRepairSensorRef {
  id: number;
  oem: string;
  model: string;
  serialNumber: string;
}

/**
 * Sets the sensors a repair touched (migration 0046), within the repair's save transaction: each must be
 * one the site's configurations name (now or before) — REPAIR_SENSOR_NOT_ON_SITE otherwise, nothing written.
 */
export async function setRepairSensors(
  db: Database,
  repairId: number,
  stationId: number,
  sensorIds: readonly number[],
): Promise<void> {
  const wanted = [...new Set(sensorIds)];
  if (wanted.length > 0) {
    const ofSite = new Set(
      (await new RegisterRepository(db).sensorsOfSite(stationId, new Date())).map((s) => Number(s.id)),
    );
    if (wanted.some((id) => !ofSite.has(id))) throw new AppError('REPAIR_SENSOR_NOT_ON_SITE');
  }
  await new RegisterRepository(db).replaceRepairSensors(repairId, wanted);
}

/** The sensors each repair names, by repair id (repairs without any are absent). */
export async function sensorsOfRepairs(
  db: Database,
  repairIds: readonly number[],
): Promise<Map<number, TRepairSensorRef[]>> {
  const out = new Map<number, TRepairSensorRef[]>();
  if (repairIds.length === 0) return out;
  const rows = await new RegisterRepository(db).sensorsOfRepairRows(repairIds);
  for (const row of rows) {
    const list = out.get(Number(row.repair_record_id)) ?? [];
    list.push({ id: Number(row.id), oem: row.oem, model: row.model, serialNumber: row.serial_number });
    out.set(Number(row.repair_record_id), list);
  }
  return out;
}
