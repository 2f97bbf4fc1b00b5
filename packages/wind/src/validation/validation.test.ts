import { describe, expect, it } from 'vitest';
import { validateWindReportInput } from './validate-wind-report-input.ts';

const VALID = {
  speedChannelIds: ['ws80', 'ws60'],
  directionChannelIds: ['wd78'],
  targetHeightM: 100,
  sectorWidthDeg: 30,
  averagePeriodsYears: [10, 20, 30],
  startYear: 2004,
  endYear: 2023,
  windYearStart: { year: 2016, month: 3, day: 1 },
  windYearEnd: { year: 2017, month: 3, day: 1 },
  shearHeightsM: [40, 80],
  correctionAngleDeg: -15,
};
const codes = (input: Parameters<typeof validateWindReportInput>[0]) =>
  validateWindReportInput(input).map((e) => e.code);

describe('validateWindReportInput (SPEC §5)', () => {
  it('accepts a complete valid input at the boundaries', () => {
    expect(validateWindReportInput(VALID)).toEqual([]);
    expect(
      codes({
        ...VALID,
        speedChannelIds: Array(12).fill('x'),
        targetHeightM: 500,
        sectorWidthDeg: 180,
        correctionAngleDeg: 15,
      }),
    ).toEqual([]);
  });

  it('needs 2–12 wind speeds and at least one direction', () => {
    expect(codes({ ...VALID, speedChannelIds: ['a'] })).toEqual(['speedCountOutOfRange']);
    expect(codes({ ...VALID, speedChannelIds: Array(13).fill('x') })).toEqual(['speedCountOutOfRange']);
    expect(codes({ ...VALID, directionChannelIds: [] })).toEqual(['directionRequired']);
  });

  it('needs an integer target height in (0, 500] and an integer sector width in (0, 180]', () => {
    for (const targetHeightM of [0, 500.5, 501, 80.5, -1])
      expect(codes({ ...VALID, targetHeightM })).toEqual(['targetHeightInvalid']);
    for (const sectorWidthDeg of [0, 181, 22.5])
      expect(codes({ ...VALID, sectorWidthDeg })).toEqual(['sectorWidthInvalid']);
  });

  it('allows at most 3 integer average periods, start year before end year and at most 2 shear heights', () => {
    expect(codes({ ...VALID, averagePeriodsYears: [5, 10, 20, 30] })).toEqual(['averagePeriodsInvalid']);
    expect(codes({ ...VALID, averagePeriodsYears: [2.5] })).toEqual(['averagePeriodsInvalid']);
    expect(codes({ ...VALID, startYear: 2023, endYear: 2023 })).toEqual(['yearOrderInvalid']);
    expect(codes({ ...VALID, shearHeightsM: [10, 40, 80] })).toEqual(['shearHeightsTooMany']);
  });

  it('needs the wind year to be a full year and the correction angle within [−15, 15]', () => {
    expect(codes({ ...VALID, windYearEnd: { year: 2017, month: 2, day: 28 } })).toEqual(['notFullYear']);
    expect(
      codes({
        ...VALID,
        windYearStart: { year: 2016, month: 3, day: 2 },
        windYearEnd: { year: 2017, month: 3, day: 2 },
      }),
    ).toEqual(['notFullYear']);
    expect(codes({ ...VALID, correctionAngleDeg: 15.1 })).toEqual(['correctionAngleOutOfRange']);
  });

  it('reports every error at once', () => {
    expect(
      validateWindReportInput({ speedChannelIds: [], directionChannelIds: [], targetHeightM: 0 }).map(
        (e) => e.field,
      ),
    ).toEqual(['speedChannelIds', 'directionChannelIds', 'targetHeightM']);
  });
});
