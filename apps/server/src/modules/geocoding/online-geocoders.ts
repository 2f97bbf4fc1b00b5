import type { TBBox, TGeocodeResult, TGeocoderProviderName, TGeocoderProviderStatus } from '@masthub/shared';

/**
 * A keyed online geocoding service (SPEC §7 third-party: reverse geocoding, administrative-area search,
 * point-of-interest search, address suggestions), each call with the configured access key. Answers are
 * WGS84 longitude/latitude; providers publishing GCJ-02 convert.
 */
export interface TOnlineGeocoder {
  readonly name: TGeocoderProviderName;
  /** Administrative areas by name (provinces, cities, counties). */
  searchAreas(keywords: string, limit: number): Promise<TGeocodeResult[]>;
  /** Points of interest by name. */
  searchPois(keywords: string, limit: number): Promise<TGeocodeResult[]>;
  /** Address suggestions while typing. */
  suggest(keywords: string, limit: number): Promise<TGeocodeResult[]>;
  /** The address at a point, or undefined. */
  reverse(longitude: number, latitude: number): Promise<TGeocodeResult | undefined>;
}

/** Injected HTTP GET returning parsed JSON (tests never reach the network: no key, no provider). */
export type TFetchJson = (url: string) => Promise<unknown>;

const TIMEOUT_MS = 5000;

export const fetchJson: TFetchJson = async (url) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`geocoder HTTP ${response.status}`);
  return response.json();
};

type TJson = Record<string, unknown>;
const asArray = (v: unknown): TJson[] => (Array.isArray(v) ? (v as TJson[]) : []);
const asString = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

function parsePair(text: unknown): [number, number] | undefined {
  const [x, y] = asString(text).split(',').map(Number);
  return x !== undefined && y !== undefined && Number.isFinite(x) && Number.isFinite(y) ? [x, y] : undefined;
}

function parseBounds(text: unknown): TBBox | undefined {
  const parts = asString(text)
    .split(/[,;]/)
    .map(Number)
    .filter((n) => Number.isFinite(n));
  if (parts.length !== 4) return undefined;
  const [a = 0, b = 0, c = 0, d = 0] = parts;
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}

const A = 6378245.0;
const EE = 0.006693421622965943;

function outOfChina(lon: number, lat: number): boolean {
  return lon < 72.004 || lon > 137.8347 || lat < 0.8293 || lat > 55.8271;
}

function transformLat(x: number, y: number): number {
  let r = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  r += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  r += ((20 * Math.sin(y * Math.PI) + 40 * Math.sin((y / 3) * Math.PI)) * 2) / 3;
  r += ((160 * Math.sin((y / 12) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30)) * 2) / 3;
  return r;
}

function transformLon(x: number, y: number): number {
  let r = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  r += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  r += ((20 * Math.sin(x * Math.PI) + 40 * Math.sin((x / 3) * Math.PI)) * 2) / 3;
  r += ((150 * Math.sin((x / 12) * Math.PI) + 300 * Math.sin((x / 30) * Math.PI)) * 2) / 3;
  return r;
}

/** GCJ-02 → WGS84 by one inverse step of the published forward transform (error ≈ 1–2 m). */
export function gcj02ToWgs84(lon: number, lat: number): [number, number] {
  if (outOfChina(lon, lat)) return [lon, lat];
  const radLat = (lat / 180) * Math.PI;
  let magic = Math.sin(radLat);
  magic = 1 - EE * magic * magic;
  const sqrtMagic = Math.sqrt(magic);
  const dLat = (transformLat(lon - 105, lat - 35) * 180) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI);
  const dLon = (transformLon(lon - 105, lat - 35) * 180) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return [lon - dLon, lat - dLat];
}

/** Tianditu (天地图) web services: CGCS2000 coordinates (WGS84 at map scale). */
export class TiandituGeocoder implements TOnlineGeocoder {
  readonly name = 'tianditu' as const;
  private readonly base = 'https://api.tianditu.gov.cn';

  constructor(
    private readonly key: string,
    private readonly get: TFetchJson = fetchJson,
  ) {}

  private async query(keywords: string, limit: number, queryType: number) {
    const postStr = JSON.stringify({
      keyWord: keywords,
      level: 12,
      mapBound: '73,3,136,54',
      queryType,
      start: 0,
      count: limit,
    });
    return (await this.get(
      `${this.base}/v2/search?postStr=${encodeURIComponent(postStr)}&type=query&tk=${encodeURIComponent(this.key)}`,
    )) as TJson;
  }

  async searchAreas(keywords: string, limit: number): Promise<TGeocodeResult[]> {
    const body = (await this.get(
      `${this.base}/v2/administrative?keyword=${encodeURIComponent(keywords)}&childLevel=0&extensions=false&tk=${encodeURIComponent(this.key)}`,
    )) as TJson;
    return asArray(body['data'])
      .slice(0, limit)
      .flatMap((d): TGeocodeResult[] => {
        const lon = Number(d['lnt'] ?? d['lon']);
        const lat = Number(d['lat']);
        if (!Number.isFinite(lon) || !Number.isFinite(lat)) return [];
        const bounds = parseBounds(d['bound']);
        return [
          {
            kind: 'region',
            name: asString(d['name']),
            code: asString(d['gb']).replace(/^156/, '') || undefined,
            source: this.name,
            longitude: lon,
            latitude: lat,
            ...(bounds ? { bounds } : {}),
          },
        ];
      });
  }

  async searchPois(keywords: string, limit: number): Promise<TGeocodeResult[]> {
    const body = await this.query(keywords, limit, 1);
    return asArray(body['pois']).flatMap((p): TGeocodeResult[] => {
      const at = parsePair(p['lonlat']);
      return at
        ? [{ kind: 'poi', name: asString(p['name']), source: this.name, longitude: at[0], latitude: at[1] }]
        : [];
    });
  }

  async suggest(keywords: string, limit: number): Promise<TGeocodeResult[]> {
    const body = await this.query(keywords, limit, 4);
    return asArray(body['suggests'] ?? body['pois']).flatMap((p): TGeocodeResult[] => {
      const at = parsePair(p['lonlat']);
      return at
        ? [
            {
              kind: 'address',
              name: [asString(p['name']), asString(p['address'])].filter(Boolean).join(' '),
              source: this.name,
              longitude: at[0],
              latitude: at[1],
            },
          ]
        : [];
    });
  }

  async reverse(longitude: number, latitude: number): Promise<TGeocodeResult | undefined> {
    const postStr = JSON.stringify({ lon: longitude, lat: latitude, ver: 1 });
    const body = (await this.get(
      `${this.base}/geocoder?postStr=${encodeURIComponent(postStr)}&type=geocode&tk=${encodeURIComponent(this.key)}`,
    )) as TJson;
    const result = (body['result'] ?? {}) as TJson;
    const name = asString(result['formatted_address']);
    return name ? { kind: 'address', name, source: this.name, longitude, latitude } : undefined;
  }
}

/** AMap (高德) web services: GCJ-02 coordinates, converted to WGS84. */
export class AmapGeocoder implements TOnlineGeocoder {
  readonly name = 'amap' as const;
  private readonly base = 'https://restapi.amap.com/v3';

  constructor(
    private readonly key: string,
    private readonly get: TFetchJson = fetchJson,
  ) {}

  private point(kind: TGeocodeResult['kind'], name: string, location: unknown, code?: string) {
    const at = parsePair(location);
    if (!at) return [];
    const [longitude, latitude] = gcj02ToWgs84(at[0], at[1]);
    return [{ kind, name, source: this.name, longitude, latitude, ...(code ? { code } : {}) }];
  }

  private url(path: string, params: Record<string, string>) {
    const search = new URLSearchParams({ ...params, key: this.key });
    return `${this.base}${path}?${search.toString()}`;
  }

  async searchAreas(keywords: string, limit: number): Promise<TGeocodeResult[]> {
    const body = (await this.get(this.url('/config/district', { keywords, subdistrict: '0' }))) as TJson;
    return asArray(body['districts'])
      .slice(0, limit)
      .flatMap((d) => this.point('region', asString(d['name']), d['center'], asString(d['adcode'])));
  }

  async searchPois(keywords: string, limit: number): Promise<TGeocodeResult[]> {
    const body = (await this.get(this.url('/place/text', { keywords, offset: String(limit) }))) as TJson;
    return asArray(body['pois']).flatMap((p) => this.point('poi', asString(p['name']), p['location']));
  }

  async suggest(keywords: string, limit: number): Promise<TGeocodeResult[]> {
    const body = (await this.get(this.url('/assistant/inputtips', { keywords, datatype: 'all' }))) as TJson;
    return asArray(body['tips'])
      .slice(0, limit)
      .flatMap((t) =>
        this.point(
          'address',
          [asString(t['district']), asString(t['name'])].filter(Boolean).join(' '),
          t['location'],
        ),
      );
  }

  async reverse(longitude: number, latitude: number): Promise<TGeocodeResult | undefined> {
    const body = (await this.get(
      this.url('/geocode/regeo', { location: `${longitude},${latitude}` }),
    )) as TJson;
    const name = asString(((body['regeocode'] ?? {}) as TJson)['formatted_address']);
    return name ? { kind: 'address', name, source: this.name, longitude, latitude } : undefined;
  }
}

/**
 * The configured online geocoder and its status: `none` → not configured, no key → disabled
 * (the offline search still answers).
 */
export function createOnlineGeocoder(
  provider: TGeocoderProviderName,
  key: string | undefined,
  get: TFetchJson = fetchJson,
): { geocoder: TOnlineGeocoder | null; status: TGeocoderProviderStatus } {
  if (provider === 'none') {
    return { geocoder: null, status: { name: 'online', enabled: false, reason: 'notConfigured' } };
  }
  if (!key) return { geocoder: null, status: { name: provider, enabled: false, reason: 'missingKey' } };
  const geocoder = provider === 'tianditu' ? new TiandituGeocoder(key, get) : new AmapGeocoder(key, get);
  return { geocoder, status: { name: provider, enabled: true } };
}
