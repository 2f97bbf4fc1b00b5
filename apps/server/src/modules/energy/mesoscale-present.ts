import {
  CORRELATION_STRENGTH_TEXT,
  type Language,
  localizeUnreadableReason,
  SCALING_METHOD_NAMES,
  type TMesoscaleDataset,
  type TScalingMethodKey,
} from '@masthub/shared';
import { correlationStrength } from '@masthub/wind';
import { say } from '../../i18n/index.ts';
import type { MesoscaleRepository } from './mesoscale.repository.ts';

/** The reasons this module stores itself; the rest are the logger-file recognition's. */
const OWN_REASONS = {
  binary: 'mesoscale.reason.binary',
  no_speed: 'mesoscale.reason.noSpeed',
  no_direction: 'mesoscale.reason.noDirection',
} as const;

/** Why a dataset is stored only, in the reader's language (stored as `{ key, details }`). */
export function presentMesoscaleReason(stored: string, language: Language): string {
  if (!stored) return '';
  try {
    const { key, details } = JSON.parse(stored) as { key: string; details?: Record<string, unknown> };
    const own = Object.hasOwn(OWN_REASONS, key) ? OWN_REASONS[key as keyof typeof OWN_REASONS] : undefined;
    return (own && say(language, own)) ?? localizeUnreadableReason(key, details, language) ?? key;
  } catch {
    return stored;
  }
}

type TDatasetRow = Awaited<ReturnType<MesoscaleRepository['page']>>['rows'][number];

/** A dataset as the list shows it. */
export function presentDataset(r: TDatasetRow, language: Language): TMesoscaleDataset {
  return {
    id: Number(r.id),
    stationId: Number(r.station_id),
    stationCode: r.station_code,
    name: r.name,
    files: r.files,
    status: r.status,
    statusName: say(language, `mesoscale.status.${r.status}`),
    reason: presentMesoscaleReason(r.reason, language),
    utcOffsetMinutes: r.utc_offset_minutes,
    intervalMinutes: r.interval_minutes === null ? null : Number(r.interval_minutes),
    firstTime: r.first_time?.toISOString() ?? null,
    lastTime: r.last_time?.toISOString() ?? null,
    recordCount: r.record_count,
    channels: r.channels,
    uploaderName: r.uploader_name,
    createTime: r.created_at.toISOString(),
  };
}

/**
 * How a scaling result reads: the strength of the correlation in words, and the verdict sentence (the
 * concurrent hours, r, the method, the long-term mean and how it compares with the measured mean).
 */
export function scalingTexts(fit: {
  r: number;
  hours: number;
  method: TScalingMethodKey;
  scaledMean: number | null;
  mastConcurrentMean: number | null;
}): { words: (lang: Language) => string; verdict: (lang: Language) => string } {
  const { r, hours, scaledMean, mastConcurrentMean } = fit;
  const strength = correlationStrength(r);
  const words = (lang: Language) =>
    strength
      ? `${CORRELATION_STRENGTH_TEXT.r[strength.r][lang]}${say(lang, 'mesoscale.verdict.strengthSeparator')}${CORRELATION_STRENGTH_TEXT.rSquared[strength.rSquared][lang]}`
      : '—';
  const verdict = (lang: Language): string => {
    const diff =
      scaledMean !== null && mastConcurrentMean !== null && mastConcurrentMean > 0
        ? ((scaledMean - mastConcurrentMean) / mastConcurrentMean) * 100
        : null;
    const method = SCALING_METHOD_NAMES[fit.method][lang];
    const head = say(lang, 'mesoscale.verdict.head', {
      hours,
      r: r.toFixed(3),
      strength: words(lang),
      method: lang === 'zh' ? method : method.toLowerCase(),
      mean: scaledMean?.toFixed(2) ?? '—',
    });
    const against =
      diff === null || mastConcurrentMean === null
        ? ''
        : say(lang, diff >= 0 ? 'mesoscale.verdict.above' : 'mesoscale.verdict.below', {
            measured: mastConcurrentMean.toFixed(2),
            pct: Math.abs(diff).toFixed(1),
          });
    const weak = strength?.r === 'weak' ? say(lang, 'mesoscale.verdict.weak') : '';
    return `${head}${against}${say(lang, 'mesoscale.verdict.end')}${weak}`;
  };
  return { words, verdict };
}
