import {
  AppError,
  DEFAULT_MAIN_COLOR,
  type Language,
  STATION_TYPES,
  type TBounds,
  type TBoundsQuery,
  type TOption,
  type TProtocolOption,
  type TRegion,
  type TThemeOption,
  WARN_STATUSES,
  WARN_TYPES,
  WARRANTY_STATUSES,
} from '@masthub/shared';
import { SERVER_TEXTS, say } from '../../i18n/index.ts';
import type { TAccessSubject } from '../access/index.ts';
import type { TStationFigures } from '../stations/index.ts';
import { CHINA_BBOX, listCities, PROVINCES, provinceOf } from './regions.ts';

const PROTOCOLS: TProtocolOption[] = [
  { value: 'ftp', name: 'FTP', fetchType: 'ftp', defaultPort: 21, isSsl: false },
  { value: 'ftps', name: 'FTPS', fetchType: 'ftp', defaultPort: 990, isSsl: true },
  { value: 'sftp', name: 'SFTP', fetchType: 'ftp', defaultPort: 22, isSsl: true },
  { value: 'imap', name: 'IMAP', fetchType: 'email', defaultPort: 143, isSsl: false },
  { value: 'imaps', name: 'IMAPS', fetchType: 'email', defaultPort: 993, isSsl: true },
  { value: 'pop3', name: 'POP3', fetchType: 'email', defaultPort: 110, isSsl: false },
  { value: 'pop3s', name: 'POP3S', fetchType: 'email', defaultPort: 995, isSsl: true },
];

const THEMES = [
  { value: 'green', name: SERVER_TEXTS['reference.theme.green'], mainColor: DEFAULT_MAIN_COLOR },
  { value: 'blue', name: SERVER_TEXTS['reference.theme.blue'], mainColor: 'rgb(24,144,255)' },
  { value: 'teal', name: SERVER_TEXTS['reference.theme.teal'], mainColor: 'rgb(19,194,194)' },
  { value: 'dark', name: SERVER_TEXTS['reference.theme.dark'], mainColor: 'rgb(38,50,56)' },
] as const;

function options<V extends string | number>(
  list: readonly { value: V; name: Record<Language, string> }[],
  language: Language,
): TOption[] {
  return list.map((o) => ({ value: o.value, name: o.name[language] }));
}

/** Lookup data for forms and the map (SPEC §7 Common and reference). Never fails on odd input. */
export class LookupService {
  constructor(private readonly stations: TStationFigures) {}

  regions(language: Language): TRegion[] {
    const cities = listCities();
    return PROVINCES.map((p) => ({
      code: p.code,
      name: language === 'en' ? p.nameEn : p.name,
      nameEn: p.nameEn,
      level: 'province',
      bbox: p.bbox,
      // City names have no official English form in the data set; both languages show the Chinese name.
      children: cities
        .filter((c) => c.provinceCode === p.code)
        .map((c) => ({
          code: c.code,
          name: c.name,
          nameEn: c.name,
          level: 'city' as const,
          bbox: p.bbox,
          children: [],
        })),
    }));
  }

  async bounds(subject: TAccessSubject, query: TBoundsQuery, language: Language): Promise<TBounds> {
    const { type, code } = query;
    if (type === 'country')
      return { type, code: '100000', name: say(language, 'reference.china'), bbox: CHINA_BBOX };
    if (type === 'province' || type === 'city') {
      const province = /^\d{6}$/.test(code) ? provinceOf(code) : undefined;
      if (!province) throw new AppError('NOT_FOUND');
      const city = type === 'city' ? listCities().find((c) => c.code === code) : undefined;
      if (type === 'city' && !city) throw new AppError('NOT_FOUND');
      // The data set has no city geometry: a city's province bounds contain it.
      const name = city ? city.name : language === 'en' ? province.nameEn : province.name;
      return { type, code, name, bbox: province.bbox };
    }
    const filter =
      type === 'station'
        ? { stationCode: code.padStart(6, '0') }
        : type === 'owner'
          ? { ownerPartyId: /^\d+$/.test(code) ? [Number(code)] : [-1] }
          : { projectName: code };
    const row = await this.stations.bounds(subject, filter);
    if (!row) throw new AppError('NOT_FOUND');
    return {
      type,
      code,
      name: code,
      bbox: [Number(row.min_lon), Number(row.min_lat), Number(row.max_lon), Number(row.max_lat)],
    };
  }

  protocols(): TProtocolOption[] {
    return PROTOCOLS;
  }

  stationTypes(type: string | undefined, language: Language): TOption[] {
    return options(STATION_TYPES, language).filter((o) => !type || o.value === type);
  }

  themes(language: Language): TThemeOption[] {
    return THEMES.map((t) => ({ value: t.value, name: t.name[language], mainColor: t.mainColor }));
  }

  warrantyStatus(language: Language): TOption[] {
    return options(WARRANTY_STATUSES, language);
  }

  warnStatus(language: Language): TOption[] {
    return options(WARN_STATUSES, language);
  }

  warnTypes(language: Language): TOption[] {
    return options(WARN_TYPES, language);
  }

  projectNames(subject: TAccessSubject, keywords: string | undefined): Promise<string[]> {
    return this.stations.projectNames(subject, keywords, 50);
  }
}
