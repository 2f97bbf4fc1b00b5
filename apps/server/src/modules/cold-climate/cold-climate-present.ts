import {
  ICING_KIND_NAMES,
  ICING_REASON_NAMES,
  type Language,
  MAX_ICING_PERIODS,
  type TColdClimate,
  type TColdClimateYear,
} from '@masthub/shared';
import { type ColdClimate, type ColdClimateInput, IEA_ICE_CLASSES } from '@masthub/wind';
import { say } from '../../i18n/index.ts';

const finite = (v: number | null | undefined): number | null =>
  v === null || v === undefined || !Number.isFinite(v) ? null : v;
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** A range "a–b %" or "> a %" as the IEA table writes it. */
export function rangeText([low, high]: readonly [number, number | null]): string {
  return high === null ? `> ${low} %` : `${low}–${high} %`;
}

/**
 * The year the summary and the fleet map stand on: the latest year with an ice class whose humidity
 * coverage is at least 80 % of the year, else the one with the most humidity hours.
 */
export function representativeYear(years: readonly TColdClimateYear[]): TColdClimateYear | undefined {
  const classed = years.filter((y) => y.iceClass !== null);
  const full = classed.filter((y) => y.humidityHours >= 0.8 * 8760);
  if (full.length > 0) return full[full.length - 1];
  return [...classed].sort((a, b) => b.humidityHours - a.humidityHours || b.year - a.year)[0];
}

/** The library's cold-climate result for the answer, the workbook and the report, in `language`. */
export function presentColdClimate(
  result: ColdClimate,
  input: ColdClimateInput,
  names: ReadonlyMap<string, string>,
  language: Language,
): TColdClimate {
  const name = (id: string) => names.get(id) ?? id;
  const years: TColdClimateYear[] = result.years.map((y) => ({
    year: y.year,
    temperatureHours: round(y.temperatureHours, 1),
    minTemperatureC: finite(y.minTemperatureC === null ? null : round(y.minTemperatureC, 2)),
    hoursBelowMinus20C: round(y.hoursBelowMinus20C, 1),
    hoursBelowMinus30C: round(y.hoursBelowMinus30C, 1),
    humidityHours: round(y.humidityHours, 1),
    meteorologicalIcingPct: finite(
      y.meteorologicalIcingPct === null ? null : round(y.meteorologicalIcingPct, 3),
    ),
    instrumentalIcingPct: finite(y.instrumentalIcingPct === null ? null : round(y.instrumentalIcingPct, 3)),
    iceClass: y.iceClass?.iceClass ?? null,
    productionLossPct: y.iceClass ? [...y.iceClass.productionLossPct] : null,
  }));
  const periods = [...result.periods].sort((a, b) => b.startMs - a.startMs).slice(0, MAX_ICING_PERIODS);
  return {
    temperatureChannel: name(input.temperature.id),
    humidityChannel: input.relativeHumidity ? name(input.relativeHumidity.id) : null,
    sensors: input.sensors.map((s) => ({
      channel: name(s.speed.id),
      heatedChannel: s.heatedSpeed ? name(s.heatedSpeed.id) : null,
    })),
    thresholds: result.thresholds,
    years,
    periods: periods.map((p) => ({
      startTime: new Date(p.startMs).toISOString(),
      endTime: new Date(p.endMs).toISOString(),
      kind: p.kind,
      kindName: ICING_KIND_NAMES[p.kind][language],
      reasons: p.evidence.reasons,
      evidence: p.evidence.reasons
        .map((r) => `${ICING_REASON_NAMES[r][language]} (${p.evidence.counts[r] ?? 0})`)
        .join('; '),
      channels: p.evidence.channels.map(name),
      records: p.evidence.records,
    })),
    periodCount: result.periods.length,
    iceClasses: IEA_ICE_CLASSES.map((row) => ({
      iceClass: row.iceClass,
      meteorologicalPct: [...row.meteorologicalPct],
      instrumentalPct: [...row.instrumentalPct],
      productionLossPct: [...row.productionLossPct],
    })),
    summary: summaryOf(years, language),
    source: say(language, 'suitability.cold.source'),
  };
}

function summaryOf(years: readonly TColdClimateYear[], language: Language): string {
  const year = representativeYear(years);
  const coldest = years.reduce<TColdClimateYear | undefined>(
    (a, y) =>
      y.minTemperatureC !== null && (a?.minTemperatureC == null || y.minTemperatureC < a.minTemperatureC)
        ? y
        : a,
    undefined,
  );
  const temperature = coldest
    ? say(language, 'suitability.cold.temperatureSummary', {
        min: coldest.minTemperatureC!.toFixed(1),
        year: String(coldest.year),
        below20: Math.max(...years.map((y) => y.hoursBelowMinus20C)).toFixed(1),
        below30: Math.max(...years.map((y) => y.hoursBelowMinus30C)).toFixed(1),
      })
    : '';
  if (!year) return `${say(language, 'suitability.cold.noHumidity')}${temperature}`;
  return `${say(language, 'suitability.cold.classSummary', {
    iceClass: String(year.iceClass),
    year: String(year.year),
    share: year.meteorologicalIcingPct!.toFixed(2),
    loss: rangeText(year.productionLossPct!),
  })}${temperature}`;
}
