import type { TEnergyResult } from '@masthub/shared';

/** The site's class at hub height as one label ('III B', 'S' beyond every class), or undefined when not judged. */
export function siteClassLabel(siteClass: TEnergyResult['siteClass']): string | undefined {
  if (!siteClass || siteClass.windClass === null || siteClass.category === null) return undefined;
  if (siteClass.windClass === 'S' || siteClass.category === 'S') return 'S';
  return `${siteClass.windClass} ${siteClass.category}`;
}

/** The turbines whose IEC class the site exceeds (the site's verdict for that class is unsuitable). */
export function turbinesExceeded(
  result: Pick<TEnergyResult, 'turbines'>,
): { model: string; iecClass: string }[] {
  return result.turbines
    .filter((t) => t.iecClass !== null && t.classSuitable === false)
    .map((t) => ({ model: t.model, iecClass: t.iecClass! }));
}
