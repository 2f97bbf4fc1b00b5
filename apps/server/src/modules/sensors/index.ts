/** The public face of the sensors module (issue 44): the sensor register and calibrations. */

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
  SensorRepository,
  type TCalibrationValues,
  type TCreator,
  type TSensorIdentity,
  type TSensorProperties,
} from './sensors.repository.ts';
