import type { TRegion } from '@masthub/shared';

/** Chinese administrative suffixes a location may leave out: “河北” for 河北省, “内蒙古” for 内蒙古自治区. */
const PROVINCE_SUFFIX = /(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/;

/**
 * The site header's location: the province once. A location that already starts with the province —
 * by the name shown or any other name of it (`provinceNames`: its Chinese and English names, with or
 * without the administrative suffix) — is shown alone; otherwise the province comes first.
 */
export function siteLocationText(
  province: string | null | undefined,
  location: string | null | undefined,
  provinceNames: readonly string[] = [],
): string {
  const place = (location ?? '').trim();
  const shown = (province ?? '').trim();
  if (!shown) return place;
  if (!place) return shown;
  const names = [shown, ...provinceNames]
    .map((name) => name.trim())
    .flatMap((name) => [name, name.replace(PROVINCE_SUFFIX, '')])
    .filter((name) => name.length > 0);
  const lower = place.toLowerCase();
  return names.some((name) => lower.startsWith(name.toLowerCase())) ? place : `${shown} ${place}`;
}

/** The Chinese and English names of a site's province, from the GB/T 2260 region list. */
export function provinceNamesOf(
  regionCode: string | null | undefined,
  regions: readonly Pick<TRegion, 'code' | 'name' | 'nameEn'>[],
): string[] {
  if (!regionCode || regionCode.length < 2) return [];
  const found = regions.find((region) => region.code === `${regionCode.slice(0, 2)}0000`);
  return found ? [found.name, found.nameEn] : [];
}
