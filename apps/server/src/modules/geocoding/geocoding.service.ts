import type {
  Language,
  TBBox,
  TGeocodeResult,
  TGeocoderProviderStatus,
  TGeocodeSearchQuery,
  TGeocodeSearchReply,
} from '@masthub/shared';
import { say } from '../../i18n/index.ts';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import { listCities, PROVINCES, provinceOf } from '../lookups/index.ts';
import type { StationService } from '../stations/index.ts';
import type { TOnlineGeocoder } from './online-geocoders.ts';

const SUFFIXES = /(特别行政区|维吾尔自治区|壮族自治区|回族自治区|自治区|自治州|地区|盟|省|市)$/;

/** How well a name matches the keywords: 0 exact, 1 prefix, 2 contains, undefined no match. */
function rank(name: string, keywords: string): number | undefined {
  const n = name.toLowerCase();
  const k = keywords.toLowerCase();
  const short = n.replace(SUFFIXES, '');
  if (n === k || (short.length > 0 && short === k.replace(SUFFIXES, ''))) return 0;
  if (n.startsWith(k)) return 1;
  if (n.includes(k)) return 2;
  return undefined;
}

function centre(bbox: TBBox): [number, number] {
  return [(bbox[0] + bbox[2]) / 2, (bbox[1] + bbox[3]) / 2];
}

/**
 * The offline geocoder (DESIGN §7 default): the caller's sites by code or name (through the station
 * register, so hidden sites never appear) and the GB/T 2260 provinces and cities of the reference data.
 */
export class OfflineGeocoder {
  constructor(private readonly stations: Pick<StationService, 'search'>) {}

  async sites(user: TAuthUser, keywords: string, limit: number): Promise<TGeocodeResult[]> {
    const rows = await this.stations.search(user, { keywords, limit });
    return rows.map((r) => ({
      kind: 'site',
      name: r.projectName,
      code: r.stationCode,
      source: 'offline',
      longitude: r.longitude,
      latitude: r.latitude,
    }));
  }

  regions(keywords: string, limit: number, language: Language): TGeocodeResult[] {
    const found: { rank: number; result: TGeocodeResult }[] = [];
    const isCode = /^\d{2,6}$/.test(keywords);
    for (const p of PROVINCES) {
      const r = isCode
        ? p.code.startsWith(keywords.padEnd(6, '0'))
          ? 0
          : undefined
        : Math.min(rank(p.name, keywords) ?? 9, rank(p.nameEn, keywords) ?? 9);
      if (r === undefined || r === 9) continue;
      const [longitude, latitude] = centre(p.bbox);
      found.push({
        rank: r,
        result: {
          kind: 'region',
          name: language === 'en' ? p.nameEn : p.name,
          code: p.code,
          source: 'offline',
          longitude,
          latitude,
          bounds: p.bbox,
        },
      });
    }
    for (const c of listCities()) {
      const r = isCode ? (c.code === keywords ? 0 : undefined) : rank(c.name, keywords);
      const province = provinceOf(c.code);
      if (r === undefined || !province) continue;
      // The reference data has no city geometry: a city is fitted to its province's bounds.
      const [longitude, latitude] = centre(province.bbox);
      found.push({
        rank: r + 0.5,
        result: {
          kind: 'region',
          name: say(language, 'common.cityInProvince', {
            city: c.name,
            province: language === 'en' ? province.nameEn : province.name,
          }),
          code: c.code,
          source: 'offline',
          longitude,
          latitude,
          bounds: province.bbox,
        },
      });
    }
    return found
      .sort((a, b) => a.rank - b.rank)
      .slice(0, limit)
      .map((f) => f.result);
  }
}

/** Address search over the offline geocoder and, when configured with a key, one online provider. */
export class GeocodingService {
  constructor(
    private readonly offline: OfflineGeocoder,
    private readonly online: TOnlineGeocoder | null,
    private readonly onlineStatus: TGeocoderProviderStatus,
  ) {}

  providers(): TGeocoderProviderStatus[] {
    return [{ name: 'offline', enabled: true }, this.onlineStatus];
  }

  async search(
    user: TAuthUser,
    query: TGeocodeSearchQuery,
    language: Language,
  ): Promise<TGeocodeSearchReply> {
    const keywords = query.keywords.trim();
    if (keywords === '') return { results: [], providers: this.providers() };
    const sites = await this.offline.sites(user, keywords, query.limit);
    const regions = this.offline.regions(keywords, query.limit, language);
    // The best few areas first, then the sites, then the other areas.
    const offline = [...regions.slice(0, 3), ...sites, ...regions.slice(3)].slice(0, query.limit);
    const online: TGeocodeResult[] = [];
    let onlineStatus = this.onlineStatus;
    if (this.online) {
      try {
        const [areas, pois, suggestions] = await Promise.all([
          this.online.searchAreas(keywords, query.limit),
          this.online.searchPois(keywords, query.limit),
          this.online.suggest(keywords, query.limit),
        ]);
        online.push(...areas, ...pois, ...suggestions);
      } catch {
        // The online service is down or refused the key: the offline results still answer.
        onlineStatus = { name: this.onlineStatus.name, enabled: false, reason: 'failed' };
      }
    }
    return {
      results: [...offline, ...online.slice(0, query.limit)],
      providers: [{ name: 'offline', enabled: true }, onlineStatus],
    };
  }
}
