import {
  AppError,
  type TCalibrationWarning,
  type TChannelCalibration,
  type TStationCalibrationReply,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import type { StationAccess } from '../access/index.ts';
import { calibrationDifferences, calibrationInForce } from './calibration-check.ts';
import { CalibrationRepository, identityKey } from './calibrations.repository.ts';
import { dayOf } from './calibrations.service.ts';

/**
 * The certificate as the reference of the logger's programmed slope and offset (issue 44 §2). The rule is
 * calibration-check.ts's: the certificate in force at a date is the newest calibrated on or before it (else
 * the earliest), and the programmed values agree with it to the precision the less precise one states
 * (half a unit in its last decimal) — 0.04573 programmed as 0.0457 agrees, 0.2491 against 0.2419 does not.
 */

/** A channel as a configuration states it: the sensor it names and the logger's programmed values. */
export interface TProgrammedChannel {
  dataKey: string;
  channelName: string;
  sensorMake: string;
  sensorModel: string;
  sensorSerial: string;
  calibrationSlope: number | null;
  calibrationOffset: number | null;
}

export interface TChannelCertificate {
  channel: TProgrammedChannel;
  sensorId: number | null;
  inForce: {
    id: number;
    slope: number | null;
    offset: number | null;
    dateOfCalibration: string | null;
    calibrationOrganisation: string;
    calibrationId: string;
  } | null;
  mismatches: ReturnType<typeof calibrationDifferences>;
}

/** Each channel naming a sensor (a serial) with its sensor's certificate in force at `at` and the mismatches. */
export async function certificatesOfChannels(
  db: Database,
  channels: readonly TProgrammedChannel[],
  at: Date,
): Promise<TChannelCertificate[]> {
  const named = channels.filter((c) => c.sensorSerial.trim() !== '');
  const identities = named.map((c) => ({
    oem: c.sensorMake,
    model: c.sensorModel,
    serialNumber: c.sensorSerial,
  }));
  const sensors = await new CalibrationRepository(db).calibrationsByIdentity(identities);
  return named.map((channel, i) => {
    const sensor = sensors.get(identityKey(identities[i]!));
    const dated = (sensor?.calibrations ?? []).map((row) => ({
      row,
      slope: row.slope,
      offset: row.offset,
      dateOfCalibration: dayOf(row.date_of_calibration),
    }));
    const found = calibrationInForce(dated, at);
    const mismatches = found
      ? calibrationDifferences(
          { slope: channel.calibrationSlope, offset: channel.calibrationOffset },
          { slope: found.slope, offset: found.offset },
        )
      : [];
    return {
      channel,
      sensorId: sensor?.sensorId ?? null,
      inForce: found
        ? {
            id: Number(found.row.id),
            slope: found.slope,
            offset: found.offset,
            dateOfCalibration: found.dateOfCalibration,
            calibrationOrganisation: found.row.calibration_organisation,
            calibrationId: found.row.calibration_id,
          }
        : null,
      mismatches,
    };
  });
}

/**
 * The warnings a channel configuration's save reply carries: each channel whose programmed slope/offset
 * disagrees with its sensor's certificate in force at the configuration's date. A warning the page shows,
 * never a refusal (the logger was programmed as it was; the correction task sets the data right).
 */
export async function calibrationWarnings(
  db: Database,
  channels: readonly TProgrammedChannel[],
  at: Date,
): Promise<TCalibrationWarning[]> {
  const found = await certificatesOfChannels(db, channels, at);
  return found
    .filter((f) => f.mismatches.length > 0 && f.inForce)
    .map((f) => ({
      dataKey: f.channel.dataKey,
      channelName: f.channel.channelName,
      sensorSerial: f.channel.sensorSerial,
      calibrationId: f.inForce!.id,
      mismatches: f.mismatches,
    }));
}

/**
 * A site's configuration (the one named, else the one in force now, else the first) with each sensor
 * channel's certificate in force at the configuration's date and the mismatches; site view access.
 */
export async function stationCalibrations(
  db: Database,
  access: StationAccess,
  user: TAuthUser,
  stationId: number,
  configId: number | undefined,
  now = new Date(),
): Promise<TStationCalibrationReply> {
  await access.assertCanView(user, stationId);
  const repository = new CalibrationRepository(db);
  const configs = await repository.listConfigs(stationId);
  let index = configs.findIndex((c) => c.id === configId);
  if (configId !== undefined && index < 0) throw new AppError('NOT_FOUND');
  if (configId === undefined) {
    index = configs.findLastIndex((c) => c.effective_from.getTime() <= now.getTime());
    if (index < 0 && configs.length > 0) index = 0;
  }
  const config = configs[index];
  if (!config) return { configId: null, effectiveFrom: null, effectiveTo: null, channels: [] };
  const channels = await repository.sensorChannelsOf(Number(config.id));
  const found = await certificatesOfChannels(db, channels, config.effective_from);
  return {
    configId: Number(config.id),
    effectiveFrom: config.effective_from.toISOString(),
    effectiveTo: configs[index + 1]?.effective_from.toISOString() ?? null,
    channels: found.map(
      (f): TChannelCalibration => ({
        dataKey: f.channel.dataKey,
        channelName: f.channel.channelName,
        sensorMake: f.channel.sensorMake,
        sensorModel: f.channel.sensorModel,
        sensorSerial: f.channel.sensorSerial,
        sensorId: f.sensorId,
        programmedSlope: f.channel.calibrationSlope,
        programmedOffset: f.channel.calibrationOffset,
        inForce: f.inForce,
        mismatches: f.mismatches,
      }),
    ),
  };
}
