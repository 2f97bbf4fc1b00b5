/** A field error of {@link validateWindReportInput}: the field and a message key with its values. */
export interface WindReportInputError {
  readonly field: string;
  readonly code:
    | 'speedCountOutOfRange'
    | 'directionRequired'
    | 'targetHeightInvalid'
    | 'sectorWidthInvalid'
    | 'averagePeriodsInvalid'
    | 'yearOrderInvalid'
    | 'notFullYear'
    | 'shearHeightsTooMany'
    | 'correctionAngleOutOfRange';
}

/**
 * Validates the inputs of a wind report (SPEC §5, §9): 2–12 wind speed channels; at least one
 * direction; target height an integer in (0, 500] m; sector width an integer in (0, 180]°; at most 3
 * multi-year average periods, each an integer number of years; start year before end year; the wind
 * year range a full year (start = first instant of a month, end = start + 12 months); at most 2 shear
 * heights; tower-shadow correction angle in [−15, 15]°. Returns every error (empty = valid); the
 * caller turns codes into localised messages.
 *
 * @param input.windYearStart / windYearEnd period-start stamps of the wind year as { year, month, day }, end exclusive
 * @example validateWindReportInput({ speedChannelIds: ['a'], directionChannelIds: [] }) // two errors
 */
export function validateWindReportInput(input: {
  speedChannelIds: readonly string[];
  directionChannelIds: readonly string[];
  targetHeightM?: number;
  sectorWidthDeg?: number;
  averagePeriodsYears?: readonly number[];
  startYear?: number;
  endYear?: number;
  windYearStart?: { year: number; month: number; day: number };
  windYearEnd?: { year: number; month: number; day: number };
  shearHeightsM?: readonly number[];
  correctionAngleDeg?: number;
}): WindReportInputError[] {
  const errors: WindReportInputError[] = [];
  if (input.speedChannelIds.length < 2 || input.speedChannelIds.length > 12) {
    errors.push({ field: 'speedChannelIds', code: 'speedCountOutOfRange' });
  }
  if (input.directionChannelIds.length < 1)
    errors.push({ field: 'directionChannelIds', code: 'directionRequired' });
  const h = input.targetHeightM;
  if (h !== undefined && !(Number.isInteger(h) && h > 0 && h <= 500))
    errors.push({ field: 'targetHeightM', code: 'targetHeightInvalid' });
  const w = input.sectorWidthDeg;
  if (w !== undefined && !(Number.isInteger(w) && w > 0 && w <= 180))
    errors.push({ field: 'sectorWidthDeg', code: 'sectorWidthInvalid' });
  const periods = input.averagePeriodsYears;
  if (periods !== undefined && (periods.length > 3 || !periods.every((p) => Number.isInteger(p) && p > 0))) {
    errors.push({ field: 'averagePeriodsYears', code: 'averagePeriodsInvalid' });
  }
  if (input.startYear !== undefined && input.endYear !== undefined && !(input.startYear < input.endYear)) {
    errors.push({ field: 'endYear', code: 'yearOrderInvalid' });
  }
  if (input.windYearStart || input.windYearEnd) {
    const s = input.windYearStart;
    const e = input.windYearEnd;
    const full =
      s !== undefined &&
      e !== undefined &&
      s.day === 1 &&
      e.day === 1 &&
      e.month === s.month &&
      e.year === s.year + 1;
    if (!full) errors.push({ field: 'windYearEnd', code: 'notFullYear' });
  }
  if (input.shearHeightsM !== undefined && input.shearHeightsM.length > 2) {
    errors.push({ field: 'shearHeightsM', code: 'shearHeightsTooMany' });
  }
  const c = input.correctionAngleDeg;
  if (c !== undefined && !(c >= -15 && c <= 15))
    errors.push({ field: 'correctionAngleDeg', code: 'correctionAngleOutOfRange' });
  return errors;
}
