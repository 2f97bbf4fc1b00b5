// Public API of @masthub/wind: pure wind analytics on typed arrays (no I/O, no clock, no logging).

export { angleDifference } from './direction/angle-difference.ts';
export { applyVaneOffset } from './direction/apply-vane-offset.ts';
export { directionSectorIndex } from './direction/direction-sector-index.ts';
export { directionSectorIndices } from './direction/direction-sector-indices.ts';
export { normalizeDirection } from './direction/normalize-direction.ts';
export { type SectorBounds, sectorBounds } from './direction/sector-bounds.ts';
export { type SectorLabelStyle, sectorLabels } from './direction/sector-labels.ts';
export { vectorMeanDirection } from './direction/vector-mean-direction.ts';
// Energy yield (WIND-ANALYSIS §11), issue 16.
export {
  AVERAGE_YEAR_HOURS,
  AVERAGE_YEAR_MONTH_HOURS,
  type AverageYearEnergy,
  averageYearEnergy,
} from './energy/average-year-energy.ts';
export { densityCorrectedPower } from './energy/density-corrected-power.ts';
export {
  type EnergyYield,
  type EnergyYieldInput,
  energyYield,
  type HubShear,
} from './energy/energy-yield.ts';
export { type PowerCurve, powerAt, powerCurveProblem } from './energy/power-curve.ts';
export { standardAtmosphereDensity } from './energy/standard-atmosphere-density.ts';
export { weibullMeanPower } from './energy/weibull-mean-power.ts';
export {
  capacityFactor,
  EXCEEDANCE_Z,
  exceedanceEnergies,
  fullLoadHours,
  netEnergy,
} from './energy/yield-figures.ts';
export type { ExportChannel } from './export/export-channel.ts';
export { EXPORT_FORMATS } from './export/export-formats.ts';
export { writeMeteodynTim } from './export/write-meteodyn-tim.ts';
export { writeTimeSeriesCsv } from './export/write-time-series-csv.ts';
export { writeWaspTab } from './export/write-wasp-tab.ts';
export { writeWindographerTxt } from './export/write-windographer-txt.ts';
export { writeWindsimTws } from './export/write-windsim-tws.ts';
export { gaussKruger } from './geo/gauss-kruger.ts';
export { parseDms } from './geo/parse-dms.ts';
export { ELLIPSOIDS, type Ellipsoid, transverseMercator } from './geo/transverse-mercator.ts';
export { wgs84ToUtm } from './geo/wgs84-to-utm.ts';
// Lidar and sodar (issue 31): filters as flags, and the lidar-versus-mast verification.
export { asFraction } from './lidar/as-fraction.ts';
export { assessLidarKpis } from './lidar/assess-lidar-kpis.ts';
export { availabilityScale } from './lidar/availability-scale.ts';
export {
  checkLidarFilters,
  type LidarFilterOptions,
  type LidarSignals,
} from './lidar/check-lidar-filters.ts';
export { compareLidarDirection } from './lidar/compare-lidar-direction.ts';
export { compareLidarSpeed } from './lidar/compare-lidar-speed.ts';
export { invalidMarkerMask } from './lidar/invalid-marker-mask.ts';
export { LIDAR_FILTER_DEFAULTS } from './lidar/lidar-filter-defaults.ts';
export { lidarVsMast } from './lidar/lidar-vs-mast.ts';
export { lowAvailabilityMask } from './lidar/low-availability-mask.ts';
export { lowCnrMask } from './lidar/low-cnr-mask.ts';
export { lowQualityMask } from './lidar/low-quality-mask.ts';
export { type LidarKpiLevel, type LidarKpis, OWA_ROADMAP_KPIS } from './lidar/owa-roadmap-kpis.ts';
export type {
  LidarDirectionComparison,
  LidarKpiReason,
  LidarKpiVerdict,
  LidarSpeedComparison,
  LidarVsMastHeight,
  LidarVsMastHeightInput,
  LidarVsMastOptions,
} from './lidar/types.ts';
export { usablePairs } from './lidar/usable-pairs.ts';
export { verifyLidarHeight } from './lidar/verify-lidar-height.ts';
// Long-term correction (WIND-ANALYSIS §13, issue 28), mesoscale scaling by sector among its methods (§12, issue 16).
export { aepSensitivity } from './longterm/aep-sensitivity.ts';
export { alignForMcp } from './longterm/align-for-mcp.ts';
export { averageByMcpPeriod, type McpPeriodMeans } from './longterm/average-by-mcp-period.ts';
export {
  type CompareMcpOptions,
  compareMcpMethods,
  type McpComparison,
  type McpComparisonRow,
  type McpRecommendation,
} from './longterm/compare-mcp-methods.ts';
export {
  crossValidateMcp,
  type McpCrossValidation,
  type McpValidationBlock,
} from './longterm/cross-validate-mcp.ts';
export { fitMcp, type McpFitOptions, type McpPairs } from './longterm/fit-mcp.ts';
export { fitRatioOfMeans } from './longterm/fit-ratio-of-means.ts';
export { hourlyMeans } from './longterm/hourly-means.ts';
export { type McpConvergence, type McpConvergenceStep, mcpConvergence } from './longterm/mcp-convergence.ts';
export { type McpUncertainty, mcpUncertainty } from './longterm/mcp-uncertainty.ts';
export { meanOfMonthlyMeans } from './longterm/mean-of-monthly-means.ts';
export { predictMcp } from './longterm/predict-mcp.ts';
export { type AnnualMean, referenceAnnualMeans } from './longterm/reference-annual-means.ts';
export { type ReferenceHomogeneity, referenceHomogeneity } from './longterm/reference-homogeneity.ts';
export {
  applySectorScaling,
  type ScalingFit,
  type SectorScaling,
  scaleBySector,
  scalePredict,
} from './longterm/scale-by-sector.ts';
export { type SimpleSpeedRatio, simpleSpeedRatio } from './longterm/simple-speed-ratio.ts';
export { type LongTermSummary, summarizeLongTerm } from './longterm/summarize-long-term.ts';
export {
  type LongTermSeries,
  type SynthesizeOptions,
  synthesizeLongTerm,
} from './longterm/synthesize-long-term.ts';
export {
  MCP_METHODS,
  type McpAlignment,
  type McpFit,
  type McpLine,
  type McpMethod,
  type McpPeriod,
  type McpSectorFit,
  type McpSeries,
} from './longterm/types.ts';
export { describeSeries, type SeriesDescription } from './math/describe-series.ts';
export { fitLinearLeastSquares, type LinearFit } from './math/fit-linear-least-squares.ts';
export { fitOrthogonalLeastSquares } from './math/fit-orthogonal-least-squares.ts';
export { fitThroughOrigin } from './math/fit-through-origin.ts';
export { fitVarianceRatio } from './math/fit-variance-ratio.ts';
export { applyFlagMask } from './model/apply-flag-mask.ts';
export { buildCalendarIndex } from './model/build-calendar-index.ts';
export { civilTimeOf } from './model/civil-time-of.ts';
export { createTimeGrid } from './model/create-time-grid.ts';
export { daysInMonth } from './model/days-in-month.ts';
export { strongerFlag } from './model/flag-precedence.ts';
export { FLAG } from './model/flags.ts';
export { formatCivilTime } from './model/format-civil-time.ts';
export { indexOfTimestamp } from './model/index-of-timestamp.ts';
export { isLeapYear } from './model/is-leap-year.ts';
export { isUsableFlag } from './model/is-usable-flag.ts';
export { periodEndToStart } from './model/period-end-to-start.ts';
export { timeGridFromRange } from './model/time-grid-from-range.ts';
export { timestampAt } from './model/timestamp-at.ts';
export type {
  CalendarDay,
  CalendarIndex,
  CalendarMonth,
  Channel,
  ChannelStatistic,
  CivilTime,
  Element,
  FlagCode,
  FlagSeries,
  NumericSeries,
  SpeedSensorKind,
  Station,
  TimeGrid,
} from './model/types.ts';
export { type UsableSeries, usableSeries } from './model/usable-series.ts';
export { applyTowerShadowChoice } from './processing/apply-tower-shadow-choice.ts';
export { correctRepresentativeYear } from './processing/correct-representative-year.ts';
export { extrapolateSeries } from './processing/extrapolate-series.ts';
export { fillGapsLinear } from './processing/fill-gaps-linear.ts';
export { mergeTowerShadow, type TowerShadowMethod } from './processing/merge-tower-shadow.ts';
export { selectAverageYear } from './processing/select-average-year.ts';
export { selectBestYear } from './processing/select-best-year.ts';
export { applyFlagChanges } from './qc/apply-flag-changes.ts';
export { checkInternalConsistency } from './qc/check-internal-consistency.ts';
export { checkRange } from './qc/check-range.ts';
export { checkRelational } from './qc/check-relational.ts';
export { checkTrend } from './qc/check-trend.ts';
export type { RuleCondition, RuleExpression } from './qc/custom-rule.ts';
export { detectIcing } from './qc/detect-icing.ts';
export { evaluateCustomRule } from './qc/evaluate-custom-rule.ts';
export { findMissingDays } from './qc/find-missing-days.ts';
export { type FlagChange, QC_DEFAULTS } from './qc/flag-change.ts';
export { type BasicReceipt, basicReceipt, type ChannelReceipt } from './receipt/basic-receipt.ts';
export { checkBoomOrientation } from './receipt/check-boom-orientation.ts';
export { checkClockByRadiation } from './receipt/check-clock-by-radiation.ts';
export { checkClockByTemperature } from './receipt/check-clock-by-temperature.ts';
export { checkSlopeMismatch } from './receipt/check-slope-mismatch.ts';
export { checkStuckSensor } from './receipt/check-stuck-sensor.ts';
export { checkSwappedHeights } from './receipt/check-swapped-heights.ts';
export { checkVaneOffset } from './receipt/check-vane-offset.ts';
export { compareDeclaredCalibration } from './receipt/compare-declared-calibration.ts';
export { type ReceiptInput, type ReceiptOutput, receiptChecks } from './receipt/receipt-checks.ts';
export { type SolarPosition, solarPosition } from './receipt/solar-position.ts';
export {
  RECEIPT_DEFAULTS,
  RECEIPT_VOCABULARY,
  type ReceiptChannel,
  type ReceiptChart,
  type ReceiptChartKey,
  type ReceiptCheckKind,
  type ReceiptCheckResult,
  type ReceiptCheckVocabulary,
  type ReceiptElement,
  type ReceiptFinding,
  type ReceiptFindingKey,
  type ReceiptFix,
  type ReceiptNumberKey,
  type ReceiptNumbers,
  type ReceiptPass,
  type ReceiptSeverity,
  type ReceiptSkip,
  type ReceiptSkipReason,
  type ReceiptWindow,
} from './receipt/types.ts';
export { averageByPeriod, type PeriodAverage } from './recovery/average-by-period.ts';
export { averageDirectionByPeriod } from './recovery/average-direction-by-period.ts';
export { type DataRecovery, dataRecovery, type RecoveryCounts } from './recovery/data-recovery.ts';
export { type TimeContinuity, type TimeGap, timeContinuityGaps } from './recovery/time-continuity-gaps.ts';
export {
  type ChannelStatistics,
  computeStationStatistics,
  type StationStatistics,
  type StationStatisticsOptions,
} from './report/compute-station-statistics.ts';
export { type ElementReportRow, elementReportRows } from './report/element-report-rows.ts';
export { type PeriodComparisonRow, periodComparisonRows } from './report/period-comparison-rows.ts';
export { type TurbulenceReportRow, turbulenceReportRows } from './report/turbulence-report-rows.ts';
export { extrapolateLogLaw } from './shear/extrapolate-log-law.ts';
export { extrapolatePowerLaw } from './shear/extrapolate-power-law.ts';
export { fitLogLawRoughness } from './shear/fit-log-law-roughness.ts';
export { fitPowerLawExponent } from './shear/fit-power-law-exponent.ts';
export { primarySpeedChannels, type SpeedSensorCandidate } from './shear/primary-speed-channels.ts';
export { shearExponentSeries } from './shear/shear-exponent-series.ts';
export { type ShearCell, type WindShear, windShear } from './shear/wind-shear.ts';
export { airDensity, GAS_CONSTANT_DRY_AIR, GAS_CONSTANT_WATER_VAPOUR } from './statistics/air-density.ts';
export { airDensityFromAltitude } from './statistics/air-density-from-altitude.ts';
export { airDensitySeries } from './statistics/air-density-series.ts';
export { type AnnualMaximum, annualMaxima } from './statistics/annual-maxima.ts';
export { type CalendarSums, calendarSums } from './statistics/calendar-sums.ts';
export { classifyTurbulence } from './statistics/classify-turbulence.ts';
export {
  type CorrelationPeriod,
  correlateByPeriod,
  type PeriodCorrelation,
  type PeriodCorrelationSector,
} from './statistics/correlate-by-period.ts';
export {
  type CorrelationSector,
  correlateBySector,
  type SectorCorrelation,
} from './statistics/correlate-by-sector.ts';
export { correlationStrength } from './statistics/correlation-strength.ts';
export { type DiurnalVariation, diurnalVariation } from './statistics/diurnal-variation.ts';
export { type ExtremeWind, extremeWind } from './statistics/extreme-wind.ts';
export { extremeWindModel } from './statistics/extreme-wind-model.ts';
export { fitGumbel, type GumbelFit, type GumbelMethod } from './statistics/fit-gumbel.ts';
export { fitWeibull, type WeibullFit, type WeibullMethod } from './statistics/fit-weibull.ts';
export { type FrequencyTable, frequencyTable } from './statistics/frequency-table.ts';
export { type GumbelPlotPoint, gumbelPlottingPositions } from './statistics/gumbel-plotting-positions.ts';
export {
  IEC_REFERENCE_TURBULENCE,
  iecTurbulenceIntensity,
  type TurbulenceCategory,
} from './statistics/iec-turbulence-intensity.ts';
export { type MommSideBySide, mommSideBySide } from './statistics/momm-side-by-side.ts';
export {
  type CalendarMonthMean,
  type MonthlyMean,
  type MonthlyVariation,
  monthlyVariation,
} from './statistics/monthly-variation.ts';
export { movePressureToHeight } from './statistics/move-pressure-to-height.ts';
export {
  type SpeedBin,
  type SpeedBinEdges,
  type SpeedFrequency,
  speedFrequency,
} from './statistics/speed-frequency.ts';
export { standardAtmospherePressure } from './statistics/standard-atmosphere-pressure.ts';
export { type SpeedSummary, summarizeSpeed } from './statistics/summarize-speed.ts';
export {
  type SectorTurbulence,
  turbulenceIntensityBySector,
} from './statistics/turbulence-intensity-by-sector.ts';
export {
  type TurbulenceBin,
  type TurbulenceIntensityTable,
  turbulenceIntensityBySpeed,
} from './statistics/turbulence-intensity-by-speed.ts';
export {
  weibullCumulative,
  weibullDensity,
  weibullMeanSpeed,
  weibullPowerDensity,
} from './statistics/weibull-distribution.ts';
export { windPowerDensity } from './statistics/wind-power-density.ts';
export { type RoseSector, type WindRose, windRose } from './statistics/wind-rose.ts';
// Site suitability: the IEC 61400-1 class check (WIND-ANALYSIS §14), issue 29.
export { classVerdicts } from './suitability/class-verdicts.ts';
export {
  EXTREME_METHODS,
  type ExtremeEstimate,
  type ExtremeMethod,
  type ExtremeWindEstimates,
  type ExtremeWindOptions,
  extremeWindEstimates,
} from './suitability/extreme-wind-estimates.ts';
export { findIndependentStorms, type Storm } from './suitability/find-independent-storms.ts';
export { gumbelOrderStatistic, type OrderStatisticMoments } from './suitability/gumbel-order-statistic.ts';
export { type Gust50, gust50 } from './suitability/gust50.ts';
export {
  CLASS_KEYS,
  type ClassKey,
  IEC_REFERENCE_SPEED,
  TURBULENCE_CATEGORIES,
  WIND_CLASSES,
  type WindClass,
} from './suitability/iec-classes.ts';
export {
  type IndependentStorms,
  independentStorms,
  type StormPlotPoint,
} from './suitability/independent-storms.ts';
export { type InflowBySector, type InflowCell, inflowBySector } from './suitability/inflow-by-sector.ts';
export {
  judgeTurbulence,
  type TurbulenceBinJudgement,
  type TurbulenceDefinition,
  type TurbulenceJudgement,
  type TurbulenceVerdict,
} from './suitability/judge-turbulence.ts';
export { ntmSigma1 } from './suitability/ntm-sigma1.ts';
export {
  type PeriodicMaxima,
  type PeriodMaximum,
  type PeriodsPerYear,
  periodicMaxima,
} from './suitability/periodic-maxima.ts';
export { returnPeriodReducedVariate } from './suitability/return-period-reduced-variate.ts';
export {
  DESIGN_SHEAR_EXPONENT,
  type SiteSuitability,
  type SiteSuitabilityInput,
  type SiteSuitabilityOptions,
  STANDARD_AIR_DENSITY,
  siteSuitability,
} from './suitability/site-suitability.ts';
export {
  type ClassVerdict,
  SUITABILITY_CHECKS,
  SUITABILITY_REASONS,
  type SuitabilityCheck,
  type SuitabilityCheckKey,
  type SuitabilityReason,
} from './suitability/suitability-types.ts';
export {
  validateWindReportInput,
  type WindReportInputError,
} from './validation/validate-wind-report-input.ts';
