/** The public face of the sensors module (issue 44): the sensor register and calibrations. */

export {
  agreeToStatedPrecision,
  calibrationDifferences,
  calibrationInForce,
  type TCalibrationDifference,
  type TDatedCalibration,
  type TSlopeOffset,
} from './calibration-check.ts';
export {
  SensorRepository,
  type TCalibrationValues,
  type TCreator,
  type TSensorIdentity,
  type TSensorProperties,
} from './sensors.repository.ts';
