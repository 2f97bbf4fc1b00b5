/** The public face of the sensors module (issue 44): the sensor register and calibrations. */

export { anemometersOfChannels, type TAnemometerOfChannel } from './anemometers.ts';
export {
  agreeToStatedPrecision,
  calibrationDifferences,
  calibrationInForce,
  type TCalibrationDifference,
  type TDatedCalibration,
  type TSlopeOffset,
} from './calibration-check.ts';
// Calibration certificates (issue 44 §2).
export {
  calibrationWarnings,
  certificatesOfChannels,
  type TChannelCertificate,
  type TProgrammedChannel,
} from './calibrations.check.ts';
export {
  CalibrationCorrectionService,
  rescaled,
  type TProcessingFailureOf,
} from './calibrations.correction.ts';
export { addMonths, CalibrationDueService, dueOf } from './calibrations.due.ts';
export { calibrationDueRoutes, calibrationRoutes } from './calibrations.routes.ts';
export { CalibrationService } from './calibrations.service.ts';
export {
  recordConfiguredSensors,
  recordSensorsOfConfigurations,
  sensorTypeOfChannel,
  type TChannelSensor,
} from './register.follow.ts';
export { sensorsOfRepairs, setRepairSensors, type TRepairSensorRef } from './register.repairs.ts';
export { sensorRegisterRoutes } from './register.routes.ts';
export { SensorRegisterService } from './register.service.ts';
export { sensorRecords, type TSensorRecords } from './sensors.module.ts';
export type {
  TCalibrationValues,
  TCreator,
  TSensorIdentity,
  TSensorProperties,
} from './sensors.repository.ts';
