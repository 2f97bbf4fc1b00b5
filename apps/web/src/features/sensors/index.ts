export { useCalibrationColumn, useCalibrationWarning } from './CalibrationColumn.tsx';
