import type { Database } from '../../platform/db/database.ts';
import { calibrationInForce } from './calibration-check.ts';
import { CalibrationRepository, identityKey } from './calibrations.repository.ts';
import { dayOf } from './calibrations.service.ts';

/** What the measurement uncertainty of a speed channel needs (issue 46 §1): class, mounting, certificate. */
export interface TAnemometerOfChannel {
  /** The register's classification text, '' when not stated. */
  classification: string;
  /** A boom orientation stated in the configuration: side-mounted; else not known. */
  mounting: 'side' | 'unknown';
  /** The certificate in force at the date: its uncertainty points (m/s) and coverage factor. */
  certificate: {
    id: string;
    kFactor: number | null;
    points: { referenceBinMps: number | null; uncertaintyMps: number | null }[];
  } | null;
}

/**
 * The anemometer behind each of a site's data keys as the configuration in force at `at` names it (else
 * the site's first configuration): its register class, mounting and the certificate in force at `at` (the
 * newest calibrated on or before it, else the earliest — calibration-check.ts). Keys without a sensor named
 * are absent.
 */
export async function anemometersOfChannels(
  db: Database,
  stationId: number,
  at: Date,
): Promise<Map<string, TAnemometerOfChannel>> {
  const repository = new CalibrationRepository(db);
  const configs = await repository.listConfigs(stationId);
  const config = configs.findLast((c) => c.effective_from.getTime() <= at.getTime()) ?? configs[0];
  const out = new Map<string, TAnemometerOfChannel>();
  if (!config) return out;
  const channels = await repository.mountedChannelsOf(Number(config.id));
  const identities = channels.map((c) => ({
    oem: c.sensor_make,
    model: c.sensor_model,
    serialNumber: c.sensor_serial,
  }));
  const sensors = await repository.calibrationsByIdentity(identities);
  channels.forEach((c, i) => {
    const sensor = sensors.get(identityKey(identities[i]!));
    const dated = (sensor?.calibrations ?? []).map((row) => ({
      row,
      slope: row.slope,
      offset: row.offset,
      dateOfCalibration: dayOf(row.date_of_calibration),
    }));
    const found = calibrationInForce(dated, at);
    out.set(c.data_key, {
      classification: sensor?.classification ?? '',
      mounting: c.boom_orientation_deg === null ? 'unknown' : 'side',
      certificate: found
        ? {
            id: found.row.calibration_id || String(found.row.id),
            kFactor: found.row.uncertainty_k_factor,
            points: (found.row.calibration_uncertainty ?? []).map((p) => ({
              referenceBinMps: p.reference_bin,
              uncertaintyMps: p.combined_uncertainty,
            })),
          }
        : null,
    });
  });
  return out;
}
