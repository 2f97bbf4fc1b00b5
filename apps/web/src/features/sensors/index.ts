/** The sensors feature (issue 44): the sensor register and what other features use of it. */

export { useCalibrationColumn, useCalibrationWarning } from './CalibrationColumn.tsx';
export { CalibrationCorrectionsCard } from './CalibrationCorrectionsCard.tsx';
export { SensorSelect } from './SensorSelect.tsx';
