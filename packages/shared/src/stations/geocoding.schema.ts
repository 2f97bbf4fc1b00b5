import { z } from 'zod';
import { ZBBox } from './reference.schema.ts';

/** Online geocoding providers that can be configured with GEOCODER_PROVIDER (and GEOCODER_KEY). */
export const GEOCODER_PROVIDERS = ['none', 'tianditu', 'amap'] as const;
export type TGeocoderProviderName = (typeof GEOCODER_PROVIDERS)[number];

/** GET /web/geocode/search: keywords (site code or name, province, city, address) and a result limit. */
export const ZGeocodeSearchQuery = z.object({
  keywords: z.string().trim().max(50).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type TGeocodeSearchQuery = z.infer<typeof ZGeocodeSearchQuery>;

/** What a result is: one of the caller's sites, an administrative area, a point of interest or an address. */
export const GEOCODE_KINDS = ['site', 'region', 'poi', 'address'] as const;
export type TGeocodeKind = (typeof GEOCODE_KINDS)[number];

export const ZGeocodeResult = z.object({
  kind: z.enum(GEOCODE_KINDS),
  name: z.string(),
  /** Site code or GB/T 2260 code. */
  code: z.string().optional(),
  /** Where the result came from: `offline` or the online provider's name. */
  source: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  /** [minLon, minLat, maxLon, maxLat]: regions are fitted to their bounds, points get a marker. */
  bounds: ZBBox.optional(),
});
export type TGeocodeResult = z.infer<typeof ZGeocodeResult>;

/** Whether a provider answered: `notConfigured` / `missingKey` mean it is off (offline default). */
export const ZGeocoderProviderStatus = z.object({
  name: z.string(),
  enabled: z.boolean(),
  reason: z.enum(['notConfigured', 'missingKey', 'failed']).optional(),
});
export type TGeocoderProviderStatus = z.infer<typeof ZGeocoderProviderStatus>;

export const ZGeocodeSearchReply = z.object({
  results: z.array(ZGeocodeResult),
  providers: z.array(ZGeocoderProviderStatus),
});
export type TGeocodeSearchReply = z.infer<typeof ZGeocodeSearchReply>;
