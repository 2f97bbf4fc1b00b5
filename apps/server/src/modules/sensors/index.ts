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
