export { AnalysisOutcome } from './AnalysisOutcome.tsx';
export { AnalysisBasisNote, QualityOptions } from './AnalysisQuality.tsx';
export { useDataReportFields, useStatisticsVersions } from './api.ts';
export { useAnalysisExport } from './use-analysis-export.ts';
export {
  FieldCol,
  NumberCol,
  topSpeedChannel,
  useVersionChannels,
  VersionChannelCols,
} from './VersionChannelCols.tsx';
export { channelLabel, channelOptions, versionOptions } from './version-options.ts';
