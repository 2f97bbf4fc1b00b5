import type { TEnergyResult, TStatisticsResult } from '@masthub/shared';

/**
 * The figures of a statistics analysis a reader asks about, without its chart series (the whole answer
 * is megabytes): per channel, mean speed per height, Weibull, shear, turbulence, recovery, density,
 * MOMM and extremes, and what they stood on. Every number is the analysis's own, unchanged.
 */
export function statisticsSummary(result: TStatisticsResult) {
  const channelOf = new Map(result.channels.map((c) => [c.channelId, c]));
  const isSpeedAvg = (channelId: number) => {
    const c = channelOf.get(channelId);
    return c?.element === 'ws' && c.statistic === 'avg';
  };
  return {
    versionId: result.versionId,
    stationId: result.stationId,
    versionName: result.versionName,
    startTime: result.startTime,
    endTime: result.endTime,
    intervalMinutes: result.intervalMinutes,
    recordCount: result.recordCount,
    sectors: result.sectors,
    weibullMethod: result.weibullMethod,
    // What the figures stood on (issue 41 §1): the flag policy and, per channel, the records used and left out.
    basis: result.basis,
    channels: result.summary.rows.map((r) => ({
      channelId: r.channelId,
      name: r.channelName,
      element: r.element,
      statistic: channelOf.get(r.channelId)?.statistic ?? '',
      heightM: channelOf.get(r.channelId)?.heightM ?? null,
      unit: r.unit,
      count: r.count,
      mean: r.mean,
      sd: r.sd,
      min: r.min,
      max: r.max,
      validRatePct: r.validRate,
      meanDirectionDeg: r.meanDirection,
    })),
    meanSpeedByHeight: result.summary.rows
      .filter((r) => isSpeedAvg(r.channelId))
      .map((r) => ({
        channelId: r.channelId,
        heightM: channelOf.get(r.channelId)?.heightM ?? null,
        meanSpeed: r.mean,
        windPowerDensity: r.avgWindPower,
        usefulWindHours: r.usefulWindHours,
        gustMax: r.gustMax,
      })),
    weibull: result.frequency.items.map((i) => ({
      channelId: i.channelId,
      heightTag: i.heightTag,
      count: i.count,
      meanSpeed: i.mean,
      scaleA: i.weibull?.scale ?? null,
      shapeK: i.weibull?.shape ?? null,
      weibullMeanSpeed: i.weibull?.meanSpeed ?? null,
      powerDensity: i.weibull?.powerDensity ?? null,
    })),
    shear: result.shear
      ? {
          channelIds: result.shear.channelIds,
          heightsM: result.shear.heightsM,
          meanSpeeds: result.shear.meanSpeeds,
          exponent: result.shear.exponent,
          roughnessM: result.shear.roughness,
          count: result.shear.count,
        }
      : null,
    turbulence: {
      source: result.turbulence.tiSource ?? 'cup',
      note: result.turbulence.tiNote ?? '',
      items: result.turbulence.items.map((i) => ({
        channelId: i.channelId,
        heightTag: i.heightTag,
        ...i.overall,
        ti15: i.ti15,
        characteristicTi15: i.characteristicTi15,
        iecCategory: i.iecCategory,
        gbGrade: i.gbGrade,
      })),
    },
    recovery: result.recovery.rows
      .filter((r) => !r.isMonth)
      .map((r) => ({
        channelId: r.channelId,
        name: r.channelName,
        heightTag: r.heightTag,
        shouldCount: r.shouldCount,
        validCount: r.validCount,
        missingCount: r.lackCount,
        invalidCount: r.invalidCount,
        recoveryPct: r.validRate,
      })),
    airDensity: {
      source: result.airDensity.source,
      mean: result.airDensity.mean,
      sd: result.airDensity.sd,
      min: result.airDensity.min,
      max: result.airDensity.max,
      count: result.airDensity.count,
    },
    monthlyMeans: result.monthly.series
      .filter((s) => isSpeedAvg(s.channelId))
      .map((s) => ({
        channelId: s.channelId,
        heightTag: s.heightTag,
        momm: s.momm,
        mommMastHub: s.mommMastHub,
        mommBrightwind: s.mommBrightwind,
        yearMonthsUsed: s.yearMonthsUsed,
      })),
    extremes: result.extreme.rows.map((r) => ({
      channelId: r.channelId,
      height: r.height,
      max: r.max,
      gustMax: r.gustMax,
      v50: r.v50,
      ewmMax: r.ewmMax,
    })),
  };
}

/** The energy yield without its month, hour and sector breakdowns. */
export function energySummary(result: TEnergyResult) {
  return {
    versionId: result.versionId,
    versionName: result.versionName,
    startTime: result.startTime,
    endTime: result.endTime,
    speedChannel: result.speedChannel,
    hubHeight: result.hubHeight,
    shearExponent: result.shearExponent,
    shearIsDefault: result.shearIsDefault,
    densitySource: result.densitySource,
    meanDensity: result.meanDensity,
    losses: result.losses,
    uncertaintySigma: result.uncertaintySigma,
    longTerm: result.longTerm,
    siteClass: result.siteClass,
    basis: result.basis,
    turbines: result.turbines.map((t) => ({
      turbineId: t.turbineId,
      model: t.model,
      manufacturer: t.manufacturer,
      ratedKw: t.ratedKw,
      iecClass: t.iecClass,
      classSuitable: t.classSuitable,
      hubMeanSpeed: t.hubMeanSpeed,
      count: t.count,
      grossMwh: t.grossMwh,
      plainGrossMwh: t.plainGrossMwh,
      netMwh: t.netMwh,
      lossFactor: t.lossFactor,
      capacityFactor: t.capacityFactor,
      fullLoadHours: t.fullLoadHours,
      weibull: t.weibull,
      exceedance: t.exceedance,
      uAep: t.uAep,
      missingMonths: t.missingMonths,
    })),
  };
}
