import {
  CORRELATION_STRENGTH_TEXT,
  type Language,
  SCALING_METHOD_NAMES,
  type TScalingMethodKey,
} from '@masthub/shared';
import { correlationStrength } from '@masthub/wind';
import { say } from '../../i18n/index.ts';

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
