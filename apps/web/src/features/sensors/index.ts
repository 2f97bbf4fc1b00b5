export { useCalibrationColumn, useCalibrationWarning } from './CalibrationColumn.tsx';
export { CalibrationCorrectionsCard } from './CalibrationCorrectionsCard.tsx';
