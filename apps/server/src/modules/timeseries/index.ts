/** The public face of the timeseries module: all that other modules, server.ts and the seed import of it. */

export {
  applyPolicy,
  DEFAULT_FLAG_POLICY,
  loadForAnalysis,
  PHYSICAL_LIMITS,
  withPolicy,
} from './analysis-read.ts';
export {
  clippedRange,
  highestMeanSpeed,
  isGust,
  isMean,
  isMeanDirection,
  isMeanOf,
  isMeanSpeed,
  isSpeedSd,
  lowestMeanOf,
  nearestVane,
  primaryShearSpeeds,
  speedCompanions,
} from './channel-choice.ts';
export {
  emptyChunk,
  encodeChunk,
  mergeFileIntoChunk,
  monthStartOf,
  nextMonthStart,
  type TChunk,
} from './chunk.ts';
export { CHUNK_ROWS } from './chunk-move.repository.ts';
export { ColumnCache, sharedColumn, type TColumn, type TReadOptions } from './column-cache.ts';
export { registerPartitionJob } from './partition-chunks.ts';
export { presentVersion } from './present-version.ts';
export { registerReencodeJob } from './reencode-chunks.ts';
export {
  backfillStationDays,
  currentWindowTo,
  refreshReconstructedDays,
  refreshStationDays,
  rollStationWindows,
  siteReconstruction,
  type TSiteReconstruction,
} from './station-days.repository.ts';
export { openTimeSeriesStore, type TTimeSeriesStore } from './time-series-store.ts';
export {
  chunkKey,
  type TChannelInsert,
  type TChannelRow,
  type TChunkWrite,
  type TVersionRow,
  VERSION_LOCK_CLASS,
} from './timeseries.types.ts';
export { versionsOfChannels, versionsReplayed } from './version-replay.ts';
export {
  deriveSdFromTi,
  IntervalMismatchError,
  loadSeries,
  speedSensorKind,
  type TLoadedSeries,
  toWindElement,
  toWindStation,
  toWindStatistic,
  writeSeries,
} from './version-series.ts';
