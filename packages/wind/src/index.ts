// Public API of @masthub/wind: pure wind analytics on typed arrays (no I/O, no clock, no logging).

export { angleDifference } from './direction/angle-difference.ts';
export { directionSectorIndices } from './direction/direction-sector-indices.ts';
export { sectorLabels } from './direction/sector-labels.ts';
export { yamartinoSd } from './direction/yamartino-sd.ts';
// Energy yield (WIND-ANALYSIS §11), issue 16.
export { AVERAGE_YEAR_MONTH_HOURS } from './energy/average-year-energy.ts';
export { densityCorrectedPower } from './energy/density-corrected-power.ts';
export { energyYield } from './energy/energy-yield.ts';
export type { PowerCurve } from './energy/power-curve.ts';
export { standardAtmosphereDensity } from './energy/standard-atmosphere-density.ts';
export {
  TYPED_DEFAULTS_PCT,
  TYPED_UNCERTAINTY_KEYS,
  type TypedUncertaintyKey,
  UNCERTAINTY_CATEGORIES,
  UNCERTAINTY_HORIZONS,
  UNCERTAINTY_Z,
  type UncertaintyBudget,
  type UncertaintyComponent,
  type UncertaintyInput,
  uncertaintyBudget,
} from './energy/uncertainty/budget.ts';
export { type CalibrationPoint, classIndexOf, type Mounting } from './energy/uncertainty/measurement.ts';
export { measuredSpeedSensitivity, weibullSpeedSensitivity } from './energy/uncertainty/sensitivity.ts';
export { capacityFactor, exceedanceEnergies, fullLoadHours, netEnergy } from './energy/yield-figures.ts';
export type { ExportChannel } from './export/export-channel.ts';
export { EXPORT_FORMATS } from './export/export-formats.ts';
export { type ObservedWindClimate, observedWindClimate } from './export/observed-wind-climate.ts';
export { writeMeteodynTim } from './export/write-meteodyn-tim.ts';
export { writeTimeSeriesCsv } from './export/write-time-series-csv.ts';
export { writeWaspOwc } from './export/write-wasp-owc.ts';
export { writeWaspTab } from './export/write-wasp-tab.ts';
export { writeWindioResource } from './export/write-windio-resource.ts';
export { writeWindographerTxt } from './export/write-windographer-txt.ts';
export { writeWindsimTws } from './export/write-windsim-tws.ts';
export { gaussKruger } from './geo/gauss-kruger.ts';
export { parseDms } from './geo/parse-dms.ts';
export { ELLIPSOIDS, type Ellipsoid } from './geo/transverse-mercator.ts';
export { wgs84ToUtm } from './geo/wgs84-to-utm.ts';
// Cold climate: icing periods, the IEA ice class, the IEC 61400-1 temperature figures (issue 45 §2).
export {
  type ColdClimate,
  type ColdClimateInput,
  type ColdClimateYear,
  coldClimate,
  type IcingSensor,
} from './icing/cold-climate.ts';
export { coldClimateInputOf, SAME_HEIGHT_TOLERANCE_M } from './icing/cold-climate-input.ts';
export { type IceClassRow, IEA_ICE_CLASSES, iceClassOf } from './icing/ice-class.ts';
export { type IcingPeriod, type IcingReason, maskToPeriods } from './icing/icing-periods.ts';
export {
  ICING_SYMPTOMS,
  type IcingState,
  type IcingSymptom,
  icingState,
  UNHEATED_LOW_RATIO,
} from './icing/icing-state.ts';
export { METEOROLOGICAL_ICING, meteorologicalIcingMask } from './icing/meteorological-icing.ts';
// Lidar and sodar (issue 31): filters as flags, and the lidar-versus-mast verification.
export { checkLidarFilters } from './lidar/check-lidar-filters.ts';
export { lidarVsMast } from './lidar/lidar-vs-mast.ts';
export { lowAvailabilityMask } from './lidar/low-availability-mask.ts';
export { OWA_ROADMAP_KPIS } from './lidar/owa-roadmap-kpis.ts';
export type { LidarKpiVerdict, LidarVsMastHeightInput } from './lidar/types.ts';
export { usablePairs } from './lidar/usable-pairs.ts';
// Long-term correction (WIND-ANALYSIS §13, issue 28), mesoscale scaling by sector among its methods (§12, issue 16).
export { aepSensitivity } from './longterm/aep-sensitivity.ts';
export { alignForMcp } from './longterm/align-for-mcp.ts';
export { clipMcpSeries } from './longterm/clip-mcp-series.ts';
export {
  compareMcpMethods,
  type McpComparisonRow,
  type McpRecommendation,
} from './longterm/compare-mcp-methods.ts';
export { crossValidateMcp } from './longterm/cross-validate-mcp.ts';
export { fitMcp } from './longterm/fit-mcp.ts';
export { hourlyMeans } from './longterm/hourly-means.ts';
export { mcpConvergence } from './longterm/mcp-convergence.ts';
export { mcpUncertainty } from './longterm/mcp-uncertainty.ts';
export { predictMcp } from './longterm/predict-mcp.ts';
export { referenceAnnualMeans } from './longterm/reference-annual-means.ts';
export { referenceHomogeneity } from './longterm/reference-homogeneity.ts';
export { applySectorScaling, scaleBySector } from './longterm/scale-by-sector.ts';
export { synthesizeLongTerm } from './longterm/synthesize-long-term.ts';
export type {
  LongTermSeriesKind,
  McpAlignment,
  McpFitMethod,
  McpLine,
  McpMethod,
  McpPeriod,
  McpSeries,
} from './longterm/types.ts';
export { fitLinearLeastSquares } from './math/fit-linear-least-squares.ts';
export { applyFlagMask } from './model/apply-flag-mask.ts';
export { buildCalendarIndex } from './model/build-calendar-index.ts';
export { strongerFlag } from './model/flag-precedence.ts';
export { FLAG } from './model/flags.ts';
export { isLeapYear } from './model/is-leap-year.ts';
export { timeGridFromRange } from './model/time-grid-from-range.ts';
export type {
  CalendarIndex,
  Channel,
  ChannelStatistic,
  Element,
  FlagCode,
  SpeedSensorKind,
  Station,
  TimeGrid,
} from './model/types.ts';
export { type UsableSeries, usableSeries } from './model/usable-series.ts';
export { applyTowerShadowChoice } from './processing/apply-tower-shadow-choice.ts';
export { correctRepresentativeYear } from './processing/correct-representative-year.ts';
export { extrapolateSeries } from './processing/extrapolate-series.ts';
export { fillGapsLinear } from './processing/fill-gaps-linear.ts';
export { mergeTowerShadow } from './processing/merge-tower-shadow.ts';
export { selectAverageYear } from './processing/select-average-year.ts';
export { selectBestYear } from './processing/select-best-year.ts';
export { applyFlagChanges } from './qc/apply-flag-changes.ts';
export { checkInternalConsistency } from './qc/check-internal-consistency.ts';
export { checkRange } from './qc/check-range.ts';
export { checkRelational } from './qc/check-relational.ts';
export { checkTrend } from './qc/check-trend.ts';
export type { RuleExpression } from './qc/custom-rule.ts';
export { evaluateCustomRule } from './qc/evaluate-custom-rule.ts';
export { findMissingDays } from './qc/find-missing-days.ts';
export type { FlagChange } from './qc/flag-change.ts';
export { type ReceiptOutput, receiptChecks } from './receipt/receipt-checks.ts';
export { solarPosition } from './receipt/solar-position.ts';
export {
  RECEIPT_VOCABULARY,
  type ReceiptChannel,
  type ReceiptCheckKind,
  type ReceiptElement,
  type ReceiptWindow,
} from './receipt/types.ts';
// Gap reconstruction from ranked sources (issue 45 §1, src/reconstruct/METHODS.md).
export { crossValidateReconstruction } from './reconstruct/cross-validate-reconstruction.ts';
export { GAP_CLASS_HOURS } from './reconstruct/gap-runs.ts';
export { RECONSTRUCT_DEFAULTS, reconstructSeries } from './reconstruct/reconstruct-series.ts';
export type {
  ReconstructCrossValidation,
  ReconstructCrossValidationOptions,
  ReconstructElement,
  ReconstructFit,
  ReconstructGapClass,
  ReconstructKindError,
  ReconstructMethod,
  ReconstructOptions,
  ReconstructRejected,
  ReconstructRejectReason,
  ReconstructResult,
  ReconstructSectorFit,
  ReconstructSkill,
  ReconstructSource,
  ReconstructSourceKind,
  ReconstructSpeedMethod,
  ReconstructStep,
  ReconstructTarget,
} from './reconstruct/types.ts';
export { averageByPeriod } from './recovery/average-by-period.ts';
export { dataRecovery } from './recovery/data-recovery.ts';
export { timeContinuityGaps } from './recovery/time-continuity-gaps.ts';
export {
  type ChannelStatistics,
  computeStationStatistics,
  type StationStatistics,
} from './report/compute-station-statistics.ts';
export { elementReportRows } from './report/element-report-rows.ts';
export { periodComparisonRows } from './report/period-comparison-rows.ts';
export { turbulenceReportRows } from './report/turbulence-report-rows.ts';
export { extrapolatePowerLaw } from './shear/extrapolate-power-law.ts';
export { primarySpeedChannels } from './shear/primary-speed-channels.ts';
export { type WindShear, windShear } from './shear/wind-shear.ts';
export { airDensitySeries } from './statistics/air-density-series.ts';
export { annualMaxima } from './statistics/annual-maxima.ts';
export { type CalendarSums, calendarSums } from './statistics/calendar-sums.ts';
export { classifyTurbulence } from './statistics/classify-turbulence.ts';
export { correlateByPeriod, type PeriodCorrelation } from './statistics/correlate-by-period.ts';
export { correlateBySector } from './statistics/correlate-by-sector.ts';
export { correlationStrength } from './statistics/correlation-strength.ts';
export { diurnalVariation } from './statistics/diurnal-variation.ts';
export { extremeWind } from './statistics/extreme-wind.ts';
export { fitGumbel } from './statistics/fit-gumbel.ts';
export { frequencyTable } from './statistics/frequency-table.ts';
export { gumbelPlottingPositions } from './statistics/gumbel-plotting-positions.ts';
export {
  IEC_REFERENCE_TURBULENCE,
  iecTurbulenceIntensity,
  type TurbulenceCategory,
} from './statistics/iec-turbulence-intensity.ts';
export { mommSideBySide } from './statistics/momm-side-by-side.ts';
export { monthlyVariation } from './statistics/monthly-variation.ts';
export { speedFrequency } from './statistics/speed-frequency.ts';
export { turbulenceIntensityBySector } from './statistics/turbulence-intensity-by-sector.ts';
export type { TurbulenceIntensityTable } from './statistics/turbulence-intensity-by-speed.ts';
export {
  weibullCumulative,
  weibullDensity,
  weibullMeanSpeed,
  weibullPowerDensity,
} from './statistics/weibull-distribution.ts';
export { windRose } from './statistics/wind-rose.ts';
// Site suitability: the IEC 61400-1 class check (WIND-ANALYSIS §14), issue 29.
export { EXTREME_METHODS } from './suitability/extreme-wind-estimates.ts';
export { CLASS_KEYS } from './suitability/iec-classes.ts';
export { type PeriodsPerYear, periodicMaxima } from './suitability/periodic-maxima.ts';
export { returnPeriodReducedVariate } from './suitability/return-period-reduced-variate.ts';
export { type SiteSuitability, siteSuitability } from './suitability/site-suitability.ts';
export { SUITABILITY_CHECKS, SUITABILITY_REASONS } from './suitability/suitability-types.ts';
