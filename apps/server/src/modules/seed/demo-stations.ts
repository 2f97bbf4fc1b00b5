/**
 * A deterministic, realistic fleet of ~300 wind-measurement sites across China's wind regions, for demo
 * data. Coordinates scatter around real wind-farm areas; codes start with the GB/T 2260 province prefix.
 */

interface TWindArea {
  province: string;
  regionCode: string;
  city: string;
  lon: number;
  lat: number;
  altitudeM: number;
  weight: number;
}

const AREAS: TWindArea[] = [
  {
    province: '内蒙古自治区',
    regionCode: '150900',
    city: '乌兰察布',
    lon: 113.1,
    lat: 41.0,
    altitudeM: 1450,
    weight: 5,
  },
  {
    province: '内蒙古自治区',
    regionCode: '152500',
    city: '锡林郭勒',
    lon: 116.1,
    lat: 43.9,
    altitudeM: 1100,
    weight: 5,
  },
  {
    province: '内蒙古自治区',
    regionCode: '150200',
    city: '包头达茂',
    lon: 110.4,
    lat: 41.7,
    altitudeM: 1500,
    weight: 3,
  },
  {
    province: '内蒙古自治区',
    regionCode: '150400',
    city: '赤峰',
    lon: 118.9,
    lat: 42.3,
    altitudeM: 900,
    weight: 3,
  },
  {
    province: '内蒙古自治区',
    regionCode: '150500',
    city: '通辽',
    lon: 122.3,
    lat: 43.6,
    altitudeM: 250,
    weight: 3,
  },
  {
    province: '新疆维吾尔自治区',
    regionCode: '650100',
    city: '达坂城',
    lon: 88.3,
    lat: 43.4,
    altitudeM: 1100,
    weight: 4,
  },
  {
    province: '新疆维吾尔自治区',
    regionCode: '650500',
    city: '哈密',
    lon: 93.5,
    lat: 42.8,
    altitudeM: 800,
    weight: 4,
  },
  {
    province: '新疆维吾尔自治区',
    regionCode: '654200',
    city: '塔城',
    lon: 83.0,
    lat: 46.7,
    altitudeM: 700,
    weight: 2,
  },
  {
    province: '甘肃省',
    regionCode: '620900',
    city: '酒泉瓜州',
    lon: 95.8,
    lat: 40.5,
    altitudeM: 1300,
    weight: 5,
  },
  {
    province: '甘肃省',
    regionCode: '620600',
    city: '武威民勤',
    lon: 103.1,
    lat: 38.6,
    altitudeM: 1400,
    weight: 2,
  },
  {
    province: '河北省',
    regionCode: '130700',
    city: '张家口张北',
    lon: 114.7,
    lat: 41.2,
    altitudeM: 1450,
    weight: 4,
  },
  {
    province: '河北省',
    regionCode: '130800',
    city: '承德围场',
    lon: 117.8,
    lat: 41.9,
    altitudeM: 1200,
    weight: 3,
  },
  {
    province: '吉林省',
    regionCode: '220800',
    city: '白城',
    lon: 122.8,
    lat: 45.6,
    altitudeM: 150,
    weight: 3,
  },
  {
    province: '吉林省',
    regionCode: '220700',
    city: '松原',
    lon: 124.8,
    lat: 45.1,
    altitudeM: 140,
    weight: 2,
  },
  {
    province: '黑龙江省',
    regionCode: '230200',
    city: '齐齐哈尔',
    lon: 123.9,
    lat: 47.3,
    altitudeM: 150,
    weight: 2,
  },
  {
    province: '辽宁省',
    regionCode: '210900',
    city: '阜新',
    lon: 121.7,
    lat: 42.0,
    altitudeM: 250,
    weight: 2,
  },
  {
    province: '宁夏回族自治区',
    regionCode: '640300',
    city: '吴忠',
    lon: 106.2,
    lat: 37.6,
    altitudeM: 1400,
    weight: 2,
  },
  {
    province: '山西省',
    regionCode: '140600',
    city: '朔州',
    lon: 112.4,
    lat: 39.5,
    altitudeM: 1400,
    weight: 3,
  },
  {
    province: '山西省',
    regionCode: '140900',
    city: '忻州',
    lon: 112.3,
    lat: 38.6,
    altitudeM: 1700,
    weight: 2,
  },
  {
    province: '陕西省',
    regionCode: '610800',
    city: '榆林定边',
    lon: 107.6,
    lat: 37.6,
    altitudeM: 1500,
    weight: 3,
  },
  {
    province: '青海省',
    regionCode: '632800',
    city: '海西',
    lon: 97.4,
    lat: 36.9,
    altitudeM: 2900,
    weight: 2,
  },
  { province: '山东省', regionCode: '370500', city: '东营', lon: 118.6, lat: 37.5, altitudeM: 5, weight: 2 },
  { province: '江苏省', regionCode: '320900', city: '盐城', lon: 120.2, lat: 33.5, altitudeM: 3, weight: 3 },
  { province: '福建省', regionCode: '350300', city: '莆田', lon: 119.1, lat: 25.3, altitudeM: 60, weight: 2 },
  {
    province: '广东省',
    regionCode: '440800',
    city: '湛江徐闻',
    lon: 110.2,
    lat: 20.5,
    altitudeM: 50,
    weight: 2,
  },
  {
    province: '广东省',
    regionCode: '440500',
    city: '汕头',
    lon: 116.8,
    lat: 23.5,
    altitudeM: 120,
    weight: 1,
  },
  {
    province: '云南省',
    regionCode: '532900',
    city: '大理',
    lon: 100.3,
    lat: 25.7,
    altitudeM: 2700,
    weight: 3,
  },
  {
    province: '云南省',
    regionCode: '530300',
    city: '曲靖',
    lon: 103.8,
    lat: 25.6,
    altitudeM: 2300,
    weight: 2,
  },
  {
    province: '贵州省',
    regionCode: '520200',
    city: '六盘水',
    lon: 104.8,
    lat: 26.6,
    altitudeM: 2100,
    weight: 2,
  },
  {
    province: '湖南省',
    regionCode: '431000',
    city: '郴州',
    lon: 113.0,
    lat: 25.8,
    altitudeM: 1200,
    weight: 2,
  },
  {
    province: '广西壮族自治区',
    regionCode: '450300',
    city: '桂林',
    lon: 110.5,
    lat: 25.6,
    altitudeM: 900,
    weight: 2,
  },
  {
    province: '河南省',
    regionCode: '411300',
    city: '南阳',
    lon: 112.5,
    lat: 33.0,
    altitudeM: 600,
    weight: 2,
  },
  {
    province: '安徽省',
    regionCode: '341100',
    city: '滁州',
    lon: 118.2,
    lat: 32.4,
    altitudeM: 150,
    weight: 2,
  },
  {
    province: '四川省',
    regionCode: '513400',
    city: '凉山',
    lon: 102.3,
    lat: 27.6,
    altitudeM: 2900,
    weight: 2,
  },
];

const PHASES = ['一期', '二期', '三期', '北区', '南区', '东区', '西区'];
const STATION_TYPES = [
  { type: 'met_mast', weight: 80 },
  { type: 'lidar', weight: 14 },
  { type: 'sodar', weight: 6 },
];
const MAST_HEIGHTS_M = [70, 80, 90, 100, 110, 120, 140, 160];

/** mulberry32: a small seeded PRNG so every fresh install gets the same fleet. */
function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pickWeighted<T extends { weight: number }>(items: readonly T[], r: number): T {
  const total = items.reduce((s, i) => s + i.weight, 0);
  let x = r * total;
  for (const item of items) {
    x -= item.weight;
    if (x < 0) return item;
  }
  return items[items.length - 1]!;
}

export interface TDemoStation {
  stationCode: string;
  projectName: string;
  stationType: string;
  regionCode: string;
  province: string;
  location: string;
  longitude: number;
  latitude: number;
  altitudeM: number;
  pylonHeightM: number | null;
  status: number;
  startTime: Date | null;
  dataTime: Date | null;
}

/** Takes `draws` numbers from the generator and drops them. */
function skip(random: () => number, draws: number): void {
  for (let i = 0; i < draws; i++) random();
}

/** Builds `count` demo stations: registered sites without data (the demo time series add theirs). */
export function buildDemoStations(count: number): TDemoStation[] {
  const random = createRandom(20261122);
  const perProvince = new Map<string, number>();
  const stations: TDemoStation[] = [];
  for (let i = 0; i < count; i++) {
    const area = pickWeighted(AREAS, random());
    const prefix = area.regionCode.slice(0, 2);
    const seq = (perProvince.get(prefix) ?? 0) + 1;
    perProvince.set(prefix, seq);
    const type = pickWeighted(STATION_TYPES, random()).type;
    // Draws that once set a status, a measurement start and a data lag are still taken, so that codes,
    // names and places stay as they were; a registered site now holds no data until files arrive.
    skip(random, 1);
    const phase = PHASES[Math.floor(random() * PHASES.length)]!;
    const number = 1 + Math.floor(random() * 9);
    const longitude = Math.round((area.lon + (random() - 0.5) * 1.2) * 1e6) / 1e6;
    const latitude = Math.round((area.lat + (random() - 0.5) * 0.8) * 1e6) / 1e6;
    skip(random, 4);
    stations.push({
      stationCode: `${prefix}${String(seq).padStart(4, '0')}`,
      projectName: `${area.city}风电场${phase}`,
      stationType: type,
      regionCode: area.regionCode,
      province: area.province,
      location: `${area.province}${area.city} ${number}号${type === 'met_mast' ? '测风塔' : type === 'lidar' ? '激光雷达' : '声雷达'}`,
      longitude,
      latitude,
      altitudeM: Math.max(0, Math.round(area.altitudeM + (random() - 0.5) * 300)),
      pylonHeightM:
        type === 'met_mast' ? MAST_HEIGHTS_M[Math.floor(random() * MAST_HEIGHTS_M.length)]! : null,
      // No data: no measurement start, no latest data time, "not monitored". The sites given demo time
      // series are set from their stored data (demo-timeseries.ts).
      status: -1,
      startTime: null,
      dataTime: null,
    });
  }
  return stations;
}
