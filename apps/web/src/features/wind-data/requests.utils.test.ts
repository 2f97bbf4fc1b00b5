import {
  ZExtrapolationRequest,
  ZInterpolationRequest,
  ZMarkCreate,
  ZQcRunRequest,
  ZRepresentativeYearRequest,
  ZTowerShadowRequest,
  ZVersionExportRequest,
} from '@masthub/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { firstFieldError } from '../../i18n/validation.ts';
import {
  exportFileName,
  exportNeedsSpeedAndDirection,
  importProblem,
  toExportRequest,
  toExtrapolationRequest,
  toInterpolationRequest,
  toMarkRequest,
  toQcRequest,
  toRepresentativeYearRequest,
  toTowerShadowRequest,
} from './requests.utils.ts';

const BEIJING = 'UTC+08:00';

describe('form values → requests (checked with the shared schemas)', () => {
  const range = [dayjs('2026-01-01 00:00:00'), dayjs('2026-02-01 00:00:00')] as const;
  const isoRange = { startTime: '2026-01-01T00:00:00+08:00', endTime: '2026-02-01T00:00:00+08:00' };

  it('toQcRequest sends the chosen rules only when some are chosen', () => {
    expect(toQcRequest({ ruleIds: [], range: null }, 7, BEIJING)).toEqual({ versionId: 7 });
    const request = toQcRequest({ ruleIds: [3, 4], range }, 7, BEIJING);
    expect(request).toEqual({ versionId: 7, ruleIds: [3, 4], ...isoRange });
    expect(ZQcRunRequest.safeParse(request).success).toBe(true);
  });

  it('toTowerShadowRequest keeps optional sd/max out and lets the schema require the vane for gb', () => {
    const request = toTowerShadowRequest(
      {
        method: 'gb',
        correctionAngle: 2,
        wakeHalfWidth: 30,
        directionChannelId: null,
        pairs: [{ avgA: 3, avgB: 4, boomA: 45, boomB: 225, sdA: undefined, sdB: undefined }],
      },
      7,
      BEIJING,
    );
    expect(request.pairs).toEqual([{ avgA: 3, avgB: 4, boomA: 45, boomB: 225 }]);
    expect(firstFieldError(ZTowerShadowRequest, request, 'directionChannelId', 'zh')).toBe('此项为必填项');
    expect(ZTowerShadowRequest.safeParse({ ...request, directionChannelId: 6 }).success).toBe(true);
    expect(ZTowerShadowRequest.safeParse({ ...request, method: 'max' }).success).toBe(true);
  });

  it('toTowerShadowRequest fills placeholder booms for the max and average methods only', () => {
    const base = { correctionAngle: 0, wakeHalfWidth: 30, pairs: [{ avgA: 3, avgB: 4 }] };
    const max = toTowerShadowRequest({ ...base, method: 'max' }, 7, BEIJING);
    expect(max.pairs).toEqual([{ avgA: 3, avgB: 4, boomA: 0, boomB: 180 }]);
    expect(ZTowerShadowRequest.safeParse(max).success).toBe(true);
    const gb = toTowerShadowRequest({ ...base, method: 'gb', directionChannelId: 6 }, 7, BEIJING);
    expect(firstFieldError(ZTowerShadowRequest, gb, 'pairs.0.boomA', 'en')).toBeDefined();
  });

  it('toTowerShadowRequest reports a correction angle outside ±15 with the SPEC §5 message', () => {
    const request = toTowerShadowRequest(
      {
        method: 'max',
        correctionAngle: 16,
        wakeHalfWidth: 30,
        pairs: [{ avgA: 3, avgB: 4, boomA: 0, boomB: 180 }],
      },
      7,
      BEIJING,
    );
    expect(firstFieldError(ZTowerShadowRequest, request, 'correctionAngle', 'en')).toBe(
      'The correction angle is within the range of [-15, 15]',
    );
  });

  it('toInterpolationRequest maps the least-squares form', () => {
    const request = toInterpolationRequest(
      { targetChannelId: 3, predictorChannelId: 5, minPairs: 144, minR: 0.8, range },
      7,
      BEIJING,
    );
    expect(request).toEqual({
      versionId: 7,
      targetChannelId: 3,
      predictorChannelId: 5,
      minPairs: 144,
      minR: 0.8,
      ...isoRange,
    });
    expect(ZInterpolationRequest.safeParse(request).success).toBe(true);
    expect(ZInterpolationRequest.safeParse({ ...request, predictorChannelId: 3 }).success).toBe(false);
  });

  it('toExtrapolationRequest sends the vane only for by-sector shear', () => {
    const base = { channelIds: [3, 5], targetHeight: 120, directionChannelId: 6 };
    expect(toExtrapolationRequest({ ...base, shearMode: 'overall' }, 7, BEIJING)).toEqual({
      versionId: 7,
      channelIds: [3, 5],
      targetHeight: 120,
      shearMode: 'overall',
    });
    const sector = toExtrapolationRequest({ ...base, shearMode: 'sector' }, 7, BEIJING);
    expect(sector.directionChannelId).toBe(6);
    expect(ZExtrapolationRequest.safeParse(sector).success).toBe(true);
    const tooHigh = toExtrapolationRequest({ ...base, targetHeight: 501, shearMode: 'hourly' }, 7, BEIJING);
    expect(firstFieldError(ZExtrapolationRequest, tooHigh, 'targetHeight', 'en')).toBeDefined();
    const fractional = toExtrapolationRequest({ ...base, targetHeight: 80.5 }, 7, BEIJING);
    expect(firstFieldError(ZExtrapolationRequest, fractional, 'targetHeight', 'en')).toBeDefined();
  });

  it('toRepresentativeYearRequest sends periods for the average year and the reference when asked', () => {
    const best = toRepresentativeYearRequest(
      { method: 'best', speedChannelId: 3, periods: [{ startYear: 2020, endYear: 2021 }] },
      7,
    );
    expect(best).toEqual({ versionId: 7, method: 'best', speedChannelId: 3, periods: [] });
    expect(ZRepresentativeYearRequest.safeParse(best).success).toBe(true);
    const average = toRepresentativeYearRequest(
      {
        method: 'average',
        speedChannelId: 3,
        periods: [{ startYear: 2020, endYear: 2021 }],
        hasReference: true,
        referenceVersionId: 11,
        referenceSpeedChannelId: 12,
        referenceDirectionChannelId: 13,
        longTermMeanMps: null,
      },
      7,
    );
    expect(average.reference).toEqual({ versionId: 11, speedChannelId: 12, directionChannelId: 13 });
    expect(ZRepresentativeYearRequest.safeParse(average).success).toBe(true);
    const backwards = { ...average, periods: [{ startYear: 2022, endYear: 2021 }] };
    expect(firstFieldError(ZRepresentativeYearRequest, backwards, 'periods.0.endYear', 'zh')).toBe(
      '开始时间不能晚于结束时间',
    );
  });

  it('toMarkRequest builds a mark the schema accepts and reports a missing flag', () => {
    const request = toMarkRequest({ channelIds: [3], range, flag: 2, note: '结冰期' }, 7, BEIJING);
    expect(request).toEqual({ versionId: 7, channelIds: [3], ...isoRange, flag: 2, note: '结冰期' });
    expect(ZMarkCreate.safeParse(request).success).toBe(true);
    expect(firstFieldError(ZMarkCreate, { ...request, flag: undefined }, 'flag', 'en')).toBeDefined();
    expect(firstFieldError(ZMarkCreate, { ...request, channelIds: [] }, 'channelIds', 'en')).toBeDefined();
  });

  it('toExportRequest sends speed and direction for .tim/.tws/.tab and channels otherwise', () => {
    expect(exportNeedsSpeedAndDirection(5)).toBe(true);
    expect(exportNeedsSpeedAndDirection(1)).toBe(false);
    const wasp = toExportRequest(
      { format: 5, channelIds: [1, 3], speedChannelId: 3, directionChannelId: 6, includeSuspicious: false },
      7,
      BEIJING,
    );
    expect(wasp).toEqual({
      versionId: 7,
      format: 5,
      includeSuspicious: false,
      speedChannelId: 3,
      directionChannelId: 6,
    });
    expect(ZVersionExportRequest.safeParse(wasp).success).toBe(true);
    const csv = toExportRequest({ format: 1, channelIds: [1, 3], range }, 7, BEIJING);
    expect(csv).toEqual({
      versionId: 7,
      format: 1,
      includeSuspicious: true,
      channelIds: [1, 3],
      ...isoRange,
    });
    // The .tab's sectors and bins go with format 5 only; a bad choice is a field error.
    const tab16 = toExportRequest(
      { format: 5, speedChannelId: 3, directionChannelId: 6, tabSectors: 16, tabBins: 'centred' },
      7,
      BEIJING,
    );
    expect(tab16).toMatchObject({ tabSectors: 16, tabBins: 'centred' });
    expect(ZVersionExportRequest.parse(tab16)).toMatchObject({ tabSectors: 16, tabBins: 'centred' });
    expect(ZVersionExportRequest.parse(wasp)).toMatchObject({ tabSectors: 12, tabBins: 'edges' });
    expect(
      toExportRequest({ format: 2, speedChannelId: 3, directionChannelId: 6, tabSectors: 16 }, 7, BEIJING),
    ).not.toHaveProperty('tabSectors');
    expect(
      firstFieldError(ZVersionExportRequest, { ...tab16, tabSectors: 8 }, 'tabSectors', 'en'),
    ).toBeDefined();
    expect(
      firstFieldError(ZVersionExportRequest, { ...tab16, tabBins: 'half' }, 'tabBins', 'zh'),
    ).toBeDefined();
    expect(exportFileName('工作版本 1', 5)).toBe('工作版本_1.tab');
    expect(exportFileName('', 2)).toBe('wind-data.tim');
    expect(exportFileName('v', 6)).toBe('v.parquet');
    expect(exportFileName('v', 7)).toBe('v.arrows');
    expect(
      firstFieldError(ZVersionExportRequest, { versionId: 1, format: 10 }, 'format', 'en'),
    ).toBeDefined();
    expect(ZVersionExportRequest.safeParse({ versionId: 1, format: 6 }).success).toBe(true);
  });

  it('toExportRequest sends the speed (its height), the direction and the sectors for the WAsP .owc and windIO, without .tab bins', () => {
    expect(exportNeedsSpeedAndDirection(8)).toBe(true);
    expect(exportNeedsSpeedAndDirection(9)).toBe(true);
    for (const format of [8, 9]) {
      const request = toExportRequest(
        {
          format,
          channelIds: [1],
          speedChannelId: 3,
          directionChannelId: 6,
          tabSectors: 16,
          tabBins: 'centred',
        },
        7,
        BEIJING,
      );
      expect(request).toEqual({
        versionId: 7,
        format,
        includeSuspicious: true,
        speedChannelId: 3,
        directionChannelId: 6,
        tabSectors: 16,
      });
      expect(ZVersionExportRequest.safeParse(request).success).toBe(true);
    }
    expect(exportFileName('v', 8)).toBe('v.owc');
    expect(exportFileName('v', 9)).toBe('v.yaml');
  });
});

describe('importProblem(fileName, sizeBytes)', () => {
  it('accepts the SPEC §5 site file types only', () => {
    expect(importProblem('data.CSV', 10)).toBeUndefined();
    expect(importProblem('logger.dat', 10)).toBeUndefined();
    expect(importProblem('logger.rld', 10)).toBe('type');
    expect(importProblem('empty.txt', 0)).toBe('empty');
    expect(importProblem('huge.xlsx', 2 * 1024 ** 3)).toBe('size');
  });
});
